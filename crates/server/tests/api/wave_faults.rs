//! Wave slow, failing or cut off, seen from the shopper's side: a French error once the time
//! limit (1 s here) has passed, nothing decided on an unknown outcome, no second session on the
//! retry, and a payment Wave did take found later by the status check.
//! (`payments.rs` has the time-out at init then a retry, a 500 at init, and a webhook whose
//! confirmation fails then is delivered again.)

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, error_body, spawn_app_with};
use crate::payments::{app_with_wave, history_by, init, order_of, wave_order, wave_session};

/// Longest any answer may take here: a hang guard, not a measure (the time limit is 1 s).
const HANG_GUARD: Duration = Duration::from_secs(15);

const INIT_FAILED: &str = "Erreur lors de l'initialisation du paiement. Veuillez réessayer.";

async fn guarded<F: std::future::Future<Output = reqwest::Response>>(request: F) -> reqwest::Response {
    tokio::time::timeout(HANG_GUARD, request).await.expect("the server answered within the hang guard")
}

/// Wave's answer, on a connection that is closed afterwards, so each call to Wave opens its own
/// and [`Door`] can treat calls one by one.
fn answer(status: u16, body: Value) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(body).insert_header("connection", "close")
}

async fn order_status(app: &TestApp, token: &str, order: &str) -> reqwest::Response {
    let path = format!("/api/payments/wave/orders/{order}/status?refresh=true");
    guarded(app.send(Method::GET, &path, Some(token), None)).await
}

/// Makes the last answer heard from Wave old enough for a refresh to ask again.
async fn forget_last_check(app: &TestApp) {
    app.sql("UPDATE payments SET last_checked_at = now() - interval '4 seconds'").await;
}

async fn assert_unavailable(response: reqwest::Response, what: &str) {
    assert_eq!(response.status(), 502, "{what}");
    let body = error_body(response).await;
    assert_eq!(body["code"], "payment_provider_unavailable", "{what}");
    assert_eq!(body["message"], "Erreur réseau, impossible de vérifier le statut du paiement", "{what}");
}

async fn assert_unpaid(app: &TestApp, token: &str, order: &str) {
    let order = order_of(app, token, order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("pending"), Some("pending")));
}

// A door in front of the fake Wave ----------------------------------------------------------------

#[derive(Clone, Copy)]
enum Fate {
    /// The call goes through.
    Pass,
    /// Wave gets the call and acts on it, but its answer never comes back: the line drops.
    LoseAnswer,
    /// The line drops before Wave hears anything.
    HangUp,
}

/// A TCP relay between the shop and the fake Wave; each new connection meets the next planned
/// fate, then `Pass` once the plan is spent.
struct Door {
    address: SocketAddr,
    plan: Arc<Mutex<VecDeque<Fate>>>,
}

impl Door {
    async fn open(wave: &MockServer) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let upstream = *wave.address();
        let plan: Arc<Mutex<VecDeque<Fate>>> = Arc::default();
        let fates = plan.clone();
        tokio::spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                let fate = fates.lock().unwrap().pop_front().unwrap_or(Fate::Pass);
                tokio::spawn(relay(inbound, upstream, fate));
            }
        });
        Door { address, plan }
    }

    fn then(&self, fates: &[Fate]) {
        self.plan.lock().unwrap().extend(fates);
    }

    fn url(&self) -> String {
        format!("http://{}", self.address)
    }
}

async fn relay(mut inbound: TcpStream, upstream: SocketAddr, fate: Fate) {
    match fate {
        Fate::Pass => {
            let mut outbound = TcpStream::connect(upstream).await.unwrap();
            let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
        }
        Fate::LoseAnswer => {
            let outbound = TcpStream::connect(upstream).await.unwrap();
            let (mut from_shop, _to_shop) = inbound.into_split();
            let (mut from_wave, mut to_wave) = outbound.into_split();
            let forward = tokio::spawn(async move { tokio::io::copy(&mut from_shop, &mut to_wave).await });
            // Wave's first byte back means it has read the call and acted: drop everything.
            let mut first = [0u8; 1];
            let _ = from_wave.read(&mut first).await;
            forward.abort();
            let _ = forward.await;
        }
        Fate::HangUp => {
            let mut request = [0u8; 1024];
            let _ = inbound.read(&mut request).await;
        }
    }
}

