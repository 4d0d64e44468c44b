use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::model::{Payment, SessionRequest, WaveSession, WebhookEvent};
use bitik_common::BoxError;
use bitik_common::Money;
use bitik_orders::{NewRefund, Order, Refund, RefundState, StatusChange};

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

    /// `POST /v1/checkout/sessions/{id}/refund`: the whole amount of a paid session goes back
    /// to its payer. Wave answers success with an empty body; `Unknown` means the refund may or
    /// may not have been made.
    async fn refund_session(&self, id: &str) -> Result<(), GatewayError>;

    /// `GET /v1/checkout/sessions/{id}`, read for its refund: whether Wave shows the session's
    /// payment refunded (docs/rules.md#refunds).
    async fn session_refunded(&self, id: &str) -> Result<bool, GatewayError>;

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

    /// The order's session whose payment succeeded, the one a Wave refund is asked on.
    async fn paid_session_of(&self, order_id: Uuid) -> Result<Option<Payment>, BoxError>;

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

/// How the start of a Wave refund went, decided under the order's row lock.
#[derive(Debug, Clone, PartialEq)]
pub enum WaveRefundStart {
    /// Stored as `requested`: Wave may be asked now, by this request only.
    Started(Refund),
    /// Another Wave refund of the order is requested or unknown.
    InFlight(Refund),
    /// The order's Wave refund succeeded before.
    AlreadyRefunded,
    /// The order is no longer paid (refunded or changed meanwhile).
    NotPaid,
}

/// How a recorded refund of a cash-on-delivery order went, decided under the order's row lock.
#[derive(Debug, Clone, PartialEq)]
pub enum CashRefundOutcome {
    Recorded(Box<Order>),
    /// More than what was paid and not yet refunded: `left` is what may still be refunded.
    TooMuch {
        left: Money,
    },
    /// The order is no longer paid.
    NotPaid,
}

/// What became of a refund asked of Wave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundOutcome {
    /// Wave made it: the order's payment becomes `refunded` and `entry` goes in its history.
    Succeeded { entry: StatusChange },
    /// Wave refused (its error code): nothing was refunded, the order is unchanged.
    Failed { code: String },
    /// Wave's answer was lost: to be checked with Wave.
    Unknown,
}

impl RefundOutcome {
    pub fn state(&self) -> RefundState {
        match self {
            RefundOutcome::Succeeded { .. } => RefundState::Succeeded,
            RefundOutcome::Failed { .. } => RefundState::Failed,
            RefundOutcome::Unknown => RefundState::Unknown,
        }
    }
}

/// Refunds, each write in one transaction holding the order's row lock, so that two admins (or
/// an admin and a check) acting on one order at once are served one after the other.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait RefundRepository: Send + Sync {
    /// If the order is paid and has no Wave refund requested, unknown or succeeded: stores
    /// `refund` as `requested`.
    async fn start_wave(&self, refund: NewRefund) -> Result<WaveRefundStart, BoxError>;

    /// Moves a refund from `requested` or `unknown` to what `outcome` says, at `at`. A success
    /// also marks the order's payment `refunded` and appends the entry to its history, in the
    /// same transaction. `None` when the refund was settled meanwhile (nothing changed).
    async fn settle(&self, id: Uuid, outcome: RefundOutcome, at: DateTime<Utc>) -> Result<Option<Order>, BoxError>;

    /// If the order is paid and `refund.amount` is at most what was paid less what its
    /// succeeded refunds gave back: stores it as `succeeded` and appends `entry` to the history;
    /// when it gives back the rest of what was paid, the payment becomes `refunded`.
    async fn record_cash(&self, refund: NewRefund, entry: StatusChange) -> Result<CashRefundOutcome, BoxError>;
}
