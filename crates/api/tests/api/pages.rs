//! What crawlers without JavaScript get: share cards, the sitemap, robots; and the newsletter
//! export.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{TempDir, spawn_app, spawn_app_with};

/// A built storefront reduced to the tags the server replaces and one it must keep.
fn storefront() -> TempDir {
    let dir = TempDir::new();
    let index = "<!doctype html><html lang=\"fr\"><head>\n<meta charset=\"UTF-8\" />\n<title>Bitik Dakar — Mode urbaine à Dakar</title>\n\
        <meta name=\"description\" content=\"Défaut\" />\n<meta property=\"og:image\" content=\"/images/og-default.jpg\" />\n\
        <script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\n</head><body><div id=\"root\"></div></body></html>";
    std::fs::write(dir.0.join("index.html"), index).unwrap();
    dir
}

#[tokio::test]
async fn a_product_link_carries_its_title_image_and_offer_without_javascript() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap()), ("PUBLIC_URL", "https://bitik.sn")]).await;
    app.product("Chaîne Cubaine Dorée", 25_000, Some(21_000), &[("doré", "M", 2)]).await;
    let response = app.get("/product/chaine-cubaine-doree").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = response.text().await.unwrap();
    assert!(html.contains("<title>Chaîne Cubaine Dorée | Bitik Dakar</title>"), "{html}");
    assert!(
        html.contains("<meta property=\"og:image\" content=\"https://bitik.sn/images/placeholder.jpg\" />"),
        "{html}"
    );
    assert!(html.contains("<link rel=\"canonical\" href=\"https://bitik.sn/product/chaine-cubaine-doree\" />"));
    assert!(html.contains("\"priceCurrency\":\"XOF\"") && html.contains("\"price\":21000"));
    assert!(html.contains("https://schema.org/InStock"));
    assert!(html.contains("src=\"/assets/index-abc.js\""), "the app still loads");
    assert!(!html.contains("Défaut"));
    let missing = app.get("/product/nothing-here").await.text().await.unwrap();
    assert!(missing.contains("<title>Produit non trouvé | Bitik Dakar</title>"));
}

#[tokio::test]
async fn the_sitemap_lists_pages_categories_and_active_products_and_robots_names_it() {
    let app = spawn_app_with(&[("PUBLIC_URL", "https://bitik.sn")]).await;
    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 2)]).await;
    app.product("Pull Caché", 20_000, None, &[("noir", "M", 2)]).await;
    app.sql("UPDATE products SET active = false WHERE slug = 'pull-cache'").await;
    let sitemap = app.get("/sitemap.xml").await;
    assert!(sitemap.headers()["content-type"].to_str().unwrap().starts_with("application/xml"));
    let xml = sitemap.text().await.unwrap();
    for path in [
        "/",
        "/products",
        "/category/vetement/t-shirt",
        "/category/accessoire/chaine",
        "/product/t-shirt-teranga",
        "/about",
        "/terms",
    ] {
        assert!(xml.contains(&format!("<loc>https://bitik.sn{path}</loc>")), "{path} missing from {xml}");
    }
    assert!(!xml.contains("pull-cache"), "inactive products stay out");
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    for rule in [
        "Disallow: /admin",
        "Disallow: /account",
        "Disallow: /checkout",
        "Disallow: /api/",
        "Sitemap: https://bitik.sn/sitemap.xml",
    ] {
        assert!(robots.contains(rule), "{rule}");
    }
}

#[tokio::test]
async fn only_admins_download_the_newsletter() {
    let app = spawn_app().await;
    for email in ["awa@example.sn", "moussa@example.sn", "awa@example.sn"] {
        app.post_json("/api/newsletter", &json!({ "email": email })).await;
    }
    assert_eq!(app.get("/api/admin/newsletter.csv").await.status(), 401);
    let (customer, _) = app.register("client@example.sn", "secret1").await;
    assert_eq!(app.send(Method::GET, "/api/admin/newsletter.csv", Some(&customer), None).await.status(), 403);
    let admin = app.admin_token().await;
    let response = app.send(Method::GET, "/api/admin/newsletter.csv", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = response.text().await.unwrap();
    let emails: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(csv.lines().next(), Some("email,subscribedAt"));
    assert_eq!(emails, ["awa@example.sn", "moussa@example.sn"]);
}