async fn app_behind(door: &Door) -> TestApp {
    spawn_app_with(&[
        ("WAVE_API_KEY", "wave_sn_prod_test"),
        ("WAVE_WEBHOOK_SECRET", "wave_sn_WHS_api_tests_secret"),
        ("WAVE_API_BASE", &door.url()),
        ("WAVE_TIMEOUT_SECONDS", "1"),
        ("PUBLIC_URL", "https://boutique.test"),
    ])
    .await
}

/// Wave's search for `order`: nothing the first `empty_first` times, then `found`.
async fn wave_searches(wave: &MockServer, empty_first: u64, found: &[Value]) {
    if empty_first > 0 {
        Mock::given(method("GET"))
            .and(path("/v1/checkout/sessions/search"))
            .respond_with(answer(200, json!({"result": []})))
            .up_to_n_times(empty_first)
            .with_priority(1)
            .mount(wave)
            .await;
    }
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(answer(200, json!({"result": found})))
        .with_priority(2)
        .mount(wave)
        .await;
}

// Slow ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn wave_slower_than_the_time_limit_gets_a_french_error_and_decides_nothing() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let slow = ResponseTemplate::new(200).set_body_json(json!({"result": []})).set_delay(Duration::from_secs(4));
    Mock::given(method("GET")).and(path("/v1/checkout/sessions/search")).respond_with(slow).mount(&wave).await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200))
        .expect(0)
        .named("no session is opened on an unanswered search")
        .mount(&wave)
        .await;
    let response = guarded(init(&app, &token, &order)).await;
    assert_eq!(response.status(), 502);
    let body = error_body(response).await;
    assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some("payment_init_failed"), Some(INIT_FAILED)));
    assert_unpaid(&app, &token, &order).await;
}

#[tokio::test]
async fn a_status_check_while_wave_is_slow_says_so_in_french_and_the_next_one_finds_the_payment() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let open = wave_session("cos-1", &order, "25000", "open", "processing");
    wave_searches(&wave, 1, &[]).await;
    Mock::given(method("POST")).and(path("/v1/checkout/sessions")).respond_with(answer(200, open)).mount(&wave).await;
    assert_eq!(guarded(init(&app, &token, &order)).await.status(), 200);
    // The shopper pays; Wave's webhook is lost, and Wave is slow when the shopper comes back.
    let paid = wave_session("cos-1", &order, "25000", "complete", "succeeded");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(&paid).set_delay(Duration::from_secs(4)))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&wave)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-1"))
        .respond_with(answer(200, paid))
        .with_priority(2)
        .mount(&wave)
        .await;
    forget_last_check(&app).await;
    assert_unavailable(order_status(&app, &token, &order).await, "Wave slow").await;
    assert_unpaid(&app, &token, &order).await;
    forget_last_check(&app).await;
    let found = order_status(&app, &token, &order).await;
    assert_eq!(found.status(), 200);
    let found: Value = found.json().await.unwrap();
    assert_eq!(
        (found["data"]["status"].as_str(), found["data"]["orderStatus"].as_str()),
        (Some("paid"), Some("processing"))
    );
    assert_eq!(history_by(&order_of(&app, &token, &order).await, "Wave").len(), 1);
}

// Failing ------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_500_from_wave_after_it_opened_the_session_then_a_retry_opens_no_second_one() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let open = wave_session("cos-500", &order, "25000", "open", "processing");
    // Wave opens the session, then fails to say so; its search knows it afterwards.
    wave_searches(&wave, 1, std::slice::from_ref(&open)).await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(answer(500, json!({"code": "internal-server-error", "message": "oops"})))
        .expect(1)
        .named("one session created")
        .mount(&wave)
        .await;
    let first = guarded(init(&app, &token, &order)).await;
    assert_eq!(first.status(), 502);
    assert_eq!(error_body(first).await["message"], INIT_FAILED);
    let retry = guarded(init(&app, &token, &order)).await;
    assert_eq!(retry.status(), 200);
    assert_eq!(retry.json::<Value>().await.unwrap()["data"]["sessionId"], "cos-500");
}

