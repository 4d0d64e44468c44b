use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::costs::{Month, MonthCosts, WhatsAppPrices};
use crate::error::{MessageError, SendError};
use crate::model::{Channel, DeliveryStatus, Message, MessageState};
use crate::ports::{Decide, Decision, MessageChannel, Outbox};

/// Attempts before a message is given up: with [`backoff`], about 24 hours of trying.
pub const MAX_ATTEMPTS: u32 = 14;
/// The wait after a first failed attempt; it doubles with each failure after it.
const FIRST_WAIT: Duration = Duration::from_secs(60);
/// The longest wait between two attempts.
const LONGEST_WAIT: Duration = Duration::from_secs(4 * 3600);
/// Messages one pass of the sender takes at most, so that a long queue does not hold it forever.
const BATCH: u32 = 100;
/// The back office's pages of messages.
pub const ADMIN_PAGE_SIZE: u32 = 20;

/// How long to wait after `failed` failed attempts (1 minute, then doubling, at most 4 hours).
pub fn backoff(failed: u32) -> Duration {
    let doublings = failed.saturating_sub(1).min(20);
    FIRST_WAIT.saturating_mul(1 << doublings).min(LONGEST_WAIT)
}

/// What becomes of a message after an attempt, `made` attempts having been made before it.
pub fn decide(made: u32, outcome: Result<Option<String>, SendError>, now: DateTime<Utc>) -> Decision {
    match outcome {
        Ok(provider_id) => Decision::Sent { at: now, provider_id },
        Err(SendError::Permanent(error)) => Decision::Failed { error },
        Err(SendError::Transient(error)) => {
            let failed = made + 1;
            if failed >= MAX_ATTEMPTS {
                Decision::Failed { error }
            } else {
                let wait = chrono::Duration::from_std(backoff(failed)).unwrap_or(chrono::Duration::hours(4));
                Decision::Retry { at: now + wait, error }
            }
        }
    }
}

/// The message as the back office may show it: a secret body (a reset link) is withheld.
pub fn redacted(mut message: Message) -> Message {
    if message.kind.is_secret() {
        let hidden = "Contenu masqué : il contient un lien personnel de réinitialisation.".to_owned();
        message.text = hidden.clone();
        message.html = hidden;
    }
    message
}

/// What one pass of the sender did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SendReport {
    pub sent: u32,
    pub retried: u32,
    pub failed: u32,
    pub not_configured: u32,
    /// Per failed attempt: the message, its kind and the error (never its body).
    pub errors: Vec<(Uuid, &'static str, String)>,
}

/// The channels the shop has: e-mail (`SMTP_URL`) and WhatsApp (`WHATSAPP_TOKEN`), each optional.
#[derive(Clone, Default)]
pub struct Channels {
    pub email: Option<Arc<dyn MessageChannel>>,
    pub whatsapp: Option<Arc<dyn MessageChannel>>,
}

impl Channels {
    fn of(&self, channel: Channel) -> Option<&dyn MessageChannel> {
        match channel {
            Channel::Email => self.email.as_deref(),
            Channel::WhatsApp => self.whatsapp.as_deref(),
        }
    }
}

/// Works through the outbox: sends what is due through its channel, or, without that channel,
/// marks it not configured (never as sent).
pub struct Sender {
    outbox: Arc<dyn Outbox>,
    channels: Channels,
    clock: fn() -> DateTime<Utc>,
}

struct Attempt<'a> {
    channels: &'a Channels,
    now: DateTime<Utc>,
}

#[async_trait]
impl Decide for Attempt<'_> {
    async fn decide(&self, message: &Message) -> Decision {
        match self.channels.of(message.channel) {
            None => Decision::NotConfigured,
            Some(channel) => decide(message.attempts, channel.send(message).await, self.now),
        }
    }
}

impl Sender {
    pub fn new(outbox: Arc<dyn Outbox>, channels: Channels) -> Self {
        Self { outbox, channels, clock: Utc::now }
    }

