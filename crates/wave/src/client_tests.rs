//! The client against a fake Wave (wiremock): every call, Wave's errors, and time limits.

use std::time::Duration;

use bitik_common::Money;
use bitik_payments::{CheckoutStatus, GatewayError, SessionRequest, WaveGateway, WavePaymentStatus};
use serde_json::{Value, json};
use wiremock::matchers::{bearer_token, body_json, header, method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::client::WaveClient;

const KEY: &str = "wave_sn_prod_test_key";
const ORDER: &str = "5b0c3a4e-0000-4000-8000-000000000042";

fn session_json(id: &str, checkout: &str, payment: &str) -> Value {
    json!({
        "id": id,
        "amount": "25000",
        "checkout_status": checkout,
        "client_reference": ORDER,
        "currency": "XOF",
        "error_url": "https://bitik.sn/payment-error",
        "last_payment_error": null,
        "business_name": "Bitik Dakar",
        "payment_status": payment,
        "success_url": "https://bitik.sn/payment-success",
        "wave_launch_url": format!("https://pay.wave.com/c/{id}?a=25000&c=XOF&m=Bitik%20Dakar"),
        "when_completed": null,
        "when_created": "2026-11-22T10:00:00Z",
        "when_expires": "2026-11-22T10:30:00Z"
    })
}

fn wave_error(code: &str, message: &str) -> Value {
    json!({"code": code, "message": message, "details": []})
}

async fn client(server: &MockServer) -> WaveClient {
    WaveClient::new(&server.uri(), KEY, Duration::from_millis(500)).unwrap()
}

fn request() -> SessionRequest {
    SessionRequest {
        amount: Money::francs(25_000),
        currency: "XOF".into(),
        success_url: format!("https://bitik.sn/payment-success?orderId={ORDER}"),
        error_url: format!("https://bitik.sn/payment-error?orderId={ORDER}&errorCode=payment_failed"),
        client_reference: ORDER.into(),
    }
}

#[tokio::test]
async fn creates_a_session_as_wave_documents_it() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .and(bearer_token(KEY))
        .and(header("content-type", "application/json"))
        .and(body_json(json!({
            "amount": "25000",
            "currency": "XOF",
            "success_url": format!("https://bitik.sn/payment-success?orderId={ORDER}"),
            "error_url": format!("https://bitik.sn/payment-error?orderId={ORDER}&errorCode=payment_failed"),
            "client_reference": ORDER
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(session_json("cos-18qq25rgr100a", "open", "processing")))
        .expect(1)
        .mount(&server)
        .await;
    let session = client(&server).await.create_session(&request()).await.unwrap();
    assert_eq!(session.id, "cos-18qq25rgr100a");
    assert_eq!(session.amount, Money::francs(25_000));
    assert_eq!(
        (session.checkout_status, session.payment_status),
        (CheckoutStatus::Open, WavePaymentStatus::Processing)
    );
    assert_eq!(session.launch_url, "https://pay.wave.com/c/cos-18qq25rgr100a?a=25000&c=XOF&m=Bitik%20Dakar");
    assert_eq!(session.client_reference.as_deref(), Some(ORDER));
    assert_eq!(session.business_name, "Bitik Dakar");
    assert_eq!(session.expires_at.to_rfc3339(), "2026-11-22T10:30:00+00:00");
}

#[tokio::test]
async fn reads_a_session_and_tells_when_wave_does_not_know_it() {
    let server = MockServer::start().await;
    let mut paid = session_json("cos-1", "complete", "succeeded");
    paid["transaction_id"] = json!("TCN4Y4ZC3FM");
    paid["when_completed"] = json!("2026-11-22T10:05:45Z");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-1"))
        .and(bearer_token(KEY))
        .respond_with(ResponseTemplate::new(200).set_body_json(paid))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-gone"))
        .respond_with(
            ResponseTemplate::new(404)
                .set_body_json(wave_error("checkout-session-not-found", "Checkout session not found")),
        )
        .mount(&server)
        .await;
    let wave = client(&server).await;
    let session = wave.get_session("cos-1").await.unwrap();
    assert!(session.succeeded());
    assert_eq!(session.transaction_id.as_deref(), Some("TCN4Y4ZC3FM"));
    assert_eq!(session.completed_at.unwrap().to_rfc3339(), "2026-11-22T10:05:45+00:00");
    assert_eq!(wave.get_session("cos-gone").await, Err(GatewayError::NotFound));
}

#[tokio::test]
async fn searches_the_sessions_of_an_order() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .and(query_param("client_reference", ORDER))
        .and(bearer_token(KEY))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": [
            session_json("cos-old", "expired", "cancelled"),
            session_json("cos-new", "open", "processing")
        ]})))
        .expect(1)
        .mount(&server)
        .await;
    let found = client(&server).await.search_sessions(ORDER).await.unwrap();
    let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["cos-old", "cos-new"]);
    assert_eq!(found[0].checkout_status, CheckoutStatus::Expired);
}

