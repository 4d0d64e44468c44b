//! Wave payments: against a fake Wave (wiremock) and in test mode with the built-in simulator.
//! Only the server decides that an order is paid.

use std::collections::HashMap;
use std::time::Duration;

use bitik_api::state::AppState;
use bitik_server::config::Config;
use reqwest::Method;
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, error_body, spawn_app_with};

const SECRET: &str = "wave_sn_WHS_api_tests_secret";
const PUBLIC_URL: &str = "https://boutique.test";

/// The app talking to the fake Wave at `wave`, with a one-second limit on each call.
pub(crate) async fn app_with_wave(wave: &MockServer) -> TestApp {
    let base = wave.uri();
    spawn_app_with(&[
        ("WAVE_API_KEY", "wave_sn_prod_test"),
        ("WAVE_WEBHOOK_SECRET", SECRET),
        ("WAVE_API_BASE", &base),
        ("WAVE_TIMEOUT_SECONDS", "1"),
        ("PUBLIC_URL", PUBLIC_URL),
    ])
    .await
}

/// The app in test mode: no Wave key, the simulator stands in.
pub(crate) async fn app_in_test_mode() -> TestApp {
    spawn_app_with(&[("PUBLIC_URL", PUBLIC_URL)]).await
}

/// A customer with a pending Wave order of one t-shirt at 24 000 FCFA + 1 000 delivery.
/// Returns the customer's token, the order id and the product id.
pub(crate) async fn wave_order(app: &TestApp, email: &str) -> (String, String, String) {
    let (token, _) = app.register(email, "secret1").await;
    let tee = app.product(&format!("T-shirt {email}"), 23_500, None, &[("noir", "M", 5)]).await;
    let order = place(app, &token, &tee, "wave").await;
    (token, order, tee)
}

