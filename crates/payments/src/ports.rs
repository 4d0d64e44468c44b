use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::model::{Payment, SessionRequest, WaveSession, WebhookEvent};
use bitik_common::BoxError;

/// How a call to Wave ended when it did not answer a session.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// `404 checkout-session-not-found`.
    #[error("Wave does not know this checkout session")]
    NotFound,
    /// Wave answered and refused (bad request, key, wallet, a session that is not open…):
    /// nothing was done.
    #[error("Wave refused the request ({status} {code}): {message}")]
    Rejected { status: u16, code: String, message: String },
    /// 429: nothing was done; ask again later.
    #[error("Wave is limiting our requests")]
    RateLimited { retry_after: Option<Duration> },
    /// A timeout, a 5xx, a broken connection or an unreadable answer: Wave may or may not have
    /// acted. Ask again before deciding anything.
    #[error("Wave's answer is unknown: {0}")]
    Unknown(String),
}

/// Wave's Checkout API, or the built-in simulator standing in for it in test mode.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WaveGateway: Send + Sync {
    /// `POST /v1/checkout/sessions`. Wave documents no idempotency key: search before creating.
    async fn create_session(&self, request: &SessionRequest) -> Result<WaveSession, GatewayError>;

    /// `GET /v1/checkout/sessions/{id}`
    async fn get_session(&self, id: &str) -> Result<WaveSession, GatewayError>;

    /// `GET /v1/checkout/sessions/search?client_reference=…`: every session opened for it.
    async fn search_sessions(&self, client_reference: &str) -> Result<Vec<WaveSession>, GatewayError>;

    /// `POST /v1/checkout/sessions/{id}/expire`: only an open session can be expired.
    async fn expire_session(&self, id: &str) -> Result<(), GatewayError>;

    /// True for the built-in simulator (test mode).
    fn is_simulated(&self) -> bool;
}

/// Why a webhook delivery is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookRejection {
    /// Missing, malformed or wrong signature, or a timestamp too far from now.
    #[error("the webhook signature is missing, wrong or too old: {0}")]
    BadSignature(String),
    /// Correctly signed, but not an event we can read.
    #[error("the webhook body is not a Wave event: {0}")]
    Malformed(String),
}

/// Opens a webhook delivery: checks its signature against the raw body, then reads the event.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait WebhookVerifier: Send + Sync {
    /// `signature` is the `Wave-Signature` header, empty when there was none.
    fn open(&self, signature: &str, raw_body: &[u8], now: DateTime<Utc>) -> Result<WebhookEvent, WebhookRejection>;
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PaymentRepository: Send + Sync {
    /// Records what Wave said about a session of `order_id`, heard at `checked_at`: inserted if
    /// new, else updated. A settled session (complete or expired) is never moved back to open,
    /// nor a succeeded payment to another status, by an older answer arriving late.
    async fn save(
        &self,
        order_id: Uuid,
        session: &WaveSession,
        is_mock: bool,
        checked_at: DateTime<Utc>,
    ) -> Result<Payment, BoxError>;

    async fn find_by_session(&self, session_id: &str) -> Result<Option<Payment>, BoxError>;

    /// The order's most recent session.
    async fn latest_of_order(&self, order_id: Uuid) -> Result<Option<Payment>, BoxError>;

    /// The shopper gave the session up and Wave expired it: marks it expired and cancelled,
    /// unless it was settled meanwhile. Answers the session as stored afterwards.
    async fn mark_cancelled(&self, session_id: &str, at: DateTime<Utc>) -> Result<Option<Payment>, BoxError>;

    /// Whether a webhook event with this id was handled already.
    async fn event_seen(&self, event_id: &str) -> Result<bool, BoxError>;

    /// Remembers a handled webhook event; remembering it twice is harmless.
    async fn remember_event(&self, event_id: &str, kind: &str, session_id: &str) -> Result<(), BoxError>;

    /// Ids of Wave orders still pending and unpaid that were created before `created_before`,
    /// oldest first, at most `limit`.
    async fn unpaid_wave_orders(&self, created_before: DateTime<Utc>, limit: u32) -> Result<Vec<Uuid>, BoxError>;
}