#[tokio::test]
async fn expires_an_open_session_and_reports_a_refusal_for_another() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-open/expire"))
        .and(bearer_token(KEY))
        .respond_with(ResponseTemplate::new(200))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-paid/expire"))
        .respond_with(
            ResponseTemplate::new(409)
                .set_body_json(wave_error("checkout-session-not-open", "Only open sessions can be expired")),
        )
        .mount(&server)
        .await;
    let wave = client(&server).await;
    assert_eq!(wave.expire_session("cos-open").await, Ok(()));
    assert_eq!(
        wave.expire_session("cos-paid").await,
        Err(GatewayError::Rejected {
            status: 409,
            code: "checkout-session-not-open".into(),
            message: "Only open sessions can be expired".into()
        })
    );
}

#[tokio::test]
async fn keys_and_wallets_refused_are_refusals_with_waves_code() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(401).set_body_json(wave_error("api-key-revoked", "The key was revoked")))
        .mount(&server)
        .await;
    let error = client(&server).await.create_session(&request()).await.unwrap_err();
    assert_eq!(
        error,
        GatewayError::Rejected { status: 401, code: "api-key-revoked".into(), message: "The key was revoked".into() }
    );
}

#[tokio::test]
async fn a_rate_limit_says_how_long_to_wait() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("Retry-After", "7")
                .set_body_json(wave_error("rate-limit-exceeded", "Too many requests")),
        )
        .mount(&server)
        .await;
    let error = client(&server).await.get_session("cos-1").await.unwrap_err();
    assert_eq!(error, GatewayError::RateLimited { retry_after: Some(Duration::from_secs(7)) });
}

#[tokio::test]
async fn server_errors_timeouts_and_garbage_are_unknown_outcomes() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(500).set_body_json(wave_error("internal-server-error", "Oops")))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-slow"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(session_json("cos-slow", "open", "processing"))
                .set_delay(Duration::from_secs(3)),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-html"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>proxy</html>"))
        .mount(&server)
        .await;
    let mut decimals = session_json("cos-decimals", "open", "processing");
    decimals["amount"] = json!("25000.00");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-decimals"))
        .respond_with(ResponseTemplate::new(200).set_body_json(decimals))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-down"))
        .respond_with(ResponseTemplate::new(503).set_body_string("unavailable"))
        .mount(&server)
        .await;
    let wave = client(&server).await;
    let unknown = |result: Result<_, GatewayError>| matches!(result, Err(GatewayError::Unknown(_)));
    assert!(unknown(wave.create_session(&request()).await.map(|_| ())));
    // Wave would answer a good session, after the time limit: the call gives up first.
    assert!(unknown(wave.get_session("cos-slow").await.map(|_| ())));
    assert!(unknown(wave.get_session("cos-html").await.map(|_| ())));
    assert!(unknown(wave.get_session("cos-decimals").await.map(|_| ())));
    assert!(unknown(wave.get_session("cos-down").await.map(|_| ())));
}

#[tokio::test]
async fn an_unreachable_wave_is_an_unknown_outcome() {
    // A port nobody listens on (wiremock keeps stopped servers listening, for reuse).
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let address = format!("http://127.0.0.1:{port}");
    let wave = WaveClient::new(&address, KEY, Duration::from_millis(500)).unwrap();
    assert!(matches!(wave.search_sessions(ORDER).await, Err(GatewayError::Unknown(_))));
}

#[tokio::test]
async fn a_session_id_that_is_not_one_never_reaches_wave() {
    let server = MockServer::start().await;
    Mock::given(wiremock::matchers::any()).respond_with(ResponseTemplate::new(200)).expect(0).mount(&server).await;
    let wave = client(&server).await;
    for id in ["", "../sessions", "cos-1/expire", "cos 1"] {
        assert_eq!(wave.get_session(id).await, Err(GatewayError::NotFound), "{id:?}");
        assert_eq!(wave.expire_session(id).await, Err(GatewayError::NotFound), "{id:?}");
    }
}

#[tokio::test]
async fn refunds_a_session_and_takes_an_empty_200_as_success() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-paid/refund"))
        .and(bearer_token(KEY))
        .respond_with(ResponseTemplate::new(200))
        .expect(1)
        .mount(&server)
        .await;
    client(&server).await.refund_session("cos-paid").await.unwrap();
}

