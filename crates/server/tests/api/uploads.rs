//! Product pictures: only real JPEG, PNG or WebP, within limits, re-encoded without metadata
//! in several widths, all or nothing.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgba, RgbaImage};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, error_body, spawn_app};

/// One part of a multipart form: field name, file name (for files), declared type, bytes.
pub(crate) struct Part<'a> {
    name: &'a str,
    filename: Option<&'a str>,
    content_type: &'a str,
    bytes: Vec<u8>,
}

pub(crate) fn file<'a>(filename: &'a str, content_type: &'a str, bytes: Vec<u8>) -> Part<'a> {
    Part { name: "images", filename: Some(filename), content_type, bytes }
}

pub(crate) fn product_type() -> Part<'static> {
    Part { name: "type", filename: None, content_type: "text/plain", bytes: b"product".to_vec() }
}

const BOUNDARY: &str = "bitik-test-boundary-7f3a";

fn multipart(parts: &[Part]) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        let disposition = match part.filename {
            Some(filename) => format!("form-data; name=\"{}\"; filename=\"{filename}\"", part.name),
            None => format!("form-data; name=\"{}\"", part.name),
        };
        body.extend_from_slice(format!("Content-Disposition: {disposition}\r\n").as_bytes());
        body.extend_from_slice(format!("Content-Type: {}\r\n\r\n", part.content_type).as_bytes());
        body.extend_from_slice(&part.bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) async fn upload(app: &TestApp, token: Option<&str>, parts: &[Part<'_>]) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/upload/images"))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(multipart(parts));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("upload request")
}

pub(crate) fn picture(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let img = RgbaImage::from_fn(width, height, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 90, 255]));
    let img = match format {
        ImageFormat::Jpeg => DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(img).to_rgb8()),
        _ => DynamicImage::ImageRgba8(img),
    };
    let mut bytes = Vec::new();
    img.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
    bytes
}

/// A JPEG carrying an EXIF segment with a secret in it, as phone photos carry their position.
fn jpeg_with_exif() -> Vec<u8> {
    let jpeg = picture(300, 200, ImageFormat::Jpeg);
    let mut exif = b"Exif\0\0II*\0\x08\0\0\0\0\0".to_vec();
    exif.extend_from_slice(b"GPS 14.6928N 17.4467W SECRET");
    let length = u16::try_from(exif.len() + 2).unwrap().to_be_bytes();
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1, length[0], length[1]]);
    out.extend_from_slice(&exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A valid PNG header declaring `width` × `height` RGB pixels, with a few bytes of data: a
/// "decompression bomb" when the size is huge.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // zlib stream of a handful of zero bytes: deflate would expand it to the declared size.
    png.extend(chunk(b"IDAT", &[0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]));
    png.extend(chunk(b"IEND", &[]));
    png
}

/// How many pictures are stored under the app's upload directory.
fn stored(app: &TestApp) -> usize {
    std::fs::read_dir(app.uploads.0.join("products")).map(|dir| dir.count()).unwrap_or(0)
}

#[tokio::test]
async fn only_admins_upload() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let parts = [file("t.png", "image/png", picture(20, 20, ImageFormat::Png)), product_type()];
    assert_eq!(upload(&app, None, &parts).await.status(), 401);
    let response = upload(&app, Some(&customer), &parts).await;
    assert_eq!(response.status(), 403);
    assert_eq!(error_body(response).await["code"], "forbidden");
    assert_eq!(stored(&app), 0);
}

#[tokio::test]
async fn real_images_are_stored_in_three_widths_without_metadata_and_cached_for_long() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let parts = [
        file("photo.png", "image/png", picture(1000, 600, ImageFormat::Png)),
        // Named and declared as a PNG, but a JPEG: the bytes decide.
        file("phone.png", "image/png", jpeg_with_exif()),
        file("webp.webp", "image/webp", picture(500, 500, ImageFormat::WebP)),
        product_type(),
    ];
    let response = upload(&app, Some(&admin), &parts).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    let urls: Vec<String> =
        body["data"]["urls"].as_array().unwrap().iter().map(|u| u.as_str().unwrap().into()).collect();
    assert_eq!(urls.len(), 3);
    assert!(urls.iter().all(|u| u.starts_with("/uploads/products/") && u.ends_with("/800.jpg")), "{urls:?}");
    assert_eq!(stored(&app), 3);
    let fetch = |url: String| {
        let app = &app;
        async move {
            let response = app.get(&url).await;
            assert_eq!(response.status(), 200, "{url}");
            let cache = response.headers()["cache-control"].to_str().unwrap().to_owned();
            assert_eq!(cache, "public, max-age=31536000, immutable", "{url}");
            response.bytes().await.unwrap().to_vec()
        }
    };
    let width = |bytes: &[u8]| image::load_from_memory(bytes).unwrap().width();
    let main = fetch(urls[0].clone()).await;
    assert_eq!(image::guess_format(&main).unwrap(), ImageFormat::Jpeg);
    assert_eq!(width(&main), 800);
    assert_eq!(width(&fetch(urls[0].replace("800.jpg", "400.webp")).await), 400);
    assert_eq!(width(&fetch(urls[0].replace("800.jpg", "1200.jpg")).await), 1000, "never upscaled");
    let phone = fetch(urls[1].clone()).await;
    assert!(!phone.windows(6).any(|w| w == b"SECRET"), "the metadata is gone");
    assert!(!phone.windows(4).any(|w| w == b"Exif"));
    assert_eq!(width(&fetch(urls[2].replace("800.jpg", "800.webp")).await), 500);
}

