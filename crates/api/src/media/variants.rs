//! Resized, metadata-free copies of a product image, as served under `/uploads`.
//!
//! [`store_variants`] writes, for every width in [`WIDTHS`], a JPEG and a WebP into a fresh
//! random directory:
//!
//! ```text
//! {upload_dir}/{collection}/{dir}/400.jpg   400.webp
//!                                 800.jpg   800.webp
//!                                 1200.jpg  1200.webp
//! ```
//!
//! and returns the public URL of the 800-px JPEG, `/uploads/{collection}/{dir}/800.jpg`. That URL
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
//! browsers that read WebP (every current one): on the demo illustrations they weigh 0.27-0.38
//! times the JPEG of the same width (docs/benchmarks.md); photographs gain less, about a third.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::codecs::jpeg::JpegEncoder;
use image::error::{ParameterError, ParameterErrorKind};
use image::imageops::FilterType;
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits, RgbImage};
use rand::Rng;

/// Widths written for every image, smallest first.
pub const WIDTHS: [u32; 3] = [400, 800, 1200];
/// The width whose JPEG URL is returned and stored.
pub const MAIN_WIDTH: u32 = 800;
/// JPEG quality (1-100).
pub const JPEG_QUALITY: u8 = 82;
/// WebP quality (0-100): libwebp's scale, on which 80 looks like a JPEG of about 82-85.
pub const WEBP_QUALITY: f32 = 80.0;
/// Length of the random directory name.
pub const DIR_NAME_LEN: usize = 16;
/// Public URL prefix under which `upload_dir` is served.
pub const URL_PREFIX: &str = "/uploads";
/// Largest side accepted by [`decode_upload`].
pub const MAX_UPLOAD_SIDE: u32 = 8000;
/// Most pixels accepted by [`decode_upload`]: 40 megapixels, more than any phone takes, about
/// 160 MB once decoded.
pub const MAX_UPLOAD_PIXELS: u64 = 40_000_000;
/// Largest file accepted, in bytes (10 MB).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