pub(crate) async fn place(app: &TestApp, token: &str, product: &str, payment: &str) -> String {
    let body = json!({
        "items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
        "shippingMethod": "standard",
        "paymentMethod": payment
    });
    let response = app.send(Method::POST, "/api/orders", Some(token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    let order: Value = response.json().await.unwrap();
    assert_eq!(order["data"]["total"], 25_000);
    order["data"]["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn init(app: &TestApp, token: &str, order: &str) -> reqwest::Response {
    app.send(Method::POST, "/api/payments/wave/init", Some(token), Some(&json!({"orderId": order}))).await
}

pub(crate) async fn order_of(app: &TestApp, token: &str, order: &str) -> Value {
    let response = app.send(Method::GET, &format!("/api/orders/{order}"), Some(token), None).await;
    response.json::<Value>().await.unwrap()["data"].clone()
}

pub(crate) async fn stock_of(app: &TestApp, product: &str) -> i64 {
    // Units change in PostgreSQL; the storefront's cache hears of it a moment later.
    app.catalog_cache.changed();
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

pub(crate) fn history_by<'a>(order: &'a Value, who: &str) -> Vec<&'a Value> {
    order["statusHistory"].as_array().unwrap().iter().filter(|h| h["by"] == who).collect()
}

/// A session as Wave describes it, for `order` at `amount` francs.
pub(crate) fn wave_session(id: &str, order: &str, amount: &str, checkout: &str, payment: &str) -> Value {
    let now = chrono::Utc::now();
    json!({
        "id": id,
        "amount": amount,
        "checkout_status": checkout,
        "client_reference": order,
        "currency": "XOF",
        "error_url": format!("{PUBLIC_URL}/payment-error?orderId={order}&errorCode=payment_failed"),
        "last_payment_error": null,
        "business_name": "Bitik Dakar",
        "payment_status": payment,
        "success_url": format!("{PUBLIC_URL}/payment-success?orderId={order}"),
        "wave_launch_url": format!("https://pay.wave.com/c/{id}"),
        "when_completed": if payment == "succeeded" { json!(now.to_rfc3339()) } else { json!(null) },
        "transaction_id": if payment == "succeeded" { json!("TCN4Y4ZC3FM") } else { json!(null) },
        "when_created": now.to_rfc3339(),
        "when_expires": (now + chrono::Duration::minutes(30)).to_rfc3339()
    })
}

/// Wave answers: no session yet for `order`, then creates `session` when asked.
pub(crate) async fn wave_opens(wave: &MockServer, order: &str, session: &Value) {
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .and(query_param("client_reference", order))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": []})))
        .mount(wave)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(session))
        .mount(wave)
        .await;
}

/// Wave reads `id` as `session` from now on.
pub(crate) async fn wave_reads(wave: &MockServer, id: &str, session: &Value) {
    Mock::given(method("GET"))
        .and(path(format!("/v1/checkout/sessions/{id}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(session))
        .mount(wave)
        .await;
}

pub(crate) fn completed_event(event_id: &str, session: &Value) -> String {
    json!({"id": event_id, "type": "checkout.session.completed", "data": session}).to_string()
}

pub(crate) async fn deliver(app: &TestApp, body: &str, signature: Option<&str>) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/payments/wave/webhook")).body(body.to_owned());
    if let Some(signature) = signature {
        request = request.header("Wave-Signature", signature);
    }
    request.send().await.expect("webhook request")
}

pub(crate) fn signed(body: &str) -> String {
    bitik_wave::sign(body.as_bytes(), SECRET, chrono::Utc::now().timestamp())
}

// Opening a session -----------------------------------------------------------------------------

#[tokio::test]
async fn init_opens_a_wave_session_for_the_server_total() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session = wave_session("cos-18qq25rgr100a", &order, "25000", "open", "processing");
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .and(wiremock::matchers::bearer_token("wave_sn_prod_test"))
        .and(wiremock::matchers::body_json(json!({
            "amount": "25000",
            "currency": "XOF",
            "success_url": format!("{PUBLIC_URL}/payment-success?orderId={order}"),
            "error_url": format!("{PUBLIC_URL}/payment-error?orderId={order}&errorCode=payment_failed"),
            "client_reference": order
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(&session))
        .expect(1)
        .mount(&wave)
        .await;
    wave_opens(&wave, &order, &session).await;
    let response = init(&app, &token, &order).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["data"],
        json!({
            "sessionId": "cos-18qq25rgr100a",
            "orderId": order,
            "checkoutUrl": "https://pay.wave.com/c/cos-18qq25rgr100a",
            "amount": 25000,
            "currency": "XOF",
            "status": "pending",
            "expiresAt": body["data"]["expiresAt"],
            "businessName": "Bitik Dakar",
            "isMock": false
        })
    );
    assert!(body["data"]["expiresAt"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn init_is_for_the_owner_and_for_pending_wave_orders_only() {
    let app = app_in_test_mode().await;
    let (awa, order, _) = wave_order(&app, "awa@example.sn").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let theirs = init(&app, &moussa, &order).await;
    assert_eq!(theirs.status(), 404);
    assert_eq!(error_body(theirs).await["message"], "Commande introuvable");

    let tee = app.product("Pull Dakar", 23_500, None, &[("noir", "M", 5)]).await;
    let cash = place(&app, &awa, &tee, "cash_on_delivery").await;
    app.sql(&format!("UPDATE orders SET status = 'shipped' WHERE id = '{cash}'")).await;
    let refused = init(&app, &awa, &cash).await;
    assert_eq!(refused.status(), 409, "a cash order on its way is paid at the door");
    let body = error_body(refused).await;
    assert_eq!(
        (body["code"].as_str(), body["message"].as_str()),
        (Some("order_not_payable"), Some("Cette commande ne peut plus être payée."))
    );

    let missing = app.send(Method::POST, "/api/payments/wave/init", Some(&awa), Some(&json!({}))).await;
    assert_eq!(missing.status(), 400);
    assert_eq!(error_body(missing).await["message"], "ID de commande requis");
    let anonymous = app.post_json("/api/payments/wave/init", &json!({"orderId": order})).await;
    assert_eq!(anonymous.status(), 401);

    app.send(Method::POST, &format!("/api/orders/{order}/cancel"), Some(&awa), None).await;
    let cancelled = init(&app, &awa, &order).await;
    assert_eq!(cancelled.status(), 409);
    assert_eq!(error_body(cancelled).await["message"], "Cette commande ne peut plus être payée.");
}

#[tokio::test]
async fn a_wave_error_at_init_is_explained_in_french() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": []})))
        .mount(&wave)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(
            ResponseTemplate::new(500).set_body_json(json!({"code": "internal-server-error", "message": "x"})),
        )
        .mount(&wave)
        .await;
    let response = init(&app, &token, &order).await;
    assert_eq!(response.status(), 502);
    let body = error_body(response).await;
    assert_eq!(body["code"], "payment_init_failed");
    assert_eq!(body["message"], "Erreur lors de l'initialisation du paiement. Veuillez réessayer.");
}

#[tokio::test]
async fn a_timeout_at_init_then_a_retry_reuses_the_session_wave_did_open() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session = wave_session("cos-slow", &order, "25000", "open", "processing");
    // Wave opens the session but answers after our time limit; the next search finds it.
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": []})))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&wave)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": [session]})))
        .with_priority(2)
        .mount(&wave)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(&session).set_delay(Duration::from_secs(3)))
        .expect(1)
        .mount(&wave)
        .await;
    let first = init(&app, &token, &order).await;
    assert_eq!(first.status(), 502);
    assert_eq!(error_body(first).await["message"], "Erreur lors de l'initialisation du paiement. Veuillez réessayer.");
    let retry = init(&app, &token, &order).await;
    assert_eq!(retry.status(), 200);
    assert_eq!(retry.json::<Value>().await.unwrap()["data"]["sessionId"], "cos-slow");
    // `expect(1)` on creation is checked when the fake Wave stops: no second session.
}

