//! Cross-cutting behaviour of every answer: request logs, security headers and CORS, the JSON
//! error envelope, cache headers.

use std::rc::Rc;
use std::sync::LazyLock;
use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::http::{ConnectionType, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpResponse, ResponseError, web};

use crate::state::AppState;
use crate::{error, observe};

/// One log line per request, and the request's figures. The route pattern is logged and counted
/// rather than the path, so that secrets carried in paths (password-reset tokens) never reach the
/// logs, and the figures keep one series per route. Every line logged while the request is served
/// carries its id (`observe::in_request` around each of its polls), which the answer returns in
/// `X-Request-Id`. While the instance drains before it stops, every answer closes its
/// connection, so that the client's next request goes through the load balancer to another
/// instance.
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let trusted = state.as_ref().map(|state| state.config.trusted_proxies.as_slice()).unwrap_or_default();
    let id: Rc<str> = observe::request_id(&req, trusted).into();
    actix_web::HttpMessage::extensions_mut(&req).insert(crate::audit::RequestId(id.clone()));
    // Each poll of the request runs as part of it: what it logs carries its id.
    let mut handling = std::pin::pin!(next.call(req));
    let mut response = std::future::poll_fn(|cx| observe::in_request(&id, || handling.as_mut().poll(cx))).await?;
    let route = observe::route_pattern(response.request());
    let status = response.status();
    let elapsed = started.elapsed();
    let duration_us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    observe::in_request(&id, || tracing::info!(%method, route, status = status.as_u16(), duration_us, "request"));
    observe::count_request(&method, &route, status, elapsed);
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    if state.is_some_and(|state| state.lifecycle.draining()) {
        response.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    Ok(response)
}

/// The header carrying a request's id, in both directions.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Every error answer speaks French. Under `/api`, one that is not already our JSON envelope
/// (actix's own 404, 405, 413…) is rewritten into it; elsewhere, actix's English plain text (a
/// wrong method on `/`, a missing file) becomes a French sentence, its headers (`Allow`) kept.
/// The server's own pages (HTML) are left as they are.
pub async fn error_answers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, Error> {
    let is_api = req.path() == "/api" || req.path().starts_with("/api/");
    let response = next.call(req).await?;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return Ok(response.map_into_left_body());
    }
    let content_type = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if is_api && !content_type.starts_with("application/json") {
        let (request, _) = response.into_parts();
        let envelope = error::for_status(status).error_response();
        return Ok(ServiceResponse::new(request, envelope).map_into_right_body());
    }
    if !is_api && (content_type.is_empty() || content_type.starts_with("text/plain")) {
        let (request, english) = response.into_parts();
        let mut french = HttpResponse::build(status);
        for (name, value) in english.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                french.append_header((name.clone(), value.clone()));
            }
        }
        let answer = french.content_type("text/plain; charset=utf-8").body(plain_french(status));
        return Ok(ServiceResponse::new(request, answer).map_into_right_body());
    }
    Ok(response.map_into_left_body())
}

/// What a browser shows for an error outside the API, in the shop's language.
pub fn plain_french(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "Requête invalide.",
        StatusCode::NOT_FOUND => "Page introuvable.",
        StatusCode::METHOD_NOT_ALLOWED => "Méthode non autorisée pour cette adresse.",
        StatusCode::PAYLOAD_TOO_LARGE => "La requête est trop volumineuse.",
        StatusCode::URI_TOO_LONG => "L'adresse demandée est trop longue.",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "Les en-têtes de la requête sont trop volumineux.",
        StatusCode::TOO_MANY_REQUESTS => "Trop de requêtes. Réessayez dans quelques instants.",
        StatusCode::SERVICE_UNAVAILABLE => {
            "Le service est momentanément indisponible. Réessayez dans quelques instants."
        }
        status if status.is_server_error() => "Erreur du serveur. Réessayez dans quelques instants.",
        _ => "Requête refusée.",
    }
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

/// Swagger UI sets inline styles in its markup and draws icons as `data:` images; its scripts
/// are still files of its own.
pub const DOCS_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

