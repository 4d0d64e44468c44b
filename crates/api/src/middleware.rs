//! Cross-cutting behaviour of every answer: request logs, the JSON error envelope, cache headers.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::error;

/// One log line per request. The route pattern is logged rather than the path, so that secrets
/// carried in paths (password-reset tokens) never reach the logs.
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let response = next.call(req).await?;
    let route = response.request().match_pattern().unwrap_or_else(|| "(unmatched)".to_owned());
    let status = response.status().as_u16();
    let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(%method, route, status, duration_ms = format!("{duration_ms:.1}"), "request");
    Ok(response)
}

/// Any error answered under `/api` that is not already our JSON envelope (actix's own 404, 405,
/// 413…) is rewritten into it.
pub async fn json_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, Error> {
    let is_api = req.path() == "/api" || req.path().starts_with("/api/");
    let response = next.call(req).await?;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_api && (status.is_client_error() || status.is_server_error()) && !is_json {
        let (request, _) = response.into_parts();
        let envelope = error::for_status(status).error_response();
        return Ok(ServiceResponse::new(request, envelope).map_into_right_body());
    }
    Ok(response.map_into_left_body())
}

/// Hashed build files never change under one name; `index.html` must always be revalidated.
pub async fn cache_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let immutable = req.path().starts_with("/assets/") || req.path().starts_with("/uploads/");
    let mut response = next.call(req).await?;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let headers = response.headers_mut();
    if immutable && response_is_ok(headers) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    } else if is_html {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    } else if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(response)
}

fn response_is_ok(headers: &actix_web::http::header::HeaderMap) -> bool {
    // Files answers 200 or 304 with a Last-Modified; an error page has neither ETag nor it.
    headers.contains_key(header::ETAG) || headers.contains_key(header::LAST_MODIFIED)
}
