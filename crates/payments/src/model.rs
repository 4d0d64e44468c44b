use std::time::Duration;

use bitik_common::Money;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Wave checkout sessions live this long; an unpaid Wave order older than this is cancelled and
/// its stock returned (docs/rules.md#expiry).
pub const SESSION_LIFETIME: Duration = Duration::from_secs(30 * 60);

/// What Wave said about an open session is reused this long before asking again
/// (docs/rules.md#payments).
pub const STATUS_CACHE: Duration = Duration::from_secs(60);

/// Wave is asked about one session at most this often, even when the caller wants a fresh answer.
pub const MIN_INTERVAL: Duration = Duration::from_secs(3);

/// The only currency of the shop and of its Wave wallet.
pub const CURRENCY: &str = "XOF";

/// Where Wave's checkout stands (`checkout_status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckoutStatus {
    Open,
    Complete,
    Expired,
}

impl CheckoutStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckoutStatus::Open => "open",
            CheckoutStatus::Complete => "complete",
            CheckoutStatus::Expired => "expired",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [CheckoutStatus::Open, CheckoutStatus::Complete, CheckoutStatus::Expired]
            .into_iter()
            .find(|s| s.as_str() == code)
    }
}

/// Where the payment of a session stands (`payment_status`). `Processing` is simply the state of
/// an unpaid session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WavePaymentStatus {
    Processing,
    Cancelled,
    Succeeded,
}

impl WavePaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            WavePaymentStatus::Processing => "processing",
            WavePaymentStatus::Cancelled => "cancelled",
            WavePaymentStatus::Succeeded => "succeeded",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [WavePaymentStatus::Processing, WavePaymentStatus::Cancelled, WavePaymentStatus::Succeeded]
            .into_iter()
            .find(|s| s.as_str() == code)
    }
}

/// Wave's `last_payment_error`, or a reason of ours with the same shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaveError {
    pub code: String,
    pub message: String,
}

/// A checkout session as Wave describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct WaveSession {
    /// `cos-…`
    pub id: String,
    pub amount: Money,
    pub currency: String,
    pub checkout_status: CheckoutStatus,
    pub payment_status: WavePaymentStatus,
    /// Where the shopper pays (`wave_launch_url`).
    pub launch_url: String,
    /// The order id, as we gave it.
    pub client_reference: Option<String>,
    pub business_name: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub transaction_id: Option<String>,
    pub last_error: Option<WaveError>,
}

impl WaveSession {
    pub fn succeeded(&self) -> bool {
        self.payment_status == WavePaymentStatus::Succeeded
    }

    /// Still payable at `now`: open at Wave and not past its lifetime.
    pub fn payable_at(&self, now: DateTime<Utc>) -> bool {
        self.checkout_status == CheckoutStatus::Open && self.expires_at > now
    }
}

/// What we ask Wave to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRequest {
    pub amount: Money,
    pub currency: String,
    pub success_url: String,
    pub error_url: String,
    pub client_reference: String,
}

/// A session as the shop keeps it: Wave's last word on it, for which order, and when we heard it.
#[derive(Debug, Clone, PartialEq)]
pub struct Payment {
    pub order_id: Uuid,
    pub session: WaveSession,
    pub is_mock: bool,
    /// Set when the shopper gave the session up (our cancel), as opposed to letting it lapse.
    pub cancelled_at: Option<DateTime<Utc>>,
    /// When Wave last told us about this session.
    pub checked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// A webhook delivery whose signature was good.
#[derive(Debug, Clone, PartialEq)]
pub struct WebhookEvent {
    pub id: String,
    pub kind: EventKind,
    pub session_id: String,
    /// The session as the event carries it, when it could be read.
    pub session: Option<WaveSession>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// `checkout.session.completed`
    Completed,
    /// `checkout.session.payment_failed`
    PaymentFailed,
    /// Any other type: acknowledged, nothing done.
    Other(String),
}

impl EventKind {
    pub fn parse(code: &str) -> Self {
        match code {
            "checkout.session.completed" => EventKind::Completed,
            "checkout.session.payment_failed" => EventKind::PaymentFailed,
            other => EventKind::Other(other.to_owned()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            EventKind::Completed => "checkout.session.completed",
            EventKind::PaymentFailed => "checkout.session.payment_failed",
            EventKind::Other(code) => code,
        }
    }
}

/// The answer to "is this payment done?", as the storefront reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentState {
    Paid,
    Pending,
    /// The shopper gave the session up, or the order was cancelled.
    Cancelled,
    Expired,
    /// Wave no longer knows the session.
    NotFound,
}

impl PaymentState {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentState::Paid => "paid",
            PaymentState::Pending => "pending",
            PaymentState::Cancelled => "cancelled",
            PaymentState::Expired => "expired",
            PaymentState::NotFound => "not_found",
        }
    }
}

/// A session and what it means for its order, for the shopper who owns it.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentView {
    pub state: PaymentState,
    pub payment: Payment,
    pub order_number: String,
    pub order_status: bitik_orders::OrderStatus,
    pub paid_at: Option<DateTime<Utc>>,
}

/// A session opened (or found open) for an order.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedSession {
    pub order_id: Uuid,
    pub session: WaveSession,
    pub is_mock: bool,
}

/// What the handling of one webhook delivery came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// This event id was handled before.
    AlreadyDone,
    /// The order is now paid.
    Paid {
        order_id: Uuid,
    },
    /// The order was already paid (another delivery or a status check got there first).
    AlreadyPaid {
        order_id: Uuid,
    },
    /// Wave's session does not match the order: nothing was marked.
    Mismatch {
        order_id: Uuid,
        reason: String,
    },
    /// The session belongs to no order of this shop.
    UnknownSession,
    /// A failed attempt, recorded on the session; the order stays unpaid.
    FailureRecorded,
    /// The session is not paid (yet): nothing to do.
    NotPaid,
    Ignored,
}

/// What one pass of the expiry sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    pub cancelled: u32,
    pub paid: u32,
    /// Left for a later pass: a session still payable, Wave's answer unknown, or a failure.
    pub skipped: u32,
    /// What failed, for the logs.
    pub errors: Vec<String>,
}
