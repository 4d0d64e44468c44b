//! Ordering without an account (docs/rules.md#orders-without-an-account): a name and a phone,
//! the order's own link (`orderUrl`, `?k=`) to follow, pay, confirm or cancel it, the limits per
//! phone, and the orders found again by logging in with a code sent to that phone.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};
use crate::login_code::{accounts_of, code_sent_to, fake_cloud_api, shop_on_whatsapp, verify};
use crate::payments::{app_with_wave, wave_opens, wave_reads, wave_session};

/// A delivery form with no e-mail: names, a phone and where in Dakar.
fn by_phone(phone: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "phone": phone,
           "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée"})
}

pub(crate) fn checkout(product: &str, phone: &str, payment: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
           "shippingInfo": by_phone(phone), "shippingMethod": "standard", "paymentMethod": payment})
}

/// An order placed without a session: its JSON.
pub(crate) async fn guest_order(app: &TestApp, product: &str, phone: &str, payment: &str) -> Value {
    let response = app.post_json("/api/orders", &checkout(product, phone, payment)).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// The key of the order's own link, read from `orderUrl` as the customer's browser does.
pub(crate) fn key_of(order: &Value) -> String {
    let url = order["orderUrl"].as_str().expect("an order link");
    let id = order["id"].as_str().unwrap();
    let (page, key) = url.split_once("?k=").expect("a key in the link");
    assert!(page.ends_with(&format!("/orders/{id}")), "{url}");
    key.to_owned()
}

pub(crate) async fn with_key(app: &TestApp, verb: Method, path: &str, key: &str) -> reqwest::Response {
    app.send(verb, &format!("{path}?k={key}"), None, None).await
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    app.catalog_cache.changed();
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

#[tokio::test]
async fn a_name_and_a_phone_place_an_order_whose_link_alone_opens_confirms_and_cancels_it() {
    let app = spawn_app().await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    assert_eq!((order["total"].as_i64(), order["status"].as_str()), (Some(16_500), Some("pending")));
    assert_eq!(
        (order["shippingInfo"]["email"].as_str(), order["shippingInfo"]["phone"].as_str()),
        (Some(""), Some("+221771234567"))
    );
    assert_eq!(stock_of(&app, &tee).await, 4, "the order took its unit");
    let id = order["id"].as_str().unwrap();
    let path = format!("/api/orders/{id}");
    let key = key_of(&order);

    assert_eq!(app.get(&path).await.status(), 401, "neither a session nor a key");
    let opened = with_key(&app, Method::GET, &path, &key).await;
    assert_eq!(opened.status(), 200);
    let opened: Value = opened.json().await.unwrap();
    assert_eq!(opened["data"]["orderNumber"], order["orderNumber"]);
    assert_eq!(opened["data"]["orderUrl"], order["orderUrl"]);

    let confirmed = with_key(&app, Method::POST, &format!("{path}/confirm"), &key).await;
    assert_eq!(confirmed.status(), 200);
    assert_eq!(confirmed.json::<Value>().await.unwrap()["data"]["confirmation"], "confirmed");
    let cancelled = with_key(&app, Method::POST, &format!("{path}/cancel"), &key).await;
    assert_eq!(cancelled.status(), 200);
    assert_eq!(cancelled.json::<Value>().await.unwrap()["data"]["status"], "cancelled");
    assert_eq!(stock_of(&app, &tee).await, 5, "its unit went back");
}

#[tokio::test]
async fn a_forged_key_or_another_order_s_opens_nothing_and_acts_on_nothing() {
    let app = spawn_app().await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let awa = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    let moussa = guest_order(&app, &tee, "78 765 43 21", "cash_on_delivery").await;
    let path = format!("/api/orders/{}", awa["id"].as_str().unwrap());
    let key = key_of(&awa);
    let mut flipped = key.clone().into_bytes();
    flipped[0] = if flipped[0] == b'0' { b'1' } else { b'0' };
    let forged = String::from_utf8(flipped).unwrap();

    for wrong in [forged.as_str(), &key_of(&moussa), &key[..31], "0123456789abcdef0123456789abcdef"] {
        for (verb, action) in [(Method::GET, ""), (Method::POST, "/cancel"), (Method::POST, "/confirm")] {
            let answer = with_key(&app, verb, &format!("{path}{action}"), wrong).await;
            assert_eq!(answer.status(), 404, "{action} with {wrong}");
            assert_eq!(error_body(answer).await["message"], "Commande introuvable");
        }
    }
    let (stranger, _) = app.register("fatou@example.sn", "secret1").await;
    let answer = app.send(Method::GET, &path, Some(&stranger), None).await;
    assert_eq!(answer.status(), 404, "another customer's session opens no guest order");
    let still = with_key(&app, Method::GET, &path, &key).await.json::<Value>().await.unwrap();
    assert_eq!(
        (still["data"]["status"].as_str(), still["data"]["confirmation"].as_str()),
        (Some("pending"), Some("awaiting"))
    );
}

#[tokio::test]
async fn a_refused_form_opens_no_account_and_a_dead_session_is_not_taken_for_none() {
    let app = spawn_app().await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let mut body = checkout(&tee, "77 123 45 67", "cash_on_delivery");
    body["shippingInfo"]["lastName"] = json!(" ");
    let refused = app.post_json("/api/orders", &body).await;
    assert_eq!(refused.status(), 400);
    assert_eq!(error_body(refused).await["message"], "Veuillez remplir tous les champs obligatoires");
    body["shippingInfo"]["lastName"] = json!("Diop");
    body["shippingInfo"]["email"] = json!("awa@");
    assert_eq!(app.post_json("/api/orders", &body).await.status(), 400, "an e-mail given must be one");
    assert_eq!(accounts_of(&app, "+221771234567").await, 0, "nothing was opened");
    assert_eq!(stock_of(&app, &tee).await, 5);

    body["shippingInfo"]["email"] = json!("");
    let expired = app.send(Method::POST, "/api/orders", Some("not-a-session"), Some(&body)).await;
    assert_eq!(expired.status(), 401, "a session sent must be a live one");
    assert_eq!(stock_of(&app, &tee).await, 5);
}

#[tokio::test]
async fn a_phone_holds_three_unpaid_orders_at_most_whoever_orders_for_it() {
    let app = spawn_app().await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 9)]).await;
    for _ in 0..3 {
        guest_order(&app, &tee, "77 123 45 67", "wave").await;
    }
    let fourth = app.post_json("/api/orders", &checkout(&tee, "+221771234567", "wave")).await;
    assert_eq!(fourth.status(), 409);
    assert_eq!(error_body(fourth).await["code"], "too_many_open_orders");
    guest_order(&app, &tee, "78 765 43 21", "wave").await;
    assert_eq!(accounts_of(&app, "+221771234567").await, 1, "one customer per phone");
}

