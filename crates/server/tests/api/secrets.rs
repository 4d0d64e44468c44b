//! Secrets never reach the logs or an error body: the real binary, logging at `trace`, is taken
//! through registration, logins (right and wrong), a password reset, a Wave payment and its
//! webhook; then every log line and every answer is searched for every secret involved.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bitik_postgres::testing::TestDatabase;
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TempDir, create_product};

const JWT_SECRET: &str = "jwt-secret-for-the-secrets-test-0123456789";
const WAVE_KEY: &str = "wave_sn_prod_secret-key-of-the-secrets-test";
const WEBHOOK_SECRET: &str = "wave_sn_WHS_secret-of-the-secrets-test";
const PASSWORD: &str = "Mot-de-passe-Awa-1";
const NEW_PASSWORD: &str = "Nouveau-mot-de-passe-Awa-2";
const WRONG_PASSWORD: &str = "Mauvais-mot-de-passe-3";
const ADMIN_PASSWORD: &str = "Mot-de-passe-chef-4";

/// The `bitik serve` child process, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every answer of the journey, with the secrets that answer exists to hand out (a session's
/// token, an admin's reset link): those may appear in it and nowhere else.
struct Journey {
    client: reqwest::Client,
    base: String,
    answers: Vec<(String, Vec<String>)>,
}

impl Journey {
    async fn call(&mut self, method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>) -> Value {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let text = request.send().await.expect("request").text().await.expect("body");
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let handed_out = [&value["data"]["token"], &value["data"]["url"]]
            .into_iter()
            .filter_map(|v| v.as_str())
            .map(|s| s.rsplit('/').next().unwrap_or(s).to_owned())
            .collect();
        self.answers.push((text, handed_out));
        value
    }

    async fn post(&mut self, path: &str, token: Option<&str>, body: Value) -> Value {
        self.call(reqwest::Method::POST, path, token, Some(body)).await
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn wave_session(id: &str, order: &str, status: &str) -> Value {
    let now = chrono::Utc::now();
    let paid = status == "succeeded";
    json!({
        "id": id, "amount": "25000", "currency": "XOF", "client_reference": order,
        "checkout_status": if paid { "complete" } else { "open" }, "payment_status": status,
        "business_name": "Bitik Dakar", "last_payment_error": null,
        "success_url": format!("http://localhost/payment-success?orderId={order}"),
        "error_url": format!("http://localhost/payment-error?orderId={order}"),
        "wave_launch_url": format!("https://pay.wave.com/c/{id}"),
        "when_completed": if paid { json!(now.to_rfc3339()) } else { json!(null) },
        "transaction_id": if paid { json!("TCN4Y4ZC3FM") } else { json!(null) },
        "when_created": now.to_rfc3339(), "when_expires": (now + chrono::Duration::minutes(30)).to_rfc3339()
    })
}

/// A fake Wave that has no session yet; the test adds the session once the order exists.
async fn fake_wave() -> MockServer {
    let wave = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": []})))
        .mount(&wave)
        .await;
    wave
}

async fn password_hashes(database: &bitik_postgres::Database) -> Vec<String> {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        password_hash: String,
    }
    let mut conn = database.conn().await.unwrap();
    let rows: Vec<Row> = diesel::sql_query("SELECT password_hash FROM users").load(&mut conn).await.unwrap();
    rows.into_iter().map(|r| r.password_hash).collect()
}

async fn make_admin(database: &bitik_postgres::Database, email: &str) {
    use diesel_async::RunQueryDsl;
    let mut conn = database.conn().await.unwrap();
    diesel::sql_query(format!("UPDATE users SET role = 'admin' WHERE email = '{email}'"))
        .execute(&mut conn)
        .await
        .unwrap();
}

#[tokio::test]
async fn no_secret_reaches_a_log_line_or_an_answer_not_meant_to_carry_it() {
    let database = TestDatabase::new().await;
    let wave = fake_wave().await;
    let uploads = TempDir::new();
    let log_path = uploads.0.join("server.log");
    let port = free_port();
    let log = std::fs::File::create(&log_path).unwrap();
    let _server = Server(
        Command::new(env!("CARGO_BIN_EXE_bitik"))
            .arg("serve")
            .env("DATABASE_URL", &database.url)
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("JWT_SECRET", JWT_SECRET)
            .env("WAVE_API_KEY", WAVE_KEY)
            .env("WAVE_WEBHOOK_SECRET", WEBHOOK_SECRET)
            .env("WAVE_API_BASE", wave.uri())
            .env("UPLOAD_DIR", &uploads.0)
            .env("FRONTEND_DIR", "/nonexistent")
            .env("RUST_LOG", "trace")
            .stdout(Stdio::from(log.try_clone().unwrap()))
            .stderr(Stdio::from(log))
            .spawn()
            .expect("start bitik"),
    );
    let mut journey =
        Journey { client: reqwest::Client::new(), base: format!("http://127.0.0.1:{port}"), answers: vec![] };
    let mut up = false;
    for _ in 0..100 {
        if journey.client.get(format!("{}/api/health", journey.base)).send().await.is_ok_and(|r| r.status() == 200) {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(up, "the server did not start: {}", std::fs::read_to_string(&log_path).unwrap_or_default());

    let registered = journey
        .post(
            "/api/auth/register",
            None,
            json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn",
                                                 "password": PASSWORD, "phone": "77 123 45 67"}),
        )
        .await;
    let awa_id = registered["data"]["user"]["id"].as_str().expect("registered").to_owned();
    let wrong =
        journey.post("/api/auth/login", None, json!({"email": "awa@example.sn", "password": WRONG_PASSWORD})).await;
    assert_eq!(wrong["code"], "invalid_credentials");
    journey.post("/api/auth/forgot-password", None, json!({"email": "awa@example.sn"})).await;

    journey
        .post(
            "/api/auth/register",
            None,
            json!({"firstName": "Chef", "lastName": "Ndiaye", "email": "chef@bitik.sn",
                                                 "password": ADMIN_PASSWORD, "phone": "77 000 00 01"}),
        )
        .await;
    make_admin(&database.database, "chef@bitik.sn").await;
    let admin =
        journey.post("/api/auth/login", None, json!({"email": "chef@bitik.sn", "password": ADMIN_PASSWORD})).await;
    let admin_token = admin["data"]["token"].as_str().expect("admin login").to_owned();
    let link = journey.post(&format!("/api/admin/users/{awa_id}/reset-link"), Some(&admin_token), json!({})).await;
    let reset_token = link["data"]["url"].as_str().expect("reset link").rsplit('/').next().unwrap().to_owned();
    let reset =
        journey.post(&format!("/api/auth/reset-password/{reset_token}"), None, json!({"password": NEW_PASSWORD})).await;
    assert!(reset["data"].is_object(), "reset: {reset}");
    let used_again =
        journey.post(&format!("/api/auth/reset-password/{reset_token}"), None, json!({"password": NEW_PASSWORD})).await;
    assert_eq!(used_again["code"], "invalid_reset_token");

    let login =
        journey.post("/api/auth/login", None, json!({"email": "awa@example.sn", "password": NEW_PASSWORD})).await;
    let token = login["data"]["token"].as_str().expect("login").to_owned();
    let tee = create_product(&database.database, "T-shirt Teranga", 23_500, None, &[("noir", "M", 5)]).await;
    let order = journey
        .post(
            "/api/orders",
            Some(&token),
            json!({
            "items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
            "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                             "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
            "shippingMethod": "standard", "paymentMethod": "wave"}),
        )
        .await;
    let order_id = order["data"]["id"].as_str().expect("order").to_owned();
    let session_id = "cos-secrets-test";
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(wave_session(session_id, &order_id, "processing")))
        .mount(&wave)
        .await;
    Mock::given(method("GET"))
        .and(path_regex("^/v1/checkout/sessions/cos-"))
        .respond_with(ResponseTemplate::new(200).set_body_json(wave_session(session_id, &order_id, "succeeded")))
        .mount(&wave)
        .await;
    let init = journey.post("/api/payments/wave/init", Some(&token), json!({"orderId": order_id})).await;
    assert_eq!(init["data"]["sessionId"], session_id, "init: {init}");

