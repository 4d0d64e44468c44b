//! Writing the catalogue: guards, the form's rules, stock, removal.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{error_body, spawn_app};

fn form() -> Value {
    json!({
        "name": "T-shirt Ndar", "description": "Coton épais.", "price": 12_000, "category": "vetement",
        "subcategory": "t-shirt", "colors": [" Noir", "blanc "], "sizes": ["M", "L"],
        "stock": {"noir": {"M": 3, "L": 2}, "blanc": {"M": 1}}
    })
}

#[tokio::test]
async fn only_admins_write_the_catalogue() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let routes = [
        (Method::POST, "/api/products".to_owned(), Some(form())),
        (Method::PUT, format!("/api/products/{id}"), Some(form())),
        (Method::PUT, format!("/api/products/{id}/stock"), Some(json!({"stock": {"noir": {"M": 0}}}))),
        (Method::DELETE, format!("/api/products/{id}"), None),
    ];
    for (method, path, body) in &routes {
        assert_eq!(app.send(method.clone(), path, None, body.as_ref()).await.status(), 401, "{method} {path}");
        assert_eq!(
            app.send(method.clone(), path, Some(&customer), body.as_ref()).await.status(),
            403,
            "{method} {path}"
        );
    }
    let product: Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    assert_eq!(product["data"]["stock"]["noir"]["M"], 5, "nothing changed");
}

#[tokio::test]
async fn a_created_product_is_in_the_shop_with_its_slug_and_stock() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let response = app.send(Method::POST, "/api/products", Some(&admin), Some(&form())).await;
    assert_eq!(response.status(), 201);
    let created = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(created["slug"], "t-shirt-ndar");
    assert_eq!(created["colors"], json!(["noir", "blanc"]));
    assert_eq!(created["stock"]["blanc"]["L"], 0, "the grid is complete");
    let again =
        app.send(Method::POST, "/api/products", Some(&admin), Some(&form())).await.json::<Value>().await.unwrap();
    assert_eq!(again["data"]["slug"], "t-shirt-ndar-2", "slugs stay unique");
    let shop: Value = app.get("/api/products/t-shirt-ndar").await.json().await.unwrap();
    assert_eq!(shop["data"]["price"], 12_000);
}

#[tokio::test]
async fn the_product_form_rules_speak_the_seeds_french() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let post = |body: Value| {
        let (app, admin) = (&app, &admin);
        async move { error_body(app.send(Method::POST, "/api/products", Some(admin), Some(&body)).await).await }
    };
    let empty = post(json!({})).await;
    assert!(empty["message"].as_str().unwrap().starts_with("Champs requis manquants: "), "{empty}");
    let mut promo = form();
    promo["onPromotion"] = json!(true);
    promo["promoPrice"] = json!(12_000);
    assert_eq!(post(promo).await["message"], "Le prix promotionnel doit être inférieur au prix normal");
    let mut no_colour = form();
    no_colour["colors"] = json!([]);
    no_colour["stock"] = json!({});
    assert_eq!(post(no_colour).await["message"], "Au moins une couleur est requise");
    let mut no_size = form();
    no_size["sizes"] = json!([]);
    no_size["stock"] = json!({});
    assert_eq!(post(no_size).await["message"], "Les tailles sont requises pour les vêtements");
}

#[tokio::test]
async fn stock_set_to_zero_shows_the_product_sold_out_and_negative_stock_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let path = format!("/api/products/{id}/stock");
    let negative = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"noir": {"M": -1}}}))).await;
    assert_eq!(negative.status(), 400);
    assert_eq!(error_body(negative).await["message"], "Le stock doit être un nombre entier positif ou nul.");
    let foreign = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"violet": {"M": 1}}}))).await;
    assert_eq!(foreign.status(), 400);
    let zero = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"noir": {"M": 0}}}))).await;
    assert_eq!(zero.status(), 200);
    let shop: Value = app.get(&format!("/api/products/{id}")).await.json().await.unwrap();
    assert_eq!(shop["data"]["stock"]["noir"]["M"], 0);
    let in_stock: Value = app.get("/api/products?sizes=M").await.json().await.unwrap();
    assert_eq!(in_stock["pagination"]["totalItems"], 0, "no longer listed as available in M");
}

#[tokio::test]
async fn an_ordered_product_is_deactivated_instead_of_deleted() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let never = app.product("T-shirt Jamais", 10_000, None, &[("noir", "M", 5)]).await;
    let ordered = app.product("T-shirt Vendu", 10_000, None, &[("noir", "M", 5)]).await;
    let order = json!({
        "items": [{"productId": ordered, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67", "address": "Unité 15", "city": "Dakar"},
        "paymentMethod": "cash_on_delivery",
    });
    assert_eq!(app.send(Method::POST, "/api/orders", Some(&customer), Some(&order)).await.status(), 201);
    let deleted: Value =
        app.send(Method::DELETE, &format!("/api/products/{never}"), Some(&admin), None).await.json().await.unwrap();
    assert_eq!(
        (deleted["data"]["deleted"].as_bool(), deleted["data"]["message"].as_str()),
        (Some(true), Some("Produit supprimé avec succès"))
    );
    let kept: Value =
        app.send(Method::DELETE, &format!("/api/products/{ordered}"), Some(&admin), None).await.json().await.unwrap();
    assert_eq!(kept["data"]["deactivated"], true);
    assert_eq!(app.get(&format!("/api/products/{ordered}")).await.status(), 404, "hidden from shoppers");
    let orders: Value = app.send(Method::GET, "/api/orders", Some(&customer), None).await.json().await.unwrap();
    assert_eq!(orders["data"][0]["items"][0]["name"], "T-shirt Vendu", "the order keeps its line");
    assert_eq!(app.send(Method::DELETE, &format!("/api/products/{never}"), Some(&admin), None).await.status(), 404);
}
