//! The customer's cart: prices from the catalogue, stock limits, ownership, guest merge.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

async fn cart(app: &TestApp, token: &str) -> Value {
    let response = app.send(Method::GET, "/api/cart", Some(token), None).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn add(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.send(Method::POST, "/api/cart/add", Some(token), Some(&body)).await
}

#[tokio::test]
async fn the_cart_needs_a_logged_in_customer() {
    let app = spawn_app().await;
    assert_eq!(app.get("/api/cart").await.status(), 401);
    // One national fee is gone: fees are the delivery zones' (`GET /api/delivery/zones`).
    assert_eq!(app.get("/api/cart/shipping-info").await.status(), 404);
}

#[tokio::test]
async fn lines_add_up_and_prices_come_from_the_catalogue_not_the_client() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, Some(8_000), &[("noir", "M", 5)]).await;
    let first =
        add(&app, &token, json!({"productId": tee, "quantity": 1, "size": "M", "color": "noir", "price": 1})).await;
    assert_eq!(first.status(), 200);
    let response =
        add(&app, &token, json!({"productId": tee, "quantity": 2, "size": "M", "color": "Noir", "promoPrice": 5}))
            .await;
    let cart: Value = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cart["items"].as_array().unwrap().len(), 1);
    let item = &cart["items"][0];
    assert_eq!(
        (item["quantity"].as_i64(), item["price"].as_i64(), item["promoPrice"].as_i64()),
        (Some(3), Some(10_000), Some(8_000))
    );
    assert_eq!(item["stock"], 5);
    assert_eq!(cart["subtotal"], 24_000);
    assert_eq!(cart["itemCount"], 3);
}

#[tokio::test]
async fn every_bad_add_gets_its_french_message_and_writes_nothing() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let cases = [
        (json!({"size": "M", "color": "noir"}), 400, "ID de produit invalide"),
        (json!({"productId": "abc", "size": "M", "color": "noir"}), 400, "ID de produit invalide"),
        (json!({"productId": 42, "size": "M", "color": "noir"}), 400, "ID de produit invalide"),
        (json!({"productId": tee, "color": "noir"}), 400, "Veuillez sélectionner une taille et une couleur"),
        (json!({"productId": tee, "size": "M"}), 400, "Veuillez sélectionner une taille et une couleur"),
        (
            json!({"productId": "00000000-0000-0000-0000-000000000009", "size": "M", "color": "noir"}),
            404,
            "Produit non trouvé",
        ),
        (
            json!({"productId": tee, "quantity": 0, "size": "M", "color": "noir"}),
            400,
            "La quantité doit être au moins de 1",
        ),
        (
            json!({"productId": tee, "quantity": -1, "size": "M", "color": "noir"}),
            400,
            "La quantité doit être au moins de 1",
        ),
        (
            json!({"productId": tee, "quantity": 1.5, "size": "M", "color": "noir"}),
            400,
            "La quantité doit être un nombre entier",
        ),
        (
            json!({"productId": tee, "quantity": "2", "size": "M", "color": "noir"}),
            400,
            "La quantité doit être un nombre entier",
        ),
        (
            json!({"productId": tee, "quantity": 2_147_483_648_i64, "size": "M", "color": "noir"}),
            409,
            "Stock insuffisant. Seulement 3 disponible(s).",
        ),
        (
            // An integer to JSON Schema (and the document), only too large.
            json!({"productId": tee, "quantity": 1e30, "size": "M", "color": "noir"}),
            409,
            "Stock insuffisant. Seulement 3 disponible(s).",
        ),
        (
            json!({"productId": tee, "quantity": 4, "size": "M", "color": "noir"}),
            409,
            "Stock insuffisant. Seulement 3 disponible(s).",
        ),
        (
            json!({"productId": tee, "size": "XL", "color": "noir"}),
            400,
            "Cette taille ou cette couleur n'existe pas pour ce produit",
        ),
    ];
    for (body, status, message) in cases {
        let response = add(&app, &token, body.clone()).await;
        assert_eq!(response.status().as_u16(), status, "{body}");
        assert_eq!(error_body(response).await["message"], message, "{body}");
    }
    assert_eq!(cart(&app, &token).await["items"], json!([]));
    // The cart already holds 2: 2 more pass the 3 in stock.
    assert_eq!(
        add(&app, &token, json!({"productId": tee, "quantity": 2, "size": "M", "color": "noir"})).await.status(),
        200
    );
    let over = add(&app, &token, json!({"productId": tee, "quantity": 2, "size": "M", "color": "noir"})).await;
    assert_eq!(over.status(), 409, "the stock, not the request, stands in the way");
    assert_eq!(error_body(over).await["code"], "insufficient_stock");
    assert_eq!(cart(&app, &token).await["itemCount"], 2);
}

