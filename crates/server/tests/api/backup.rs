//! `just backup` and `just restore FILE`: a shop backed up (database and UPLOAD_DIR), restored
//! into a fresh database and directory, serves the same orders, stock and pictures.

use image::ImageFormat;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TempDir, TestApp, spawn_app, spawn_app_with};
use crate::uploads::{file, picture, product_type, upload};

fn script(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts").join(name)
}

/// Runs a script with this database and upload directory; panics with its output on failure.
fn run(name: &str, args: &[&str], database_url: &str, upload_dir: &std::path::Path) -> String {
    let output = std::process::Command::new(script(name))
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("UPLOAD_DIR", upload_dir)
        .env_remove("STORAGE_URL")
        .output()
        .expect("run the script");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{name}: {stdout}\n{stderr}");
    stdout.into_owned()
}

/// A database the test restores into, dropped when the test ends.
struct FreshDatabase {
    server: String,
    name: String,
}

impl FreshDatabase {
    fn url(&self) -> String {
        format!("{}/{}", self.server, self.name)
    }
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        let _ = std::process::Command::new("psql")
            .arg(format!("{}/postgres", self.server))
            .args(["-qc", &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)])
            .output();
    }
}

/// What the shop serves: the back office's orders, the customer's, the product with its stock,
/// and the bytes of its pictures.
async fn served(app: &TestApp, admin: &str, customer: &str, slug: &str) -> (Value, Value, Value, Vec<Vec<u8>>) {
    let json = |response: reqwest::Response| async move {
        assert_eq!(response.status(), 200);
        response.json::<Value>().await.unwrap()["data"].clone()
    };
    let admin_orders = json(app.send(Method::GET, "/api/admin/orders", Some(admin), None).await).await;
    let my_orders = json(app.send(Method::GET, "/api/orders", Some(customer), None).await).await;
    let product = json(app.get(&format!("/api/products/{slug}")).await).await;
    let mut pictures = Vec::new();
    for url in product["images"].as_array().unwrap() {
        let url = url.as_str().unwrap();
        for variant in ["800.jpg", "400.webp"] {
            let response = app.get(&url.replace("800.jpg", variant)).await;
            assert_eq!(response.status(), 200, "{url} {variant}");
            pictures.push(response.bytes().await.unwrap().to_vec());
        }
    }
    (admin_orders, my_orders, product, pictures)
}

#[tokio::test]
async fn a_restored_backup_serves_the_same_orders_stock_and_pictures() {
    let shop = spawn_app().await;
    let admin = shop.admin_token().await;
    let parts = [file("photo.png", "image/png", picture(900, 700, ImageFormat::Png)), product_type()];
    let uploaded: Value = upload(&shop, Some(&admin), &parts).await.json().await.unwrap();
    let form = json!({
        "name": "Pull Harmattan", "description": "Laine douce.", "price": 18_000, "category": "vetement",
        "subcategory": "pull", "colors": ["noir"], "sizes": ["M"], "stock": {"noir": {"M": 5}},
        "images": uploaded["data"]["urls"]
    });
    let created: Value =
        shop.send(Method::POST, "/api/products", Some(&admin), Some(&form)).await.json().await.unwrap();
    let product_id = created["data"]["id"].as_str().unwrap().to_owned();
    let (customer, _) = shop.register("awa@example.sn", "secret1").await;
    let order = json!({
        "items": [{"productId": product_id, "quantity": 2, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée",
                         "country": "Sénégal"},
        "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"
    });
    assert_eq!(shop.send(Method::POST, "/api/orders", Some(&customer), Some(&order)).await.status(), 201);
    let before = served(&shop, &admin, &customer, "pull-harmattan").await;
    assert_eq!(before.0.as_array().unwrap().len(), 1, "one order");
    assert_eq!(before.2["stock"]["noir"]["M"], 3, "five less the two ordered");
    assert_eq!(before.3.len(), 2);

    let backups = TempDir::new();
    let archive = backups.0.join("shop.tar");
    let printed = run("backup.sh", &[archive.to_str().unwrap()], &shop.database.url, shop.upload_dir());
    assert_eq!(printed.trim(), archive.to_str().unwrap());

    let fresh = FreshDatabase {
        server: bitik_postgres::testing::server_url(),
        name: format!("bitik_restore_{}", uuid::Uuid::new_v4().simple()),
    };
    let restored_uploads = TempDir::new();
    run("restore.sh", &[archive.to_str().unwrap()], &fresh.url(), &restored_uploads.0);
    // A second restore into the same, now full, database is refused and changes nothing.
    let again = std::process::Command::new(script("restore.sh"))
        .arg(&archive)
        .env("DATABASE_URL", fresh.url())
        .env("UPLOAD_DIR", &restored_uploads.0)
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds tables"));

    let restored =
        spawn_app_with(&[("DATABASE_URL", fresh.url().as_str()), ("UPLOAD_DIR", restored_uploads.0.to_str().unwrap())])
            .await;
    // Ready (migrations current, the catalogue's LISTEN connection up) within a few seconds.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while restored.get("/api/health/ready").await.status() != 200 {
        assert!(std::time::Instant::now() < deadline, "the restored shop never became ready");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // The same sessions still open (same secret, same accounts), the same answers.
    let after = served(&restored, &admin, &customer, "pull-harmattan").await;
    assert_eq!(after, before);
}