const DIR_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("image file error: {0}")]
    Io(#[from] std::io::Error),
    #[error("image encoding error: {0}")]
    Encode(#[from] ImageError),
    #[error("WebP encoding error: {0}")]
    WebP(String),
}

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
            // so it runs at image's opt-level even in debug builds (about 10x faster here).
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

fn is_segment(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
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

/// The URL of another size/format of a stored image, from the URL [`store_variants`] returned:
/// `variant_url("/uploads/products/abc/800.jpg", 400, "webp")` →
/// `Some("/uploads/products/abc/400.webp")`. `None` if the URL does not follow the convention
/// or `width`/`ext` is not one that is written.
pub fn variant_url(main_url: &str, width: u32, ext: &str) -> Option<String> {
    let (collection, dir) = parse_url(main_url)?;
    if !WIDTHS.contains(&width) || !matches!(ext, "jpg" | "webp") {
        return None;
    }
    Some(format!("{URL_PREFIX}/{collection}/{dir}/{width}.{ext}"))
}

/// A `srcset` value for one format (`"jpg"` or `"webp"`):
/// `"/uploads/p/abc/400.webp 400w, /uploads/p/abc/800.webp 800w, /uploads/p/abc/1200.webp 1200w"`.
pub fn srcset(main_url: &str, ext: &str) -> Option<String> {
    let parts: Option<Vec<String>> =
        WIDTHS.iter().map(|&w| variant_url(main_url, w, ext).map(|u| format!("{u} {w}w"))).collect();
    Some(parts?.join(", "))
}

/// `(collection, dir)` of a URL made by [`store_variants`].
fn parse_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix(URL_PREFIX)?.strip_prefix('/')?;
    let mut it = rest.split('/');
    let (collection, dir, file) = (it.next()?, it.next()?, it.next()?);
    if it.next().is_some() || !is_segment(collection) || !is_segment(dir) {
        return None;
    }
    let (w, ext) = file.split_once('.')?;
    let ok = matches!(ext, "jpg" | "webp") && WIDTHS.iter().any(|x| x.to_string() == w);
    ok.then_some((collection, dir))
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

/// Why an uploaded file is refused.
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
/// the metadata is stripped by [`store_variants`].
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

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Rgba, RgbaImage};

    /// A fresh directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);
    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let nanos =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
            let p = std::env::temp_dir().join(format!("bitik-media-{tag}-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn test_image(w: u32, h: u32) -> DynamicImage {
        DynamicImage::ImageRgba8(RgbaImage::from_fn(w, h, |x, y| {
            Rgba([(x * 255 / w) as u8, (y * 255 / h) as u8, 120, 255])
        }))
    }

    fn dir_of(url: &str) -> String {
        let parts: Vec<&str> = url.split('/').collect();
        parts[3].to_string()
    }

    #[test]
    fn writes_six_files_of_the_right_widths_and_returns_the_800_jpg_url() {
        let tmp = TempDir::new("store");
        let url = store_variants(&test_image(1500, 1000), &tmp.0, "products").unwrap();

        let parts: Vec<&str> = url.split('/').collect();
        assert_eq!(parts.len(), 5, "{url}");
        assert_eq!((parts[0], parts[1], parts[2], parts[4]), ("", "uploads", "products", "800.jpg"));
        let dir = parts[3];
        assert_eq!(dir.len(), DIR_NAME_LEN);
        assert!(dir.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{dir}");

        let folder = tmp.0.join("products").join(dir);
        let mut names: Vec<String> =
            std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        assert_eq!(names, ["1200.jpg", "1200.webp", "400.jpg", "400.webp", "800.jpg", "800.webp"]);
        for w in WIDTHS {
            for (ext, format) in [("jpg", ImageFormat::Jpeg), ("webp", ImageFormat::WebP)] {
                let bytes = std::fs::read(folder.join(format!("{w}.{ext}"))).unwrap();
                assert_eq!(image::guess_format(&bytes).unwrap(), format);
                let img = image::load_from_memory_with_format(&bytes, format).unwrap();
                assert_eq!(img.width(), w, "{w}.{ext}");
                assert_eq!(img.height(), (w * 2 + 1) / 3, "{w}.{ext} keeps the aspect ratio");
            }
        }
        // Every call gets its own directory.
        let second = store_variants(&test_image(1500, 1000), &tmp.0, "products").unwrap();
        assert_ne!(dir_of(&url), dir_of(&second));
    }

    #[test]
    fn never_upscales_and_drops_metadata() {
        let tmp = TempDir::new("small");
        let url = store_variants(&test_image(600, 600), &tmp.0, "products").unwrap();
        let folder = tmp.0.join("products").join(dir_of(&url));
        for (w, expected) in [(400, 400), (800, 600), (1200, 600)] {
            let jpg = std::fs::read(folder.join(format!("{w}.jpg"))).unwrap();
            let img = image::load_from_memory(&jpg).unwrap();
            assert_eq!((img.width(), img.height()), (expected, expected), "{w}.jpg");
            // No APP1 (EXIF/XMP) segment in the JPEG.
            assert!(!jpg.windows(2).any(|s| s == [0xFF, 0xE1]), "{w}.jpg has an APP1 segment");
            let webp = std::fs::read(folder.join(format!("{w}.webp"))).unwrap();
            assert!(!webp.windows(4).any(|s| s == b"EXIF" || s == b"XMP "), "{w}.webp has metadata");
        }
    }

    #[test]
    fn transparency_is_flattened_onto_white() {
        let img = DynamicImage::ImageRgba8(RgbaImage::from_pixel(500, 500, Rgba([0, 0, 0, 0])));
        let files = encode_variants(&img).unwrap();
        let (_, webp) = files.iter().find(|(n, _)| n == "400.webp").unwrap();
        let back = image::load_from_memory(webp).unwrap().to_rgb8();
        // Lossy WebP stores colours as YUV: white may come back a unit off.
        assert!(back.get_pixel(10, 10).0.iter().all(|&c| c >= 253), "{:?}", back.get_pixel(10, 10));
    }

    #[test]
    fn webp_copies_are_lossy_and_lighter_than_the_jpegs() {
        let files = encode_variants(&test_image(1500, 1000)).unwrap();
        let size = |name: &str| files.iter().find(|(n, _)| n == name).map(|(_, bytes)| bytes.len()).unwrap();
        for w in WIDTHS {
            let (_, webp) = files.iter().find(|(n, _)| *n == format!("{w}.webp")).unwrap();
            // RIFF....WEBP then the first chunk: `VP8 ` is lossy, `VP8L` lossless.
            assert_eq!(
                (&webp[..4], &webp[8..12], &webp[12..16]),
                (&b"RIFF"[..], &b"WEBP"[..], &b"VP8 "[..]),
                "{w}.webp"
            );
            assert!(size(&format!("{w}.webp")) < size(&format!("{w}.jpg")), "{w}.webp is heavier than {w}.jpg");
        }
    }

    #[test]
    fn refuses_bad_collections_and_empty_images() {
        let tmp = TempDir::new("bad");
        for bad in ["", "../etc", "a/b", "Products", "."] {
            assert!(matches!(store_variants(&test_image(10, 10), &tmp.0, bad), Err(MediaError::Io(_))), "{bad:?}");
        }
        let empty = DynamicImage::ImageRgb8(RgbImage::new(0, 0));
        assert!(matches!(store_variants(&empty, &tmp.0, "products"), Err(MediaError::Encode(_))));
        assert_eq!(std::fs::read_dir(&tmp.0).unwrap().count(), 0, "nothing written");
    }

    #[test]
    fn derived_urls_and_removal() {
        let main = "/uploads/products/abc123/800.jpg";
        assert_eq!(variant_url(main, 400, "webp").as_deref(), Some("/uploads/products/abc123/400.webp"));
        assert_eq!(variant_url(main, 1200, "jpg").as_deref(), Some("/uploads/products/abc123/1200.jpg"));
        assert_eq!(variant_url(main, 500, "jpg"), None);
        assert_eq!(variant_url(main, 400, "png"), None);
        assert_eq!(variant_url("/images/placeholder.jpg", 400, "jpg"), None);
        assert_eq!(variant_url("/uploads/products/../800.jpg", 400, "jpg"), None);
        assert_eq!(
            srcset(main, "webp").as_deref(),
            Some(
                "/uploads/products/abc123/400.webp 400w, /uploads/products/abc123/800.webp 800w, /uploads/products/abc123/1200.webp 1200w"
            )
        );

        let tmp = TempDir::new("remove");
        let url = store_variants(&test_image(100, 100), &tmp.0, "products").unwrap();
        assert!(!remove_variants(&tmp.0, "/uploads/products/../../800.jpg").unwrap());
        assert!(remove_variants(&tmp.0, &url).unwrap());
        assert!(!tmp.0.join("products").join(dir_of(&url)).exists());
        assert!(!remove_variants(&tmp.0, &url).unwrap());
    }

    #[test]
    fn decode_upload_reads_what_it_is_given() {
        let mut png = Vec::new();
        test_image(40, 30).write_to(&mut Cursor::new(&mut png), ImageFormat::Png).unwrap();
        let img = decode_upload(&png).unwrap();
        assert_eq!((img.width(), img.height()), (40, 30));
        assert_eq!(check_upload(&png), Ok((40, 30)));
        assert_eq!(decode_upload(b"not an image").unwrap_err(), UploadRefusal::NotAnImage);
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#;
        assert_eq!(decode_upload(svg).unwrap_err(), UploadRefusal::NotAnImage);
        assert_eq!(decode_upload(&png[..png.len() / 2]).unwrap_err(), UploadRefusal::NotAnImage, "truncated");
        let mut gif = Vec::new();
        gif.extend_from_slice(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;");
        assert_eq!(check_upload(&gif).unwrap_err(), UploadRefusal::NotAnImage, "GIF is not accepted");
    }

    #[test]
    fn dimensions_over_the_limits_are_refused_from_the_header() {
        let mut wide = Vec::new();
        test_image(MAX_UPLOAD_SIDE + 1, 2).write_to(&mut Cursor::new(&mut wide), ImageFormat::Png).unwrap();
        assert_eq!(check_upload(&wide).unwrap_err(), UploadRefusal::TooLarge);
        assert_eq!(decode_upload(&wide).unwrap_err(), UploadRefusal::TooLarge);
    }
}