/// The storefront's policy when no storefront is built (robots.txt, sitemap.xml).
static NO_STOREFRONT_POLICY: LazyLock<HeaderValue> =
    LazyLock::new(|| HeaderValue::from_str(&bitik_pages::storefront_policy(&[])).expect("the policy is ASCII"));

/// JSON, CSV and pictures are never pages: nothing in them may run or load anything.
pub const INERT_POLICY: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";

const HSTS: &str = "max-age=31536000";

/// The powers of the browser no page of the shop uses, refused to every page and to anything it
/// embeds. The till's barcode scanner, when it comes, is the one page to be given the camera.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// Headers every answer carries, CORS for the one configured origin, and the answer to its
/// preflight requests.
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, Error> {
    let state = req.app_data::<web::Data<AppState>>();
    let config = state.map(|state| state.config.clone());
    let https = config.as_ref().is_some_and(|c| c.public_url.starts_with("https://"));
    let path = req.path();
    let is_api = path == "/api" || path.starts_with("/api/");
    let policy = if path.starts_with("/api/docs") {
        HeaderValue::from_static(DOCS_POLICY)
    } else if is_api || path.starts_with("/uploads/") || path == bitik_messages::templates::LOGO_PATH {
        HeaderValue::from_static(INERT_POLICY)
    } else {
        match state.and_then(|state| state.storefront.as_ref()) {
            Some(storefront) => storefront.policy.clone(),
            None => NO_STOREFRONT_POLICY.clone(),
        }
    };
    let allowed_origin = config
        .as_ref()
        .and_then(|c| c.cors_origin.as_deref())
        .filter(|allowed| is_api && req.headers().get(header::ORIGIN).is_some_and(|origin| origin == *allowed))
        .and_then(|allowed| HeaderValue::from_str(allowed).ok());
    let cors_configured = config.as_ref().is_some_and(|c| c.cors_origin.is_some());
    let preflight =
        req.method() == Method::OPTIONS && req.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);

    let mut response = match (&allowed_origin, preflight) {
        (Some(_), true) => {
            let (request, _) = req.into_parts();
            ServiceResponse::new(request, preflight_answer()).map_into_right_body()
        }
        _ => next.call(req).await?.map_into_left_body(),
    };
    let headers = response.headers_mut();
    // A handler that serves its own page under /api (test mode's Wave simulator, with its form and
    // stylesheet) states its own policy; every other answer gets the policy of its kind.
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(headers, header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    set(headers, header::HeaderName::from_static("permissions-policy"), PERMISSIONS_POLICY);
    if https {
        set(headers, header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
    if is_api && cors_configured {
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
    }
    if let Some(origin) = allowed_origin {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        set(headers, header::ACCESS_CONTROL_EXPOSE_HEADERS, "Retry-After, X-Request-Id");
    }
    Ok(response)
}

/// The methods and headers the API uses; sessions travel as bearer tokens, never cookies, so no
/// credentials are allowed.
fn preflight_answer() -> HttpResponse {
    HttpResponse::NoContent()
        .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, PUT, DELETE"))
        .insert_header((
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            "Authorization, Content-Type, Idempotency-Key, X-Request-Id",
        ))
        .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"))
        .finish()
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: &'static str) {
    headers.insert(name, HeaderValue::from_static(value));
}

/// PostgreSQL's text cannot hold the NUL character, and no shopper types one: a request to the
/// API carrying one (in its path, query or JSON body) is refused with a French 400 before any
/// handler runs, instead of failing in the database as a 500. A JSON body that is not an object
/// is refused here too.
pub async fn refuse_nul(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static>>, Error> {
    let is_api = req.path() == "/api" || req.path().starts_with("/api/");
    if !is_api {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    // `%00` has no letters: no case to fold.
    let uri_has_nul = req.uri().path_and_query().is_some_and(|target| target.as_str().contains("%00"));
    let is_json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().contains("json"));
    if is_json && declared_length(&req).is_some_and(|length| length > JSON_LIMIT) {
        discard_body(&mut req).await;
        let (request, _) = req.into_parts();
        let answer = error::for_status(actix_web::http::StatusCode::PAYLOAD_TOO_LARGE).error_response();
        return Ok(ServiceResponse::new(request, answer).map_into_right_body());
    }
    let body_has_nul = if is_json && !uri_has_nul {
        let body = match req.extract::<web::Bytes>().await {
            Ok(body) => body,
            // Too large, or cut short: answered here, in the envelope, as the JSON reader would.
            Err(refused) => {
                let status = refused.as_response_error().status_code();
                let (request, _) = req.into_parts();
                let answer = error::for_status(status).error_response();
                return Ok(ServiceResponse::new(request, answer).map_into_right_body());
            }
        };
        let found = json_has_escaped_nul(&body);
        let shapeless = !is_object_or_empty(&body) && !is_webhook(req.path());
        req.set_payload(actix_web::dev::Payload::from(body));
        if shapeless && !found {
            let (request, _) = req.into_parts();
            let answer = error::ApiError::new(error::Code::InvalidBody, error::MSG_INVALID_DATA);
            return Ok(ServiceResponse::new(request, answer.error_response()).map_into_right_body());
        }
        found
    } else {
        false
    };
    if uri_has_nul || body_has_nul {
        let (request, _) = req.into_parts();
        let answer = error::ApiError::new(error::Code::NulCharacter, "Le texte ne peut pas contenir de caractère nul.");
        return Ok(ServiceResponse::new(request, answer.error_response()).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Largest JSON body accepted; product descriptions are the longest texts.
pub(crate) const JSON_LIMIT: usize = 256 * 1024;

/// The body length a request announces in `Content-Length`.
fn declared_length(req: &ServiceRequest) -> Option<usize> {
    req.headers().get(header::CONTENT_LENGTH)?.to_str().ok()?.trim().parse().ok()
}

/// Most of a too-large body that is read and thrown away before the 413 goes out.
const DISCARD_LIMIT: usize = 4 * 1024 * 1024;

/// Reads a refused body to its end (up to `DISCARD_LIMIT`). A server that answers and closes
/// while the client is still sending resets the connection, and the client may lose the answer:
/// the phone would show a network failure instead of the French message. Beyond the limit the
/// connection is closed anyway, as nobody sends that much JSON in good faith.
async fn discard_body(req: &mut ServiceRequest) {
    use futures_util::StreamExt as _;
    let mut payload = actix_web::HttpMessage::take_payload(req);
    let mut read = 0;
    while read <= DISCARD_LIMIT {
        match payload.next().await {
            Some(Ok(chunk)) => read += chunk.len(),
            _ => break,
        }
    }
}

/// Providers' deliveries (Wave's, and those under `/api/webhooks/`) are checked against their
/// signature first, byte for byte: whatever their shape, an unsigned one gets the webhook's 401.
fn is_webhook(path: &str) -> bool {
    path == "/api/payments/wave/webhook" || path.starts_with("/api/webhooks/")
}

/// Every JSON body of the API is an object. serde would also fill a struct from an array of its
/// fields in order (`[null, null]`), which no client means: such bodies are refused.
fn is_object_or_empty(body: &[u8]) -> bool {
    match body.iter().find(|b| !b.is_ascii_whitespace()) {
        None | Some(b'{') => true,
        Some(_) => false,
    }
}

/// JSON can carry NUL only as the escape `\u0000`; a `u0000` after an even number of
/// backslashes is plain text (an escaped backslash followed by letters).
fn json_has_escaped_nul(body: &[u8]) -> bool {
    body.windows(5).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(b"u0000") && body[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
    })
}

#[cfg(test)]
mod tests {
    use super::{is_object_or_empty, json_has_escaped_nul};

    #[test]
    fn bodies_are_objects() {
        assert!(is_object_or_empty(b" {\"a\": 1}"));
        assert!(is_object_or_empty(b""));
        assert!(!is_object_or_empty(b"[null, null]"));
        assert!(!is_object_or_empty(b"\"text\""));
    }

    #[test]
    fn finds_the_nul_escape_only() {
        assert!(json_has_escaped_nul(br#"{"name":"a\u0000b"}"#));
        assert!(!json_has_escaped_nul(br#"{"name":"a\\u0000b"}"#));
        assert!(json_has_escaped_nul(br#"{"name":"a\\\u0000b"}"#));
        assert!(!json_has_escaped_nul(br#"{"name":"u0000"}"#));
    }
}

/// JSON answers at least this long are compressed; shorter ones fit in one TCP segment, where
/// compressing saves the phone no time and costs the server CPU (see docs/benchmarks.md).
const COMPRESS_JSON_FROM: usize = 1400;
/// Middling levels: fast enough to run on the worker for bodies of a few kilobytes.
const BROTLI_QUALITY: u32 = 4;
const BROTLI_WINDOW: u32 = 20;
const GZIP_LEVEL: u32 = 5;

#[derive(Clone, Copy, PartialEq, Eq)]
enum JsonEncoding {
    Brotli,
    Gzip,
}

/// Compresses the API's answers on the worker that made them, and only those worth it. actix's
/// `Compress` compresses any body, however small, and hands any of a kilobyte or more to the
/// blocking thread pool and waits for it; for a catalogue page of a few kilobytes that handoff
/// costs more than compressing it in place. This middleware sits outside `Compress` and hides the
/// request's `Accept-Encoding` from it under `/api` (the documentation's files excepted), so
/// `Compress` keeps the storefront's files and pages.
pub async fn compress_json(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody + 'static, Bytes>>, Error> {
    let path = req.path();
    let is_api = (path == "/api" || path.starts_with("/api/")) && !path.starts_with("/api/docs/");
    let encoding = if is_api { accepted_json_encoding(req.headers()) } else { None };
    if is_api {
        req.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    let anonymous = !req.headers().contains_key(header::AUTHORIZATION);
    let response = next.call(req).await?;
    let worth_it = matches!(response.response().body().size(),
        actix_web::body::BodySize::Sized(n) if n >= COMPRESS_JSON_FROM as u64);
    let headers = response.headers();
    if !worth_it || !is_json(headers) || headers.contains_key(header::CONTENT_ENCODING) {
        return Ok(response.map_into_left_body());
    }
    let (request, response) = response.into_parts();
    let (mut head, body) = response.into_parts();
    let body = actix_web::body::to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    head.headers_mut().append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    let body = match encoding {
        Some(encoding) => {
            let compressed =
                if anonymous { recent::compressed(encoding, &body)? } else { encode_json(encoding, &body)? };
            head.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding.name()));
            compressed
        }
        None => body,
    };
    Ok(ServiceResponse::new(request, head.set_body(body)).map_into_right_body())
}

fn is_json(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"))
}

/// Brotli when the client takes it, else gzip, else nothing; `q=0` refuses a coding.
fn accepted_json_encoding(headers: &HeaderMap) -> Option<JsonEncoding> {
    let accepted = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok())?;
    let takes = |coding: &str| {
        accepted.split(',').any(|part| {
            let mut pieces = part.split(';').map(str::trim);
            let name_matches = pieces.next().is_some_and(|name| name.eq_ignore_ascii_case(coding));
            let refused = pieces.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
            name_matches && !refused
        })
    };
    if takes("br") {
        Some(JsonEncoding::Brotli)
    } else if takes("gzip") {
        Some(JsonEncoding::Gzip)
    } else {
        None
    }
}

impl JsonEncoding {
    fn name(self) -> &'static str {
        match self {
            JsonEncoding::Brotli => "br",
            JsonEncoding::Gzip => "gzip",
        }
    }
}

fn encode_json(encoding: JsonEncoding, body: &[u8]) -> Result<Bytes, Error> {
    use std::io::Write;
    let failed = |e: std::io::Error| actix_web::error::ErrorInternalServerError(e.to_string());
    match encoding {
        JsonEncoding::Brotli => {
            let mut out = Vec::with_capacity(body.len() / 4);
            {
                let mut writer = brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
                writer.write_all(body).map_err(failed)?;
            }
            Ok(Bytes::from(out))
        }
        JsonEncoding::Gzip => {
            let mut writer =
                flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3), flate2::Compression::new(GZIP_LEVEL));
            writer.write_all(body).map_err(failed)?;
            Ok(Bytes::from(writer.finish().map_err(failed)?))
        }
    }
}

/// The compressed copies of recent anonymous answers. Shoppers who are not logged in ask for the
/// same catalogue pages over and over, and compressing a page is a large share of the request's
/// CPU (docs/benchmarks.md): each distinct body is compressed once. A copy is
/// handed out only for a body equal byte for byte to the one it was made from, so a catalogue
/// change (a price, a stock level) simply makes a new body and a new copy.
mod recent {
    use std::sync::Mutex;

    use actix_web::Error;
    use actix_web::web::Bytes;

    use super::{JsonEncoding, encode_json};

    /// Direct-mapped: a body's checksum picks its slot, and a newer body in the same slot takes
    /// it over. 64 slots of a few kilobytes each.
    const SLOTS: usize = 64;

    struct Copy {
        encoding: JsonEncoding,
        body: Bytes,
        compressed: Bytes,
    }

    static SLOT: [Mutex<Option<Copy>>; SLOTS] = [const { Mutex::new(None) }; SLOTS];

    pub(super) fn compressed(encoding: JsonEncoding, body: &Bytes) -> Result<Bytes, Error> {
        let slot = &SLOT[(crc32fast::hash(body) as usize ^ encoding as usize) % SLOTS];
        if let Some(copy) = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).as_ref()
            && copy.encoding == encoding
            && copy.body == *body
        {
            return Ok(copy.compressed.clone());
        }
        let compressed = encode_json(encoding, body)?;
        let copy = Copy { encoding, body: body.clone(), compressed: compressed.clone() };
        *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(copy);
        Ok(compressed)
    }
}

#[cfg(test)]
mod compression_tests {
    use super::*;

    fn accepting(value: &str) -> Option<JsonEncoding> {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        accepted_json_encoding(&headers)
    }

    #[test]
    fn prefers_brotli_then_gzip_and_honours_refusals() {
        assert!(accepting("gzip, deflate, br") == Some(JsonEncoding::Brotli));
        assert!(accepting("gzip;q=1.0, br;q=0") == Some(JsonEncoding::Gzip));
        assert!(accepting("identity").is_none());
        assert!(accepted_json_encoding(&HeaderMap::new()).is_none());
    }

    #[test]
    fn compressed_json_decodes_to_the_same_bytes() {
        use std::io::Read;
        let body = br#"{"data":[{"name":"Chaine Plateau"}]}"#.repeat(100);
        let br = encode_json(JsonEncoding::Brotli, &body).unwrap();
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
        let gz = encode_json(JsonEncoding::Gzip, &body).unwrap();
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut decoded).unwrap();
        assert_eq!(decoded, body);
        assert!(br.len() < body.len() / 4);
    }

    fn brotli_decoded(compressed: &[u8]) -> Vec<u8> {
        use std::io::Read;
        let mut decoded = Vec::new();
        brotli::Decompressor::new(compressed, 4096).read_to_end(&mut decoded).unwrap();
        decoded
    }

    #[test]
    fn a_body_seen_again_gets_its_first_copy_and_a_changed_body_its_own() {
        let page = Bytes::from(br#"{"data":[{"name":"Chaine Plateau","stock":4}]}"#.repeat(60));
        let changed = Bytes::from(br#"{"data":[{"name":"Chaine Plateau","stock":3}]}"#.repeat(60));
        let first = recent::compressed(JsonEncoding::Brotli, &page).unwrap();
        let again = recent::compressed(JsonEncoding::Brotli, &page).unwrap();
        // The very same buffer: compressed once.
        assert_eq!(first.as_ptr(), again.as_ptr());
        assert_eq!(brotli_decoded(&recent::compressed(JsonEncoding::Brotli, &changed).unwrap()), changed);
        assert_eq!(brotli_decoded(&recent::compressed(JsonEncoding::Brotli, &page).unwrap()), page);
        let gzip = recent::compressed(JsonEncoding::Gzip, &page).unwrap();
        assert_eq!(&gzip[..2], [0x1f, 0x8b]);
    }
}