#[tokio::test]
async fn quantities_change_within_one_and_the_stock() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let body: Value =
        add(&app, &token, json!({"productId": tee, "size": "M", "color": "noir"})).await.json().await.unwrap();
    let path = format!("/api/cart/items/{}", body["data"]["items"][0]["id"].as_str().unwrap());
    for (quantity, status, code, message) in [
        (json!(0), 400, "invalid_quantity", "La quantité doit être au moins de 1"),
        (json!(-1), 400, "invalid_quantity", "La quantité doit être au moins de 1"),
        (json!(1.5), 400, "invalid_quantity", "La quantité doit être un nombre entier"),
        (json!(9), 409, "insufficient_stock", "Stock insuffisant. Seulement 3 disponible(s)."),
    ] {
        let response = app.send(Method::PUT, &path, Some(&token), Some(&json!({"quantity": quantity}))).await;
        assert_eq!(response.status().as_u16(), status, "{quantity}");
        let body = error_body(response).await;
        assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some(code), Some(message)), "{quantity}");
    }
    let response = app.send(Method::PUT, &path, Some(&token), Some(&json!({"quantity": 3}))).await;
    assert_eq!(response.status(), 200);
    assert_eq!(cart(&app, &token).await["items"][0]["quantity"], 3);
    assert_eq!(app.send(Method::DELETE, &path, Some(&token), None).await.status(), 200);
    assert_eq!(cart(&app, &token).await["items"], json!([]));
}

#[tokio::test]
async fn another_customers_line_is_not_found_and_untouched() {
    let app = spawn_app().await;
    let (awa, _) = app.register("awa@example.sn", "secret1").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let body: Value =
        add(&app, &awa, json!({"productId": tee, "size": "M", "color": "noir"})).await.json().await.unwrap();
    let path = format!("/api/cart/items/{}", body["data"]["items"][0]["id"].as_str().unwrap());
    let update = app.send(Method::PUT, &path, Some(&moussa), Some(&json!({"quantity": 2}))).await;
    assert_eq!(update.status(), 404);
    assert_eq!(error_body(update).await["code"], "cart_item_not_found");
    assert_eq!(app.send(Method::DELETE, &path, Some(&moussa), None).await.status(), 404);
    assert_eq!(app.send(Method::DELETE, "/api/cart/clear", Some(&moussa), None).await.status(), 200);
    assert_eq!(cart(&app, &awa).await["items"][0]["quantity"], 1);
    assert_eq!(cart(&app, &moussa).await["items"], json!([]));
    assert_eq!(app.send(Method::DELETE, "/api/cart/clear", Some(&awa), None).await.status(), 200);
    assert_eq!(cart(&app, &awa).await["items"], json!([]));
}

#[tokio::test]
async fn a_guest_cart_merges_on_login_capped_at_stock() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3), ("blanc", "L", 2)]).await;
    add(&app, &token, json!({"productId": tee, "quantity": 2, "size": "M", "color": "noir"})).await;
    let guest = json!({"items": [
        {"productId": tee, "quantity": 2, "size": "M", "color": "noir"},
        {"productId": tee, "quantity": 1, "size": "L", "color": "blanc"},
        {"productId": "00000000-0000-0000-0000-000000000009", "quantity": 1, "size": "M", "color": "noir"},
    ]});
    let response = app.send(Method::POST, "/api/cart/merge", Some(&token), Some(&guest)).await;
    assert_eq!(response.status(), 200);
    let merged: Value = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!((merged["merged"].as_i64(), merged["capped"].as_i64()), (Some(2), Some(1)));
    assert_eq!(merged["dropped"][0]["reason"], "Ce produit n'est plus disponible");
    assert_eq!(merged["cart"]["itemCount"], 4, "3 black M (capped) + 1 white L");
}