// Webhooks ---------------------------------------------------------------------------------------

#[tokio::test]
async fn a_webhook_without_a_good_signature_changes_nothing() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session = wave_session("cos-1", &order, "25000", "open", "processing");
    wave_opens(&wave, &order, &session).await;
    assert_eq!(init(&app, &token, &order).await.status(), 200);
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-1"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&wave)
        .await;
    let body = completed_event("AE_1", &wave_session("cos-1", &order, "25000", "complete", "succeeded"));
    let now = chrono::Utc::now().timestamp();
    let forged = bitik_wave::sign(body.as_bytes(), "wave_sn_WHS_not_ours", now);
    let old = bitik_wave::sign(body.as_bytes(), SECRET, now - 301);
    let tampered_body = body.replace("25000", "25001");
    for (body, signature) in [
        (body.as_str(), None),
        (body.as_str(), Some(forged.as_str())),
        (body.as_str(), Some(old.as_str())),
        (tampered_body.as_str(), Some(signed(&body)).as_deref()),
    ] {
        let response = deliver(&app, body, signature).await;
        assert_eq!(response.status(), 401);
        assert_eq!(error_body(response).await["code"], "invalid_signature");
    }
    let order = order_of(&app, &token, &order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("pending"), Some("pending")));
}

#[tokio::test]
async fn a_good_webhook_sent_ten_times_at_once_pays_the_order_once() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    wave_opens(&wave, &order, &wave_session("cos-1", &order, "25000", "open", "processing")).await;
    assert_eq!(init(&app, &token, &order).await.status(), 200);
    let paid = wave_session("cos-1", &order, "25000", "complete", "succeeded");
    wave_reads(&wave, "cos-1", &paid).await;
    let body = completed_event("AE_paid", &paid);
    let signature = signed(&body);
    let deliveries: Vec<_> = (0..10)
        .map(|_| {
            let request = app
                .client
                .post(app.url("/api/payments/wave/webhook"))
                .header("Wave-Signature", signature.clone())
                .body(body.clone());
            tokio::spawn(request.send())
        })
        .collect();
    for delivery in deliveries {
        let response = delivery.await.unwrap().unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap(), json!({"data": {"received": true}}));
    }
    // Another event for the same payment (Wave retrying under a new id) changes nothing either.
    let other = completed_event("AE_paid_again", &paid);
    assert_eq!(deliver(&app, &other, Some(&signed(&other))).await.status(), 200);
    let order = order_of(&app, &token, &order).await;
    assert_eq!(order["status"], "processing");
    assert_eq!(order["paymentInfo"]["status"], "paid");
    assert!(order["paymentInfo"]["paidAt"].is_string());
    let by_wave = history_by(&order, "Wave");
    assert_eq!(by_wave.len(), 1, "one history entry: {:?}", order["statusHistory"]);
    assert_eq!(by_wave[0]["status"], "processing");
    assert_eq!(by_wave[0]["note"], "Paiement Wave reçu (transaction TCN4Y4ZC3FM)");
}

