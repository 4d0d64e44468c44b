//! `PictureStore` on an `object_store` store: a local directory or an S3-compatible bucket.

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_images::{PictureKey, PictureStore, StoredPicture};
use bytes::Bytes;
use futures_util::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::{S3Settings, StorageError};

/// The pictures' files in an `object_store` store.
#[derive(Debug, Clone)]
pub struct ObjectPictures {
    store: Arc<dyn ObjectStore>,
}

impl ObjectPictures {
    /// Files under `dir`, created if missing. Each is written to a temporary file first and
    /// renamed into place, so nobody reads half a picture.
    pub fn local(dir: &Path) -> Result<Self, StorageError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| object_store::Error::Generic { store: "local", source: Box::new(e) })?;
        Ok(Self { store: Arc::new(LocalFileSystem::new_with_prefix(dir)?) })
    }

    /// Objects of a bucket (under its prefix), with path-style requests, as S3-compatible
    /// servers answer them.
    pub fn s3(settings: &S3Settings) -> Result<Self, StorageError> {
        // reqwest's TLS runs on the process's rustls provider: the workspace's, ring.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = AmazonS3Builder::new().with_bucket_name(&settings.bucket);
        for (name, value) in &settings.aws {
            if let Ok(key) = name.to_ascii_lowercase().parse() {
                builder = builder.with_config(key, value);
            }
        }
        let bucket: Arc<dyn ObjectStore> = Arc::new(builder.build()?);
        let store = match &settings.prefix {
            Some(prefix) => Arc::new(PrefixStore::new(bucket, prefix.as_str())),
            None => bucket,
        };
        Ok(Self { store })
    }
}

fn path(key: &PictureKey) -> ObjectPath {
    ObjectPath::from(key.as_str())
}

#[async_trait]
impl PictureStore for ObjectPictures {
    async fn put(&self, key: &PictureKey, bytes: Bytes) -> Result<(), BoxError> {
        self.store.put(&path(key), PutPayload::from_bytes(bytes)).await?;
        Ok(())
    }

    async fn size(&self, key: &PictureKey) -> Result<Option<u64>, BoxError> {
        match self.store.head(&path(key)).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    async fn get(&self, key: &PictureKey) -> Result<Option<StoredPicture>, BoxError> {
        let found = match self.store.get(&path(key)).await {
            Ok(found) => found,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let meta = found.meta.clone();
        let body = found.into_stream().map(|chunk| chunk.map_err(BoxError::from)).boxed();
        Ok(Some(StoredPicture {
            size: meta.size,
            etag: meta.e_tag,
            last_modified: Some(meta.last_modified.into()),
            body,
        }))
    }
}
