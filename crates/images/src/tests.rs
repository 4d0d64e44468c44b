use super::*;
use std::io::Cursor;

use image::{DynamicImage, ImageFormat, RgbImage, Rgba, RgbaImage};

fn test_image(w: u32, h: u32) -> DynamicImage {
    DynamicImage::ImageRgba8(RgbaImage::from_fn(w, h, |x, y| {
        Rgba([(x * 255 / w) as u8, (y * 255 / h) as u8, 120, 255])
    }))
}

fn file<'a>(picture: &'a PreparedPicture, name: &str) -> &'a [u8] {
    let found = picture.files().iter().find(|(key, _)| key.as_str().ends_with(&format!("/{name}")));
    found.map(|(_, bytes)| &bytes[..]).unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn six_files_of_the_right_widths_named_by_their_content_the_800_jpg_last() {
    let picture = prepare_variants(&test_image(1500, 1000), "products").unwrap();
    let url = picture.url();
    let parts: Vec<&str> = url.split('/').collect();
    assert_eq!(parts.len(), 5, "{url}");
    assert_eq!((parts[0], parts[1], parts[2], parts[4]), ("", "uploads", "products", "800.jpg"));
    let dir = parts[3];
    assert_eq!(dir.len(), CONTENT_NAME_LEN);
    assert!(dir.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()), "{dir}");

    let mut keys: Vec<String> = picture.files().iter().map(|(key, _)| key.as_str().to_owned()).collect();
    assert_eq!(keys.last().map(String::as_str), Some(format!("products/{dir}/800.jpg").as_str()));
    keys.sort();
    let expected: Vec<String> = ["1200.jpg", "1200.webp", "400.jpg", "400.webp", "800.jpg", "800.webp"]
        .iter()
        .map(|name| format!("products/{dir}/{name}"))
        .collect();
    assert_eq!(keys, expected);
    for w in WIDTHS {
        for (ext, format) in [("jpg", ImageFormat::Jpeg), ("webp", ImageFormat::WebP)] {
            let bytes = file(&picture, &format!("{w}.{ext}"));
            assert_eq!(image::guess_format(bytes).unwrap(), format);
            let img = image::load_from_memory_with_format(bytes, format).unwrap();
            assert_eq!(img.width(), w, "{w}.{ext}");
            assert_eq!(img.height(), (w * 2 + 1) / 3, "{w}.{ext} keeps the aspect ratio");
        }
    }
    // The same picture gets the same name, another picture another one.
    assert_eq!(prepare_variants(&test_image(1500, 1000), "products").unwrap().url(), url);
    assert_ne!(prepare_variants(&test_image(1500, 1001), "products").unwrap().url(), url);
}

#[test]
fn never_upscales_and_drops_metadata() {
    let picture = prepare_variants(&test_image(600, 600), "products").unwrap();
    for (w, expected) in [(400, 400), (800, 600), (1200, 600)] {
        let jpg = file(&picture, &format!("{w}.jpg"));
        let img = image::load_from_memory(jpg).unwrap();
        assert_eq!((img.width(), img.height()), (expected, expected), "{w}.jpg");
        // No APP1 (EXIF/XMP) segment in the JPEG.
        assert!(!jpg.windows(2).any(|s| s == [0xFF, 0xE1]), "{w}.jpg has an APP1 segment");
        let webp = file(&picture, &format!("{w}.webp"));
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
        assert_eq!((&webp[..4], &webp[8..12], &webp[12..16]), (&b"RIFF"[..], &b"WEBP"[..], &b"VP8 "[..]), "{w}.webp");
        assert!(size(&format!("{w}.webp")) < size(&format!("{w}.jpg")), "{w}.webp is heavier than {w}.jpg");
    }
}

#[test]
fn refuses_bad_collections_and_empty_images() {
    for bad in ["", "../etc", "a/b", "Products", "."] {
        assert!(matches!(prepare_variants(&test_image(10, 10), bad), Err(MediaError::Io(_))), "{bad:?}");
    }
    let empty = DynamicImage::ImageRgb8(RgbImage::new(0, 0));
    assert!(matches!(prepare_variants(&empty, "products"), Err(MediaError::Encode(_))));
}

#[test]
fn derived_urls() {
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
}

#[test]
fn keys_are_the_names_the_pipeline_writes() {
    let key = PictureKey::from_url("/uploads/products/abc123/800.webp").unwrap();
    assert_eq!((key.as_str(), key.content_type()), ("products/abc123/800.webp", "image/webp"));
    assert_eq!(key.url(), "/uploads/products/abc123/800.webp");
    assert_eq!(PictureKey::parse("products/abc/400.jpg").unwrap().content_type(), "image/jpeg");
    for bad in [
        "products/abc/evil.html",
        "products/abc/evil.svg",
        "products/abc/.hidden.jpg",
        "products/abc/",
        "products/abc",
        "../products/abc/800.jpg",
        "products/../800.jpg",
        "products/abc/800.JPG",
        "products/abc/def/800.jpg",
        "products/ABC/800.jpg",
    ] {
        assert_eq!(PictureKey::parse(bad), None, "{bad}");
    }
    assert_eq!(PictureKey::from_url("/images/products/abc/800.jpg"), None);
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
