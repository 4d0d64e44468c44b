//! Messages to customers and to the shop (order, payment, shipping, refund and password-reset
//! e-mails): what each says (`templates`), the outbox they are written to in the transaction of
//! the event that causes them, and the sender that works through it with retries
//! (docs/messages.md). The channel that carries them is a port: SMTP today (`bitik-mail`).

pub mod conversations;
mod costs;
mod error;
mod model;
mod ports;
mod sender;
pub mod templates;

pub use costs::{CategoryCost, Month, MonthCosts, UnitPrice, WhatsAppPrices};
pub use error::{MessageError, SendError};
pub use model::{
    Category, Channel, Delivery, DeliveryStatus, Message, MessageKind, MessageState, NewMessage, Rendered,
    WhatsAppTemplate,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockMessageChannel;
pub use ports::{Decide, Decision, MessageChannel, Outbox};
pub use sender::{
    ADMIN_PAGE_SIZE, Channels, MAX_ATTEMPTS, MessageService, SendReport, Sender, backoff, decide, redacted,
};

#[cfg(test)]
mod sender_tests;
