//! What an uploaded file must be before it is decoded: a JPEG, PNG or WebP within the limits.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};

use crate::{MAX_UPLOAD_PIXELS, MAX_UPLOAD_SIDE};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum UploadRefusal {
    /// Not a JPEG, PNG or WebP that decodes (a text file, an SVG, a GIF, a truncated file).
    #[error("not a JPEG, PNG or WebP image")]
    NotAnImage,
    /// Wider or taller than [`MAX_UPLOAD_SIDE`], or more than [`MAX_UPLOAD_PIXELS`].
    #[error("image dimensions over the limits")]
    TooLarge,
}

/// The formats accepted, whatever the file's name or declared type says.
const UPLOAD_FORMATS: [ImageFormat; 3] = [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::WebP];

/// A decoder for an uploaded file, after checking from its header alone (nothing decoded yet)
/// that it is an accepted format of acceptable dimensions. A "decompression bomb" (a tiny file
/// declaring 50 000 × 50 000 pixels) is refused here, before any allocation.
fn upload_decoder(bytes: &[u8]) -> Result<impl ImageDecoder + '_, UploadRefusal> {
    let mut reader =
        ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| UploadRefusal::NotAnImage)?;
    if !reader.format().is_some_and(|format| UPLOAD_FORMATS.contains(&format)) {
        return Err(UploadRefusal::NotAnImage);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_UPLOAD_SIDE);
    limits.max_image_height = Some(MAX_UPLOAD_SIDE);
    limits.max_alloc = Some(512 * 1024 * 1024);
    reader.limits(limits);
    let decoder = reader.into_decoder().map_err(|error| match error {
        ImageError::Limits(_) => UploadRefusal::TooLarge,
        _ => UploadRefusal::NotAnImage,
    })?;
    let (w, h) = decoder.dimensions();
    if w == 0 || h == 0 {
        return Err(UploadRefusal::NotAnImage);
    }
    if w > MAX_UPLOAD_SIDE || h > MAX_UPLOAD_SIDE || u64::from(w) * u64::from(h) > MAX_UPLOAD_PIXELS {
        return Err(UploadRefusal::TooLarge);
    }
    Ok(decoder)
}

/// Checks an uploaded file from its header only: cheap enough to run on every file of a batch
/// before decoding any of them.
pub fn check_upload(bytes: &[u8]) -> Result<(u32, u32), UploadRefusal> {
    upload_decoder(bytes).map(|decoder| decoder.dimensions())
}

/// Decodes an uploaded file (JPEG, PNG or WebP, recognised from its bytes) within the limits
/// of [`check_upload`], and applies its EXIF orientation so that phone photos are upright once
/// the metadata is stripped by [`prepare_variants`](crate::prepare_variants).
pub fn decode_upload(bytes: &[u8]) -> Result<DynamicImage, UploadRefusal> {
    let mut decoder = upload_decoder(bytes)?;
    let orientation = decoder.orientation().map_err(|_| UploadRefusal::NotAnImage)?;
    let mut img = DynamicImage::from_decoder(decoder).map_err(|error| match error {
        ImageError::Limits(_) => UploadRefusal::TooLarge,
        _ => UploadRefusal::NotAnImage,
    })?;
    img.apply_orientation(orientation);
    Ok(img)
}