    let event = json!({"id": "EV_secrets", "type": "checkout.session.completed",
                       "data": wave_session(session_id, &order_id, "succeeded")})
    .to_string();
    let signature = bitik_wave::sign(event.as_bytes(), WEBHOOK_SECRET, chrono::Utc::now().timestamp());
    for signature in [signature, "t=1,v1=00".to_owned()] {
        let response = journey
            .client
            .post(format!("{}/api/payments/wave/webhook", journey.base))
            .header("Wave-Signature", signature)
            .body(event.clone())
            .send()
            .await
            .unwrap();
        journey.answers.push((response.text().await.unwrap(), vec![]));
    }
    let paid = journey.call(reqwest::Method::GET, &format!("/api/orders/{order_id}"), Some(&token), None).await;
    assert_eq!(paid["data"]["paymentInfo"]["status"], "paid", "the webhook went through");
    // An error answer too: a session token that does not verify.
    journey.call(reqwest::Method::GET, "/api/auth/me", Some(&format!("{token}x")), None).await;

    tokio::time::sleep(Duration::from_millis(200)).await;
    let logs = std::fs::read_to_string(&log_path).unwrap();
    assert!(logs.contains("/api/payments/wave/webhook"), "the request log was captured:\n{logs}");
    assert!(logs.lines().count() > 20, "trace logging was on:\n{logs}");

    let mut secrets: Vec<(String, String)> = vec![
        ("the JWT secret".into(), JWT_SECRET.into()),
        ("the Wave key".into(), WAVE_KEY.into()),
        ("the webhook secret".into(), WEBHOOK_SECRET.into()),
        ("a password".into(), PASSWORD.into()),
        ("a password".into(), NEW_PASSWORD.into()),
        ("a password".into(), WRONG_PASSWORD.into()),
        ("a password".into(), ADMIN_PASSWORD.into()),
        ("the reset token".into(), reset_token.clone()),
    ];
    for hash in password_hashes(&database.database).await {
        secrets.push(("a password hash".into(), hash.clone()));
        // The salt and digest alone would give it away as well.
        if let Some(digest) = hash.rsplit('$').next() {
            secrets.push(("a password hash's digest".into(), digest.to_owned()));
        }
    }
    for (text, _) in &journey.answers {
        if let Some(token) =
            serde_json::from_str::<Value>(text).ok().and_then(|v| v["data"]["token"].as_str().map(str::to_owned))
        {
            secrets.push(("a session token".into(), token));
        }
    }
    assert!(secrets.iter().filter(|(what, _)| what == "a session token").count() >= 4);
    for (what, secret) in &secrets {
        assert!(!logs.contains(secret.as_str()), "{what} is in the logs");
        for (answer, handed_out) in &journey.answers {
            if !handed_out.contains(secret) {
                assert!(!answer.contains(secret.as_str()), "{what} is in an answer: {answer}");
            }
        }
    }
}
