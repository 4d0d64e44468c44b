//! Two `bitik serve` processes on one database, as two instances behind a load balancer would
//! run: a client cannot double its allowance by alternating between them, a catalogue change made
//! through one is served by the other within a second, each slot of a periodic job runs once
//! (its work done once), and an instance told to stop (SIGTERM) answers 503 to readiness at once
//! while it still serves, then exits. Their logs carry each request's id.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bitik_postgres::testing::TestDatabase;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TempDir, create_product, metric};

/// One `bitik serve` process; killed if the test ends before it exits.
struct Instance {
    child: Child,
    base: String,
    /// Everything it logged so far.
    log: Arc<Mutex<String>>,
    client: reqwest::Client,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What every instance of a test is configured with: one database, one `UPLOAD_DIR`, slots of
/// one second for the jobs, a short drain, and an hour for cash orders to be confirmed.
const SETTINGS: [(&str, &str); 4] =
    [("SWEEP_SECONDS", "1"), ("DRAIN_SECONDS", "2"), ("COD_CONFIRM_HOURS", "1"), ("RUST_LOG", "info")];

impl Instance {
    /// Starts the binary on a port of its choosing and waits until it is ready (30 s at most).
    async fn start(database: &TestDatabase, uploads: &TempDir, settings: &[(&str, &str)]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_bitik"));
        command
            .arg("serve")
            .env("DATABASE_URL", &database.url)
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("UPLOAD_DIR", &uploads.0)
            .env("FRONTEND_DIR", "/nonexistent")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in SETTINGS.iter().chain(settings) {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("start bitik");
        let log = Arc::new(Mutex::new(String::new()));
        // Both pipes are read to the end, or a chatty server would block on a full one.
        for pipe in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    let mut log = log.lock().unwrap();
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
        let mut instance = Instance { child, base: String::new(), log, client };
        let deadline = Instant::now() + Duration::from_secs(30);
        let port = loop {
            let port = instance.log().lines().find_map(|line| {
                let rest = line.split("Bitik is serving on port ").nth(1)?;
                rest.split_whitespace().next()?.parse::<u16>().ok()
            });
            if let Some(port) = port {
                break port;
            }
            assert!(instance.child.try_wait().unwrap().is_none(), "bitik exited: {}", instance.log());
            assert!(Instant::now() < deadline, "bitik did not start: {}", instance.log());
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        instance.base = format!("http://127.0.0.1:{port}");
        loop {
            if instance.get("/api/health/ready").await.status() == 200 {
                return instance;
            }
            assert!(Instant::now() < deadline, "bitik did not become ready: {}", instance.log());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    async fn send(&self, method: Method, path: &str, token: Option<&str>, body: Option<&Value>) -> reqwest::Response {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.expect("request")
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.send(Method::GET, path, None, None).await
    }

    async fn post(&self, path: &str, body: &Value) -> reqwest::Response {
        self.send(Method::POST, path, None, Some(body)).await
    }

    async fn metrics(&self) -> String {
        let response = self.get("/metrics").await;
        assert_eq!(response.status(), 200);
        response.text().await.unwrap()
    }

    fn terminate(&self) {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(sent.success());
    }

    /// Waits for this instance's process to end and returns its status.
    async fn ended(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "bitik did not exit: {}", self.log());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Two instances on a fresh database, sharing its `UPLOAD_DIR`.
struct Pair {
    a: Instance,
    b: Instance,
    database: TestDatabase,
    _uploads: TempDir,
}

async fn two_instances(settings: &[(&str, &str)]) -> Pair {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    let (a, b) =
        tokio::join!(Instance::start(&database, &uploads, settings), Instance::start(&database, &uploads, settings));
    Pair { a, b, database, _uploads: uploads }
}

async fn sql(database: &TestDatabase, statement: &str) {
    use diesel_async::RunQueryDsl;
    let mut conn = database.database.conn().await.unwrap();
    diesel::sql_query(statement).execute(&mut conn).await.unwrap();
}

fn registration(email: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": email, "password": "secret1", "phone": "77 123 45 67"})
}

async fn token_of(response: reqwest::Response) -> String {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert!(status == 200 || status == 201, "{status}: {body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

async fn assert_refused(response: reqwest::Response, what: &str) {
    assert_eq!(response.status(), 429, "{what}");
    assert!(response.headers().contains_key("retry-after"), "{what}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "too_many_requests", "{what}");
}

#[tokio::test]
async fn a_client_alternating_between_two_instances_gets_one_allowance() {
    let pair = two_instances(&[]).await;
    let (a, b) = (&pair.a, &pair.b);
    token_of(a.post("/api/auth/register", &registration("awa@example.sn")).await).await;

    // Five wrong guesses at one account from one address in a quarter of an hour, wherever sent.
    let guess = json!({"email": "awa@example.sn", "password": "wrong-guess"});
    for attempt in 0..5 {
        let instance = if attempt % 2 == 0 { a } else { b };
        let response = instance.post("/api/auth/login", &guess).await;
        assert_eq!(response.status(), 401, "guess {attempt}");
    }
    assert_refused(a.post("/api/auth/login", &guess).await, "a sixth guess through A").await;
    assert_refused(b.post("/api/auth/login", &guess).await, "a sixth guess through B").await;

    // Ten newsletter subscriptions per address in an hour, through both.
    for n in 0..10 {
        let instance = if n % 2 == 0 { b } else { a };
        let response = instance.post("/api/newsletter", &json!({"email": format!("lecteur{n}@example.sn")})).await;
        assert_eq!(response.status(), 201, "subscription {n}");
    }
    assert_refused(a.post("/api/newsletter", &json!({"email": "encore@example.sn"})).await, "through A").await;
    assert_refused(b.post("/api/newsletter", &json!({"email": "encore@example.sn"})).await, "through B").await;
}

async fn stock_on(instance: &Instance, id: &str) -> Value {
    let response = instance.get(&format!("/api/products/{id}")).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"]["stock"].clone()
}

#[tokio::test]
async fn a_change_through_one_instance_is_served_by_the_other_within_a_second() {
    let pair = two_instances(&[]).await;
    let (a, b) = (&pair.a, &pair.b);
    let product = create_product(&pair.database.database, "T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    token_of(a.post("/api/auth/register", &registration("chef@bitik.sn")).await).await;
    sql(&pair.database, "UPDATE users SET role = 'admin' WHERE email = 'chef@bitik.sn'").await;
    let admin =
        token_of(a.post("/api/auth/login", &json!({"email": "chef@bitik.sn", "password": "secret1"})).await).await;

    // B keeps the page: its second reading comes from memory.
    let hits = |page: &str| metric(page, "bitik_catalog_cache_hits_total", &[]);
    let before = hits(&b.metrics().await);
    assert_eq!(stock_on(b, &product).await, json!({"noir": {"M": 3}}));
    assert_eq!(stock_on(b, &product).await, json!({"noir": {"M": 3}}));
    assert!(hits(&b.metrics().await) > before, "B served its second reading from memory");

    let changed = a
        .send(
            Method::PUT,
            &format!("/api/products/{product}/stock"),
            Some(&admin),
            Some(&json!({"stock": {"noir": {"M": 7}}, "reason": "recount"})),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let written = Instant::now();
    loop {
        if stock_on(b, &product).await == json!({"noir": {"M": 7}}) {
            break;
        }
        assert!(written.elapsed() < Duration::from_secs(1), "B still serves the old stock after a second");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let listing: Value = b.get("/api/products?page=1&limit=12").await.json().await.unwrap();
    assert_eq!(listing["data"][0]["stock"], json!({"noir": {"M": 7}}));
}

#[tokio::test]
async fn each_slot_of_a_job_runs_once_and_its_work_is_done_once() {
    let pair = two_instances(&[]).await;
    let (a, b) = (&pair.a, &pair.b);
    let product = create_product(&pair.database.database, "T-shirt Teranga", 10_000, None, &[("noir", "M", 10)]).await;
    let customer = token_of(a.post("/api/auth/register", &registration("awa@example.sn")).await).await;
    let order = json!({
        "items": [{"productId": product, "quantity": 2, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn",
                         "phone": "77 123 45 67", "address": "Unité 15, villa 210", "city": "Dakar"},
        "shippingMethod": "pickup",
        "paymentMethod": "cash_on_delivery",
    });
    let mut ids = Vec::new();
    for instance in [a, b] {
        let placed = instance.send(Method::POST, "/api/orders", Some(&customer), Some(&order)).await;
        assert_eq!(placed.status(), 201);
        ids.push(placed.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned());
    }
    // Nobody confirmed them in the hour they had.
    sql(&pair.database, "UPDATE order_confirmations SET requested_at = now() - interval '2 hours'").await;

    let deadline = Instant::now() + Duration::from_secs(10);
    for id in &ids {
        loop {
            let seen: Value =
                a.send(Method::GET, &format!("/api/orders/{id}"), Some(&customer), None).await.json().await.unwrap();
            if seen["data"]["status"] == "cancelled" {
                let history = seen["data"]["statusHistory"].as_array().unwrap();
                let cancellations = history.iter().filter(|h| h["status"] == "cancelled").count();
                assert_eq!(cancellations, 1, "cancelled once: {history:?}");
                break;
            }
            assert!(Instant::now() < deadline, "the unconfirmed order {id} was not cancelled");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    // A few more slots, with both instances asking for each.
    tokio::time::sleep(Duration::from_secs(3)).await;

    let runs = bitik_postgres::PgJobRuns::new(pair.database.database.clone(), "the test");
    let mut instances = std::collections::BTreeSet::new();
    for job in bitik_server::jobs::JOBS {
        let recorded = runs.runs(job).await.unwrap();
        assert!(recorded.len() >= 4, "{job} ran in every slot: {recorded:?}");
        let mut slots: Vec<_> = recorded.iter().map(|run| run.slot).collect();
        slots.dedup();
        assert_eq!(slots.len(), recorded.len(), "{job}: one run per slot");
        instances.extend(recorded.iter().map(|run| run.instance.clone()));
    }
    let ours = [format!(":{}", a.child.id()), format!(":{}", b.child.id())];
    assert!(instances.iter().all(|name| ours.iter().any(|pid| name.ends_with(pid))), "{instances:?}");
    let cod = runs.runs(bitik_server::jobs::COD_EXPIRY).await.unwrap();
    let cancelled: i32 = cod.iter().filter_map(|run| run.handled).sum();
    assert_eq!(cancelled, 2, "two orders cancelled, once each: {cod:?}");
    let stock: Value = a.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    assert_eq!(stock["data"]["stock"], json!({"noir": {"M": 10}}), "their units back once");

    // Every slot was asked for by both: each instance ran some and found the others taken.
    let (ma, mb) = (a.metrics().await, b.metrics().await);
    let ran = |page: &str| metric(page, "bitik_job_runs_total", &[r#"job="cod_expiry""#]);
    let taken = |page: &str| metric(page, "bitik_job_slots_taken_elsewhere_total", &[r#"job="cod_expiry""#]);
    assert!(ran(&ma) + taken(&ma) >= 4.0 && ran(&mb) + taken(&mb) >= 4.0, "{ma}\n{mb}");
    assert!(taken(&ma) + taken(&mb) >= 1.0, "slots were contended");
}

#[tokio::test]
async fn a_terminated_instance_is_unready_at_once_serves_through_its_drain_then_exits() {
    let mut pair = two_instances(&[]).await;
    let product = create_product(&pair.database.database, "T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let ready: Value = pair.b.get("/api/health/ready").await.json().await.unwrap();
    assert_eq!(
        ready["data"],
        json!({"status": "ready", "database": "ok", "migrations": "current", "catalogueChanges": "listening"})
    );

    pair.b.terminate();
    let told = Instant::now();
    let unready = loop {
        let response = pair.b.get("/api/health/ready").await;
        if response.status() == 503 {
            break response;
        }
        assert!(told.elapsed() < Duration::from_millis(500), "still ready 0.5 s after SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let body: Value = unready.json().await.unwrap();
    assert_eq!(body["code"], "not_ready");
    assert_eq!(body["message"], "Ce serveur s'arrête : il ne prend plus de nouvelles requêtes.");

    // Still serving while it drains, each answer closing its connection.
    let page = pair.b.get(&format!("/api/products/{product}")).await;
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers().get("connection").map(|v| v.to_str().unwrap()), Some("close"));
    assert_eq!(pair.b.get("/api/health").await.status(), 200, "alive while draining");
    assert!(told.elapsed() < Duration::from_secs(2), "the drain lasts DRAIN_SECONDS");

    let status = pair.b.ended(Duration::from_secs(15)).await;
    assert!(status.success(), "{status}");
    assert!(told.elapsed() >= Duration::from_secs(2), "it served for its whole drain");
    let log = pair.b.log();
    assert!(log.contains("SIGTERM: draining") && log.contains("Bitik stopped"), "{log}");
    assert_eq!(pair.a.get("/api/health/ready").await.status(), 200, "the other instance serves on");
}

const WEBHOOK_SECRET: &str = "wave_sn_WHS_cluster";

#[tokio::test]
async fn every_log_line_of_a_request_carries_its_id() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    let behind_proxy = Instance::start(
        &database,
        &uploads,
        &[("TRUSTED_PROXIES", "127.0.0.1"), ("WAVE_WEBHOOK_SECRET", WEBHOOK_SECRET)],
    )
    .await;
    let alone = Instance::start(&database, &uploads, &[]).await;

    let made = alone.get("/api/shop").await;
    let id = made.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(id.len() == 32 && id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
    // Only a trusted proxy names the request, and only with a sane id.
    let named = |instance: &Instance, id: &str| {
        instance.client.get(format!("{}/api/shop", instance.base)).header("x-request-id", id.to_owned()).send()
    };
    let not_trusted = named(&alone, "lb-4f2a-0001").await.unwrap();
    assert_ne!(not_trusted.headers()["x-request-id"], "lb-4f2a-0001");
    let trusted = named(&behind_proxy, "lb-4f2a-0001").await.unwrap();
    assert_eq!(trusted.headers()["x-request-id"], "lb-4f2a-0001");
    let odd = named(&behind_proxy, "a\"b} forged=1").await.unwrap();
    assert_ne!(odd.headers()["x-request-id"], "a\"b} forged=1");
    // What the handler logs carries the request's id too: a Wave delivery naming no session of
    // the shop is answered 200, with a warning.
    let event = r#"{"id": "AE_1", "type": "checkout.session.payment_failed", "data": {"id": "cos-nobody"}}"#;
    let delivered = behind_proxy
        .client
        .post(format!("{}/api/payments/wave/webhook", behind_proxy.base))
        .header("x-request-id", "lb-4f2a-0002")
        .header("Wave-Signature", bitik_wave::sign(event.as_bytes(), WEBHOOK_SECRET, chrono::Utc::now().timestamp()))
        .body(event)
        .send()
        .await
        .unwrap();
    assert_eq!(delivered.status(), 200);

    tokio::time::sleep(Duration::from_millis(200)).await;
    let log = alone.log();
    let line = log.lines().find(|line| line.contains(&id)).unwrap_or_else(|| panic!("{id} not logged: {log}"));
    assert!(line.contains(r#"route="/api/shop""#) && line.contains("status=200"), "{line}");
    let log = behind_proxy.log();
    let lines: Vec<&str> = log.lines().filter(|line| line.contains("id=lb-4f2a-0002")).collect();
    assert!(lines.iter().any(|line| line.contains("names a session of no order")), "{log}");
    assert!(
        lines.iter().any(|line| line.contains(r#"route="/api/payments/wave/webhook""#) && line.contains("status=200"))
    );
    assert!(!log.contains("forged=1"), "{log}");

    // A request head too large is the client's fault: answered 431, logged as a warning.
    let huge = alone.client.get(format!("{}/api/shop", alone.base)).header("x-padding", "a".repeat(200 * 1024));
    assert_eq!(huge.send().await.unwrap().status(), 431);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let log = alone.log();
    let line = log.lines().find(|line| line.contains("head is too large")).unwrap_or_else(|| panic!("{log}"));
    assert!(line.contains(" WARN "), "{line}");
    assert!(!log.contains(" ERROR "), "{log}");
}
