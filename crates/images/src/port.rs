//! The storage port: where a picture's files are kept and read back from, whatever keeps them
//! (a directory of this machine, an S3-compatible bucket: `crates/storage`).

use async_trait::async_trait;
use bitik_common::BoxError;
use bytes::Bytes;
use futures_core::stream::BoxStream;

use crate::URL_PREFIX;
use crate::url::is_segment;

/// Where one file of a picture is kept: `{collection}/{dir}/{file}`, the part of its address
/// after `/uploads/`. Only names the image pipeline writes are keys: lowercase segments and a
/// picture's extension, so a key can neither climb out of its folder nor name a page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PictureKey(String);

impl PictureKey {
    /// `products/abc/800.jpg` → a key; `None` for anything the pipeline would not have written.
    pub fn parse(path: &str) -> Option<Self> {
        let mut parts = path.split('/');
        let (collection, dir, file) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || !is_segment(collection) || !is_segment(dir) {
            return None;
        }
        let (stem, ext) = file.split_once('.')?;
        (is_segment(stem) && content_type(ext).is_some()).then(|| Self(path.to_owned()))
    }

    /// The key of a picture's public address (`/uploads/products/abc/800.jpg`).
    pub fn from_url(url: &str) -> Option<Self> {
        Self::parse(url.strip_prefix(URL_PREFIX)?.strip_prefix('/')?)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The public address the shop serves the file at.
    pub fn url(&self) -> String {
        format!("{URL_PREFIX}/{}", self.0)
    }

    /// The type the file is served as, from its extension alone: never guessed from its bytes.
    pub fn content_type(&self) -> &'static str {
        self.0.rsplit_once('.').and_then(|(_, ext)| content_type(ext)).unwrap_or("application/octet-stream")
    }
}

impl std::fmt::Display for PictureKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn content_type(ext: &str) -> Option<&'static str> {
    match ext {
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        "png" => Some("image/png"),
        _ => None,
    }
}

/// A stored file, as read back: its size, its version tag and its bytes as they arrive.
pub struct StoredPicture {
    pub size: u64,
    /// The storage's tag of this content (an S3 ETag, a file's inode, size and time).
    pub etag: Option<String>,
    pub last_modified: Option<std::time::SystemTime>,
    pub body: BoxStream<'static, Result<Bytes, BoxError>>,
}

/// Where the pictures' files are kept. Keys name content (`PreparedPicture`), so writing a key
/// again writes the same bytes: every write may be repeated, and no file is ever changed.
#[async_trait]
pub trait PictureStore: Send + Sync {
    /// Writes the whole file; it is readable by every instance once this returns.
    async fn put(&self, key: &PictureKey, bytes: Bytes) -> Result<(), BoxError>;

    /// The file's size, or `None` when there is no such file.
    async fn size(&self, key: &PictureKey) -> Result<Option<u64>, BoxError>;

    /// The file, or `None` when there is no such file.
    async fn get(&self, key: &PictureKey) -> Result<Option<StoredPicture>, BoxError>;
}