#[tokio::test]
async fn files_that_are_not_images_are_refused_whatever_their_name() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
    let cases = [
        file("photo.jpg", "image/jpeg", b"Ceci n'est pas une image, juste du texte.".to_vec()),
        file("logo.svg", "image/svg+xml", svg.to_vec()),
        file("anim.gif", "image/gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec()),
    ];
    for case in cases {
        let name = case.filename.unwrap();
        let response = upload(&app, Some(&admin), &[case, product_type()]).await;
        assert_eq!(response.status(), 415, "{name}");
        let body = error_body(response).await;
        assert_eq!(
            (body["code"].as_str(), body["message"].as_str()),
            (Some("invalid_image"), Some("Certains fichiers ne sont pas des images valides"))
        );
    }
    // One bad file among good ones: nothing at all is stored.
    let mixed = [
        file("ok.png", "image/png", picture(50, 50, ImageFormat::Png)),
        file("notes.jpg", "image/jpeg", b"texte".to_vec()),
    ];
    assert_eq!(upload(&app, Some(&admin), &mixed).await.status(), 415);
    // A file whose header is fine but whose data is cut short fails when decoded, after a good
    // one was stored: that one is removed again.
    let png = picture(400, 400, ImageFormat::Png);
    let truncated = png[..png.len() / 3].to_vec();
    let parts = [file("ok.png", "image/png", png), file("cut.png", "image/png", truncated)];
    assert_eq!(upload(&app, Some(&admin), &parts).await.status(), 415);
    assert_eq!(stored(&app), 0);
}

#[tokio::test]
async fn oversized_files_and_pixel_bombs_are_refused_before_decoding() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let heavy = vec![0u8; 10 * 1024 * 1024 + 1];
    let response = upload(&app, Some(&admin), &[file("big.jpg", "image/jpeg", heavy)]).await;
    assert_eq!(response.status(), 413);
    assert_eq!(error_body(response).await["message"], "Chaque image doit peser au plus 10 Mo.");
    for (name, bytes) in [
        ("wide.png", picture(8001, 2, ImageFormat::Png)),
        ("bomb.png", png_declaring(50_000, 50_000)),
        ("42-megapixels.png", png_declaring(7000, 6000)),
    ] {
        assert!(bytes.len() < 100_000, "{name} is a small file");
        let response = upload(&app, Some(&admin), &[file(name, "image/png", bytes)]).await;
        assert_eq!(response.status(), 413, "{name}");
        let body = error_body(response).await;
        assert_eq!(body["code"], "image_too_large");
        assert_eq!(body["message"], "Image trop grande : 8000 pixels de côté et 40 mégapixels au plus.");
    }
    assert_eq!(stored(&app), 0);
}

#[tokio::test]
async fn the_form_itself_is_checked() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let png = || file("p.png", "image/png", picture(10, 10, ImageFormat::Png));
    let none = upload(&app, Some(&admin), &[product_type()]).await;
    assert_eq!(error_body(none).await["message"], "Aucune image reçue.");
    let many: Vec<Part> = (0..11).map(|_| png()).collect();
    let many = upload(&app, Some(&admin), &many).await;
    assert_eq!(error_body(many).await["message"], "10 images au plus par envoi.");
    let avatar = Part { name: "type", filename: None, content_type: "text/plain", bytes: b"avatar".to_vec() };
    let avatar = upload(&app, Some(&admin), &[png(), avatar]).await;
    assert_eq!(error_body(avatar).await["message"], "Type d'envoi inconnu.");
    // The document's enum is `product` alone: sent blank, the type is refused too.
    let blank = Part { name: "type", filename: None, content_type: "text/plain", bytes: Vec::new() };
    let blank = upload(&app, Some(&admin), &[png(), blank]).await;
    assert_eq!(error_body(blank).await["message"], "Type d'envoi inconnu.");
    let stray = Part { name: "image", filename: Some("p.png"), content_type: "image/png", bytes: vec![1] };
    let stray = upload(&app, Some(&admin), &[stray]).await;
    assert_eq!(error_body(stray).await["code"], "unexpected_field");
    let json =
        app.send(Method::POST, "/api/upload/images", Some(&admin), Some(&serde_json::json!({"images": []}))).await;
    assert_eq!(json.status(), 415);
    assert_eq!(error_body(json).await["code"], "unsupported_media_type");
    assert_eq!(stored(&app), 0);
}
