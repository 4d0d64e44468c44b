//! Checkout and orders: server prices, stock, ownership, cancellation, idempotency.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

fn shipping() -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
           "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée",
           "country": "Sénégal"})
}

fn checkout(product: &str, quantity: i64) -> Value {
    json!({"items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
           "shippingInfo": shipping(), "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
}

async fn place(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, "/api/orders", Some(token), Some(body)).await
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

#[tokio::test]
async fn the_server_prices_the_order_whatever_the_client_claims() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, Some(12_000), &[("noir", "M", 5)]).await;
    let mut body = checkout(&tee, 2);
    body["items"][0]["price"] = json!(1);
    body["subtotal"] = json!(2);
    body["total"] = json!(3);
    body["shippingCost"] = json!(0);
    body["orderNumber"] = json!("ORD-0000000001");
    body["status"] = json!("delivered");
    body["paymentInfo"] = json!({"status": "paid"});
    let response = place(&app, &token, &body).await;
    assert_eq!(response.status(), 201);
    let order = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(order["items"][0]["price"], 12_000);
    assert_eq!(
        (order["subtotal"].as_i64(), order["shippingCost"].as_i64(), order["total"].as_i64()),
        (Some(24_000), Some(1_500), Some(25_500)),
        "delivered to Médina: Dakar ville's fee"
    );
    assert_ne!(order["orderNumber"], "ORD-0000000001");
    assert!(order["orderNumber"].as_str().unwrap().starts_with("ORD-"));
    assert_eq!(order["status"], "pending");
    assert_eq!(order["paymentInfo"]["status"], "pending");
    assert_eq!(order["statusHistory"][0]["by"], "Client");
    assert_eq!(order["cancellable"], true);
    assert_eq!(stock_of(&app, &tee).await, 3);
}

#[tokio::test]
async fn placing_an_order_empties_the_server_cart_and_paypal_means_cash_on_delivery() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 30_000, None, &[("noir", "M", 5)]).await;
    let add = json!({"productId": tee, "quantity": 2, "size": "M", "color": "noir"});
    app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add)).await;
    let mut body = checkout(&tee, 2);
    body["paymentMethod"] = json!("paypal");
    let order = place(&app, &token, &body).await.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(order["paymentMethod"], "cash_on_delivery");
    assert_eq!(order["shippingCost"], 0, "free standard delivery from 50 000 FCFA");
    let cart: Value = app.send(Method::GET, "/api/cart", Some(&token), None).await.json().await.unwrap();
    assert_eq!(cart["data"]["items"], json!([]));
}

#[tokio::test]
async fn the_checkout_form_and_empty_orders_are_refused_in_french() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let mut empty = checkout(&tee, 1);
    empty["items"] = json!([]);
    let response = place(&app, &token, &empty).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["message"], "Votre panier est vide. Impossible de créer une commande.");
    let mut missing = checkout(&tee, 1);
    missing["shippingInfo"]["address"] = json!("");
    let body = error_body(place(&app, &token, &missing).await).await;
    assert_eq!(body["message"], "Veuillez remplir tous les champs obligatoires");
    assert_eq!(body["fields"]["address"], "Ce champ est requis");
    let mut phone = checkout(&tee, 1);
    phone["shippingInfo"]["phone"] = json!("77 12");
    assert_eq!(
        error_body(place(&app, &token, &phone).await).await["message"],
        "Veuillez entrer un numéro de téléphone valide"
    );
    let mut no_payment = checkout(&tee, 1);
    no_payment["paymentMethod"] = json!(null);
    assert_eq!(
        error_body(place(&app, &token, &no_payment).await).await["message"],
        "Veuillez sélectionner une méthode de paiement"
    );
    assert_eq!(stock_of(&app, &tee).await, 5, "nothing taken");
}

#[tokio::test]
async fn more_than_the_stock_is_refused_with_409_naming_the_product() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 2)]).await;
    let mut body = checkout(&tee, 2);
    body["items"] = json!([
        {"productId": tee, "quantity": 2, "size": "M", "color": "noir"},
        {"productId": tee, "quantity": 1, "size": "M", "color": "noir"},
    ]);
    let response = place(&app, &token, &body).await;
    assert_eq!(response.status(), 409);
    assert_eq!(
        error_body(response).await["message"],
        "Stock insuffisant pour T-shirt Teranga (noir, M). Seulement 2 disponible(s)."
    );
    assert_eq!(stock_of(&app, &tee).await, 2);
}

#[tokio::test]
async fn another_customers_order_is_not_found() {
    let app = spawn_app().await;
    let (awa, _) = app.register("awa@example.sn", "secret1").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &awa, &checkout(&tee, 1)).await.json::<Value>().await.unwrap()["data"].clone();
    let path = format!("/api/orders/{}", order["id"].as_str().unwrap());
    assert_eq!(app.send(Method::GET, &path, Some(&awa), None).await.status(), 200);
    let theirs = app.send(Method::GET, &path, Some(&moussa), None).await;
    assert_eq!(theirs.status(), 404);
    assert_eq!(error_body(theirs).await["message"], "Commande introuvable");
    assert_eq!(app.send(Method::POST, &format!("{path}/cancel"), Some(&moussa), None).await.status(), 404);
    let list: Value = app.send(Method::GET, "/api/orders", Some(&moussa), None).await.json().await.unwrap();
    assert_eq!(list["data"], json!([]));
    let mine: Value = app.send(Method::GET, "/api/orders?page=1&limit=5", Some(&awa), None).await.json().await.unwrap();
    assert_eq!(mine["pagination"]["totalItems"], 1);
    assert_eq!(app.send(Method::GET, "/api/orders?page=0", Some(&awa), None).await.status(), 400);
}

