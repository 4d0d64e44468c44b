use std::sync::Arc;

use bitik_common::{BoxError, Page, PageRequest, Phone};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{ConversationSummary, Conversations, Entry, Inbound, Received, Thread, window};
use crate::error::MessageError;
use crate::model::{Message, NewMessage};
use crate::sender::redacted;

/// The longest free text WhatsApp takes, in characters.
pub const MAX_REPLY_CHARS: usize = 4096;

/// Customers' messages in, and the shop's answers out.
pub struct ConversationService {
    conversations: Arc<dyn Conversations>,
    clock: fn() -> DateTime<Utc>,
}

fn repository(error: BoxError) -> MessageError {
    MessageError::Repository(error)
}

impl ConversationService {
    pub fn new(conversations: Arc<dyn Conversations>) -> Self {
        Self { conversations, clock: Utc::now }
    }

    /// With a fixed clock, for tests of the 24-hour window.
    pub fn with_clock(mut self, clock: fn() -> DateTime<Utc>) -> Self {
        self.clock = clock;
        self
    }

    /// Keeps a customer's message once: `None` when Meta delivered it before.
    pub async fn receive(&self, inbound: &Inbound, order_id: Option<Uuid>) -> Result<Option<Received>, MessageError> {
        self.conversations.receive(inbound, order_id).await.map_err(repository)
    }

    pub async fn list(&self, page: PageRequest) -> Result<Page<ConversationSummary>, MessageError> {
        self.conversations.list(page).await.map_err(repository)
    }

    /// The conversation with a phone, opened by staff: its messages are seen from now.
    pub async fn thread(&self, phone: &str) -> Result<Thread, MessageError> {
        let phone = Phone::parse(phone).map_err(|_| MessageError::NoConversation)?;
        let (received, sent) = self.conversations.thread(phone.as_str(), (self.clock)()).await.map_err(repository)?;
        let window_closes_at = received.iter().map(|r| r.sent_at).max().map(|at| at + window());
        let mut entries: Vec<Entry> = received.into_iter().map(Entry::Received).collect();
        entries.extend(sent.into_iter().map(|m| Entry::Sent(Box::new(redacted(m)))));
        entries.sort_by_key(Entry::at);
        let latest_order = self.conversations.latest_order(phone.as_str()).await.map_err(repository)?;
        Ok(Thread { phone: phone.as_str().to_owned(), entries, window_closes_at, latest_order })
    }

    /// What customers wrote about an order.
    pub async fn of_order(&self, order_id: Uuid) -> Result<Vec<Received>, MessageError> {
        self.conversations.of_order(order_id).await.map_err(repository)
    }

    /// Staff's free-text answer to a phone, within 24 hours of its last message.
    pub async fn reply(&self, author: Uuid, phone: &str, text: &str) -> Result<Message, MessageError> {
        let phone = Phone::parse(phone).map_err(|_| MessageError::NoConversation)?;
        let text = text.trim();
        if text.is_empty() {
            return Err(MessageError::EmptyReply);
        }
        if text.chars().count() > MAX_REPLY_CHARS {
            return Err(MessageError::ReplyTooLong);
        }
        let last = self.conversations.last_received_at(phone.as_str()).await.map_err(repository)?;
        match last {
            None => return Err(MessageError::NoConversation),
            Some(at) if (self.clock)() >= at + window() => return Err(MessageError::WindowClosed),
            Some(_) => {}
        }
        let order = self.conversations.latest_order(phone.as_str()).await.map_err(repository)?;
        let reply = NewMessage::chat_reply(phone.as_str(), order.map(|(id, _)| id), text, Some(author));
        self.conversations.write(reply).await.map_err(repository)
    }

    /// The shop's own answer to what a customer just did (a tapped button): within the window
    /// the customer's message opened.
    pub async fn answer(&self, to: &Received, text: &str) -> Result<Message, MessageError> {
        let reply = NewMessage::chat_reply(&to.phone, to.order_id, text, None);
        self.conversations.write(reply).await.map_err(repository)
    }
}
