//! Refunds against the fake Wave (wiremock): a Wave refund made once, each refusal Wave
//! documents, a lost answer checked with Wave, two admins at once; a cash-on-delivery order's
//! recorded refunds; a cash order paid with Wave instead, in test mode.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, error_body};
use crate::payments::{
    app_in_test_mode, app_with_wave, browser, completed_event, deliver, history_by, init, order_of, path_of, place,
    signed, stock_of, wave_order, wave_reads, wave_session,
};

const ADMIN: &str = "Admin Awa Diop";

/// A customer's Wave order paid through Wave's webhook, on session `session_id`. Returns the
/// customer's token, the order and the product.
async fn paid_wave_order(app: &TestApp, wave: &MockServer, email: &str, session_id: &str) -> (String, String, String) {
    let (token, order, tee) = wave_order(app, email).await;
    let session = wave_session(session_id, &order, "25000", "complete", "succeeded");
    wave_reads(wave, session_id, &session).await;
    let body = completed_event(&format!("EV_{session_id}"), &session);
    assert_eq!(deliver(app, &body, Some(&signed(&body))).await.status(), 200);
    assert_eq!(order_of(app, &token, &order).await["paymentInfo"]["status"], "paid");
    (token, order, tee)
}

/// The cash order confirmed by the shop's call and delivered: its cash may be received.
pub(crate) async fn deliver_cash_order(app: &TestApp, admin: &str, order: &str) {
    let confirmed = json!({"confirmation": "confirmed"});
    let path = format!("/api/admin/orders/{order}/confirmation");
    assert_eq!(app.send(Method::PUT, &path, Some(admin), Some(&confirmed)).await.status(), 200);
    for status in ["processing", "shipped", "delivered"] {
        let path = format!("/api/admin/orders/{order}/status");
        let response = app.send(Method::PUT, &path, Some(admin), Some(&json!({"status": status}))).await;
        assert_eq!(response.status(), 200, "{status}");
    }
}

async fn refund(app: &TestApp, admin: &str, order: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, &format!("/api/admin/orders/{order}/refund"), Some(admin), Some(body)).await
}

async fn check(app: &TestApp, admin: &str, order: &str) -> reqwest::Response {
    app.send(Method::POST, &format!("/api/admin/orders/{order}/refund/check"), Some(admin), None).await
}

/// The refund requests Wave received for `session_id`.
async fn refunds_asked(wave: &MockServer, session_id: &str) -> usize {
    let wanted = format!("/v1/checkout/sessions/{session_id}/refund");
    let received = wave.received_requests().await.unwrap_or_default();
    received.iter().filter(|r| r.method.as_str() == "POST" && r.url.path() == wanted).count()
}

async fn wave_refunds(wave: &MockServer, session_id: &str, answer: ResponseTemplate) {
    Mock::given(method("POST"))
        .and(path(format!("/v1/checkout/sessions/{session_id}/refund")))
        .respond_with(answer)
        .mount(wave)
        .await;
}

