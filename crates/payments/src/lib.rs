//! Wave payments: checkout sessions for orders, their status, the signed webhook, the expiry of
//! unpaid orders, and the one rule that matters most: only the server decides that an order is
//! paid, from Wave's own word (docs/rules.md#payments).

mod error;
mod model;
mod ports;
pub mod reconciliation;
mod service;

pub use error::PaymentError;
pub use model::{
    CURRENCY, CheckoutStatus, EventKind, MIN_INTERVAL, OpenedSession, Payment, PaymentState, PaymentView,
    SESSION_LIFETIME, STATUS_CACHE, SessionRequest, SweepReport, WaveError, WavePaymentStatus, WaveSession,
    WebhookEvent, WebhookOutcome,
};
pub use ports::{GatewayError, PaymentRepository, WaveGateway, WebhookRejection, WebhookVerifier};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockPaymentRepository, MockWaveGateway, MockWebhookVerifier};
pub use service::{Clock, PaymentService};

#[cfg(test)]
mod service_tests;