#[tokio::test]
async fn a_session_that_does_not_pay_the_whole_total_marks_nothing() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    wave_opens(&wave, &order, &wave_session("cos-1", &order, "25000", "open", "processing")).await;
    assert_eq!(init(&app, &token, &order).await.status(), 200);
    // The event claims the right amount; Wave, asked again, says 100 francs were paid.
    wave_reads(&wave, "cos-1", &wave_session("cos-1", &order, "100", "complete", "succeeded")).await;
    let body = completed_event("AE_short", &wave_session("cos-1", &order, "25000", "complete", "succeeded"));
    let response = deliver(&app, &body, Some(&signed(&body))).await;
    assert_eq!(response.status(), 200, "handled: there is nothing to deliver again");
    let order = order_of(&app, &token, &order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("pending"), Some("pending")));
    assert!(history_by(&order, "Wave").is_empty());
}

#[tokio::test]
async fn when_wave_cannot_confirm_the_webhook_asks_to_be_delivered_again() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    wave_opens(&wave, &order, &wave_session("cos-1", &order, "25000", "open", "processing")).await;
    assert_eq!(init(&app, &token, &order).await.status(), 200);
    let paid = wave_session("cos-1", &order, "25000", "complete", "succeeded");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-1"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&wave)
        .await;
    wave_reads(&wave, "cos-1", &paid).await;
    let body = completed_event("AE_1", &paid);
    assert_eq!(deliver(&app, &body, Some(&signed(&body))).await.status(), 502);
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "pending");
    assert_eq!(deliver(&app, &body, Some(&signed(&body))).await.status(), 200, "the same event, delivered again");
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "paid");
}

// Status and cancel ------------------------------------------------------------------------------

#[tokio::test]
async fn status_is_the_owners_and_asks_wave_when_the_shopper_is_back() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    wave_opens(&wave, &order, &wave_session("cos-1", &order, "25000", "open", "processing")).await;
    assert_eq!(init(&app, &token, &order).await.status(), 200);
    wave_reads(&wave, "cos-1", &wave_session("cos-1", &order, "25000", "complete", "succeeded")).await;

    let theirs = app.send(Method::GET, "/api/payments/wave/status/cos-1", Some(&moussa), None).await;
    assert_eq!(theirs.status(), 404);
    assert_eq!(error_body(theirs).await["message"], "Session de paiement non trouvée");
    let unknown = app.send(Method::GET, "/api/payments/wave/status/cos-unknown", Some(&token), None).await;
    assert_eq!(unknown.status(), 404);

    // Wave was asked a moment ago (at init): its answer is reused, even when asked to refresh.
    let cached: Value = app
        .send(Method::GET, "/api/payments/wave/status/cos-1?refresh=true", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(cached["data"]["status"], "pending");
    // Once that answer is older than 3 s, a refresh asks Wave, which says paid.
    app.sql("UPDATE payments SET last_checked_at = now() - interval '4 seconds'").await;
    let fresh: Value = app
        .send(Method::GET, "/api/payments/wave/status/cos-1?refresh=true", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(fresh["data"]["status"], "paid");
    assert_eq!(fresh["data"]["orderStatus"], "processing");
    assert_eq!(fresh["data"]["orderId"], order);
    let by_order: Value = app
        .send(Method::GET, &format!("/api/payments/wave/orders/{order}/status"), Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(by_order["data"]["status"], "paid");
    let order = order_of(&app, &token, &order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("processing"), Some("paid")));
    assert_eq!(history_by(&order, "Wave").len(), 1);
}

// The expiry sweep -------------------------------------------------------------------------------

/// A second composition of the app on the same database, to run the sweep when the test says.
fn sweeper(app: &TestApp, wave: &MockServer) -> AppState {
    let vars: HashMap<&str, String> = HashMap::from([
        ("DATABASE_URL", app.database.url.clone()),
        ("WAVE_API_KEY", "wave_sn_prod_test".to_owned()),
        ("WAVE_WEBHOOK_SECRET", SECRET.to_owned()),
        ("WAVE_API_BASE", wave.uri()),
        ("WAVE_TIMEOUT_SECONDS", "1".to_owned()),
        ("FRONTEND_DIR", "/nonexistent".to_owned()),
    ]);
    let config = Config::from_lookup(|name| vars.get(name).cloned()).unwrap();
    bitik_server::startup::build_state(config, app.database.database.clone()).unwrap()
}

#[tokio::test]
async fn an_expired_unpaid_order_is_cancelled_and_restocked_once() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, tee) = wave_order(&app, "awa@example.sn").await;
    let (moussa, recent, _) = wave_order(&app, "moussa@example.sn").await;
    assert_eq!(stock_of(&app, &tee).await, 4);
    let mut expired = wave_session("cos-1", &order, "25000", "expired", "cancelled");
    expired["when_expires"] = json!((chrono::Utc::now() - chrono::Duration::minutes(1)).to_rfc3339());
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .and(query_param("client_reference", order.as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": [expired]})))
        .mount(&wave)
        .await;
    app.sql(&format!("UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = '{order}'")).await;
    let state = sweeper(&app, &wave);
    let (first, second) = tokio::join!(state.payments.sweep_expired(), state.payments.sweep_expired());
    let cancelled = first.unwrap().cancelled + second.unwrap().cancelled;
    assert_eq!(cancelled, 1);
    assert_eq!(state.payments.sweep_expired().await.unwrap().cancelled, 0);
    assert_eq!(stock_of(&app, &tee).await, 5, "its unit is back once");
    let swept = order_of(&app, &token, &order).await;
    assert_eq!(
        (swept["status"].as_str(), swept["paymentInfo"]["status"].as_str()),
        (Some("cancelled"), Some("pending"))
    );
    assert_eq!(history_by(&swept, "Système").len(), 1);
    let untouched = order_of(&app, &moussa, &recent).await;
    assert_eq!(untouched["status"], "pending", "an order younger than a session is left alone");
}

#[tokio::test]
async fn an_order_paid_at_the_last_moment_is_marked_paid_not_cancelled() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, tee) = wave_order(&app, "awa@example.sn").await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": [
            wave_session("cos-1", &order, "25000", "complete", "succeeded")
        ]})))
        .mount(&wave)
        .await;
    Mock::given(method("POST"))
        .and(path_regex("/expire$"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .mount(&wave)
        .await;
    app.sql(&format!("UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = '{order}'")).await;
    let report = sweeper(&app, &wave).payments.sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.paid), (0, 1));
    let order = order_of(&app, &token, &order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("processing"), Some("paid")));
    assert_eq!(stock_of(&app, &tee).await, 4, "sold, not returned");
}