#[tokio::test]
async fn a_paid_wave_order_is_refunded_by_wave_once_and_its_customer_sees_it() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, tee) = paid_wave_order(&app, &wave, "awa@example.sn", "cos-paid").await;
    let admin = app.admin_token().await;
    let stock = stock_of(&app, &tee).await;
    // Wave answers a refund with an empty 200.
    wave_refunds(&wave, "cos-paid", ResponseTemplate::new(200)).await;

    let response = refund(&app, &admin, &order, &json!({"reason": "Article défectueux"})).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let refunded = &body["data"];
    assert_eq!(refunded["paymentInfo"]["status"], "refunded");
    assert_eq!(refunded["refundedAmount"], 25_000);
    let first = &refunded["refunds"][0];
    assert_eq!(
        (first["method"].as_str(), first["state"].as_str(), first["amount"].as_i64(), first["by"].as_str()),
        (Some("wave"), Some("succeeded"), Some(25_000), Some(ADMIN))
    );
    let entries = history_by(refunded, ADMIN);
    assert_eq!(
        entries.iter().map(|e| (e["status"].as_str().unwrap(), e["note"].as_str().unwrap())).collect::<Vec<_>>(),
        [
            ("processing", "Remboursement Wave de 25 000 FCFA : Article défectueux"),
            ("cancelled", "Commande annulée : remboursée en totalité"),
        ],
        "refunded in full before delivery: cancelled"
    );
    assert_eq!(refunded["status"], "cancelled");
    assert_eq!(stock_of(&app, &tee).await, stock + 1, "its unit is back on the shelf");

    let customer = order_of(&app, &token, &order).await;
    assert_eq!(
        (customer["status"].as_str(), customer["paymentInfo"]["status"].as_str()),
        (Some("cancelled"), Some("refunded"))
    );
    assert_eq!(customer["refunds"][0]["reason"], "", "the refund's reason is the shop's");
    assert_eq!(customer["refunds"][0]["state"], "succeeded");
    assert!(customer["payWithWave"].is_null(), "a refunded order is never paid again");

    let again = refund(&app, &admin, &order, &json!({"reason": "Encore"})).await;
    assert_eq!(again.status(), 409);
    let error = error_body(again).await;
    assert_eq!(
        (error["code"].as_str(), error["message"].as_str()),
        (Some("already_refunded"), Some("Cette commande est déjà remboursée."))
    );
    assert_eq!(refunds_asked(&wave, "cos-paid").await, 1);
}

#[tokio::test]
async fn each_refusal_wave_documents_is_told_in_french_and_changes_nothing() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let admin = app.admin_token().await;
    let cases = [
        (400, "checkout-refund-failed", "ce paiement ne peut pas être remboursé"),
        (404, "checkout-session-not-found", "ne retrouve pas la session de paiement"),
        (400, "request-validation-error", "jugé la demande de remboursement invalide"),
        (403, "unauthorized-wallet", "n'a pas le droit de rembourser sur ce portefeuille"),
        (400, "insufficient-funds", "Wave a refusé le remboursement. Rien n'a été remboursé"),
    ];
    for (i, (status, code, told)) in cases.into_iter().enumerate() {
        let session_id = format!("cos-refused{i}");
        let (token, order, _) = paid_wave_order(&app, &wave, &format!("client{i}@example.sn"), &session_id).await;
        let refusal = json!({"code": code, "message": "refused", "details": []});
        wave_refunds(&wave, &session_id, ResponseTemplate::new(status).set_body_json(refusal)).await;
        let response = refund(&app, &admin, &order, &json!({"reason": "Annulée par le client"})).await;
        assert_eq!(response.status(), 409, "{code}");
        let error = error_body(response).await;
        assert_eq!(error["code"], "wave_refund_refused");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(told) && message.contains("Rien n'a été remboursé"), "{code}: {message}");
        let after = order_of(&app, &token, &order).await;
        assert_eq!(after["paymentInfo"]["status"], "paid", "{code}: nothing changed");
        assert_eq!(after["refundedAmount"], 0);
        assert_eq!(
            (after["refunds"][0]["state"].as_str(), after["refunds"][0]["errorCode"].as_str()),
            (Some("failed"), Some(code))
        );
        assert!(history_by(&after, ADMIN).is_empty());
        assert!(refund_messages(&app, &admin, &order).await.is_empty(), "{code}: nothing told");
    }
}