#[tokio::test]
async fn status_checks_during_wave_500s_change_nothing_and_the_payment_is_found_afterwards() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let open = wave_session("cos-2", &order, "25000", "open", "processing");
    wave_searches(&wave, 1, &[]).await;
    Mock::given(method("POST")).and(path("/v1/checkout/sessions")).respond_with(answer(200, open)).mount(&wave).await;
    assert_eq!(guarded(init(&app, &token, &order)).await.status(), 200);
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-2"))
        .respond_with(answer(500, json!({"code": "internal-server-error", "message": "oops"})))
        .up_to_n_times(2)
        .with_priority(1)
        .mount(&wave)
        .await;
    let paid = wave_session("cos-2", &order, "25000", "complete", "succeeded");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-2"))
        .respond_with(answer(200, paid))
        .with_priority(2)
        .mount(&wave)
        .await;
    for attempt in ["first", "second"] {
        forget_last_check(&app).await;
        assert_unavailable(order_status(&app, &token, &order).await, attempt).await;
        assert_unpaid(&app, &token, &order).await;
    }
    forget_last_check(&app).await;
    let by_session =
        guarded(app.send(Method::GET, "/api/payments/wave/status/cos-2?refresh=true", Some(&token), None)).await;
    assert_eq!(by_session.json::<Value>().await.unwrap()["data"]["status"], "paid");
    let order = order_of(&app, &token, &order).await;
    assert_eq!(order["paymentInfo"]["status"], "paid");
    assert_eq!(history_by(&order, "Wave").len(), 1);
}

// Cut off ------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_dropped_answer_at_init_leaves_one_session_which_the_retry_finds() {
    let wave = MockServer::start().await;
    let door = Door::open(&wave).await;
    let app = app_behind(&door).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let open = wave_session("cos-cut", &order, "25000", "open", "processing");
    wave_searches(&wave, 1, std::slice::from_ref(&open)).await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(answer(200, open))
        .expect(1)
        .named("one session created")
        .mount(&wave)
        .await;
    // The search goes through; Wave opens the session but the line drops before its answer.
    door.then(&[Fate::Pass, Fate::LoseAnswer]);
    let first = guarded(init(&app, &token, &order)).await;
    assert_eq!(first.status(), 502);
    assert_eq!(error_body(first).await["message"], INIT_FAILED);
    // Wave unreachable for a moment: the line drops before the search is heard.
    door.then(&[Fate::HangUp]);
    let second = guarded(init(&app, &token, &order)).await;
    assert_eq!(second.status(), 502);
    assert_eq!(error_body(second).await["message"], INIT_FAILED);
    let retry = guarded(init(&app, &token, &order)).await;
    assert_eq!(retry.status(), 200);
    assert_eq!(retry.json::<Value>().await.unwrap()["data"]["sessionId"], "cos-cut");
}

#[tokio::test]
async fn a_payment_whose_confirmations_were_cut_off_is_found_by_the_status_check() {
    let wave = MockServer::start().await;
    let door = Door::open(&wave).await;
    let app = app_behind(&door).await;
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let open = wave_session("cos-3", &order, "25000", "open", "processing");
    wave_searches(&wave, 1, &[]).await;
    Mock::given(method("POST")).and(path("/v1/checkout/sessions")).respond_with(answer(200, open)).mount(&wave).await;
    assert_eq!(guarded(init(&app, &token, &order)).await.status(), 200);
    // Paid at Wave; the webhook never arrives, and the first checks are cut off.
    let paid = wave_session("cos-3", &order, "25000", "complete", "succeeded");
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-3"))
        .respond_with(answer(200, paid))
        .mount(&wave)
        .await;
    for (fate, what) in [(Fate::LoseAnswer, "answer lost"), (Fate::HangUp, "line dropped")] {
        door.then(&[fate]);
        forget_last_check(&app).await;
        assert_unavailable(order_status(&app, &token, &order).await, what).await;
        assert_unpaid(&app, &token, &order).await;
    }
    forget_last_check(&app).await;
    let found: Value = order_status(&app, &token, &order).await.json().await.unwrap();
    assert_eq!(found["data"]["status"], "paid");
    let order = order_of(&app, &token, &order).await;
    assert_eq!((order["status"].as_str(), order["paymentInfo"]["status"].as_str()), (Some("processing"), Some("paid")));
    assert_eq!(history_by(&order, "Wave").len(), 1, "paid once");
}
