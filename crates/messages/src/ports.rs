use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::SendError;
use crate::model::{Category, DeliveryStatus, Message, MessageState, NewMessage};

/// What became of one attempt, as written back to the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Sent {
        at: DateTime<Utc>,
        /// The id the channel gave it (Meta's wamid), by which its statuses come back.
        provider_id: Option<String>,
    },
    /// Try again at `at`; `error` says why this attempt failed.
    Retry { at: DateTime<Utc>, error: String },
    /// Given up, with the last error.
    Failed { error: String },
    /// No channel is configured: kept, not sent.
    NotConfigured,
}

/// Sends one message and decides what becomes of it: the sender, called by the outbox while it
/// holds the message.
#[async_trait]
pub trait Decide: Send + Sync {
    async fn decide(&self, message: &Message) -> Decision;
}

/// A way of carrying a message to its recipient: SMTP for e-mail, the Cloud API for WhatsApp.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait MessageChannel: Send + Sync {
    /// Delivers the message to its relay, answering the id the relay gave it, if any; the error
    /// says whether trying again may help.
    async fn send(&self, message: &Message) -> Result<Option<String>, SendError>;
}

/// The messages written with the events that cause them, and their sending. (No mockall mock:
/// `process_next` calls back into the sender; the sender's tests keep an outbox in memory.)
#[async_trait]
pub trait Outbox: Send + Sync {
    /// Takes the oldest pending message due at `now` that no other sender holds, keeps it held
    /// while `decide` sends it, and writes the decision (one more attempt counted), all in one
    /// transaction: two senders never hold one message, and a sender that dies while sending
    /// leaves it pending. `None` when nothing is due.
    async fn process_next(
        &self,
        now: DateTime<Utc>,
        decide: &dyn Decide,
    ) -> Result<Option<(Message, Decision)>, BoxError>;

    async fn find(&self, id: Uuid) -> Result<Option<Message>, BoxError>;

    /// Newest first, of one state or all.
    async fn list(&self, state: Option<MessageState>, page: PageRequest) -> Result<Page<Message>, BoxError>;

    /// The order's messages, oldest first.
    async fn of_order(&self, order_id: Uuid) -> Result<Vec<Message>, BoxError>;

    /// Records what Meta reported of the WhatsApp message it knows as `provider_id`, unless the
    /// message already holds a later status (`Delivery::is_overtaken_by`). `false` when no message
    /// has that id or the status tells nothing new.
    async fn record_delivery(&self, provider_id: &str, status: DeliveryStatus) -> Result<bool, BoxError>;

    /// Records a message another way already sent (a login code, sent the moment it is asked
    /// for) as sent at `at`, with the id its channel gave it.
    async fn record_sent(
        &self,
        message: &NewMessage,
        provider_id: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<Uuid, BoxError>;

    /// How many WhatsApp template messages of each category were sent in `[from, to)`.
    async fn sent_per_category(&self, from: DateTime<Utc>, to: DateTime<Utc>)
    -> Result<Vec<(Category, u64)>, BoxError>;

    /// Makes a message not pending pending again, due at `now`, its attempts counted afresh.
    /// `None` when there is no such message or it is already pending.
    async fn resend(&self, id: Uuid, now: DateTime<Utc>) -> Result<Option<Message>, BoxError>;
}
