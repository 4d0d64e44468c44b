//! SIGTERM to the real `bitik` binary while orders are in flight: it stops accepting, answers
//! the requests it holds, then exits; every order it answered is in the database.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bitik_postgres::testing::TestDatabase;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TempDir, create_product};

const IN_FLIGHT: usize = 3;

/// The binary, serving on a free port; killed if the test fails before it exits.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn start_server(database: &TestDatabase, uploads: &TempDir) -> Server {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_bitik"))
        .arg("serve")
        .env("DATABASE_URL", &database.url)
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("UPLOAD_DIR", &uploads.0)
        .env("FRONTEND_DIR", "/nonexistent")
        .env("RUST_LOG", "info")
        // A short drain (readiness 503 while still serving: `cluster.rs`), then the stop tested here.
        .env("DRAIN_SECONDS", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start bitik");
    let server = Server { child, port };
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let health = reqwest::get(format!("http://127.0.0.1:{port}/api/health")).await;
        if health.is_ok_and(|r| r.status() == 200) {
            return server;
        }
        assert!(Instant::now() < deadline, "bitik did not become healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads one answer of a connection the server closes after it.
async fn read_answer(stream: &mut TcpStream) -> (u16, Value) {
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or_else(|_| panic!("not JSON: {body:?}")))
}

/// A connection the server has accepted and is working on: a first request answered on it,
/// then an order whose body is sent all but its last bytes.
async fn order_in_flight(port: u16, token: &str, body: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: bitik\r\n\r\n").await.unwrap();
    let mut answer = [0u8; 1024];
    let read = stream.read(&mut answer).await.unwrap();
    assert!(answer[..read].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer[..read]));
    let head = format!(
        "POST /api/orders HTTP/1.1\r\nHost: bitik\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body[..body.len() - 10]).await.unwrap();
    stream
}

#[tokio::test]
async fn sigterm_stops_accepting_finishes_the_orders_in_flight_then_exits() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    let product = create_product(&database.database, "T-shirt Teranga", 10_000, None, &[("noir", "M", 10)]).await;
    let mut server = start_server(&database, &uploads).await;
    let base = format!("http://127.0.0.1:{}", server.port);
    let client = reqwest::Client::new();
    let registered: Value = client
        .post(format!("{base}/api/auth/register"))
        .json(&json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "password": "secret1",
                      "phone": "77 123 45 67"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = registered["data"]["token"].as_str().unwrap().to_owned();
    let order = json!({"items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
        "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
    .to_string()
    .into_bytes();
    // An idle keep-alive connection would hold the shutdown until it times out (5 s).
    drop(client);
    let mut streams = Vec::new();
    for _ in 0..IN_FLIGHT {
        streams.push(order_in_flight(server.port, &token, &order).await);
    }

    let killed = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    // New connections are refused once the listener is closed.
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", server.port)).await.is_ok() {
        assert!(Instant::now() < deadline, "still accepting connections after SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The orders it holds are finished and answered.
    let mut numbers = Vec::new();
    for stream in &mut streams {
        if let Err(e) = stream.write_all(&order[order.len() - 10..]).await {
            // The connection was dropped: show what the server said about its shutdown.
            let _ = server.child.wait();
            let mut log = String::new();
            std::io::Read::read_to_string(server.child.stdout.as_mut().unwrap(), &mut log).unwrap();
            panic!("an order in flight was dropped ({e}): {log}");
        }
        let (status, body) = read_answer(stream).await;
        assert_eq!(status, 201, "{body}");
        numbers.push(body["data"]["orderNumber"].as_str().unwrap().to_owned());
    }
    let deadline = Instant::now() + Duration::from_secs(25);
    let exit = loop {
        if let Some(exit) = server.child.try_wait().unwrap() {
            break exit;
        }
        assert!(Instant::now() < deadline, "bitik did not exit after SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "{exit}");
    let mut log = String::new();
    std::io::Read::read_to_string(server.child.stdout.as_mut().unwrap(), &mut log).unwrap();
    assert!(log.contains("Bitik stopped"), "{log}");

    // Every answered order is in the database, with its stock taken.
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let mut conn = database.database.conn().await.unwrap();
    let mut stored: Vec<String> = bitik_postgres::schema::orders::table
        .select(bitik_postgres::schema::orders::order_number)
        .load(&mut conn)
        .await
        .unwrap();
    stored.sort();
    numbers.sort();
    assert_eq!(stored, numbers);
    let stock: i32 = bitik_postgres::schema::product_variants::table
        .select(bitik_postgres::schema::product_variants::stock)
        .first(&mut conn)
        .await
        .unwrap();
    assert_eq!(stock, 10 - IN_FLIGHT as i32);
}
