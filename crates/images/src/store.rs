//! The variants on the local disk, under `UPLOAD_DIR`, in a fresh random directory per image.

use std::path::{Path, PathBuf};

use image::DynamicImage;
use image::ImageError;
use image::error::{ParameterError, ParameterErrorKind};
use rand::Rng;

use crate::url::{is_segment, parse_url};
use crate::{DIR_NAME_LEN, MAIN_WIDTH, MediaError, URL_PREFIX, encode_variants};

const DIR_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// Writes the JPEG and WebP variants of `img` into `upload_dir/{collection}/{random dir}/` and
/// returns `/uploads/{collection}/{dir}/800.jpg` (see the module documentation).
///
/// `collection` is one path segment of lowercase letters, digits, `-` or `_` (e.g. `products`);
/// anything else is refused with an `InvalidInput` I/O error. On failure nothing is left behind.
pub fn store_variants(img: &DynamicImage, upload_dir: &Path, collection: &str) -> Result<String, MediaError> {
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

    // Encode everything in memory first: a bad image never leaves a half-written directory.
    let files = encode_variants(img)?;

    let parent = upload_dir.join(collection);
    std::fs::create_dir_all(&parent)?;
    let (dir_name, dir) = create_random_dir(&parent)?;
    let written = files.iter().try_for_each(|(name, bytes)| std::fs::write(dir.join(name), bytes));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(e.into());
    }
    Ok(format!("{URL_PREFIX}/{collection}/{dir_name}/{MAIN_WIDTH}.jpg"))
}

fn random_name() -> String {
    let mut rng = rand::rng();
    (0..DIR_NAME_LEN).map(|_| DIR_CHARS[rng.random_range(0..DIR_CHARS.len())] as char).collect()
}

/// Creates a new, not previously existing, randomly named directory under `parent`.
fn create_random_dir(parent: &Path) -> std::io::Result<(String, PathBuf)> {
    let mut last = None;
    for _ in 0..8 {
        let name = random_name();
        let dir = parent.join(&name);
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok((name, dir)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("could not create an upload directory")))
}

/// Deletes the files of an image stored by [`store_variants`], given its URL. Returns `false`
/// (and touches nothing) when the URL does not follow the convention or the directory is gone.
pub fn remove_variants(upload_dir: &Path, main_url: &str) -> Result<bool, MediaError> {
    let Some((collection, dir)) = parse_url(main_url) else {
        return Ok(false);
    };
    let path = upload_dir.join(collection).join(dir);
    match std::fs::remove_dir_all(&path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e.into()),
    }
}