#[tokio::test]
async fn a_lost_answer_leaves_the_refund_to_check_and_the_check_asks_wave() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = paid_wave_order(&app, &wave, "awa@example.sn", "cos-slow").await;
    let admin = app.admin_token().await;
    // Wave makes the refund but answers after the shop's one-second limit.
    wave_refunds(&wave, "cos-slow", ResponseTemplate::new(200).set_delay(Duration::from_secs(3))).await;

    let response = refund(&app, &admin, &order, &json!({"reason": "Colis perdu"})).await;
    assert_eq!(response.status(), 202);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["refunds"][0]["state"], "unknown");
    assert_eq!(body["data"]["paymentInfo"]["status"], "paid", "not refunded until Wave says so");

    let again = refund(&app, &admin, &order, &json!({"reason": "Colis perdu"})).await;
    assert_eq!(again.status(), 409);
    assert_eq!(error_body(again).await["code"], "refund_in_progress");
    assert_eq!(refunds_asked(&wave, "cos-slow").await, 1, "never asked of Wave twice");

    // The check reads Wave's session, which now shows the refund.
    wave.reset().await;
    let refunded = wave_session("cos-slow", &order, "25000", "complete", "refunded");
    wave_reads(&wave, "cos-slow", &refunded).await;
    let checked = check(&app, &admin, &order).await;
    assert_eq!(checked.status(), 200);
    let request = crate::helpers::header(&checked, "x-request-id");
    assert_eq!(app.audit_actions(&request).await, ["refund.check"], "the check is in the audit log");
    let body: Value = checked.json().await.unwrap();
    assert_eq!(body["data"]["refunds"][0]["state"], "succeeded");
    assert_eq!(body["data"]["paymentInfo"]["status"], "refunded");
    let entries = history_by(&body["data"], ADMIN);
    assert_eq!(entries.len(), 2, "the refund, and the cancellation it makes of an order not delivered");
    assert_eq!(
        entries[0]["note"],
        "Remboursement Wave de 25 000 FCFA : Colis perdu (confirmé auprès de Wave par Admin Awa Diop)"
    );
    assert_eq!(
        (entries[1]["status"].as_str(), body["data"]["status"].as_str()),
        (Some("cancelled"), Some("cancelled"))
    );
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "refunded");
    assert_eq!(refunds_asked(&wave, "cos-slow").await, 0, "the check asks, it does not refund");
    let nothing = check(&app, &admin, &order).await;
    assert_eq!(nothing.status(), 409);
    assert_eq!(error_body(nothing).await["code"], "no_refund_to_check");
    // The customer's « refund made » message was written once, when the check found it made.
    let told = refund_messages(&app, &admin, &order).await;
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(told[0]["text"].as_str().unwrap().contains("Montant : 25 000 FCFA\nMoyen : Wave"), "{told:#?}");
}

/// The order's « refund made » messages, as the back office lists them.
async fn refund_messages(app: &TestApp, admin: &str, order: &str) -> Vec<Value> {
    let response = app.send(Method::GET, &format!("/api/admin/orders/{order}/messages"), Some(admin), None).await;
    let body: Value = response.json().await.unwrap();
    body["data"].as_array().unwrap().iter().filter(|m| m["kind"] == "refunded").cloned().collect()
}

#[tokio::test]
async fn a_check_finding_no_refund_at_wave_fails_it_and_a_new_refund_may_be_asked() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (_, order, _) = paid_wave_order(&app, &wave, "awa@example.sn", "cos-lost").await;
    let admin = app.admin_token().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-lost/refund"))
        .respond_with(ResponseTemplate::new(502))
        .up_to_n_times(1)
        .mount(&wave)
        .await;
    assert_eq!(refund(&app, &admin, &order, &json!({"reason": "Erreur de taille"})).await.status(), 202);
    // Wave's session still shows the payment, not refunded.
    let checked = check(&app, &admin, &order).await;
    assert_eq!(checked.status(), 200);
    let body: Value = checked.json().await.unwrap();
    assert_eq!(body["data"]["refunds"][0]["state"], "failed");
    assert_eq!(body["data"]["paymentInfo"]["status"], "paid");
    wave_refunds(&wave, "cos-lost", ResponseTemplate::new(200)).await;
    let retried = refund(&app, &admin, &order, &json!({"reason": "Erreur de taille"})).await;
    assert_eq!(retried.status(), 200);
    assert_eq!(retried.json::<Value>().await.unwrap()["data"]["paymentInfo"]["status"], "refunded");
}