#[tokio::test]
async fn cancelling_twice_returns_the_stock_once() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &checkout(&tee, 3)).await.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(stock_of(&app, &tee).await, 2);
    let path = format!("/api/orders/{}/cancel", order["id"].as_str().unwrap());
    let first = app.send(Method::POST, &path, Some(&token), None).await;
    assert_eq!(first.status(), 200);
    let cancelled = first.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["statusHistory"].as_array().unwrap().len(), 2);
    assert_eq!(cancelled["cancellable"], false);
    let second = app.send(Method::POST, &path, Some(&token), None).await;
    assert_eq!(second.status(), 409);
    assert_eq!(error_body(second).await["message"], "Cette commande ne peut plus être annulée.");
    assert_eq!(stock_of(&app, &tee).await, 5);
}

#[tokio::test]
async fn the_same_idempotency_key_answers_the_first_order() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let send = || {
        app.client
            .post(app.url("/api/orders"))
            .bearer_auth(&token)
            .header("Idempotency-Key", "checkout-42")
            .json(&checkout(&tee, 1))
            .send()
    };
    let (first, second) = tokio::join!(send(), send());
    let first: Value = first.unwrap().json().await.unwrap();
    let second: Value = second.unwrap().json().await.unwrap();
    assert_eq!(first["data"]["id"], second["data"]["id"]);
    let again: Value = send().await.unwrap().json().await.unwrap();
    assert_eq!(again["data"]["orderNumber"], first["data"]["orderNumber"]);
    assert_eq!(stock_of(&app, &tee).await, 4, "one order, one unit");
}

/// The customer's cart as (colour, size, quantity), in its order.
async fn cart_lines(app: &TestApp, token: &str) -> Vec<(String, String, i64)> {
    let cart: Value = app.send(Method::GET, "/api/cart", Some(token), None).await.json().await.unwrap();
    let line = |item: &Value| {
        let text = |key: &str| item[key].as_str().unwrap().to_owned();
        (text("color"), text("size"), item["quantity"].as_i64().unwrap())
    };
    cart["data"]["items"].as_array().unwrap().iter().map(line).collect()
}

#[tokio::test]
async fn only_the_units_ordered_leave_the_cart_and_a_replayed_checkout_takes_nothing_more() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5), ("blanc", "L", 2)]).await;
    for (color, size, quantity) in [("noir", "M", 3), ("blanc", "L", 1)] {
        let add = json!({"productId": tee, "quantity": quantity, "size": size, "color": color});
        assert_eq!(app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add)).await.status(), 200);
    }
    // Another tab added the white L after this checkout was filled in: only black M is ordered.
    let send = || {
        app.client
            .post(app.url("/api/orders"))
            .bearer_auth(&token)
            .header("Idempotency-Key", "checkout-7")
            .json(&checkout(&tee, 2))
            .send()
    };
    let first = send().await.unwrap();
    assert_eq!(first.status(), 201);
    let expected = vec![("noir".to_owned(), "M".to_owned(), 1), ("blanc".to_owned(), "L".to_owned(), 1)];
    assert_eq!(cart_lines(&app, &token).await, expected, "black M down by the 2 ordered, white L kept");
    let replay: Value = send().await.unwrap().json().await.unwrap();
    assert_eq!(replay["data"]["items"][0]["quantity"], 2, "the first order, answered again");
    assert_eq!(cart_lines(&app, &token).await, expected, "nothing left the cart a second time");
    assert_eq!(stock_of(&app, &tee).await, 3);
}

#[tokio::test]
async fn an_order_stored_in_a_shape_the_shop_cannot_read_answers_500_not_503() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order: Value = place(&app, &token, &checkout(&tee, 1)).await.json().await.unwrap();
    let id = order["data"]["id"].as_str().unwrap().to_owned();
    // A status this version does not know, as a newer one would write before being rolled back.
    app.sql("ALTER TABLE orders DROP CONSTRAINT orders_status_check").await;
    app.sql(&format!("UPDATE orders SET status = 'lost' WHERE id = '{id}'")).await;
    for path in [format!("/api/orders/{id}"), "/api/orders".to_owned()] {
        let response = app.send(Method::GET, &path, Some(&token), None).await;
        assert_eq!(response.status(), 500, "{path}");
        assert!(response.headers().get("retry-after").is_none(), "{path}: a bug, not an outage to wait out");
        let body = error_body(response).await;
        assert_eq!(body["code"], "internal_error", "{path}");
        assert_eq!(body["message"], "Erreur serveur. Veuillez réessayer plus tard.", "{path}");
    }
}
