//! Caps that keep one account from holding the shop: orders awaiting payment per account and
//! per phone, units per line, prices, and the address book.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

const LINE_LIMIT: &str =
    "Vous ne pouvez pas prendre plus de 10 exemplaires d'un même article (même taille, même couleur).";
const ACCOUNT_FULL: &str =
    "Vous avez déjà 3 commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle.";
const PHONE_FULL: &str = "Ce numéro de téléphone a déjà 3 commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle.";

fn checkout(product: &str, quantity: i64, phone: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
           "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": phone,
                            "address": "Unité 15, villa 210", "city": "Dakar"},
           "shippingMethod": "pickup", "paymentMethod": "cash_on_delivery"})
}

async fn place(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, "/api/orders", Some(token), Some(body)).await
}

async fn placed(app: &TestApp, token: &str, body: &Value) -> String {
    let response = place(app, token, body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned()
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    // An order's units are taken in PostgreSQL; the storefront's cache hears of it a moment
    // later (its notification), which this read must not race.
    app.catalog_cache.changed();
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

async fn order_count(app: &TestApp, token: &str) -> i64 {
    let body: Value = app.send(Method::GET, "/api/orders", Some(token), None).await.json().await.unwrap();
    body["pagination"]["totalItems"].as_i64().unwrap()
}

#[tokio::test]
async fn a_fourth_order_awaiting_payment_is_refused_until_one_is_paid_or_cancelled() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    let mut ids = Vec::new();
    for phone in ["77 000 00 01", "77 000 00 02", "77 000 00 03"] {
        ids.push(placed(&app, &token, &checkout(&tee, 1, phone)).await);
    }
    let fourth = place(&app, &token, &checkout(&tee, 1, "77 000 00 04")).await;
    assert_eq!(fourth.status(), 409);
    let error = error_body(fourth).await;
    assert_eq!((&error["code"], &error["message"]), (&json!("too_many_open_orders"), &json!(ACCOUNT_FULL)));
    assert_eq!((stock_of(&app, &tee).await, order_count(&app, &token).await), (37, 3), "nothing taken");

    // Delivered and paid at the door: it no longer waits for its money.
    crate::refunds::deliver_cash_order(&app, &admin, &ids[0]).await;
    let paid = app.send(Method::PUT, &format!("/api/admin/orders/{}/payment", ids[0]), Some(&admin), None).await;
    assert_eq!(paid.status(), 200);
    placed(&app, &token, &checkout(&tee, 1, "77 000 00 04")).await;
    assert_eq!(place(&app, &token, &checkout(&tee, 1, "77 000 00 05")).await.status(), 409);
    // Cancelled by the customer: its place is free again.
    let cancel = app.send(Method::POST, &format!("/api/orders/{}/cancel", ids[1]), Some(&token), None).await;
    assert_eq!(cancel.status(), 200);
    placed(&app, &token, &checkout(&tee, 1, "77 000 00 05")).await;
}

#[tokio::test]
async fn a_phone_awaiting_payment_for_three_orders_takes_no_fourth_from_another_account() {
    let app = spawn_app().await;
    let (awa, _) = app.register("awa@example.sn", "secret1").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    for _ in 0..3 {
        placed(&app, &awa, &checkout(&tee, 1, "77 123 45 67")).await;
    }
    // The same number however it is written.
    let refused = place(&app, &moussa, &checkout(&tee, 1, "+221 77 123 45 67")).await;
    assert_eq!(refused.status(), 409);
    let error = error_body(refused).await;
    assert_eq!((&error["code"], &error["message"]), (&json!("too_many_open_orders"), &json!(PHONE_FULL)));
    assert_eq!(error["fields"]["phone"], PHONE_FULL, "the checkout form shows it by the phone");
    placed(&app, &moussa, &checkout(&tee, 1, "78 123 45 67")).await;
}

#[tokio::test]
async fn parallel_checkouts_at_two_orders_awaiting_payment_let_one_through() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    for _ in 0..2 {
        placed(&app, &token, &checkout(&tee, 1, "77 123 45 67")).await;
    }
    let racers: Vec<_> = (0..6)
        .map(|n| {
            let body = checkout(&tee, 1, &format!("77 000 00 1{n}"));
            let request = app.client.post(app.url("/api/orders")).bearer_auth(&token).json(&body);
            tokio::spawn(async move { request.send().await.unwrap().status().as_u16() })
        })
        .collect();
    let mut statuses = Vec::new();
    for racer in racers {
        statuses.push(racer.await.unwrap());
    }
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409, 409, 409, 409, 409]);
    assert_eq!((order_count(&app, &token).await, stock_of(&app, &tee).await), (3, 37));
}