#[tokio::test]
async fn of_two_refunds_at_once_exactly_one_reaches_wave() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (_, order, tee) = paid_wave_order(&app, &wave, "awa@example.sn", "cos-twice").await;
    let admin = app.admin_token().await;
    let stock = stock_of(&app, &tee).await;
    wave_refunds(&wave, "cos-twice", ResponseTemplate::new(200).set_delay(Duration::from_millis(300))).await;
    let body = json!({"reason": "Double clic"});
    let (a, b) = tokio::join!(refund(&app, &admin, &order, &body), refund(&app, &admin, &order, &body));
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    let loser = if a.status() == 409 { a } else { b };
    let code = error_body(loser).await["code"].as_str().unwrap().to_owned();
    assert!(code == "refund_in_progress" || code == "already_refunded", "{code}");
    assert_eq!(refunds_asked(&wave, "cos-twice").await, 1);
    assert_eq!(stock_of(&app, &tee).await, stock + 1, "the cancellation returned its unit once");
}

#[tokio::test]
async fn a_refund_needs_a_paid_order_a_reason_and_an_administrator() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, unpaid, _) = wave_order(&app, "awa@example.sn").await;
    let admin = app.admin_token().await;
    let response = refund(&app, &admin, &unpaid, &json!({"reason": "x"})).await;
    assert_eq!(response.status(), 409);
    let error = error_body(response).await;
    assert_eq!(
        (error["code"].as_str(), error["message"].as_str()),
        (Some("order_not_refundable"), Some("Seule une commande payée peut être remboursée."))
    );
    let (_, paid, _) = paid_wave_order(&app, &wave, "moussa@example.sn", "cos-p").await;
    let blank = refund(&app, &admin, &paid, &json!({"reason": "  "})).await;
    assert_eq!(blank.status(), 400);
    assert_eq!(error_body(blank).await["fields"]["reason"], "Indiquez la raison du remboursement.");
    let partial = refund(&app, &admin, &paid, &json!({"reason": "x", "amount": 1000})).await;
    assert_eq!(partial.status(), 400);
    assert_eq!(
        error_body(partial).await["fields"]["amount"],
        "Un remboursement Wave rend toujours la totalité payée (25 000 FCFA)."
    );
    assert_eq!(refund(&app, &token, &paid, &json!({"reason": "x"})).await.status(), 403);
    assert_eq!(app.post_json(&format!("/api/admin/orders/{paid}/refund"), &json!({"reason": "x"})).await.status(), 401);
    assert_eq!(refunds_asked(&wave, "cos-p").await, 0);
}

