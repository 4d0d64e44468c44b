use std::collections::HashMap;
use std::sync::Arc;

use bitik_catalog::CatalogCache;
use bitik_postgres::testing::TestDatabase;
use bitik_server::config::Config;
use bitik_server::startup::Application;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub database: TestDatabase,
    /// `UPLOAD_DIR` of this app.
    pub uploads: TempDir,
    /// The app's catalogue read cache: the tests' own writes tell it at once (`sql`, `product`),
    /// as PostgreSQL's notification would a moment later (`catalog_cache.rs` tests that).
    pub catalog_cache: Arc<CatalogCache>,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// The app's `UPLOAD_DIR`.
    pub fn upload_dir(&self) -> &std::path::Path {
        &self.uploads.0
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request")
    }
}

/// Starts the application on a random port against a fresh database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Same, with some environment settings replaced (`DATABASE_URL` included).
pub async fn spawn_app_with(overrides: &[(&str, &str)]) -> TestApp {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    let mut vars: HashMap<String, String> = HashMap::from([
        ("DATABASE_URL".into(), database.url.clone()),
        ("HOST".into(), "127.0.0.1".into()),
        ("PORT".into(), "0".into()),
        ("UPLOAD_DIR".into(), uploads.0.display().to_string()),
        ("FRONTEND_DIR".into(), "/nonexistent".into()),
    ]);
    for (name, value) in overrides {
        vars.insert((*name).into(), (*value).into());
    }
    let config = Config::from_lookup(|name| vars.get(name).cloned()).expect("test configuration");
    let app = Application::build(config).expect("build the app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let catalog_cache = app.catalog_cache();
    tokio::spawn(app.run_until_stopped());
    TestApp { address, client: reqwest::Client::new(), database, uploads, catalog_cache }
}

/// A directory removed when the test ends.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new() -> Self {
        let path = std::env::temp_dir().join(format!("bitik-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&path).expect("temp dir");
        Self(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes into a built storefront `dir` the first-paint contract its build writes today (the
/// fixture the storefront's own test holds to the shape it writes).
pub fn write_first_paint(dir: &std::path::Path) {
    std::fs::create_dir_all(dir.join(".vite")).expect(".vite");
    let contract = include_str!("../../../pages/testdata/first-paint.json");
    std::fs::write(dir.join(".vite/first-paint.json"), contract).expect("first-paint.json");
}

/// The body of an error answer, checked to be the envelope.
pub async fn error_body(response: reqwest::Response) -> serde_json::Value {
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    assert!(content_type.starts_with("application/json"), "error answered as {content_type:?}");
    let body: serde_json::Value = response.json().await.expect("JSON error body");
    assert!(body["code"].is_string() && body["message"].is_string(), "not the error envelope: {body}");
    body
}

impl TestApp {
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<&serde_json::Value>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        request.send().await.expect("request")
    }

    /// Registers a customer and returns their token and user JSON.
    pub async fn register(&self, email: &str, password: &str) -> (String, serde_json::Value) {
        let body = serde_json::json!({
            "firstName": "Awa", "lastName": "Diop", "email": email, "password": password, "phone": "77 123 45 67"
        });
        let response = self.post_json("/api/auth/register", &body).await;
        assert_eq!(response.status(), 201, "register {email}");
        let body: serde_json::Value = response.json().await.unwrap();
        (body["data"]["token"].as_str().unwrap().to_owned(), body["data"]["user"].clone())
    }

    pub async fn login(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json("/api/auth/login", &serde_json::json!({ "email": email, "password": password })).await
    }

    /// Runs SQL on the test's database (to set up what no route does, e.g. making an admin).
    pub async fn sql(&self, sql: &str) {
        use diesel_async::RunQueryDsl;
        let mut conn = self.database.database.conn().await.unwrap();
        diesel::sql_query(sql).execute(&mut conn).await.unwrap();
        self.catalog_cache.changed();
    }

    /// The actions of the audit entries the request `request_id` wrote.
    pub async fn audit_actions(&self, request_id: &str) -> Vec<String> {
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        #[derive(QueryableByName)]
        struct Entry {
            #[diesel(sql_type = diesel::sql_types::Text)]
            action: String,
        }
        let mut conn = self.database.database.conn().await.unwrap();
        let entries: Vec<Entry> =
            diesel::sql_query("SELECT action FROM audit_events WHERE request_id = $1 ORDER BY id")
                .bind::<diesel::sql_types::Text, _>(request_id)
                .load(&mut conn)
                .await
                .unwrap();
        entries.into_iter().map(|e| e.action).collect()
    }

    /// A logged-in administrator's token.
    pub async fn admin_token(&self) -> String {
        self.register("chef@bitik.sn", "admin-pass").await;
        self.sql("UPDATE users SET role = 'admin' WHERE email = 'chef@bitik.sn'").await;
        let response = self.login("chef@bitik.sn", "admin-pass").await;
        let body: serde_json::Value = response.json().await.unwrap();
        body["data"]["token"].as_str().unwrap().to_owned()
    }
}

impl TestApp {
    /// A product in the catalogue: `stock` as (colour, size, quantity); a promotional price
    /// makes it on promotion. Returns its id.
    pub async fn product(&self, name: &str, price: i64, promo: Option<i64>, stock: &[(&str, &str, i64)]) -> String {
        let id = create_product(&self.database.database, name, price, promo, stock).await;
        self.catalog_cache.changed();
        id
    }
}

/// [`TestApp::product`] in any database.
pub async fn create_product(
    database: &bitik_postgres::Database,
    name: &str,
    price: i64,
    promo: Option<i64>,
    stock: &[(&str, &str, i64)],
) -> String {
    use bitik_catalog::{ProductForm, ProductRepository};
    let mut form = ProductForm {
        name: Some(name.to_owned()),
        description: Some("Une pièce de la boutique.".to_owned()),
        price: Some(price),
        promo_price: promo,
        on_promotion: promo.is_some(),
        category: Some("vetement".to_owned()),
        subcategory: Some("t-shirt".to_owned()),
        active: Some(true),
        ..ProductForm::default()
    };
    for &(color, size, quantity) in stock {
        if !form.colors.iter().any(|c| c == color) {
            form.colors.push(color.to_owned());
        }
        if !form.sizes.iter().any(|s| s == size) {
            form.sizes.push(size.to_owned());
        }
        form.stock.entry(color.to_owned()).or_default().insert(size.to_owned(), quantity);
    }
    let repository = bitik_postgres::PgProductRepository::new(database.clone());
    repository.create(form.validate(None).unwrap()).await.unwrap().id.to_string()
}

/// A GET sent with this `Accept-Encoding` (none when `None`); the client decompresses nothing.
pub async fn get_accepting(app: &TestApp, path: &str, accept: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    request.send().await.expect("request")
}

/// A header of the answer, empty when absent.
pub fn header(response: &reqwest::Response, name: &str) -> String {
    response.headers().get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
}

pub fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).unwrap();
    out
}

pub fn ungzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).unwrap();
    out
}

