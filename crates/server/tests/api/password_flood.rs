//! A flood of registrations against the real `bitik` binary. Each one hashes a password
//! (argon2id: 19 MiB and a core for tens of milliseconds): the server takes them in turns, one
//! per core but one, turns away those that waited too long with 503 `server_busy`, keeps its
//! memory small, and keeps serving the shop meanwhile.
//!
//! The registrations come from 300 client addresses, told by a trusted proxy (`TRUSTED_PROXIES`
//! and `X-Forwarded-For`, as in production behind a reverse proxy): from one address, the
//! per-address limit would refuse all but ten before any hashing, and the turns would not be
//! tested. Many addresses is the attack the turns are for.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bitik_postgres::testing::TestDatabase;
use serde_json::{Value, json};

use crate::helpers::{Server, TempDir, create_product};

const REGISTRATIONS: usize = 300;
const MAX_PEAK_RESIDENT_KIB: u64 = 600 * 1024;
const MAX_PRODUCTS_P99: Duration = Duration::from_secs(1);
/// How often the shopper asks for the catalogue during the flood, whatever the answers' delay.
const BROWSING_EVERY: Duration = Duration::from_millis(20);

/// The status (0 when there was none), `Retry-After` and body (`null` when not JSON) of one
/// registration.
async fn register(client: &reqwest::Client, server: &Server, n: usize) -> (u16, Option<String>, Value) {
    let body = json!({
        "firstName": "Awa", "lastName": "Diop", "email": format!("flood{n}@example.sn"),
        "password": "secret1", "phone": "77 123 45 67",
    });
    let sent = client
        .post(server.url("/api/auth/register"))
        .header("x-forwarded-for", format!("10.0.{}.{}", n / 256, n % 256))
        .json(&body)
        .send()
        .await;
    // 0: no answer at all.
    let Ok(response) = sent else { return (0, None, Value::Null) };
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap_or(Value::Null))
}

/// Asks for the first catalogue page every [`BROWSING_EVERY`] until `flooding` ends, each request
/// on its own, and returns every answer's delay and status (0: no whole answer), fastest first.
/// It runs on a thread and runtime of its own: the flood's 300 requests, sent and read by the
/// test's own thread, must not delay the shopper's and be counted as the server's slowness.
fn browse_while(page: String, flooding: Arc<AtomicBool>) -> std::thread::JoinHandle<Vec<(Duration, u16)>> {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let client = reqwest::Client::new();
            let mut asked = Vec::new();
            let mut ticks = tokio::time::interval(BROWSING_EVERY);
            while flooding.load(Ordering::Relaxed) {
                ticks.tick().await;
                let request = client.get(&page);
                asked.push(tokio::spawn(async move {
                    let started = Instant::now();
                    let status = match request.send().await {
                        Ok(response) => {
                            let status = response.status().as_u16();
                            if response.bytes().await.is_ok() { status } else { 0 }
                        }
                        Err(_) => 0,
                    };
                    (started.elapsed(), status)
                }));
            }
            let mut answers = Vec::new();
            for answer in asked {
                answers.push(answer.await.unwrap());
            }
            answers.sort();
            answers
        })
    })
}

async fn accounts(database: &TestDatabase) -> i64 {
    use diesel::sql_types::BigInt;
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = database.database.conn().await.unwrap();
    let count: Count = diesel::sql_query("SELECT count(*) AS n FROM users").get_result(&mut conn).await.unwrap();
    count.n
}

#[tokio::test]
async fn three_hundred_simultaneous_registrations_keep_the_server_small_and_the_shop_answering() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    for n in 0..12 {
        create_product(&database.database, &format!("T-shirt Teranga {n}"), 15_000, None, &[("noir", "M", 5)]).await;
    }
    let server = Server::start_with(&database, &uploads, &[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    let client = reqwest::Client::new();

    let flooding = Arc::new(AtomicBool::new(true));
    let browsing = browse_while(server.url("/api/products?page=1&limit=12"), flooding.clone());
    let started = Instant::now();
    let answers = futures_util::future::join_all((0..REGISTRATIONS).map(|n| register(&client, &server, n))).await;
    let took = started.elapsed();
    flooding.store(false, Ordering::Relaxed);
    let browsed = browsing.join().expect("the shopper's thread");

    let peak = server.peak_resident_kib();
    let p99 = browsed[(browsed.len() * 99).div_ceil(100) - 1].0;
    let created = answers.iter().filter(|(status, _, _)| *status == 201).count();
    let busy = answers.iter().filter(|(_, _, body)| body["code"] == "server_busy").count();
    let browsing_failed = browsed.iter().filter(|(_, status)| *status != 200).count();
    eprintln!(
        "{REGISTRATIONS} registrations in {took:?}: {created} created, {busy} turned away (503 server_busy); \
         peak resident {} MiB; GET /api/products during the flood: {} asked, {browsing_failed} not answered 200, \
         p50 {:?}, p99 {p99:?}, max {:?}",
        peak / 1024,
        browsed.len(),
        browsed[browsed.len() / 2].0,
        browsed.last().unwrap().0,
    );
    assert!(peak < MAX_PEAK_RESIDENT_KIB, "peak resident memory {} MiB", peak / 1024);
    assert_eq!(browsing_failed, 0, "the catalogue kept answering");
    assert!(p99 < MAX_PRODUCTS_P99, "GET /api/products p99 {p99:?} during the flood");
    for (status, retry_after, body) in &answers {
        if *status == 201 {
            continue;
        }
        assert_eq!(*status, 503, "the others wait for a turn, in vain: {body}");
        assert_eq!(body["code"], "server_busy", "{body}");
        assert_eq!(body["message"], "Le serveur est très sollicité. Réessayez dans quelques secondes.");
        assert_eq!(retry_after.as_deref(), Some("5"));
    }
    assert!(created > 0, "the flood is served in turns, not refused whole");
    assert_eq!(accounts(&database).await, created as i64, "an account for each 201, and none other");
}
