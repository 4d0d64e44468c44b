//! What an operator watches of one instance: its figures for Prometheus at `GET /metrics`
//! (the `metrics` facade, rendered by `metrics-exporter-prometheus`), reachable only from the
//! addresses `METRICS_ALLOW` names; and each request's id, carried by every log line of the
//! request and answered in `X-Request-Id`.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::OnceLock;
use std::time::Duration;

use actix_web::dev::{Path, Url};
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

thread_local! {
    /// The id of the request this thread is polling, if any (`in_request`).
    static CURRENT_REQUEST: RefCell<Option<std::rc::Rc<str>>> = const { RefCell::new(None) };
}

/// Runs `f` as part of the request `id`: every line it logs carries the id (the server's log
/// format reads it, `current_request`). A thread-local set around each poll of the request costs
/// two pointer swaps; a tracing span around it cost a fifth of the served rate (docs/benchmarks.md).
pub fn in_request<T>(id: &std::rc::Rc<str>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<std::rc::Rc<str>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT_REQUEST.with(|current| *current.borrow_mut() = previous);
        }
    }
    let _restore = Restore(CURRENT_REQUEST.with(|current| current.borrow_mut().replace(id.clone())));
    f()
}

/// `f` of the id of the request being served on this thread, if any.
pub fn current_request<T>(f: impl FnOnce(Option<&str>) -> T) -> T {
    CURRENT_REQUEST.with(|current| f(current.borrow().as_deref()))
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
    let mut id = String::with_capacity(32);
    push_hex(&mut id, process);
    push_hex(&mut id, COUNT.fetch_add(1, Ordering::Relaxed));
    id
}

/// The 16 lowercase hexadecimal digits of `value`, as `{:016x}` writes them without its
/// formatting machinery (1 % of a product read's instructions, docs/benchmarks.md).
fn push_hex(out: &mut String, value: u64) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    for nibble in (0..16).rev() {
        out.push(char::from(DIGITS[(value >> (nibble * 4)) as usize & 0xf]));
    }
}

/// The route pattern that served a request (`/api/products/{idOrSlug}`), for its log line and
/// its figures. actix's `match_pattern` routes the path a second time, regular expressions
/// included (3 % of a product read's instructions, docs/benchmarks.md); the router has already
/// captured the segments, so the pattern is the routed path with each put back as `{name}`. That
/// rebuilding is trusted once `match_pattern` has agreed with it for the same text on this
/// worker: what is answered is always a pattern `match_pattern` gave, never a path (which may
/// carry a reset token), and the set holds one entry per route at most. Anything else (the
/// storefront's files, an unknown path) is asked of `match_pattern` every time.
pub fn route_pattern(request: &HttpRequest) -> String {
    thread_local! {
        static CONFIRMED: RefCell<HashSet<String>> = RefCell::default();
    }
    let Some(rebuilt) = rebuilt_pattern(request.match_info()) else {
        return matched_pattern(request);
    };
    if CONFIRMED.with_borrow(|confirmed| confirmed.contains(&rebuilt)) {
        return rebuilt;
    }
    let matched = matched_pattern(request);
    if matched == rebuilt {
        CONFIRMED.with_borrow_mut(|confirmed| confirmed.insert(rebuilt));
    }
    matched
}

fn matched_pattern(request: &HttpRequest) -> String {
    request.match_pattern().unwrap_or_else(|| "(unmatched)".to_owned())
}