/// The `bitik` binary, serving on a free port; killed when the test ends.
pub struct Server {
    pub child: std::process::Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    pub async fn start(database: &TestDatabase, uploads: &TempDir) -> Server {
        Self::start_with(database, uploads, &[]).await
    }

    /// Started with some more environment settings.
    pub async fn start_with(database: &TestDatabase, uploads: &TempDir, settings: &[(&str, &str)]) -> Server {
        use std::time::{Duration, Instant};
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_bitik"))
            .arg("serve")
            .env("DATABASE_URL", &database.url)
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("UPLOAD_DIR", &uploads.0)
            .env("FRONTEND_DIR", "/nonexistent")
            .env("RUST_LOG", "warn")
            .envs(settings.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .expect("start bitik");
        let server = Server { child, base: format!("http://127.0.0.1:{port}") };
        let deadline = Instant::now() + Duration::from_secs(30);
        while !reqwest::get(server.url("/api/health")).await.is_ok_and(|r| r.status() == 200) {
            assert!(Instant::now() < deadline, "bitik did not become healthy");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Its resident memory now (`VmRSS`), in KiB.
    pub fn resident_kib(&self) -> u64 {
        self.memory_kib("VmRSS")
    }

    /// The most it has held resident since it started (`VmHWM`), in KiB.
    pub fn peak_resident_kib(&self) -> u64 {
        self.memory_kib("VmHWM")
    }

    fn memory_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("/proc status");
        let line = status.lines().find(|l| l.starts_with(&format!("{field}:"))).expect(field);
        line.split_whitespace().nth(1).and_then(|kib| kib.parse().ok()).expect("a figure in kB")
    }
}

/// The sum of a metric's samples on a `/metrics` page whose labels include every one of `labels`
/// (written `name="value"`).
pub fn metric(page: &str, name: &str, labels: &[&str]) -> f64 {
    page.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, own) = match series.split_once('{') {
                Some((metric, own)) => (metric, own.trim_end_matches('}')),
                None => (series, ""),
            };
            let own: Vec<&str> = own.split(',').collect();
            (metric == name && labels.iter().all(|label| own.contains(label))).then(|| value.parse::<f64>().ok())?
        })
        .sum()
}