#[tokio::test]
async fn a_cart_line_and_an_order_line_hold_ten_units_at_most() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    let add = |quantity: i64| json!({"productId": tee, "quantity": quantity, "size": "M", "color": "noir"});
    let refused = |response: reqwest::Response| async move {
        assert_eq!(response.status(), 409);
        let error = error_body(response).await;
        assert_eq!((&error["code"], &error["message"]), (&json!("quantity_limit"), &json!(LINE_LIMIT)));
        assert_eq!(error["fields"]["quantity"], LINE_LIMIT);
    };
    refused(app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add(11))).await).await;
    assert_eq!(app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add(9))).await.status(), 200);
    refused(app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add(2))).await).await;
    let cart: Value = app.send(Method::POST, "/api/cart/add", Some(&token), Some(&add(1))).await.json().await.unwrap();
    assert_eq!(cart["data"]["items"][0]["quantity"], 10);
    let line = cart["data"]["items"][0]["id"].as_str().unwrap().to_owned();
    let path = format!("/api/cart/items/{line}");
    refused(app.send(Method::PUT, &path, Some(&token), Some(&json!({"quantity": 11}))).await).await;
    let cart: Value = app.send(Method::GET, "/api/cart", Some(&token), None).await.json().await.unwrap();
    assert_eq!(cart["data"]["items"][0]["quantity"], 10, "nothing changed");

    refused(place(&app, &token, &checkout(&tee, 11, "77 123 45 67")).await).await;
    let mut split = checkout(&tee, 6, "77 123 45 67");
    split["items"] = json!([add(6), add(5)]);
    refused(place(&app, &token, &split).await).await;
    assert_eq!((order_count(&app, &token).await, stock_of(&app, &tee).await), (0, 40));
    placed(&app, &token, &checkout(&tee, 10, "77 123 45 67")).await;
    assert_eq!(stock_of(&app, &tee).await, 30);
}

#[tokio::test]
async fn a_price_above_a_hundred_million_francs_is_refused_by_the_product_form() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let form = |price: i64, promo: Option<i64>| {
        json!({"name": "Montre en or", "description": "Une montre.", "price": price, "promoPrice": promo,
               "onPromotion": promo.is_some(), "category": "accessoire", "subcategory": "chaine",
               "colors": ["noir"], "stock": {"noir": {"unique": 1}}})
    };
    let refused = app.send(Method::POST, "/api/products", Some(&admin), Some(&form(100_000_001, None))).await;
    assert_eq!(refused.status(), 400);
    let error = error_body(refused).await;
    assert_eq!(error["fields"]["price"], "Le prix ne peut pas dépasser 100 000 000 FCFA");
    let promo = app.send(Method::POST, "/api/products", Some(&admin), Some(&form(5_000, Some(i64::MAX)))).await;
    assert_eq!(
        error_body(promo).await["fields"]["promoPrice"],
        "Le prix promotionnel ne peut pas dépasser 100 000 000 FCFA"
    );
    let created = app.send(Method::POST, "/api/products", Some(&admin), Some(&form(100_000_000, None))).await;
    assert_eq!(created.status(), 201);
    let id = created.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    let raised =
        app.send(Method::PUT, &format!("/api/products/{id}"), Some(&admin), Some(&form(250_000_000, None))).await;
    assert_eq!(raised.status(), 400);
}

#[tokio::test]
async fn the_address_book_holds_twenty_addresses() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let address = |n: usize| {
        json!({"label": format!("Adresse {n}"), "firstName": "Awa", "lastName": "Diop", "phone": "77 123 45 67",
               "address": format!("Villa {n}"), "commune": "medina", "landmark": "En face du marché Tilène"})
    };
    for n in 0..20 {
        let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address(n))).await;
        assert_eq!(response.status(), 201, "address {n}");
    }
    let full = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address(20))).await;
    assert_eq!(full.status(), 409);
    let error = error_body(full).await;
    assert_eq!(
        (&error["code"], &error["message"]),
        (
            &json!("address_book_full"),
            &json!(
                "Votre carnet d'adresses est plein (20 adresses au plus). Supprimez-en une avant d'en ajouter une nouvelle."
            )
        )
    );
    let book: Value = app.send(Method::GET, "/api/users/addresses", Some(&token), None).await.json().await.unwrap();
    let book = book["data"].as_array().unwrap().clone();
    assert_eq!(book.len(), 20);
    let first = book[0]["id"].as_str().unwrap();
    let path = format!("/api/users/addresses/{first}");
    assert_eq!(app.send(Method::DELETE, &path, Some(&token), None).await.status(), 200);
    let again = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address(20))).await;
    assert_eq!(again.status(), 201, "a place freed is a place taken");
}
