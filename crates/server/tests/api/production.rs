//! A shop on the internet refuses to start unsafe: the real `bitik serve`, given a public
//! `PUBLIC_URL`, exits with one sentence naming the setting, and serves once it is fixed.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use bitik_postgres::testing::TestDatabase;
use serde_json::Value;

use bitik_server::config::Config;
use bitik_server::startup::build_state;

use crate::helpers::{TempDir, spawn_app_with};

const SECRET: &str = "the-production-test-secret-0123456789abcdef";
const SITE: &str = "https://bitik-test.sn";

fn bitik(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bitik"));
    command.args(args).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default()).env("RUST_LOG", "warn");
    for (name, value) in env {
        command.env(name, value);
    }
    command
}

/// `bitik serve` run until it exits by itself (it must: every case here is refused), at most 30 s.
fn refused_serve(env: &[(&str, &str)]) -> Output {
    let mut child = bitik(&["serve"], env).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("bitik");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("bitik serve did not refuse to start with {env:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

fn config(env: &[(&str, &str)]) -> Config {
    Config::from_lookup(|name| env.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())).expect("config")
}

fn free_port() -> String {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string()
}

/// The one sentence the refusal printed.
fn refusal(output: &Output) -> String {
    assert!(!output.status.success(), "bitik serve started");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stderr.lines().rfind(|l| l.starts_with("Error: ")).unwrap_or_else(|| panic!("no error line: {stderr}"));
    line.to_owned()
}

#[test]
fn a_public_shop_refuses_the_development_or_example_jwt_secret() {
    let port = free_port();
    let base = [("PUBLIC_URL", SITE), ("PORT", port.as_str()), ("WAVE_MODE", "test")];
    let missing = refusal(&refused_serve(&base));
    assert!(missing.contains("JWT_SECRET must be set to a secret of your own"), "{missing}");
    let example =
        [base.as_slice(), &[("JWT_SECRET", "change-me-to-a-long-random-string-of-32-chars-or-more")]].concat();
    assert!(refusal(&refused_serve(&example)).contains("JWT_SECRET"));
}

#[test]
fn a_public_shop_refuses_to_simulate_payments_unless_asked() {
    let port = free_port();
    let line = refusal(&refused_serve(&[("PUBLIC_URL", SITE), ("PORT", &port), ("JWT_SECRET", SECRET)]));
    assert!(line.contains("WAVE_API_KEY is not set") && line.contains("WAVE_MODE=test"), "{line}");
}

#[test]
fn a_public_shop_refuses_to_leave_two_step_login_unsaid() {
    let port = free_port();
    let env = [("PUBLIC_URL", SITE), ("PORT", port.as_str()), ("JWT_SECRET", SECRET), ("WAVE_MODE", "test")];
    let line = refusal(&refused_serve(&env));
    assert!(line.contains("STAFF_2FA is not set") && line.contains("STAFF_2FA=optional"), "{line}");
}

#[tokio::test]
async fn a_public_shop_refuses_demo_accounts_that_still_open_then_serves_in_announced_test_mode() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    let port = free_port();
    let upload_dir = uploads.0.display().to_string();
    let env = [
        ("DATABASE_URL", database.url.as_str()),
        ("UPLOAD_DIR", upload_dir.as_str()),
        ("FRONTEND_DIR", "/nonexistent"),
        ("PUBLIC_URL", SITE),
        ("HOST", "127.0.0.1"),
        ("PORT", port.as_str()),
        ("JWT_SECRET", SECRET),
        ("WAVE_MODE", "test"),
        ("STAFF_2FA", "required"),
    ];
    // What `bitik seed --demo-accounts` creates (without drawing the demo catalogue's pictures).
    let state = build_state(config(&env), database.database.clone()).expect("state");
    assert_eq!(bitik_demo::accounts::seed_demo_accounts(&state.accounts).await.unwrap(), 2);
    let line = refusal(&refused_serve(&env));
    assert!(line.contains("The demo account admin@bitik.sn still logs in with its published password"), "{line}");

    // Both demo accounts get passwords of their own: the shop serves, and says payments are simulated.
    for (email, password) in [("admin@bitik.sn", "a-password-of-the-shop-1"), ("client@bitik.sn", "another-one-2")] {
        let reset = bitik(&["create-admin", "--email", email, "--password", password], &env).output().expect("reset");
        assert!(reset.status.success(), "{}", String::from_utf8_lossy(&reset.stderr));
    }
    let mut server = bitik(&["serve"], &env).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("serve");
    let shop = async {
        let url = format!("http://127.0.0.1:{port}/api/shop");
        for _ in 0..300 {
            if let Ok(response) = reqwest::get(&url).await {
                return response.json::<Value>().await.expect("JSON");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("bitik serve did not answer");
    }
    .await;
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(shop["data"]["testMode"], true, "{shop}");
    assert_eq!(shop["data"]["name"], "Bitik Dakar");
}

#[tokio::test]
async fn the_simulator_does_not_exist_with_real_wave_and_says_so_in_explicit_test_mode() {
    let live = spawn_app_with(&[("WAVE_API_KEY", "wave_sn_prod_key"), ("WAVE_WEBHOOK_SECRET", "whsec")]).await;
    for path in ["/api/payments/wave/simulator/simulator.css", "/api/payments/wave/simulator/cos-1"] {
        assert_eq!(live.get(path).await.status(), 404, "{path}");
    }
    let paid = live.post_json("/api/payments/wave/simulator/cos-1/pay", &serde_json::json!({})).await;
    assert_eq!(paid.status(), 404);
    let shop: Value = live.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["testMode"], false);

    let announced = spawn_app_with(&[("WAVE_MODE", "test")]).await;
    assert_eq!(announced.get("/api/payments/wave/simulator/simulator.css").await.status(), 200);
    let shop: Value = announced.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["testMode"], true);
}
