//! The resized, re-encoded copies of an image: every width, JPEG and lossy WebP, pixels only.

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ExtendedColorType, ImageError, RgbImage};

use crate::{JPEG_QUALITY, MediaError, WEBP_QUALITY, WIDTHS};

/// The encoded files, `(file name, bytes)`, for every width and format.
pub fn encode_variants(img: &DynamicImage) -> Result<Vec<(String, Vec<u8>)>, MediaError> {
    let sized = resized(img);
    // JPEG and WebP are encoded on two threads (WebP is the slower one).
    let (jpegs, webps) = std::thread::scope(|s| {
        let webps = s.spawn(|| sized.iter().map(|(_, im)| encode_webp(im)).collect::<Result<Vec<_>, _>>());
        let jpegs = sized.iter().map(|(_, im)| encode_jpeg(im)).collect::<Result<Vec<_>, _>>();
        let webps = webps.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (jpegs, webps)
    });
    let (jpegs, webps) = (jpegs?, webps?);
    let mut files = Vec::with_capacity(sized.len() * 2);
    for (((w, _), jpg), webp) in sized.iter().zip(jpegs).zip(webps) {
        files.push((format!("{w}.jpg"), jpg));
        files.push((format!("{w}.webp"), webp));
    }
    Ok(files)
}

/// `(nominal width, pixels)` for every width of [`WIDTHS`], smallest first, never upscaled.
fn resized(img: &DynamicImage) -> Vec<(u32, RgbImage)> {
    let source = DynamicImage::ImageRgb8(flatten(img));
    // Largest first, each smaller size resized from the previous one (never from a smaller one).
    let mut out: Vec<(u32, DynamicImage)> = Vec::with_capacity(WIDTHS.len());
    for &w in WIDTHS.iter().rev() {
        let from = out.last().map(|(_, im)| im).unwrap_or(&source);
        let next = if from.width() > w {
            let h = ((from.height() as u64 * w as u64 + from.width() as u64 / 2) / from.width() as u64).max(1) as u32;
            // `DynamicImage::resize_exact` is `imageops::resize` monomorphised inside `image`,
            // so it runs at image's opt-level even in debug builds (see docs/benchmarks.md, Images).
            from.resize_exact(w, h, FilterType::Lanczos3)
        } else {
            from.clone()
        };
        out.push((w, next));
    }
    out.reverse();
    out.into_iter()
        .map(|(w, im)| match im {
            DynamicImage::ImageRgb8(buf) => (w, buf),
            other => (w, other.to_rgb8()),
        })
        .collect()
}

fn encode_jpeg(img: &RgbImage) -> Result<Vec<u8>, ImageError> {
    let mut buf = Vec::with_capacity(img.as_raw().len() / 8);
    JpegEncoder::new_with_quality(&mut buf, JPEG_QUALITY).encode(
        img.as_raw(),
        img.width(),
        img.height(),
        ExtendedColorType::Rgb8,
    )?;
    Ok(buf)
}

fn encode_webp(img: &RgbImage) -> Result<Vec<u8>, MediaError> {
    let encoded = webp::Encoder::from_rgb(img.as_raw(), img.width(), img.height())
        .encode_simple(false, WEBP_QUALITY)
        .map_err(|error| MediaError::WebP(format!("{error:?}")))?;
    Ok(encoded.to_vec())
}

/// RGB pixels, with any transparency composited onto white.
fn flatten(img: &DynamicImage) -> RgbImage {
    let opaque = match img {
        DynamicImage::ImageRgba8(buf) => buf.as_raw().chunks_exact(4).all(|p| p[3] == 255),
        other => !other.color().has_alpha(),
    };
    if opaque {
        return img.to_rgb8();
    }
    let rgba = img.to_rgba8();
    let mut out = RgbImage::new(rgba.width(), rgba.height());
    for (src, dst) in rgba.pixels().zip(out.pixels_mut()) {
        let a = src[3] as u32;
        for i in 0..3 {
            dst[i] = ((src[i] as u32 * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    out
}