/// The routed path with its captured segments written back as `{name}`, when the router took
/// all of it (a prefix such as the storefront's files leaves a rest) and every segment is a
/// slice of it, in order.
fn rebuilt_pattern(path: &Path<Url>) -> Option<String> {
    if !path.unprocessed().is_empty() {
        return None;
    }
    let routed = path.as_str();
    let start_of = |value: &str| {
        let offset = (value.as_ptr() as usize).checked_sub(routed.as_ptr() as usize)?;
        (offset.checked_add(value.len())? <= routed.len()).then_some(offset)
    };
    let mut pattern = String::with_capacity(routed.len() + 16);
    let mut done = 0;
    for (name, value) in path.iter() {
        let start = start_of(value).filter(|start| *start >= done)?;
        pattern.push_str(&routed[done..start]);
        pattern.push('{');
        pattern.push_str(name);
        pattern.push('}');
        done = start + value.len();
    }
    pattern.push_str(&routed[done..]);
    Some(pattern)
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
    SERIES.with_borrow_mut(|by_route| match by_route.get_mut(route) {
        Some(series) => record(series, method, route, status, elapsed),
        None => {
            let mut series = Vec::new();
            record(&mut series, method, route, status, elapsed);
            by_route.insert(route.to_owned(), series);
        }
    });
}

/// Counts a request in its route's series, the (method, status) one added when it is the first.
fn record(series: &mut Vec<RequestSeries>, method: &'static str, route: &str, status: StatusCode, elapsed: Duration) {
    let at = match series.iter().position(|s| s.method == method && s.status == status) {
        Some(at) => at,
        None => {
            series.push(RequestSeries::new(method, route, status));
            series.len() - 1
        }
    };
    series[at].requests.increment(1);
    series[at].seconds.record(elapsed.as_secs_f64());
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

    use actix_web::App;
    use actix_web::test::{TestRequest, call_and_read_body, init_service};

    /// The pattern each path is answered under, read twice so that the second read takes the
    /// worker's confirmed rebuilding.
    #[actix_web::test]
    async fn the_route_pattern_is_the_routers_never_the_path() {
        let pattern = |req: HttpRequest| async move { route_pattern(&req) };
        let app = init_service(
            App::new()
                .service(
                    web::scope("/api")
                        .route("/shop", web::get().to(pattern))
                        .route("/products/{idOrSlug}", web::get().to(pattern))
                        .route("/orders/{id}/lines/{line}", web::get().to(pattern))
                        .route("/items/{id:\\d+}", web::get().to(pattern))
                        .default_service(web::to(pattern)),
                )
                .default_service(web::to(pattern)),
        )
        .await;
        let cases = [
            ("/api/shop", "/api/shop"),
            ("/api/products/t-shirt-noir", "/api/products/{idOrSlug}"),
            ("/api/products/pull-rouge", "/api/products/{idOrSlug}"),
            ("/api/orders/7/lines/2", "/api/orders/{id}/lines/{line}"),
            ("/api/items/12", "/api/items/{id:\\d+}"),
            ("/api/products/t-shirt-noir/extra", "(unmatched)"),
            ("/api/reset/secret-token", "(unmatched)"),
            ("/boutique/secret-token", "(unmatched)"),
        ];
        for _ in 0..2 {
            for (path, expected) in cases {
                let body = call_and_read_body(&app, TestRequest::get().uri(path).to_request()).await;
                assert_eq!(body, expected.as_bytes(), "{path}");
            }
        }
    }

    #[test]
    fn request_ids_are_two_halves_of_sixteen_hex_digits() {
        for value in [0, 255, 0x0123_4567_89ab_cdef, u64::MAX] {
            let mut hex = String::new();
            push_hex(&mut hex, value);
            assert_eq!(hex, format!("{value:016x}"));
        }
        let (first, second) = (new_request_id(), new_request_id());
        assert_eq!(first.len(), 32);
        assert_eq!(first[..16], second[..16], "one process, one prefix");
        let count = |id: &str| u64::from_str_radix(&id[16..], 16).unwrap();
        assert!(count(&second) > count(&first), "{first} then {second}");
    }

    #[test]
    fn methods_outside_http_are_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::DELETE), "DELETE");
        assert_eq!(method_label(&Method::from_bytes(b"PROPFIND").unwrap()), "OTHER");
        assert_eq!(method_label(&Method::from_bytes(b"get").unwrap()), "OTHER");
    }
}
