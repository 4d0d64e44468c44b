//! Wave payments: checkout sessions for orders, their status, the signed webhook, the expiry of
//! unpaid orders, and the one rule that matters most: only the server decides that an order is
//! paid, from Wave's own word (docs/rules.md#payments).

mod error;
mod model;
mod offer;
mod ports;
pub mod reconciliation;
mod refund;
mod service;
pub mod test_mode;

pub use error::PaymentError;
pub use model::{
    CURRENCY, CheckoutStatus, EventKind, MIN_INTERVAL, OpenedSession, Payment, PaymentState, PaymentView,
    SESSION_LIFETIME, STATUS_CACHE, SessionRequest, SweepReport, WaveError, WavePaymentStatus, WaveSession,
    WebhookEvent, WebhookOutcome,
};
pub use offer::{WaveOffer, wave_offer};
pub use ports::{
    CashRefundOutcome, GatewayError, PaymentRepository, RefundOutcome, RefundRepository, WaveGateway, WaveRefundStart,
    WebhookRejection, WebhookVerifier,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockPaymentRepository, MockRefundRepository, MockWaveGateway, MockWebhookVerifier};
pub use refund::{RefundAsked, RefundDone, RefundService};
pub use service::{Clock, PaymentService};

#[cfg(test)]
mod refund_tests;
#[cfg(test)]
mod service_tests;
