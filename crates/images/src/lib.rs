//! Resized, metadata-free copies of a product image, as served under `/uploads`.
//!
//! [`prepare_variants`] encodes, for every width in [`WIDTHS`], a JPEG and a WebP, named after
//! their content; [`PreparedPicture::store`] writes them through the storage port
//! ([`PictureStore`]: `UPLOAD_DIR` or an S3-compatible bucket, `crates/storage`):
//!
//! ```text
//! {collection}/{hash}/400.jpg   400.webp
//!                     800.jpg   800.webp
//!                     1200.jpg  1200.webp
//! ```
//!
//! and returns the public URL of the 800-px JPEG, `/uploads/{collection}/{hash}/800.jpg`. That URL
//! is what is stored on the product (`images`); everything else is derived from it by replacing
//! the file name: the storefront builds `srcset` from
//! `/uploads/{collection}/{dir}/{400,800,1200}.{webp,jpg}` (WebP in a `<source>`, JPEG as the
//! fallback), see [`variant_url`] and [`srcset`].
//!
//! Images are never upscaled: from a source narrower than a width, that file holds the source
//! size (its name keeps the nominal width so the convention stays valid). Aspect ratio is kept.
//! Files are encoded from pixels only, so no EXIF, GPS, ICC or XMP metadata survives; transparent
//! pixels are flattened onto white (JPEG has no alpha and both formats must look the same).
//!
//! The WebP files are lossy (libwebp, quality [`WEBP_QUALITY`]), offered before the JPEGs to the
//! browsers that read WebP (every current one): they weigh less than the JPEG of the same width
//! (see docs/benchmarks.md, Images).

mod check;
mod encode;
mod port;
mod store;
mod url;

pub use check::{UploadRefusal, check_upload, decode_upload};
pub use encode::encode_variants;
pub use port::{PictureKey, PictureStore, StoredPicture};
pub use store::{PreparedPicture, prepare_variants};
pub use url::{srcset, variant_url};

/// Widths written for every image, smallest first.
pub const WIDTHS: [u32; 3] = [400, 800, 1200];
/// The width whose JPEG URL is returned and stored.
pub const MAIN_WIDTH: u32 = 800;
/// JPEG quality (1-100).
pub const JPEG_QUALITY: u8 = 82;
/// WebP quality (0-100): libwebp's scale, on which 80 looks like a JPEG of about 82-85.
pub const WEBP_QUALITY: f32 = 80.0;
/// Length of a picture's folder name: hex digits of its files' SHA-256 (128 bits).
pub const CONTENT_NAME_LEN: usize = 32;
/// Public URL prefix under which `upload_dir` is served.
pub const URL_PREFIX: &str = "/uploads";
/// Largest side accepted by [`decode_upload`].
pub const MAX_UPLOAD_SIDE: u32 = 8000;
/// Most pixels accepted by [`decode_upload`]: 40 megapixels, more than any phone takes, about
/// 160 MB once decoded.
pub const MAX_UPLOAD_PIXELS: u64 = 40_000_000;
/// Largest file accepted, in bytes (10 MB).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("image file error: {0}")]
    Io(#[from] std::io::Error),
    #[error("image encoding error: {0}")]
    Encode(#[from] image::ImageError),
    #[error("WebP encoding error: {0}")]
    WebP(String),
}

#[cfg(test)]
mod tests;