#[tokio::test]
async fn a_paid_cash_order_gets_recorded_refunds_up_to_what_was_paid() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &tee, "cash_on_delivery").await;
    let admin = app.admin_token().await;
    let unpaid = refund(&app, &admin, &order, &json!({"amount": 1000, "method": "cash", "reason": "x"})).await;
    assert_eq!(unpaid.status(), 409, "nothing paid, nothing to give back");
    deliver_cash_order(&app, &admin, &order).await;
    let paid = app.send(Method::PUT, &format!("/api/admin/orders/{order}/payment"), Some(&admin), None).await;
    assert_eq!(paid.status(), 200);
    let stock = stock_of(&app, &tee).await;

    let part =
        refund(&app, &admin, &order, &json!({"amount": 10_000, "method": "cash", "reason": "Article manquant"})).await;
    assert_eq!(part.status(), 200);
    let body: Value = part.json().await.unwrap();
    assert_eq!(
        (body["data"]["paymentInfo"]["status"].as_str(), body["data"]["refundedAmount"].as_i64()),
        (Some("paid"), Some(10_000))
    );
    assert_eq!(
        history_by(&body["data"], ADMIN).last().unwrap()["note"],
        "Remboursement (espèces) de 10 000 FCFA : Article manquant"
    );

    let too_much = refund(&app, &admin, &order, &json!({"amount": 20_000, "method": "cash", "reason": "x"})).await;
    assert_eq!(too_much.status(), 400);
    assert_eq!(
        error_body(too_much).await["fields"]["amount"],
        "Le montant dépasse ce qui reste à rembourser : 15 000 FCFA au plus."
    );
    let no_method = refund(&app, &admin, &order, &json!({"amount": 1_000, "reason": "x"})).await;
    assert_eq!(no_method.status(), 400);
    assert!(error_body(no_method).await["fields"]["method"].is_string());

    let rest = refund(
        &app,
        &admin,
        &order,
        &json!({"amount": 15_000, "method": "wave_transfer", "reason": "Commande retournée"}),
    )
    .await;
    assert_eq!(rest.status(), 200);
    let customer = order_of(&app, &token, &order).await;
    assert_eq!(
        (customer["paymentInfo"]["status"].as_str(), customer["refundedAmount"].as_i64()),
        (Some("refunded"), Some(25_000))
    );
    assert_eq!(customer["refunds"].as_array().unwrap().len(), 2);
    assert_eq!(stock_of(&app, &tee).await, stock, "refunded after delivery: a return, stock unchanged");
    assert_eq!(customer["status"], "delivered", "and its status stays");
    let more = refund(&app, &admin, &order, &json!({"amount": 1, "method": "cash", "reason": "x"})).await;
    assert_eq!(error_body(more).await["code"], "already_refunded");
}

#[tokio::test]
async fn a_cash_order_paid_with_wave_becomes_a_wave_order_without_its_confirmation() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &tee, "cash_on_delivery").await;
    let before = order_of(&app, &token, &order).await;
    assert_eq!(
        (before["payWithWave"].as_str(), before["confirmation"].as_str()),
        (Some("switch_from_cash"), Some("awaiting"))
    );

    let session: Value = init(&app, &token, &order).await.json().await.unwrap();
    let checkout_url = session["data"]["checkoutUrl"].as_str().unwrap().to_owned();
    assert_eq!(order_of(&app, &token, &order).await["paymentMethod"], "cash_on_delivery", "unchanged until paid");
    let paid = browser().post(app.url(&format!("{}/pay", path_of(&checkout_url)))).send().await.unwrap();
    assert_eq!(paid.status(), 303);

    let after = order_of(&app, &token, &order).await;
    assert_eq!(
        (after["paymentMethod"].as_str(), after["paymentInfo"]["status"].as_str(), after["status"].as_str()),
        (Some("wave"), Some("paid"), Some("processing"))
    );
    assert!(after["confirmation"].is_null() && !after["confirmable"].as_bool().unwrap());
    let wave = history_by(&after, "Wave");
    assert!(wave[0]["note"].as_str().unwrap().ends_with(": mode de paiement changé du paiement à la livraison à Wave"));
    assert!(after["payWithWave"].is_null());
}

#[tokio::test]
async fn in_test_mode_the_simulator_refunds_the_order() {
    let app = app_in_test_mode().await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    assert_eq!(order_of(&app, &token, &order).await["payWithWave"], "pay");
    let session: Value = init(&app, &token, &order).await.json().await.unwrap();
    let checkout_url = session["data"]["checkoutUrl"].as_str().unwrap().to_owned();
    browser().post(app.url(&format!("{}/pay", path_of(&checkout_url)))).send().await.unwrap();
    let admin = app.admin_token().await;
    let response = refund(&app, &admin, &order, &json!({"reason": "Essai"})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(order_of(&app, &token, &order).await["paymentInfo"]["status"], "refunded");
}
