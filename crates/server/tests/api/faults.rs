//! PostgreSQL stopped under load, for real: a private throwaway cluster (never the machine's shared
//! server) is stopped and started again while customers keep placing orders. Requests get a quick
//! 503, `/api/health` says so, the server recovers by itself, and no order is lost, doubled or
//! half-written.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bitik_postgres::{Database, PoolSettings};
use diesel::sql_types::BigInt;
use serde_json::{Value, json};

use crate::helpers::{TestApp, create_product, spawn_app_with};

/// Longest a request may take while the database is down: the pool's 3-second wait, and slack
/// for a loaded machine.
const QUICK: Duration = Duration::from_secs(5);

/// A PostgreSQL cluster of its own in a temporary directory, on a free port; removed on drop.
/// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
struct PrivateCluster {
    dir: PathBuf,
    port: u16,
}

impl PrivateCluster {
    fn create() -> Self {
        let dir = std::env::temp_dir().join(format!("bitik-faults-{}", uuid::Uuid::new_v4().simple()));
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let cluster = Self { dir, port };
        let dir = cluster.dir.display().to_string();
        cluster.run("initdb", &["-D", &dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
        cluster
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/bitik", self.port)
    }

    fn start(&self) {
        let (dir, log) = (self.dir.display().to_string(), self.dir.join("server.log").display().to_string());
        let options = format!("-p {} -k {dir} -c listen_addresses=127.0.0.1 -c fsync=off", self.port);
        self.run("pg_ctl", &["-D", &dir, "-l", &log, "-w", "-t", "30", "-o", &options, "start"]);
    }

    /// `fast` ends every session with an error; `immediate` drops them like a crash.
    fn stop(&self, mode: &str) {
        self.run("pg_ctl", &["-D", &self.dir.display().to_string(), "-m", mode, "-w", "stop"]);
    }

    fn run(&self, tool: &str, args: &[&str]) {
        let tool = pg_tool(tool);
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&tool);
            command
        } else {
            Command::new(&tool)
        };
        let output = command.args(args).output().unwrap_or_else(|e| panic!("{}: {e}", tool.display()));
        assert!(output.status.success(), "{} {args:?}: {}", tool.display(), String::from_utf8_lossy(&output.stderr));
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        let pg_ctl = pg_tool("pg_ctl");
        let dir = self.dir.display().to_string();
        let args = ["-D", dir.as_str(), "-m", "immediate", "stop"];
        let _ = if is_root() {
            Command::new("runuser").args(["-u", "postgres", "--"]).arg(&pg_ctl).args(args).output()
        } else {
            Command::new(&pg_ctl).args(args).output()
        };
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// A PostgreSQL server program: on the PATH, or in Debian's /usr/lib/postgresql/<version>/bin.
fn pg_tool(name: &str) -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file()))
        .unwrap_or_default();
    on_path
        .or_else(|| {
            let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                .ok()?
                .filter_map(|entry| Some(entry.ok()?.path().join("bin").join(name)))
                .filter(|p| p.is_file())
                .collect();
            versions.sort_by_key(|p| p.iter().nth(4).and_then(|v| v.to_str()?.parse::<u32>().ok()).unwrap_or_default());
            versions.pop()
        })
        .unwrap_or_else(|| panic!("the fault test needs PostgreSQL's {name}: install the PostgreSQL server binaries"))
}

/// One order placement as a customer saw it.
struct Attempt {
    key: String,
    token: String,
    client: String,
    status: u16,
    code: Option<String>,
    took: Duration,
}

fn checkout(product: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
           "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn",
                            "phone": "77 123 45 67", "address": "Unité 15, villa 210", "city": "Dakar",
                            "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
           "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
}

/// An order from `client`'s address, which the app (trusting the loopback as its proxy) counts
/// the order against.
async fn place(app: &TestApp, token: &str, client: &str, product: &str, key: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/orders"))
        .bearer_auth(token)
        .header("x-forwarded-for", client)
        .header("Idempotency-Key", key)
        .json(&checkout(product))
        .send()
        .await
        .expect("the server answers while the database is down")
}

/// Each customer places one-unit orders in a loop, each with a fresh idempotency key.
fn customer_loop(
    app: Arc<TestApp>,
    token: String,
    client: String,
    product: String,
    attempts: Arc<Mutex<Vec<Attempt>>>,
    stop: Arc<AtomicBool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            let key = uuid::Uuid::new_v4().to_string();
            let started = Instant::now();
            let response = place(&app, &token, &client, &product, &key).await;
            let took = started.elapsed();
            let status = response.status().as_u16();
            let code = response.json::<Value>().await.ok().and_then(|b| b["code"].as_str().map(str::to_owned));
            attempts.lock().unwrap().push(Attempt {
                key,
                token: token.clone(),
                client: client.clone(),
                status,
                code,
                took,
            });
            // Paced, so that a down database is not hammered by a busy loop.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
}