#[tokio::test]
async fn a_refused_refund_keeps_waves_code_and_a_slow_one_is_unknown() {
    for (status, code) in
        [(400, "checkout-refund-failed"), (400, "request-validation-error"), (403, "unauthorized-wallet")]
    {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/checkout/sessions/cos-paid/refund"))
            .respond_with(ResponseTemplate::new(status).set_body_json(wave_error(code, "refused")))
            .mount(&server)
            .await;
        let error = client(&server).await.refund_session("cos-paid").await.unwrap_err();
        assert!(matches!(&error, GatewayError::Rejected { code: c, .. } if c == code), "{error:?}");
    }
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-gone/refund"))
        .respond_with(ResponseTemplate::new(404).set_body_json(wave_error("checkout-session-not-found", "no")))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions/cos-slow/refund"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)))
        .mount(&server)
        .await;
    let client = client(&server).await;
    assert_eq!(client.refund_session("cos-gone").await, Err(GatewayError::NotFound));
    assert!(matches!(client.refund_session("cos-slow").await, Err(GatewayError::Unknown(_))));
    assert_eq!(client.refund_session("../x").await, Err(GatewayError::NotFound), "never reaches a URL");
}

#[tokio::test]
async fn a_session_reads_refunded_when_wave_shows_its_refund() {
    let server = MockServer::start().await;
    let mut by_status = session_json("cos-a", "complete", "refunded");
    by_status["when_completed"] = json!("2026-11-22T10:05:00Z");
    let mut by_time = session_json("cos-b", "complete", "succeeded");
    by_time["when_refunded"] = json!("2026-11-23T09:00:00Z");
    let paid = session_json("cos-c", "complete", "succeeded");
    for (id, body) in [("cos-a", by_status), ("cos-b", by_time), ("cos-c", paid)] {
        Mock::given(method("GET"))
            .and(path(format!("/v1/checkout/sessions/{id}")))
            .respond_with(ResponseTemplate::new(200).set_body_json(body))
            .mount(&server)
            .await;
    }
    let client = client(&server).await;
    assert!(client.session_refunded("cos-a").await.unwrap());
    assert!(client.session_refunded("cos-b").await.unwrap());
    assert!(!client.session_refunded("cos-c").await.unwrap());
    let refunded = client.get_session("cos-a").await.unwrap();
    assert_eq!(refunded.payment_status, WavePaymentStatus::Succeeded, "a refunded session was paid");
}

// The Balance & Reconciliation API -------------------------------------------------------------

fn transaction(id: &str, amount: &str, fee: &str, kind: &str) -> Value {
    json!({
        "timestamp": "2026-11-22T10:05:00Z",
        "transaction_id": id,
        "transaction_type": kind,
        "amount": amount,
        "fee": fee,
        "balance": "100000",
        "currency": "XOF",
        "is_reversal": false
    })
}

#[tokio::test]
async fn a_days_transactions_are_read_page_after_page() {
    use bitik_payments::reconciliation::WaveTransactions;
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/transactions"))
        .and(bearer_token(KEY))
        .and(query_param("date", "2026-11-22"))
        .and(query_param("after", "c1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "page_info": {"start_cursor": "c1", "end_cursor": "c2", "has_next_page": false},
            "items": [transaction("T2", "-5000", "0", "merchant_payment_refund")]
        })))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/transactions"))
        .and(query_param("date", "2026-11-22"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "page_info": {"start_cursor": null, "end_cursor": "c1", "has_next_page": true},
            "items": [transaction("T1", "25000", "250", "merchant_payment")]
        })))
        .mount(&server)
        .await;
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    let found = client(&server).await.transactions_of(day).await.unwrap();
    let read: Vec<_> = found.iter().map(|t| (t.id.as_str(), t.amount, t.fee, t.is_payment())).collect();
    assert_eq!(
        read,
        vec![
            ("T1", Money::francs(25_000), Money::francs(250), true),
            ("T2", Money::francs(-5_000), Money::ZERO, false)
        ]
    );
}

#[tokio::test]
async fn a_key_without_the_balance_api_is_told_apart_from_a_failure() {
    use bitik_payments::reconciliation::{TransactionsError, WaveTransactions};
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    for (status, expected) in [
        (401, TransactionsError::NoAccess),
        (403, TransactionsError::NoAccess),
        (500, TransactionsError::Failed("HTTP 500".into())),
    ] {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/transactions"))
            .respond_with(ResponseTemplate::new(status).set_body_json(wave_error("missing-auth-header", "no")))
            .mount(&server)
            .await;
        assert_eq!(client(&server).await.transactions_of(day).await.unwrap_err(), expected);
    }
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/transactions"))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(2)).set_body_json(json!({"items": []})))
        .mount(&server)
        .await;
    assert!(matches!(client(&server).await.transactions_of(day).await, Err(TransactionsError::Failed(_))));
}