#[tokio::test]
async fn when_wave_does_not_answer_the_sweep_waits() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, tee) = wave_order(&app, "awa@example.sn").await;
    Mock::given(method("GET")).respond_with(ResponseTemplate::new(500)).mount(&wave).await;
    app.sql(&format!("UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = '{order}'")).await;
    let report = sweeper(&app, &wave).payments.sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.skipped), (0, 1));
    assert_eq!(order_of(&app, &token, &order).await["status"], "pending");
    assert_eq!(stock_of(&app, &tee).await, 4);
}

// Test mode: the simulator ------------------------------------------------------------------------

/// Follows no redirect, to see where the simulator sends the shopper.
pub(crate) fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

pub(crate) fn path_of(url: &str) -> String {
    url.strip_prefix(PUBLIC_URL).expect("an address of the shop").to_owned()
}

#[tokio::test]
async fn in_test_mode_paying_on_the_simulator_pays_the_order_through_the_webhook_path() {
    let app = app_in_test_mode().await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session: Value = init(&app, &token, &order).await.json().await.unwrap();
    let session = session["data"].clone();
    assert_eq!(session["isMock"], true);
    assert_eq!(session["amount"], 25_000);
    assert_eq!(session["businessName"], "Bitik Dakar");
    let session_id = session["sessionId"].as_str().unwrap();
    let checkout_url = session["checkoutUrl"].as_str().unwrap();
    assert_eq!(checkout_url, format!("{PUBLIC_URL}/api/payments/wave/simulator/{session_id}"));

    let page = app.get(&path_of(checkout_url)).await;
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'none'"));
    let html = page.text().await.unwrap();
    assert!(html.contains("Mode de test activé : le paiement est simulé."));
    assert!(html.contains("25 000 FCFA"));
    assert!(html.contains(">Payer 25 000 FCFA</button>") && html.contains(">Échouer</button>"));
    assert!(!html.contains("<script"), "no script: the content security policy forbids it");

    // Coming back to the success page without paying marks nothing (the page is the storefront's).
    app.get(&format!("/payment-success?orderId={order}")).await;
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "pending");

    let paid = browser().post(app.url(&format!("{}/pay", path_of(checkout_url)))).send().await.unwrap();
    assert_eq!(paid.status(), 303);
    assert_eq!(paid.headers()["location"], format!("{PUBLIC_URL}/payment-success?orderId={order}").as_str());
    let again = browser().post(app.url(&format!("{}/pay", path_of(checkout_url)))).send().await.unwrap();
    assert_eq!(again.headers()["location"], path_of(checkout_url).as_str(), "a second click shows the page");

    let paid_order = order_of(&app, &token, &order).await;
    assert_eq!(
        (paid_order["status"].as_str(), paid_order["paymentInfo"]["status"].as_str()),
        (Some("processing"), Some("paid"))
    );
    assert_eq!(history_by(&paid_order, "Wave").len(), 1);
    let status: Value = app
        .send(Method::GET, &format!("/api/payments/wave/status/{session_id}"), Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["data"]["status"], "paid");
    assert!(app.get(&path_of(checkout_url)).await.text().await.unwrap().contains("Ce paiement a été effectué."));
}

