//! The physical limit of a login, for `just bench`: the shop's own password check
//! (`Argon2Hasher::for_this_machine`: argon2id, 19 MiB, 2 passes, as many at once as the server
//! hashes) called by WORKERS callers for SECONDS, with nothing of the shop around it: no HTTP, no
//! rate limits, no account read, no token. A login verifies one password.
//!
//! Prints "per_second p50_ms p95_ms p99_ms errors", the format of bench.sh's oha summaries.
//!
//! usage: cargo run --release -p bitik-identity --example password_rate -- SECONDS WORKERS

use std::sync::Arc;
use std::time::{Duration, Instant};

use bitik_identity::password::Argon2Hasher;
use bitik_identity::ports::PasswordHasher;

const PASSWORD: &str = "bitik-client";

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: f64 = args.next().and_then(|a| a.parse().ok()).expect("SECONDS");
    let workers: usize = args.next().and_then(|a| a.parse().ok()).expect("WORKERS");
    let hasher = Arc::new(Argon2Hasher::for_this_machine());
    let hash = hasher.hash(PASSWORD).await.expect("a hash");
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(seconds);
    let callers: Vec<_> =
        (0..workers).map(|_| tokio::spawn(verify_until(hasher.clone(), hash.clone(), until))).collect();
    let (mut latencies, mut errors) = (Vec::new(), 0);
    for caller in callers {
        let (done, failed) = caller.await.expect("a caller");
        latencies.extend(done);
        errors += failed;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let at =
        |p: f64| latencies[((p * latencies.len() as f64) as usize).min(latencies.len() - 1)].as_secs_f64() * 1000.0;
    println!("{:.1} {:.2} {:.2} {:.2} {errors}", latencies.len() as f64 / elapsed, at(0.5), at(0.95), at(0.99));
}

/// One caller checking the password again and again: how long each check took, and how many failed.
async fn verify_until(hasher: Arc<Argon2Hasher>, hash: String, until: Instant) -> (Vec<Duration>, u32) {
    let (mut latencies, mut errors) = (Vec::new(), 0);
    while Instant::now() < until {
        let started = Instant::now();
        match hasher.verify(PASSWORD, &hash).await {
            Ok(true) => latencies.push(started.elapsed()),
            _ => errors += 1,
        }
    }
    (latencies, errors)
}