    /// With a fixed clock, for tests of the waits.
    pub fn with_clock(mut self, clock: fn() -> DateTime<Utc>) -> Self {
        self.clock = clock;
        self
    }

    /// Sends every message due now, one at a time, at most a batch.
    pub async fn send_due(&self) -> Result<SendReport, BoxError> {
        let mut report = SendReport::default();
        for _ in 0..BATCH {
            let attempt = Attempt { channels: &self.channels, now: (self.clock)() };
            let Some((message, decision)) = self.outbox.process_next(attempt.now, &attempt).await? else {
                break;
            };
            match decision {
                Decision::Sent { .. } => report.sent += 1,
                Decision::Retry { error, .. } => {
                    report.retried += 1;
                    report.errors.push((message.id, message.kind.as_str(), error));
                }
                Decision::Failed { error } => {
                    report.failed += 1;
                    report.errors.push((message.id, message.kind.as_str(), error));
                }
                Decision::NotConfigured => report.not_configured += 1,
            }
        }
        Ok(report)
    }
}

/// The back office's view of the outbox: the messages, an order's, and sending one again.
pub struct MessageService {
    outbox: Arc<dyn Outbox>,
    prices: WhatsAppPrices,
    clock: fn() -> DateTime<Utc>,
}

fn repository(error: BoxError) -> MessageError {
    MessageError::Repository(error)
}

impl MessageService {
    pub fn new(outbox: Arc<dyn Outbox>) -> Self {
        Self { outbox, prices: WhatsAppPrices::default(), clock: Utc::now }
    }

    /// The prices the month's WhatsApp bill is counted at.
    pub fn with_prices(mut self, prices: WhatsAppPrices) -> Self {
        self.prices = prices;
        self
    }

    /// A page of messages, newest first; `state` is one of [`MessageState`]'s codes or none.
    pub async fn list(&self, state: Option<&str>, page: PageRequest) -> Result<Page<Message>, MessageError> {
        let state = match state.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(code) => Some(MessageState::parse(code).ok_or(MessageError::UnknownState)?),
        };
        Ok(self.outbox.list(state, page).await.map_err(repository)?.map(redacted))
    }

    pub async fn of_order(&self, order_id: Uuid) -> Result<Vec<Message>, MessageError> {
        Ok(self.outbox.of_order(order_id).await.map_err(repository)?.into_iter().map(redacted).collect())
    }

    /// What Meta reports of a WhatsApp message the shop sent; `false` when it tells nothing new.
    pub async fn record_delivery(&self, provider_id: &str, status: DeliveryStatus) -> Result<bool, MessageError> {
        self.outbox.record_delivery(provider_id, status).await.map_err(repository)
    }

    /// The WhatsApp messages sent in `month` (`YYYY-MM`; this month when none) per category, and
    /// what they cost.
    pub async fn whatsapp_costs(&self, month: Option<&str>) -> Result<MonthCosts, MessageError> {
        let month = match month.map(str::trim).filter(|m| !m.is_empty()) {
            Some(text) => Month::parse(text)?,
            None => Month::of((self.clock)()),
        };
        let (from, to) = month.bounds();
        let counts = self.outbox.sent_per_category(from, to).await.map_err(repository)?;
        Ok(MonthCosts::of(month, &counts, self.prices))
    }

    /// Sends a message again now (a failed one, one written while e-mail was not configured, or
    /// a sent one the customer lost).
    pub async fn resend(&self, id: Uuid) -> Result<Message, MessageError> {
        let message = self.outbox.find(id).await.map_err(repository)?.ok_or(MessageError::NotFound)?;
        if !message.kind.can_be_resent() {
            return Err(MessageError::NotResendable);
        }
        if message.state == MessageState::Pending {
            return Err(MessageError::AlreadyPending);
        }
        let again = self.outbox.resend(id, (self.clock)()).await.map_err(repository)?;
        again.map(redacted).ok_or(MessageError::AlreadyPending)
    }
}
