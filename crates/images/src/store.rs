//! A picture's files, named by their content and written through the storage port.

use bitik_common::BoxError;
use bytes::Bytes;
use image::DynamicImage;
use image::ImageError;
use image::error::{ParameterError, ParameterErrorKind};
use sha2::{Digest, Sha256};

use crate::port::{PictureKey, PictureStore};
use crate::url::is_segment;
use crate::{CONTENT_NAME_LEN, MAIN_WIDTH, MediaError, encode_variants};

/// The encoded files of one picture and the folder their content names, not yet stored.
#[derive(Debug)]
pub struct PreparedPicture {
    main: PictureKey,
    /// `(key, bytes)`, the main file last.
    files: Vec<(PictureKey, Bytes)>,
}

/// Encodes the JPEG and WebP variants of `img` (see the crate's documentation) and names their
/// folder `{collection}/{hash}` after their bytes: the same picture gets the same keys on every
/// instance, so a key never names two contents and storing it twice changes nothing.
///
/// `collection` is one path segment of lowercase letters, digits, `-` or `_` (e.g. `products`);
/// anything else is refused with an `InvalidInput` I/O error.
pub fn prepare_variants(img: &DynamicImage, collection: &str) -> Result<PreparedPicture, MediaError> {
    if !is_segment(collection) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("invalid upload collection name {collection:?}"),
        )
        .into());
    }
    if img.width() == 0 || img.height() == 0 {
        return Err(ImageError::Parameter(ParameterError::from_kind(ParameterErrorKind::DimensionMismatch)).into());
    }
    let mut encoded = encode_variants(img)?;
    let dir = content_name(&encoded);
    let main_name = format!("{MAIN_WIDTH}.jpg");
    // The main file last: once it is stored, its siblings are.
    encoded.sort_by_key(|(name, _)| *name == main_name);
    let key = |name: &str| {
        PictureKey::parse(&format!("{collection}/{dir}/{name}"))
            .ok_or_else(|| std::io::Error::other(format!("the pipeline wrote an unexpected name {name:?}")))
    };
    let main = key(&main_name)?;
    let files = encoded
        .into_iter()
        .map(|(name, bytes)| Ok((key(&name)?, Bytes::from(bytes))))
        .collect::<Result<_, MediaError>>()?;
    Ok(PreparedPicture { main, files })
}

/// The first [`CONTENT_NAME_LEN`] hex digits of the SHA-256 of every file, names and lengths
/// included (so no two sets of files can be read as the same bytes).
fn content_name(files: &[(String, Vec<u8>)]) -> String {
    let mut hash = Sha256::new();
    for (name, bytes) in files {
        hash.update((name.len() as u64).to_le_bytes());
        hash.update(name.as_bytes());
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(bytes);
    }
    let digest = hash.finalize();
    digest.iter().map(|b| format!("{b:02x}")).collect::<String>()[..CONTENT_NAME_LEN].to_owned()
}

impl PreparedPicture {
    /// The public address of the 800-px JPEG: what the product keeps.
    pub fn url(&self) -> String {
        self.main.url()
    }

    /// Every file, the main one last.
    pub fn files(&self) -> &[(PictureKey, Bytes)] {
        &self.files
    }

    /// Writes every file (the main one last) and returns [`url`](Self::url). Call it before the
    /// row naming the picture is committed. A picture already stored (its main file is there) is
    /// not written again; a write that failed half-way leaves files no row names, which a retry
    /// completes.
    pub async fn store(self, store: &dyn PictureStore) -> Result<String, BoxError> {
        if store.size(&self.main).await?.is_none() {
            for (key, bytes) in self.files {
                store.put(&key, bytes).await?;
            }
        }
        Ok(self.main.url())
    }
}
