//! WhatsApp both ways (docs/messages.md#conversations): what customers write to the shop's
//! number, kept once however often Meta delivers it, and the shop's answers in free text, which
//! WhatsApp accepts only within the 24 hours after the customer's last message.

mod service;
#[cfg(test)]
mod service_tests;

use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest, Phone};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::model::{Message, NewMessage};

pub use service::{ConversationService, MAX_REPLY_CHARS};

/// How long after a customer's message the shop may write in free text.
pub fn window() -> Duration {
    Duration::hours(24)
}

/// What a customer's message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InboundKind {
    Text,
    /// A quick-reply button tapped: `body` is its label, the payload says which.
    Button,
    /// A picture, a voice note, a location…: told in the back office, not kept.
    Other,
}

impl InboundKind {
    pub fn as_str(self) -> &'static str {
        match self {
            InboundKind::Text => "text",
            InboundKind::Button => "button",
            InboundKind::Other => "other",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [InboundKind::Text, InboundKind::Button, InboundKind::Other].into_iter().find(|k| k.as_str() == code)
    }
}

/// A customer's message as the webhook brings it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inbound {
    /// Meta's id of it (wamid): the same message delivered twice has the same.
    pub provider_id: String,
    pub phone: Phone,
    /// The name the customer's WhatsApp profile gives.
    pub profile_name: String,
    pub kind: InboundKind,
    /// The text, or the tapped button's label, or what kind of thing was sent.
    pub body: String,
    /// A tapped quick-reply button's payload.
    pub payload: Option<String>,
    pub sent_at: DateTime<Utc>,
}

/// A customer's message as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub id: Uuid,
    pub phone: String,
    pub profile_name: String,
    pub kind: InboundKind,
    pub body: String,
    /// The order it was about: the tapped button's, else the phone's latest when it came.
    pub order_id: Option<Uuid>,
    pub sent_at: DateTime<Utc>,
    /// When staff first opened the conversation after it came.
    pub seen_at: Option<DateTime<Utc>>,
}

/// One customer's conversation in the back office's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationSummary {
    pub phone: String,
    pub profile_name: String,
    /// The customer's last message.
    pub last: Received,
    /// Their messages staff have not opened yet.
    pub unseen: u32,
    /// The phone's latest order: its id and number.
    pub latest_order: Option<(Uuid, String)>,
}

/// A conversation with one phone: what the customer wrote and what the shop sent, in time order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thread {
    pub phone: String,
    pub entries: Vec<Entry>,
    /// Until when staff may answer in free text; `None`: the customer never wrote.
    pub window_closes_at: Option<DateTime<Utc>>,
    pub latest_order: Option<(Uuid, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Received(Received),
    Sent(Box<Message>),
}

impl Entry {
    pub fn at(&self) -> DateTime<Utc> {
        match self {
            Entry::Received(received) => received.sent_at,
            Entry::Sent(message) => message.created_at,
        }
    }
}

/// Where conversations are kept.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Conversations: Send + Sync {
    /// Keeps a customer's message, about `order_id` or else the phone's latest order; `None`
    /// when a message with its id is already kept (Meta delivered it again).
    async fn receive(&self, inbound: &Inbound, order_id: Option<Uuid>) -> Result<Option<Received>, BoxError>;

    /// Newest conversation first.
    async fn list(&self, page: PageRequest) -> Result<Page<ConversationSummary>, BoxError>;

    /// What the phone wrote and what the shop sent it on WhatsApp, oldest first, the phone's
    /// messages marked seen at `now`.
    async fn thread(&self, phone: &str, now: DateTime<Utc>) -> Result<(Vec<Received>, Vec<Message>), BoxError>;

    /// What customers wrote about the order, oldest first.
    async fn of_order(&self, order_id: Uuid) -> Result<Vec<Received>, BoxError>;

    /// When the phone last wrote.
    async fn last_received_at(&self, phone: &str) -> Result<Option<DateTime<Utc>>, BoxError>;

    /// The phone's latest order: id and number.
    async fn latest_order(&self, phone: &str) -> Result<Option<(Uuid, String)>, BoxError>;

    /// Writes a message to the outbox, to be sent now.
    async fn write(&self, message: NewMessage) -> Result<Message, BoxError>;
}

/// What one delivery of the webhook tells: customers' messages, and statuses of the shop's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookEvents {
    pub messages: Vec<Inbound>,
    /// Meta's id of a message the shop sent, and what became of it.
    pub statuses: Vec<(String, crate::model::DeliveryStatus)>,
}

/// The provider's webhook (WhatsApp's Cloud API): its subscription check, its signature, and
/// its events read into the shop's words.
pub trait WebhookReader: Send + Sync {
    /// Whether a subscription request (`hub.mode`, `hub.verify_token`) is the shop's own.
    fn subscription_valid(&self, mode: &str, verify_token: &str) -> bool;
    /// Whether `body` carries the provider's signature, checked in constant time.
    fn signed(&self, signature: Option<&str>, body: &[u8]) -> bool;
    /// The events of a signed body; the error says what could not be read.
    fn read(&self, body: &[u8]) -> Result<WebhookEvents, String>;
}
