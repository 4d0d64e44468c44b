//! The Wave Checkout API over HTTPS: `Authorization: Bearer <key>`, JSON, amounts as strings.
//! Every call has a time limit. Wave's errors are `{code, message, details}`; a timeout, a 5xx
//! or an unreadable answer is an unknown outcome (`GatewayError::Unknown`), never a refusal.

use std::time::Duration;

use async_trait::async_trait;
use bitik_payments::{GatewayError, SessionRequest, WaveGateway, WaveSession};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;

use crate::amount::wave_amount;
use crate::wire::{CreateJson, ErrorJson, SearchJson, SessionJson};

/// How long one call to Wave may take, unless configured otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

pub struct WaveClient {
    http: reqwest::Client,
    base: String,
    api_key: String,
}

impl WaveClient {
    /// `base` is Wave's address (`https://api.wave.com`); `timeout` bounds each whole call.
    pub fn new(base: &str, api_key: &str, timeout: Duration) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(5)))
            .user_agent(concat!("bitik/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { http, base: base.trim_end_matches('/').to_owned(), api_key: api_key.to_owned() })
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        build: impl FnOnce(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    ) -> Result<Option<T>, GatewayError> {
        let request = self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.api_key);
        let response = build(request).send().await.map_err(|e| GatewayError::Unknown(describe(&e)))?;
        let status = response.status();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        // A body cut short by the time limit is as unknown as no answer at all.
        let body = response.bytes().await.map_err(|e| GatewayError::Unknown(describe(&e)))?;
        if status.is_success() {
            if body.iter().all(u8::is_ascii_whitespace) {
                return Ok(None);
            }
            return serde_json::from_slice(&body)
                .map(Some)
                .map_err(|e| GatewayError::Unknown(format!("unreadable answer to {path}: {e}")));
        }
        Err(refusal(status, &body, retry_after))
    }

    /// A GET whose status the caller reads itself (the Balance API's 401 and 403 mean something
    /// of their own); `Err` is a call that did not come back whole.
    pub(crate) async fn get_raw(&self, path: &str, query: &[(&str, String)]) -> Result<(StatusCode, Vec<u8>), String> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.api_key)
            .query(query)
            .send()
            .await
            .map_err(|e| describe(&e))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| describe(&e))?;
        Ok((status, body.to_vec()))
    }

    async fn session_call(
        &self,
        method: Method,
        path: &str,
        build: impl FnOnce(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    ) -> Result<WaveSession, GatewayError> {
        let json: Option<SessionJson> = self.call(method, path, build).await?;
        let json = json.ok_or_else(|| GatewayError::Unknown(format!("empty answer to {path}")))?;
        json.into_session().map_err(|what| GatewayError::Unknown(format!("unreadable session: {what}")))
    }
}

#[async_trait]
impl WaveGateway for WaveClient {
    async fn create_session(&self, request: &SessionRequest) -> Result<WaveSession, GatewayError> {
        let amount = wave_amount(request.amount).ok_or_else(|| GatewayError::Rejected {
            status: 0,
            code: "invalid-amount".to_owned(),
            message: format!("no checkout for {} francs", request.amount.as_francs()),
        })?;
        let body = CreateJson {
            amount,
            currency: &request.currency,
            success_url: &request.success_url,
            error_url: &request.error_url,
            client_reference: &request.client_reference,
        };
        self.session_call(Method::POST, "/v1/checkout/sessions", |r| r.json(&body)).await
    }

    async fn get_session(&self, id: &str) -> Result<WaveSession, GatewayError> {
        let id = session_id(id)?;
        self.session_call(Method::GET, &format!("/v1/checkout/sessions/{id}"), |r| r).await
    }

    async fn search_sessions(&self, client_reference: &str) -> Result<Vec<WaveSession>, GatewayError> {
        let path = "/v1/checkout/sessions/search";
        let found: Option<SearchJson> =
            self.call(Method::GET, path, |r| r.query(&[("client_reference", client_reference)])).await?;
        let found = found.ok_or_else(|| GatewayError::Unknown(format!("empty answer to {path}")))?;
        found
            .result
            .into_iter()
            .map(|json| {
                json.into_session().map_err(|what| GatewayError::Unknown(format!("unreadable session: {what}")))
            })
            .collect()
    }

    async fn expire_session(&self, id: &str) -> Result<(), GatewayError> {
        let id = session_id(id)?;
        // Wave's answer carries nothing we need: success is the status.
        let _: Option<serde_json::Value> =
            self.call(Method::POST, &format!("/v1/checkout/sessions/{id}/expire"), |r| r).await?;
        Ok(())
    }

    async fn refund_session(&self, id: &str) -> Result<(), GatewayError> {
        let id = session_id(id)?;
        // Success is the status: Wave's answer may be empty, and nothing in it is needed.
        let _: Option<serde_json::Value> =
            self.call(Method::POST, &format!("/v1/checkout/sessions/{id}/refund"), |r| r).await?;
        Ok(())
    }

    async fn session_refunded(&self, id: &str) -> Result<bool, GatewayError> {
        let id = session_id(id)?;
        let path = format!("/v1/checkout/sessions/{id}");
        let json: Option<SessionJson> = self.call(Method::GET, &path, |r| r).await?;
        let json = json.ok_or_else(|| GatewayError::Unknown(format!("empty answer to {path}")))?;
        Ok(json.refunded())
    }

    fn is_simulated(&self) -> bool {
        false
    }
}

/// Session ids are Wave's (`cos-…`); anything else cannot name one, and never reaches a URL.
fn session_id(id: &str) -> Result<&str, GatewayError> {
    let plain =
        !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if plain { Ok(id) } else { Err(GatewayError::NotFound) }
}

fn refusal(status: StatusCode, body: &[u8], retry_after: Option<Duration>) -> GatewayError {
    let error: Option<ErrorJson> = serde_json::from_slice(body).ok();
    let (code, message) = error.map(|e| (e.code, e.message)).unwrap_or_default();
    match status {
        StatusCode::TOO_MANY_REQUESTS => GatewayError::RateLimited { retry_after },
        StatusCode::NOT_FOUND if code == "checkout-session-not-found" => GatewayError::NotFound,
        StatusCode::REQUEST_TIMEOUT => GatewayError::Unknown(format!("HTTP 408 {code}")),
        s if s.is_server_error() => GatewayError::Unknown(format!("HTTP {} {code}", s.as_u16())),
        s => GatewayError::Rejected { status: s.as_u16(), code, message },
    }
}

/// The error without the request's URL, which reqwest would print with its query.
fn describe(error: &reqwest::Error) -> String {
    let kind = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "could not connect"
    } else if error.is_body() || error.is_decode() {
        "answer cut short"
    } else {
        "request failed"
    };
    let status = error.status().map(|s| format!(" (HTTP {})", s.as_u16())).unwrap_or_default();
    format!("{kind}{status}")
}