/// Waits until `condition` holds on the attempts so far (at most 60 s).
async fn until(attempts: &Mutex<Vec<Attempt>>, what: &str, condition: impl Fn(&[Attempt]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !condition(&attempts.lock().unwrap()) {
        assert!(Instant::now() < deadline, "gave up waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

async fn count(database: &Database, sql: &str) -> i64 {
    // In scope here only: its `load` would shadow `AtomicBool::load`.
    use diesel_async::RunQueryDsl;
    let mut conn = database.conn().await.unwrap();
    diesel::sql_query(sql).get_result::<Count>(&mut conn).await.unwrap().count
}

/// Each customer here places hundreds of orders: paid as soon as they are written, they never
/// meet the cap on orders awaiting payment (`caps.rs` tests it), which is not what this test is about.
async fn pay_every_order_as_it_is_placed(database: &Database) {
    use diesel_async::SimpleAsyncConnection;
    let mut conn = database.conn().await.unwrap();
    conn.batch_execute(
        "CREATE FUNCTION paid_at_once() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN NEW.payment_status := 'paid'; NEW.paid_at := now(); RETURN NEW; END $$;
         CREATE TRIGGER paid_at_once BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION paid_at_once();",
    )
    .await
    .unwrap();
}

#[tokio::test]
async fn postgres_stopped_under_load_answers_503_recovers_alone_and_loses_no_order() {
    const STOCK: i64 = 100_000;
    const CUSTOMERS: usize = 6;
    let cluster = PrivateCluster::create();
    cluster.start();
    bitik_postgres::create_database_if_missing(&cluster.url()).await.unwrap();
    bitik_postgres::run_migrations(&cluster.url()).await.unwrap();
    let database = Database::connect(&cluster.url(), &PoolSettings::default()).unwrap();
    let product = create_product(&database, "T-shirt Teranga", 10_000, None, &[("noir", "M", STOCK)]).await;
    pay_every_order_as_it_is_placed(&database).await;
    // Each customer orders from an address of its own, as shoppers do: the retries at the end
    // would otherwise all come out of one address's hourly allowance of orders, which a slow
    // machine (more refusals while the database is down) can use up.
    let url = cluster.url();
    let app = Arc::new(spawn_app_with(&[("DATABASE_URL", url.as_str()), ("TRUSTED_PROXIES", "127.0.0.1")]).await);
    let mut customers = Vec::new();
    for i in 0..CUSTOMERS {
        let token = app.register(&format!("client{i}@example.sn"), "secret1").await.0;
        customers.push((token, format!("203.0.113.{}", i + 1)));
    }

    let attempts = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = customers
        .iter()
        .map(|(token, client)| {
            customer_loop(app.clone(), token.clone(), client.clone(), product.clone(), attempts.clone(), stop.clone())
        })
        .collect();

    for mode in ["fast", "immediate"] {
        let placed = |a: &[Attempt]| a.iter().filter(|a| a.status == 201).count();
        let before = placed(&attempts.lock().unwrap());
        until(&attempts, "orders placed while the database is up", |a| placed(a) >= before + 10).await;

        cluster.stop(mode);
        let refused_before = attempts.lock().unwrap().iter().filter(|a| a.status == 503).count();
        let started = Instant::now();
        let health = app.get("/api/health").await;
        assert_eq!(health.status(), 503, "health with the database stopped ({mode})");
        assert!(started.elapsed() < QUICK, "health took {:?}", started.elapsed());
        let body: Value = health.json().await.unwrap();
        assert_eq!(body["code"], "service_unavailable");
        until(&attempts, "orders refused while the database is down", |a| {
            a.iter().filter(|a| a.status == 503).count() >= refused_before + 2 * CUSTOMERS
        })
        .await;

        cluster.start();
        let deadline = Instant::now() + Duration::from_secs(30);
        while app.get("/api/health").await.status() != 200 {
            assert!(Instant::now() < deadline, "the server did not recover by itself ({mode})");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let after = placed(&attempts.lock().unwrap());
        until(&attempts, "orders placed again after the restart", |a| placed(a) >= after + 10).await;
    }
    stop.store(true, Ordering::Relaxed);
    for worker in workers {
        worker.await.unwrap();
    }

    let attempts = std::mem::take(&mut *attempts.lock().unwrap());
    let refused: Vec<&Attempt> = attempts.iter().filter(|a| a.status == 503).collect();
    for attempt in &attempts {
        assert!(
            attempt.status == 201 || (attempt.status == 503 && attempt.code.as_deref() == Some("service_unavailable")),
            "an order answered {} {:?}",
            attempt.status,
            attempt.code
        );
        assert!(attempt.took < QUICK, "an order took {:?} ({})", attempt.took, attempt.status);
    }
    assert!(refused.len() >= 4 * CUSTOMERS, "only {} refusals were seen", refused.len());

    let kept_before_retries = count(&database, "SELECT count(*) AS count FROM orders").await;
    // A customer told "try again" does so with the same key: an order the database did keep is
    // answered again, one it did not is placed now. Either way each key ends with one order.
    for attempt in &refused {
        let response = place(&app, &attempt.token, &attempt.client, &product, &attempt.key).await;
        assert_eq!(response.status(), 201, "retrying {}", attempt.key);
    }
    let keys = attempts.len() as i64;
    let slowest = attempts.iter().filter(|a| a.status == 503).map(|a| a.took).max().unwrap_or_default();
    eprintln!(
        "faults: {keys} orders tried, {} refused with 503 (slowest {slowest:?}), {} of those kept by the \
         database before it stopped",
        refused.len(),
        kept_before_retries - (keys - refused.len() as i64),
    );
    assert_eq!(count(&database, "SELECT count(*) AS count FROM orders").await, keys, "one order per key");
    assert_eq!(
        count(&database, "SELECT count(DISTINCT idempotency_key) AS count FROM orders").await,
        keys,
        "no key has two orders"
    );
    // No order half-written: each has its line and its first history entry.
    let incomplete = "SELECT count(*) AS count FROM orders o WHERE \
        (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) <> 1 \
        OR NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id)";
    assert_eq!(count(&database, incomplete).await, 0, "orders without their line or history");
    // No stock lost or invented: what left the shelf is exactly what the orders hold.
    let left = count(&database, "SELECT sum(stock)::bigint AS count FROM product_variants").await;
    let ordered = count(&database, "SELECT sum(quantity)::bigint AS count FROM order_items").await;
    assert_eq!(left + ordered, STOCK);
    assert_eq!(ordered, keys);
}