#[tokio::test]
async fn the_order_s_key_pays_it_with_wave_and_follows_its_session() {
    let wave = wiremock::MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let tee = app.product("T-shirt Teranga", 23_500, None, &[("noir", "M", 5)]).await;
    let order = guest_order(&app, &tee, "77 123 45 67", "wave").await;
    let id = order["id"].as_str().unwrap();
    let key = key_of(&order);
    let session = wave_session("cos-guest1", id, "25000", "open", "processing");
    wave_opens(&wave, id, &session).await;
    wave_reads(&wave, "cos-guest1", &session).await;

    let body = json!({"orderId": id});
    let refused = app.send(Method::POST, "/api/payments/wave/init", None, Some(&body)).await;
    assert_eq!(refused.status(), 401, "no key, no session");
    let forged =
        app.send(Method::POST, "/api/payments/wave/init?k=0123456789abcdef0123456789abcdef", None, Some(&body)).await;
    assert_eq!(forged.status(), 404);
    let opened = app.send(Method::POST, &format!("/api/payments/wave/init?k={key}"), None, Some(&body)).await;
    assert_eq!(opened.status(), 200);
    let opened: Value = opened.json().await.unwrap();
    assert_eq!(
        (opened["data"]["sessionId"].as_str(), opened["data"]["amount"].as_i64()),
        (Some("cos-guest1"), Some(25_000))
    );

    let status = with_key(&app, Method::GET, "/api/payments/wave/status/cos-guest1", &key).await;
    assert_eq!(status.status(), 200);
    assert_eq!(status.json::<Value>().await.unwrap()["data"]["orderId"], id);
    let status = with_key(&app, Method::GET, &format!("/api/payments/wave/orders/{id}/status"), &key).await;
    assert_eq!(status.status(), 200);
    let other = guest_order(&app, &tee, "78 765 43 21", "wave").await;
    let wrong = with_key(&app, Method::GET, "/api/payments/wave/status/cos-guest1", &key_of(&other)).await;
    assert_eq!(wrong.status(), 404, "another order's key follows no session of this one");
}

#[tokio::test]
async fn logging_in_with_a_code_finds_the_phone_s_orders_placed_without_an_account() {
    let cloud = fake_cloud_api().await;
    let app = shop_on_whatsapp(&cloud).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 9)]).await;
    let first = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    let second = guest_order(&app, &tee, "+221 77 123 45 67", "wave").await;
    guest_order(&app, &tee, "78 765 43 21", "cash_on_delivery").await;

    assert_eq!(app.post_json("/api/auth/code", &json!({"phone": "77 123 45 67"})).await.status(), 202);
    let code = code_sent_to(&cloud, "221771234567").await;
    let session: Value = verify(&app, "77 123 45 67", &code).await.json().await.unwrap();
    let user = &session["data"]["user"];
    assert_eq!(
        (user["firstName"].as_str(), user["lastName"].as_str()),
        (Some("Awa"), Some("Diop")),
        "named by the first order"
    );
    let token = session["data"]["token"].as_str().unwrap();
    let mine: Value = app.send(Method::GET, "/api/orders", Some(token), None).await.json().await.unwrap();
    let mut numbers: Vec<&str> =
        mine["data"].as_array().unwrap().iter().map(|o| o["orderNumber"].as_str().unwrap()).collect();
    numbers.sort_unstable();
    let mut expected = vec![first["orderNumber"].as_str().unwrap(), second["orderNumber"].as_str().unwrap()];
    expected.sort_unstable();
    assert_eq!(numbers, expected, "the phone's two orders, not the other phone's");
}
