//! The catalogue's routes: the JSON a shopper's browser receives, its 404s and 400s, and the
//! demo catalogue's seed.

use std::collections::BTreeMap;
use std::sync::Arc;

use bitik_catalog::{CatalogService, Product, ProductForm};
use bitik_demo::catalog::{SeedProduct, seed_products};
use bitik_postgres::PgProductRepository;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::helpers::{TempDir, TestApp, error_body, spawn_app, spawn_app_with};

fn catalog(app: &TestApp) -> CatalogService {
    CatalogService::new(Arc::new(PgProductRepository::new(app.database.database.clone())))
}

fn tee(name: &str) -> ProductForm {
    ProductForm {
        name: Some(name.to_owned()),
        short_description: Some("Le t-shirt du quotidien.".to_owned()),
        description: Some("Coton bio épais, coupe droite.".to_owned()),
        price: Some(9_500),
        category: Some("vetement".to_owned()),
        subcategory: Some("t-shirt".to_owned()),
        colors: vec!["noir".to_owned(), "blanc".to_owned()],
        sizes: vec!["XL".to_owned(), "S".to_owned(), "M".to_owned()],
        stock: BTreeMap::from([
            ("noir".to_owned(), BTreeMap::from([("S".to_owned(), 4), ("XL".to_owned(), 2)])),
            ("blanc".to_owned(), BTreeMap::from([("M".to_owned(), 1)])),
        ]),
        material: Some("100% coton bio".to_owned()),
        care_instructions: Some("Lavage à 30 °C".to_owned()),
        ..ProductForm::default()
    }
}

fn chain(name: &str) -> ProductForm {
    ProductForm {
        name: Some(name.to_owned()),
        description: Some("Maille cubaine en acier doré.".to_owned()),
        price: Some(15_000),
        promo_price: Some(11_000),
        on_promotion: true,
        category: Some("accessoire".to_owned()),
        subcategory: Some("chaine".to_owned()),
        colors: vec!["doré".to_owned()],
        stock: BTreeMap::from([("doré".to_owned(), BTreeMap::from([("unique".to_owned(), 3)]))]),
        images: vec!["/uploads/products/abc/800.jpg".to_owned()],
        featured: true,
        ..ProductForm::default()
    }
}

async fn add(app: &TestApp, form: ProductForm, days_ago: i64) -> Product {
    let product = catalog(app).create(form, Some(Utc::now() - Duration::days(days_ago))).await.unwrap();
    app.catalog_cache.changed();
    product
}

async fn json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

