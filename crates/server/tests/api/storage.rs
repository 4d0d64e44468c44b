//! Pictures in an S3-compatible bucket (a real Garage server): written through one instance,
//! served by another with the same headers, redirected to a public bucket address when one is
//! configured, and an `UPLOAD_DIR` moved into the bucket by `bitik images migrate`, twice.

use image::ImageFormat;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app_with};
use crate::uploads::{file, picture, product_type, upload};
use bitik_storage::testing::Garage;

/// An app on `database` (a new one when `None`) keeping its pictures in `garage`, under `prefix`.
async fn app_on(garage: &Garage, prefix: &str, database: Option<&str>, more: &[(&str, &str)]) -> TestApp {
    let env = garage.env(prefix);
    let mut settings: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    if let Some(url) = database {
        settings.push(("DATABASE_URL", url));
    }
    settings.extend_from_slice(more);
    spawn_app_with(&settings).await
}

fn files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| if e.path().is_dir() { files_under(&e.path()) } else { 1 }).sum())
        .unwrap_or(0)
}

#[tokio::test]
async fn a_picture_uploaded_through_one_instance_is_served_by_another() {
    let garage = Garage::start().await;
    let prefix = format!("shop-{}", uuid::Uuid::new_v4().simple());
    let a = app_on(&garage, &prefix, None, &[]).await;
    let b = app_on(&garage, &prefix, Some(&a.database.url), &[]).await;
    let admin = a.admin_token().await;

    let parts = [file("photo.png", "image/png", picture(1000, 600, ImageFormat::Png)), product_type()];
    let response = upload(&a, Some(&admin), &parts).await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    let url = body["data"]["urls"][0].as_str().unwrap().to_owned();
    assert_eq!(files_under(a.upload_dir()), 0, "nothing on the instance's own disk");

    // The product names the picture written before it; B shows both.
    let form = json!({
        "name": "T-shirt Ngor", "description": "Coton épais.", "price": 12_000, "category": "vetement",
        "subcategory": "t-shirt", "colors": ["noir"], "sizes": ["M"], "stock": {"noir": {"M": 3}},
        "images": [url]
    });
    assert_eq!(a.send(Method::POST, "/api/products", Some(&admin), Some(&form)).await.status(), 201);
    b.catalog_cache.changed();
    let product: Value = b.get("/api/products/t-shirt-ngor").await.json().await.unwrap();
    assert_eq!(product["data"]["images"], json!([url]));

    for (variant, format, width) in [("800.jpg", ImageFormat::Jpeg, 800), ("400.webp", ImageFormat::WebP, 400)] {
        let path = url.replace("800.jpg", variant);
        let response = b.get(&path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers().clone();
        let content_type = if format == ImageFormat::Jpeg { "image/jpeg" } else { "image/webp" };
        assert_eq!(headers["content-type"], content_type);
        assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["content-security-policy"], "default-src 'none'; frame-ancestors 'none'; sandbox");
        let bytes = response.bytes().await.unwrap();
        assert_eq!(headers["content-length"].to_str().unwrap(), bytes.len().to_string());
        assert_eq!(image::guess_format(&bytes).unwrap(), format);
        assert_eq!(image::load_from_memory(&bytes).unwrap().width(), width, "{path}");

        // A browser that has it is told so.
        let etag = headers["etag"].to_str().unwrap().to_owned();
        let again = b.client.get(b.url(&path)).header("if-none-match", &etag).send().await.unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert!(again.bytes().await.unwrap().is_empty());
    }
    for missing in [
        url.replace("800.jpg", "600.jpg"),
        url.replace("800.jpg", "evil.html"),
        "/uploads/products/0000/800.jpg".into(),
    ] {
        assert_eq!(b.get(&missing).await.status(), 404, "{missing}");
    }
    // Another shop's prefix of the same bucket holds none of it.
    let other = app_on(&garage, "another-shop", None, &[]).await;
    assert_eq!(other.get(&url).await.status(), 404);
}

#[tokio::test]
async fn a_public_bucket_address_gets_a_redirect() {
    let garage = Garage::start().await;
    let app = app_on(&garage, "public", None, &[("STORAGE_PUBLIC_URL", "https://images.bitik.sn/public/")]).await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let response = client.get(app.url("/uploads/products/abc123/800.webp")).send().await.unwrap();
    assert_eq!(response.status(), 302);
    assert_eq!(response.headers()["location"], "https://images.bitik.sn/public/products/abc123/800.webp");
    let refused = client.get(app.url("/uploads/products/abc123/evil.html")).send().await.unwrap();
    assert_eq!(refused.status(), 404);
}

/// `bitik images migrate` with this `UPLOAD_DIR` and bucket: its output.
fn migrate(garage: &Garage, prefix: &str, uploads: &std::path::Path) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_bitik"))
        .args(["images", "migrate"])
        .env("UPLOAD_DIR", uploads)
        .env("RUST_LOG", "warn")
        .envs(garage.env(prefix))
        .output()
        .expect("run bitik images migrate");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

#[tokio::test]
async fn images_migrate_moves_upload_dir_into_the_bucket_and_twice_copies_nothing_more() {
    let garage = Garage::start().await;
    // A shop on local files: one uploaded picture (six files) and a stray file.
    let local = crate::helpers::spawn_app().await;
    let admin = local.admin_token().await;
    let parts = [file("photo.png", "image/png", picture(900, 900, ImageFormat::Png)), product_type()];
    let body: Value = upload(&local, Some(&admin), &parts).await.json().await.unwrap();
    let url = body["data"]["urls"][0].as_str().unwrap().to_owned();
    std::fs::write(local.upload_dir().join("README.txt"), "not a picture").unwrap();

    let prefix = format!("migrated-{}", uuid::Uuid::new_v4().simple());
    assert_eq!(
        migrate(&garage, &prefix, local.upload_dir()).trim(),
        "Pictures copied: 6, already in the bucket: 0, other files left out: 1."
    );
    assert_eq!(
        migrate(&garage, &prefix, local.upload_dir()).trim(),
        "Pictures copied: 0, already in the bucket: 6, other files left out: 1."
    );

    // An instance on the bucket serves the migrated picture, byte for byte.
    let s3 = app_on(&garage, &prefix, None, &[]).await;
    for variant in ["800.jpg", "1200.webp"] {
        let path = url.replace("800.jpg", variant);
        let from_bucket = s3.get(&path).await;
        assert_eq!(from_bucket.status(), 200, "{path}");
        let on_disk = std::fs::read(local.upload_dir().join(path.trim_start_matches("/uploads/"))).unwrap();
        assert_eq!(from_bucket.bytes().await.unwrap().to_vec(), on_disk, "{path}");
    }
}