#[tokio::test]
async fn in_test_mode_a_failed_payment_leaves_the_order_unpaid_and_says_why() {
    let app = app_in_test_mode().await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session: Value = init(&app, &token, &order).await.json().await.unwrap();
    let session_id = session["data"]["sessionId"].as_str().unwrap().to_owned();
    let failed =
        browser().post(app.url(&format!("/api/payments/wave/simulator/{session_id}/fail"))).send().await.unwrap();
    assert_eq!(failed.status(), 303);
    assert_eq!(
        failed.headers()["location"],
        format!("{PUBLIC_URL}/payment-error?orderId={order}&errorCode=payment_failed").as_str()
    );
    let status: Value = app
        .send(Method::GET, &format!("/api/payments/wave/status/{session_id}"), Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["data"]["status"], "pending", "the shopper may try again");
    assert_eq!(status["data"]["lastError"]["code"], "simulated-failure");
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "pending");
}

#[tokio::test]
async fn cancelling_a_session_leaves_the_order_payable_with_a_new_one() {
    let app = app_in_test_mode().await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let first: Value = init(&app, &token, &order).await.json().await.unwrap();
    let first_id = first["data"]["sessionId"].as_str().unwrap().to_owned();
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let theirs = app.send(Method::POST, &format!("/api/payments/wave/cancel/{first_id}"), Some(&moussa), None).await;
    assert_eq!(theirs.status(), 404);
    let cancelled: Value = app
        .send(Method::POST, &format!("/api/payments/wave/cancel/{first_id}"), Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(cancelled["data"]["status"], "cancelled");
    assert_eq!(cancelled["data"]["orderStatus"], "pending");
    let paying = browser().post(app.url(&format!("/api/payments/wave/simulator/{first_id}/pay"))).send().await.unwrap();
    assert_eq!(
        paying.headers()["location"],
        format!("/api/payments/wave/simulator/{first_id}").as_str(),
        "no longer payable"
    );
    let second: Value = init(&app, &token, &order).await.json().await.unwrap();
    assert_ne!(second["data"]["sessionId"], first_id.as_str());
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "pending");
}

#[tokio::test]
async fn with_wave_configured_the_simulator_pages_do_not_exist() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    assert_eq!(app.get("/api/payments/wave/simulator/cos-1").await.status(), 404);
    let pay = browser().post(app.url("/api/payments/wave/simulator/cos-1/pay")).send().await.unwrap();
    assert_eq!(pay.status(), 404);
}

#[tokio::test]
async fn the_openapi_document_describes_the_payment_routes() {
    let app = app_in_test_mode().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    for (path, verb) in [
        ("/payments/wave/init", "post"),
        ("/payments/wave/status/{sessionId}", "get"),
        ("/payments/wave/orders/{orderId}/status", "get"),
        ("/payments/wave/cancel/{sessionId}", "post"),
        ("/payments/wave/webhook", "post"),
        ("/payments/wave/simulator/{sessionId}", "get"),
        ("/payments/wave/simulator/{sessionId}/pay", "post"),
        ("/payments/wave/simulator/{sessionId}/fail", "post"),
    ] {
        assert!(document["paths"][path][verb].is_object(), "{verb} {path}");
    }
    let schemas = &document["components"]["schemas"];
    for schema in ["InitBody", "PaymentSessionDto", "PaymentStatusDto", "LastErrorDto", "WebhookReceived"] {
        assert!(schemas[schema].is_object(), "{schema}");
    }
    assert!(schemas["PaymentSessionDto"]["properties"]["isMock"].is_object());
}