fn names(list: &Value) -> Vec<&str> {
    list["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_product_is_answered_with_every_field_the_storefront_uses() {
    let app = spawn_app().await;
    let created = add(&app, tee("T-shirt Teranga"), 2).await;

    let body = json(&app, "/api/products/t-shirt-teranga").await;
    let product = &body["data"];
    assert_eq!(product["id"], created.id.to_string());
    assert_eq!(product["name"], "T-shirt Teranga");
    assert_eq!(product["slug"], "t-shirt-teranga");
    assert_eq!(product["price"], 9500);
    assert_eq!(product["promoPrice"], Value::Null);
    assert_eq!(product["onPromotion"], false);
    assert_eq!(product["images"], json!(["/images/placeholder.jpg"]));
    assert_eq!(product["imageColors"], json!([null]), "the placeholder shows with every colour");
    assert_eq!(product["shortDescription"], "Le t-shirt du quotidien.");
    assert_eq!(product["description"], "Coton bio épais, coupe droite.");
    assert_eq!((product["category"].as_str(), product["subcategory"].as_str()), (Some("vetement"), Some("t-shirt")));
    assert_eq!(product["colors"], json!(["noir", "blanc"]));
    assert_eq!(product["sizes"], json!(["S", "M", "XL"]));
    assert_eq!(product["stock"], json!({"noir": {"S": 4, "M": 0, "XL": 2}, "blanc": {"S": 0, "M": 1, "XL": 0}}));
    assert_eq!(product["featured"], false);
    assert_eq!(product["material"], "100% coton bio");
    assert_eq!(product["careInstructions"], "Lavage à 30 °C");
    let created_at: chrono::DateTime<Utc> = product["createdAt"].as_str().unwrap().parse().unwrap();
    assert!((Utc::now() - created_at - Duration::days(2)).num_minutes().abs() < 5);
    let mut keys: Vec<&str> = product.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "careInstructions",
            "category",
            "colors",
            "createdAt",
            "description",
            "featured",
            "id",
            "imageColors",
            "images",
            "material",
            "name",
            "onPromotion",
            "price",
            "promoPrice",
            "shortDescription",
            "sizes",
            "slug",
            "stock",
            "subcategory",
        ]
    );

    // The same product by id; its stock keeps colours in the shop's order and sizes small to large.
    let raw = app.get(&format!("/api/products/{}", created.id)).await.text().await.unwrap();
    assert!(raw.contains(r#""stock":{"noir":{"S":4,"M":0,"XL":2},"blanc":{"S":0,"M":1,"XL":0}}"#), "{raw}");
}

#[tokio::test]
async fn an_accessory_has_the_unique_size_and_shows_its_promotion() {
    let app = spawn_app().await;
    add(&app, chain("Chaîne Cubaine Dorée"), 1).await;
    let product = json(&app, "/api/products/chaine-cubaine-doree").await["data"].clone();
    assert_eq!(product["sizes"], json!(["unique"]));
    assert_eq!(product["stock"], json!({"doré": {"unique": 3}}));
    assert_eq!((product["price"].as_i64(), product["promoPrice"].as_i64()), (Some(15_000), Some(11_000)));
    assert_eq!(product["onPromotion"], true);
    assert_eq!(product["images"], json!(["/uploads/products/abc/800.jpg"]));
}

#[tokio::test]
async fn the_listing_answers_a_page_and_its_pagination() {
    let app = spawn_app().await;
    for (i, name) in ["T-shirt Un", "T-shirt Deux", "T-shirt Trois"].into_iter().enumerate() {
        add(&app, tee(name), i as i64).await;
    }
    add(&app, chain("Chaîne Fine"), 10).await;

    let body = json(&app, "/api/products?limit=2&page=2").await;
    assert_eq!(names(&body), ["T-shirt Trois", "Chaîne Fine"]);
    assert_eq!(
        body["pagination"],
        json!({"page": 2, "limit": 2, "totalItems": 4, "totalPages": 2, "totalIsLowerBound": false})
    );

    let first = json(&app, "/api/products").await;
    assert_eq!(
        first["pagination"],
        json!({"page": 1, "limit": 12, "totalItems": 4, "totalPages": 1, "totalIsLowerBound": false})
    );

    let huge = json(&app, "/api/products?limit=5000").await;
    assert_eq!(huge["pagination"]["limit"], 100);
}

#[tokio::test]
async fn the_listing_reads_its_filters_and_ignores_unknown_parameters() {
    let app = spawn_app().await;
    add(&app, tee("T-shirt Teranga"), 1).await;
    add(&app, chain("Chaîne Cubaine Dorée"), 2).await;

    assert_eq!(names(&json(&app, "/api/products?search=chaine").await), ["Chaîne Cubaine Dorée"]);
    assert_eq!(names(&json(&app, "/api/products?search=tshirt").await), ["T-shirt Teranga"]);
    assert_eq!(names(&json(&app, "/api/products?category=accessoire&promotion=true").await), ["Chaîne Cubaine Dorée"]);
    assert_eq!(names(&json(&app, "/api/products?colors=blanc,rouge&sizes=M").await), ["T-shirt Teranga"]);
    assert_eq!(
        names(&json(&app, "/api/products?maxPrice=12000&sort=price-desc").await),
        ["Chaîne Cubaine Dorée", "T-shirt Teranga"]
    );
    assert_eq!(names(&json(&app, "/api/products?utm_source=whatsapp&fbclid=x&page=1").await).len(), 2);
    // Blank values, as forms send them, are no filter.
    assert_eq!(names(&json(&app, "/api/products?category=&search=&sort=").await).len(), 2);
}

#[tokio::test]
async fn malformed_parameters_answer_400_in_french_naming_the_parameter() {
    let app = spawn_app().await;
    let cases = [
        ("limit=abc", "limit", "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1."),
        ("limit=0", "limit", "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1."),
        ("page=-1", "page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1."),
        ("minPrice=abc", "minPrice", "Le prix minimum doit être un nombre entier de francs, positif ou nul."),
        ("sort=bogus", "sort", "Tri inconnu. Valeurs possibles : newest, price-asc, price-desc."),
        ("category=chaussures", "category", "Catégorie inconnue."),
        ("sizes=XXXXL", "sizes", "Taille inconnue : XXXXL."),
    ];
    for (query, field, message) in cases {
        let response = app.get(&format!("/api/products?{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        let body = error_body(response).await;
        assert_eq!(body["code"], "invalid_query", "{query}");
        assert_eq!(body["message"], message, "{query}");
        assert_eq!(body["fields"], json!({ field: message }), "{query}");
    }
    for path in ["/api/products/promotions?limit=abc", "/api/products/new-arrivals?limit=-3"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 400, "{path}");
        assert_eq!(error_body(response).await["code"], "invalid_query");
    }
}

#[tokio::test]
async fn missing_or_inactive_products_are_not_found() {
    let app = spawn_app().await;
    add(&app, ProductForm { active: Some(false), ..tee("T-shirt Retiré") }, 1).await;
    let inactive =
        catalog(&app).find_by_slug(&bitik_catalog::Slug::parse("t-shirt-retire").unwrap()).await.unwrap().unwrap();
    for path in [
        "/api/products/t-shirt-retire".to_owned(),
        format!("/api/products/{}", inactive.id),
        format!("/api/products/{}", uuid::Uuid::new_v4()),
        "/api/products/Pas%20un%20slug".to_owned(),
        format!("/api/products/{}/similar", uuid::Uuid::new_v4()),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
        let body = error_body(response).await;
        assert_eq!(body["code"], "product_not_found", "{path}");
        assert_eq!(body["message"], "Produit non trouvé", "{path}");
    }
    assert!(names(&json(&app, "/api/products").await).is_empty());
}

#[tokio::test]
async fn home_lists_and_similar_products() {
    let app = spawn_app().await;
    let teranga = add(&app, tee("T-shirt Teranga"), 3).await;
    add(&app, tee("T-shirt Ndakarou"), 2).await;
    add(&app, chain("Chaîne Cubaine"), 1).await;
    add(&app, chain("Chaîne Fine"), 40).await;

    assert_eq!(names(&json(&app, "/api/products/promotions").await), ["Chaîne Cubaine", "Chaîne Fine"]);
    assert_eq!(names(&json(&app, "/api/products/promotions?limit=1").await), ["Chaîne Cubaine"]);
    assert_eq!(
        names(&json(&app, "/api/products/new-arrivals").await),
        ["Chaîne Cubaine", "T-shirt Ndakarou", "T-shirt Teranga", "Chaîne Fine"]
    );
    assert_eq!(
        names(&json(&app, "/api/products?new=true").await),
        ["Chaîne Cubaine", "T-shirt Ndakarou", "T-shirt Teranga"]
    );
    let similar = json(&app, &format!("/api/products/{}/similar?limit=2", teranga.id)).await;
    assert_eq!(names(&similar), ["T-shirt Ndakarou", "Chaîne Cubaine"]);
    assert_eq!(names(&json(&app, "/api/products/t-shirt-teranga/similar").await).len(), 3);
}

#[tokio::test]
async fn the_openapi_document_describes_the_catalogue() {
    let app = spawn_app().await;
    let document = json(&app, "/api/openapi.json").await;
    for path in [
        "/products",
        "/products/promotions",
        "/products/new-arrivals",
        "/products/{idOrSlug}",
        "/products/{idOrSlug}/similar",
    ] {
        assert!(document["paths"][path]["get"].is_object(), "{path} is not documented");
    }
    assert!(document["components"]["schemas"]["ProductDto"]["properties"]["careInstructions"].is_object());
}

fn seed_entry(name: &str, subcategory: &str, colors: &[&str]) -> SeedProduct {
    let accessory = matches!(subcategory, "lunette" | "chaine");
    let sizes: Vec<String> = if accessory { vec!["unique".into()] } else { vec!["M".into(), "L".into()] };
    let stock =
        colors.iter().map(|color| (color.to_string(), sizes.iter().map(|size| (size.clone(), 2)).collect())).collect();
    SeedProduct {
        name: name.to_owned(),
        short_description: "Court.".to_owned(),
        description: "Long.".to_owned(),
        category: if accessory { "accessoire" } else { "vetement" }.to_owned(),
        subcategory: subcategory.to_owned(),
        price: 10_000,
        promo_price: None,
        on_promotion: false,
        featured: false,
        material: String::new(),
        care_instructions: String::new(),
        colors: colors.iter().map(|c| c.to_string()).collect(),
        sizes,
        stock,
        days_ago: 12,
    }
}

#[tokio::test]
async fn seeding_draws_pictures_once_and_running_again_changes_nothing() {
    let uploads = TempDir::new();
    let app = spawn_app_with(&[("UPLOAD_DIR", &uploads.0.display().to_string())]).await;
    let entries = vec![
        seed_entry("Pull Harmattan", "pull", &["noir", "gris", "bleu", "rouge"]),
        seed_entry("Lunettes Ronde", "lunette", &["noir"]),
    ];

    let pictures = bitik_storage::ObjectPictures::local(&uploads.0).unwrap();
    let first = seed_products(&catalog(&app), &pictures, entries.clone()).await.unwrap();
    assert_eq!((first.created, first.skipped, first.images), (2, 0, 4), "three colours of four drawn, and one");
    let pull = json(&app, "/api/products/pull-harmattan").await["data"].clone();
    let images: Vec<&str> = pull["images"].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
    assert_eq!(images.len(), 3);
    for url in &images {
        assert!(url.starts_with("/uploads/products/") && url.ends_with("/800.jpg"), "{url}");
        let picture = app.get(url).await;
        assert_eq!(picture.status(), 200, "{url}");
        assert_eq!(picture.headers()["content-type"], "image/jpeg");
    }
    let created_at: chrono::DateTime<Utc> = pull["createdAt"].as_str().unwrap().parse().unwrap();
    assert_eq!((Utc::now() - created_at).num_days(), 12);

    let files_before = count_files(&uploads.0);
    let again = seed_products(&catalog(&app), &pictures, entries).await.unwrap();
    assert_eq!((again.created, again.skipped, again.images), (0, 2, 0));
    assert_eq!(count_files(&uploads.0), files_before, "no new pictures");
    assert_eq!(json(&app, "/api/products").await["pagination"]["totalItems"], 2);
}

fn count_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|entry| if entry.path().is_dir() { count_files(&entry.path()) } else { 1 })
        .sum()
}
