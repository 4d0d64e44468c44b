//! What an operator watches of one instance: its figures for Prometheus at `GET /metrics`
//! (the `metrics` facade, rendered by `metrics-exporter-prometheus`), reachable only from the
//! addresses `METRICS_ALLOW` names; and each request's id, carried by every log line of the
//! request and answered in `X-Request-Id`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::OnceLock;
use std::time::Duration;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, get, web};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::rate_limit::client_address;
use crate::state::AppState;

/// The histograms' buckets, in seconds: a request from memory takes well under a millisecond, a
/// checkout tens of milliseconds, a login (argon2id) a few hundred.
const SECONDS_BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// The process's recorder, installed the first time it is asked for (before any pool or
/// middleware takes its handles, which `bitik_server::startup::Application::build` sees to).
/// Another recorder installed first (a test harness) leaves this one rendering nothing.
pub fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = || {
            PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), &SECONDS_BUCKETS)
                .expect("buckets are given")
        };
        builder().install_recorder().unwrap_or_else(|_| builder().build_recorder().handle())
    })
}

/// Longest request id taken from a trusted proxy.
const MAX_REQUEST_ID: usize = 100;

/// The id of a request: the one a trusted proxy sent in `X-Request-Id` when it is made of
/// letters, digits and `-_.:` only and not too long (so that it cannot forge log lines), or a
/// new one.
pub fn request_id(req: &actix_web::dev::ServiceRequest, trusted: &[IpAddr]) -> String {
    let from_proxy = req.peer_addr().is_some_and(|peer| trusted.contains(&peer.ip()));
    let incoming = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).filter(|id| {
        !id.is_empty()
            && id.len() <= MAX_REQUEST_ID
            && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
    });
    match incoming {
        Some(id) if from_proxy => id.to_owned(),
        _ => new_request_id(),
    }
}

/// 32 hexadecimal digits: this process's random half, then its count of requests. Unique across
/// instances (2^64 process prefixes), and made without a system call on the request's path.
fn new_request_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static PROCESS: OnceLock<u64> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let process = *PROCESS.get_or_init(|| uuid::Uuid::new_v4().as_u64_pair().0);
    format!("{process:016x}{:016x}", COUNT.fetch_add(1, Ordering::Relaxed))
}

/// Counts a request and its duration by method, route pattern and status. Each worker keeps the
/// handles of the series it has served: building the labels as strings and looking them up in the
/// recorder's registry at every request was 3 % of the server's CPU on a product read
/// (docs/benchmarks.md). The series are the registry's own, so `/metrics` is unchanged; methods
/// outside HTTP's own are counted as `OTHER`, so that a client cannot add series at will.
pub fn count_request(method: &Method, route: &str, status: StatusCode, elapsed: Duration) {
    thread_local! {
        static SERIES: RefCell<HashMap<String, Vec<RequestSeries>>> = RefCell::default();
    }
    let method = method_label(method);
    SERIES.with_borrow_mut(|by_route| {
        if !by_route.contains_key(route) {
            by_route.insert(route.to_owned(), Vec::new());
        }
        let series = by_route.get_mut(route).expect("inserted above");
        let at = match series.iter().position(|s| s.method == method && s.status == status) {
            Some(at) => at,
            None => {
                series.push(RequestSeries::new(method, route, status));
                series.len() - 1
            }
        };
        series[at].requests.increment(1);
        series[at].seconds.record(elapsed.as_secs_f64());
    });
}

/// One (method, route, status) series: its request counter and its latency histogram.
struct RequestSeries {
    method: &'static str,
    status: StatusCode,
    requests: metrics::Counter,
    seconds: metrics::Histogram,
}

impl RequestSeries {
    fn new(method: &'static str, route: &str, status: StatusCode) -> Self {
        let labels =
            [("method", method.to_owned()), ("route", route.to_owned()), ("status", status.as_u16().to_string())];
        Self {
            method,
            status,
            requests: metrics::counter!("bitik_http_requests_total", &labels),
            seconds: metrics::histogram!("bitik_http_request_duration_seconds", &labels),
        }
    }
}

fn method_label(method: &Method) -> &'static str {
    static KNOWN: [Method; 9] = [
        Method::GET,
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::PATCH,
        Method::HEAD,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    KNOWN.iter().find(|known| *known == method).map_or("OTHER", Method::as_str)
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(metrics_page);
}

/// The instance's figures in Prometheus' text format. Not part of the API (no OpenAPI entry):
/// answered to the addresses of `METRICS_ALLOW` only, anyone else gets 404 as if it did not
/// exist. Behind a trusted proxy the client is the one it forwards, as for the limits, so a
/// proxy on this machine does not open it to the world.
#[get("/metrics")]
async fn metrics_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok());
    let client = client_address(req.peer_addr().map(|a| a.ip()), forwarded, &state.config.trusted_proxies);
    let allowed = client.is_some_and(|ip| state.config.metrics_allow.iter().any(|net| net.contains(&ip)));
    if !allowed {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not Found");
    }
    let cache = &state.catalog_cache;
    let stats = cache.stats();
    metrics::counter!("bitik_catalog_cache_hits_total").absolute(stats.hits);
    metrics::counter!("bitik_catalog_cache_misses_total").absolute(stats.misses);
    let size = cache.size();
    metrics::gauge!("bitik_catalog_cache_entries").set(size.entries as f64);
    metrics::gauge!("bitik_catalog_cache_bytes").set(size.bytes as f64);
    metrics::gauge!("bitik_catalog_listening").set(if cache.listening() { 1.0 } else { 0.0 });
    metrics::gauge!("bitik_draining").set(if state.lifecycle.draining() { 1.0 } else { 0.0 });
    state.storage.record_gauges().await;
    let handle = recorder();
    handle.run_upkeep();
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8")))
        .body(handle.render())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_outside_http_are_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::DELETE), "DELETE");
        assert_eq!(method_label(&Method::from_bytes(b"PROPFIND").unwrap()), "OTHER");
        assert_eq!(method_label(&Method::from_bytes(b"get").unwrap()), "OTHER");
    }
}
