//! What an operator reads of one instance: `/metrics` in Prometheus' text format, to the
//! addresses of `METRICS_ALLOW` only, and each answer's `X-Request-Id`.

use crate::helpers::{metric, spawn_app, spawn_app_with};

#[tokio::test]
async fn the_metrics_page_counts_requests_pools_the_outbox_jobs_and_the_cache() {
    let app = spawn_app().await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    // The recorder is the process's, and the other tests of this binary read products too: what
    // this test's requests add is at least what they are.
    let route = r#"route="/api/products/{idOrSlug}""#;
    let counts = |page: &str| {
        [
            metric(page, "bitik_http_requests_total", &[route, r#"status="200""#, r#"method="GET""#]),
            metric(page, "bitik_http_requests_total", &[route, r#"status="404""#]),
            metric(page, "bitik_http_request_duration_seconds_count", &[route, r#"status="200""#]),
        ]
    };
    let before = counts(&app.get("/metrics").await.text().await.unwrap());
    for _ in 0..3 {
        assert_eq!(app.get(&format!("/api/products/{id}")).await.status(), 200);
    }
    assert_eq!(app.get("/api/products/nothing-here").await.status(), 404);

    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/plain; version=0.0.4; charset=utf-8");
    let page = response.text().await.unwrap();
    let after = counts(&page);
    assert!(after[0] - before[0] >= 3.0, "three reads of a product: {before:?} → {after:?}");
    assert!(after[1] - before[1] >= 1.0, "one product not found: {before:?} → {after:?}");
    assert!(after[2] - before[2] >= 3.0, "three timed reads: {before:?} → {after:?}");
    assert!(page.contains(r#"bitik_http_request_duration_seconds_bucket{"#), "latency by buckets");
    assert!(metric(&page, "bitik_catalog_cache_hits_total", &[]) >= 1.0, "{page}");
    assert_eq!(metric(&page, "bitik_catalog_listening", &[]), 1.0);
    assert!(metric(&page, "bitik_db_pool_max_connections", &[r#"pool="requests""#]) >= 1.0, "{page}");
    assert!(page.contains(r#"bitik_db_pool_connections{pool="background",state="busy"}"#), "{page}");
    assert!(metric(&page, "bitik_db_pool_wait_seconds_count", &[r#"pool="requests""#]) >= 3.0, "{page}");
    assert!(page.contains(r#"bitik_outbox_messages{state="due"} 0"#), "{page}");
    assert!(page.contains(r#"bitik_outbox_messages{state="failed"} 0"#), "{page}");
    assert_eq!(metric(&page, "bitik_draining", &[]), 0.0);
    // Each job runs its first slot when the server starts (and the other servers of this process
    // count theirs on the same recorder: at least once).
    let ran = |page: &str, job: &str| {
        let label = format!(r#"job="{job}""#);
        metric(page, "bitik_job_runs_total", &[&label, r#"outcome="ran""#])
    };
    for _ in 0..50 {
        let page = app.get("/metrics").await.text().await.unwrap();
        if bitik_server::jobs::JOBS.iter().all(|job| ran(&page, job) >= 1.0) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the jobs did not each run: {}", app.get("/metrics").await.text().await.unwrap());
}

#[tokio::test]
async fn the_metrics_page_is_for_the_allowed_addresses_only() {
    let elsewhere = spawn_app_with(&[("METRICS_ALLOW", "10.0.0.0/8, 192.168.1.7")]).await;
    let refused = elsewhere.get("/metrics").await;
    assert_eq!(refused.status(), 404);
    assert!(!refused.text().await.unwrap().contains("bitik_"));

    // Behind a trusted proxy, the client is the one it forwards.
    let proxied = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    let outsider = proxied.client.get(proxied.url("/metrics")).header("x-forwarded-for", "203.0.113.7").send();
    assert_eq!(outsider.await.unwrap().status(), 404);
    let local = proxied.client.get(proxied.url("/metrics")).header("x-forwarded-for", "127.0.0.1").send();
    assert_eq!(local.await.unwrap().status(), 200);
    assert_eq!(proxied.get("/metrics").await.status(), 200, "the proxy's own machine");
}

#[tokio::test]
async fn every_answer_names_its_request() {
    let app = spawn_app().await;
    let first = app.get("/api/shop").await;
    let second = app.get("/api/nowhere").await;
    let id = |response: &reqwest::Response| response.headers()["x-request-id"].to_str().unwrap().to_owned();
    let (first, second) = (id(&first), id(&second));
    assert!(first.len() == 32 && first.chars().all(|c| c.is_ascii_hexdigit()), "{first}");
    assert_ne!(first, second);
}
