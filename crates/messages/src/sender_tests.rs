//! The sender against an outbox kept in memory and a mocked channel: the waits between
//! attempts, giving up after the last, a permanent refusal, and no channel at all.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest};
use chrono::{DateTime, Duration, TimeZone, Utc};
use uuid::Uuid;

use crate::*;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 8, 0, 0).unwrap()
}

/// An outbox in memory: one message, taken when due, the decision written back as PostgreSQL does.
#[derive(Default)]
struct MemoryOutbox {
    messages: Mutex<Vec<Message>>,
}

fn pending(kind: MessageKind) -> Message {
    Message {
        id: Uuid::new_v4(),
        kind,
        recipient: "awa@example.sn".to_owned(),
        subject: "Commande reçue".to_owned(),
        text: "Bonjour".to_owned(),
        html: "<p>Bonjour</p>".to_owned(),
        order_id: None,
        state: MessageState::Pending,
        attempts: 0,
        next_attempt_at: start(),
        last_error: None,
        created_at: start(),
        sent_at: None,
        channel: Channel::Email,
        whatsapp: None,
        author_id: None,
        provider_id: None,
        delivery: None,
    }
}

impl MemoryOutbox {
    fn with(message: Message) -> Arc<Self> {
        Arc::new(MemoryOutbox { messages: Mutex::new(vec![message]) })
    }

    fn sole_message(&self) -> Message {
        self.messages.lock().unwrap()[0].clone()
    }
}

#[async_trait]
impl Outbox for MemoryOutbox {
    async fn process_next(
        &self,
        now: DateTime<Utc>,
        decide: &dyn Decide,
    ) -> Result<Option<(Message, Decision)>, BoxError> {
        let due = self
            .messages
            .lock()
            .unwrap()
            .iter()
            .find(|m| m.state == MessageState::Pending && m.next_attempt_at <= now)
            .cloned();
        let Some(message) = due else { return Ok(None) };
        let decision = decide.decide(&message).await;
        let mut messages = self.messages.lock().unwrap();
        let stored = messages.iter_mut().find(|m| m.id == message.id).unwrap();
        stored.attempts += 1;
        match &decision {
            Decision::Sent { at, provider_id } => {
                stored.state = MessageState::Sent;
                stored.sent_at = Some(*at);
                stored.provider_id.clone_from(provider_id);
            }
            Decision::Retry { at, error } => {
                stored.next_attempt_at = *at;
                stored.last_error = Some(error.clone());
            }
            Decision::Failed { error } => {
                stored.state = MessageState::Failed;
                stored.last_error = Some(error.clone());
            }
            Decision::NotConfigured => stored.state = MessageState::NotConfigured,
        }
        Ok(Some((message, decision)))
    }

    async fn record_delivery(&self, provider_id: &str, status: DeliveryStatus) -> Result<bool, BoxError> {
        let mut messages = self.messages.lock().unwrap();
        let Some(m) = messages.iter_mut().find(|m| m.provider_id.as_deref() == Some(provider_id)) else {
            return Ok(false);
        };
        if m.delivery.as_ref().is_some_and(|now| !now.state.is_overtaken_by(status.state)) {
            return Ok(false);
        }
        m.delivery = Some(status);
        Ok(true)
    }

    async fn find(&self, id: Uuid) -> Result<Option<Message>, BoxError> {
        Ok(self.messages.lock().unwrap().iter().find(|m| m.id == id).cloned())
    }

    async fn list(&self, state: Option<MessageState>, page: PageRequest) -> Result<Page<Message>, BoxError> {
        let items: Vec<Message> =
            self.messages.lock().unwrap().iter().filter(|m| state.is_none_or(|s| m.state == s)).cloned().collect();
        let total = items.len() as u64;
        Ok(Page::counted(items, page, total))
    }

    async fn of_order(&self, order_id: Uuid) -> Result<Vec<Message>, BoxError> {
        Ok(self.messages.lock().unwrap().iter().filter(|m| m.order_id == Some(order_id)).cloned().collect())
    }

    async fn record_sent(
        &self,
        new: &NewMessage,
        provider_id: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<Uuid, BoxError> {
        let message = Message {
            id: Uuid::new_v4(),
            kind: new.kind,
            recipient: new.recipient.clone(),
            subject: new.subject.clone(),
            text: new.text.clone(),
            html: new.html.clone(),
            order_id: new.order_id,
            state: MessageState::Sent,
            attempts: 1,
            next_attempt_at: at,
            last_error: None,
            created_at: at,
            sent_at: Some(at),
            channel: new.channel,
            whatsapp: new.whatsapp.clone(),
            author_id: new.author_id,
            provider_id: provider_id.map(str::to_owned),
            delivery: None,
        };
        let id = message.id;
        self.messages.lock().unwrap().push(message);
        Ok(id)
    }

    async fn sent_per_category(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<(Category, u64)>, BoxError> {
        let mut counts: Vec<(Category, u64)> = Vec::new();
        let messages = self.messages.lock().unwrap();
        let sent = messages.iter().filter(|m| m.sent_at.is_some_and(|at| from <= at && at < to));
        for category in sent.filter_map(|m| m.whatsapp.as_ref().map(|t| t.category)) {
            match counts.iter_mut().find(|(c, _)| *c == category) {
                Some((_, count)) => *count += 1,
                None => counts.push((category, 1)),
            }
        }
        Ok(counts)
    }

    async fn resend(&self, id: Uuid, now: DateTime<Utc>) -> Result<Option<Message>, BoxError> {
        let mut messages = self.messages.lock().unwrap();
        let Some(m) = messages.iter_mut().find(|m| m.id == id && m.state != MessageState::Pending) else {
            return Ok(None);
        };
        m.state = MessageState::Pending;
        m.attempts = 0;
        m.next_attempt_at = now;
        m.last_error = None;
        Ok(Some(m.clone()))
    }
}

fn by_email(channel: MockMessageChannel) -> Channels {
    Channels { email: Some(Arc::new(channel)), whatsapp: None }
}

fn channel_failing(error: fn() -> SendError) -> Arc<MockMessageChannel> {
    let mut channel = MockMessageChannel::new();
    channel.expect_send().returning(move |_| Err(error()));
    Arc::new(channel)
}

#[test]
fn the_waits_double_from_a_minute_to_four_hours_over_about_a_day() {
    let minutes: Vec<i64> = (1..MAX_ATTEMPTS).map(|n| backoff(n).as_secs() as i64 / 60).collect();
    assert_eq!(minutes, [1, 2, 4, 8, 16, 32, 64, 128, 240, 240, 240, 240, 240]);
    let total: i64 = minutes.iter().sum();
    assert!((23 * 60..=25 * 60).contains(&total), "{total} minutes of trying");
}

#[test]
fn a_transient_error_is_tried_again_later_and_the_last_one_gives_up() {
    let now = start();
    let retry = decide(0, Err(SendError::Transient("421 busy".into())), now);
    assert_eq!(retry, Decision::Retry { at: now + Duration::minutes(1), error: "421 busy".into() });
    let third = decide(2, Err(SendError::Transient("421 busy".into())), now);
    assert_eq!(third, Decision::Retry { at: now + Duration::minutes(4), error: "421 busy".into() });
    let last = decide(MAX_ATTEMPTS - 1, Err(SendError::Transient("timed out".into())), now);
    assert_eq!(last, Decision::Failed { error: "timed out".into() });
}

#[tokio::test]
async fn a_message_sent_is_marked_sent_once() {
    let outbox = MemoryOutbox::with(pending(MessageKind::OrderPlaced));
    let mut channel = MockMessageChannel::new();
    channel.expect_send().times(1).returning(|m| {
        assert_eq!(m.recipient, "awa@example.sn");
        Ok(None)
    });
    let sender = Sender::new(outbox.clone(), by_email(channel)).with_clock(start);
    let report = sender.send_due().await.unwrap();
    assert_eq!((report.sent, report.retried, report.failed), (1, 0, 0));
    let message = outbox.sole_message();
    assert_eq!(message.state, MessageState::Sent);
    assert_eq!(message.sent_at, Some(start()));
    // Nothing left: a second pass sends nothing (the mock allows one send).
    assert_eq!(sender.send_due().await.unwrap(), SendReport::default());
}

#[tokio::test]
async fn a_relay_down_is_retried_with_growing_waits_then_the_message_fails_with_its_last_error() {
    let outbox = MemoryOutbox::with(pending(MessageKind::OrderPlaced));
    let channel = channel_failing(|| SendError::Transient("connection refused".into()));
    let sender = Sender::new(outbox.clone(), Channels { email: Some(channel), whatsapp: None }).with_clock(start);
    let mut waits = Vec::new();
    for attempt in 1..=MAX_ATTEMPTS {
        // Each pass runs when the message is due; the clock is moved by rewriting the due time.
        let due = outbox.sole_message().next_attempt_at;
        let report = sender.send_due().await.unwrap();
        assert_eq!(report.errors.len(), 1, "attempt {attempt}");
        let message = outbox.sole_message();
        assert_eq!(message.attempts, attempt);
        assert_eq!(message.last_error.as_deref(), Some("connection refused"));
        if attempt < MAX_ATTEMPTS {
            assert_eq!(message.state, MessageState::Pending);
            waits.push((message.next_attempt_at - due).num_minutes());
            // Bring it due again for the fixed clock.
            outbox.messages.lock().unwrap()[0].next_attempt_at = start();
        } else {
            assert_eq!(message.state, MessageState::Failed);
            assert_eq!(report.failed, 1);
        }
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128, 240, 240, 240, 240, 240]);
    // A failed message is not taken again.
    assert_eq!(sender.send_due().await.unwrap(), SendReport::default());
}

#[tokio::test]
async fn a_message_not_yet_due_waits() {
    let mut later = pending(MessageKind::OrderPlaced);
    later.next_attempt_at = start() + Duration::minutes(5);
    let outbox = MemoryOutbox::with(later);
    let mut channel = MockMessageChannel::new();
    channel.expect_send().never();
    let sender = Sender::new(outbox.clone(), by_email(channel)).with_clock(start);
    assert_eq!(sender.send_due().await.unwrap(), SendReport::default());
    assert_eq!(outbox.sole_message().state, MessageState::Pending);
}

#[tokio::test]
async fn an_address_refused_fails_at_once() {
    let outbox = MemoryOutbox::with(pending(MessageKind::OrderPlaced));
    let channel = channel_failing(|| SendError::Permanent("550 no such mailbox".into()));
    let report = Sender::new(outbox.clone(), Channels { email: Some(channel), whatsapp: None })
        .with_clock(start)
        .send_due()
        .await
        .unwrap();
    assert_eq!(report.failed, 1);
    let message = outbox.sole_message();
    assert_eq!((message.state, message.attempts), (MessageState::Failed, 1));
    assert_eq!(message.last_error.as_deref(), Some("550 no such mailbox"));
}

#[tokio::test]
async fn without_a_channel_a_message_is_kept_as_not_configured_never_as_sent() {
    let outbox = MemoryOutbox::with(pending(MessageKind::OrderPlaced));
    let sender = Sender::new(outbox.clone(), Channels::default()).with_clock(start);
    let report = sender.send_due().await.unwrap();
    assert_eq!((report.sent, report.not_configured), (0, 1));
    let message = outbox.sole_message();
    assert_eq!(message.state, MessageState::NotConfigured);
    assert_eq!(message.sent_at, None);
    assert_eq!(message.state_label(), "Non envoyé : e-mail non configuré");
}

#[tokio::test]
async fn a_failed_message_is_sent_again_on_request_but_a_pending_one_is_not() {
    let mut failed = pending(MessageKind::OrderPlaced);
    failed.state = MessageState::Failed;
    failed.attempts = MAX_ATTEMPTS;
    failed.last_error = Some("timed out".into());
    let id = failed.id;
    let outbox = MemoryOutbox::with(failed);
    let service = MessageService::new(outbox.clone());
    let again = service.resend(id).await.unwrap();
    assert_eq!((again.state, again.attempts, again.last_error), (MessageState::Pending, 0, None));
    assert!(matches!(service.resend(id).await, Err(MessageError::AlreadyPending)));
    assert!(matches!(service.resend(Uuid::new_v4()).await, Err(MessageError::NotFound)));
}

#[tokio::test]
async fn the_back_office_never_reads_a_reset_link() {
    let outbox = MemoryOutbox::with(pending(MessageKind::ResetLink));
    let service = MessageService::new(outbox.clone());
    let page = service.list(None, PageRequest::new(1, 20, 100)).await.unwrap();
    assert!(!page.items[0].text.contains("Bonjour"));
    assert!(page.items[0].text.contains("masqué"));
    assert!(matches!(service.list(Some("lost"), PageRequest::new(1, 20, 100)).await, Err(MessageError::UnknownState)));
}

/// A WhatsApp message of the outbox, to Awa's phone.
fn on_whatsapp() -> Message {
    let template = WhatsAppTemplate {
        name: "commande_recue".into(),
        variables: vec!["Awa".into()],
        category: Category::Utility,
        buttons: vec![],
    };
    Message {
        recipient: "+221771234567".into(),
        channel: Channel::WhatsApp,
        whatsapp: Some(template),
        ..pending(MessageKind::OrderPlaced)
    }
}

#[tokio::test]
async fn each_message_goes_by_its_own_channel_and_keeps_the_id_whatsapp_gave_it() {
    let outbox = MemoryOutbox::with(on_whatsapp());
    outbox.messages.lock().unwrap().push(pending(MessageKind::OrderPlaced));
    let mut email = MockMessageChannel::new();
    email.expect_send().times(1).withf(|m| m.recipient == "awa@example.sn").returning(|_| Ok(None));
    let mut whatsapp = MockMessageChannel::new();
    whatsapp
        .expect_send()
        .times(1)
        .withf(|m| m.recipient == "+221771234567")
        .returning(|_| Ok(Some("wamid.HBgL".into())));
    let channels = Channels { email: Some(Arc::new(email)), whatsapp: Some(Arc::new(whatsapp)) };
    let report = Sender::new(outbox.clone(), channels).with_clock(start).send_due().await.unwrap();
    assert_eq!(report.sent, 2);
    let messages = outbox.messages.lock().unwrap().clone();
    assert_eq!(messages[0].provider_id.as_deref(), Some("wamid.HBgL"));
    assert_eq!((messages[1].provider_id.as_deref(), messages[1].state), (None, MessageState::Sent));
}

#[tokio::test]
async fn without_whatsapp_a_whatsapp_message_is_not_configured_while_e_mail_still_goes() {
    let outbox = MemoryOutbox::with(on_whatsapp());
    let mut email = MockMessageChannel::new();
    email.expect_send().never();
    let report = Sender::new(outbox.clone(), by_email(email)).with_clock(start).send_due().await.unwrap();
    assert_eq!(report.not_configured, 1);
    assert_eq!(outbox.sole_message().state, MessageState::NotConfigured);
    assert_eq!(outbox.sole_message().state_label(), "Non envoyé : WhatsApp non configuré");
}

#[tokio::test]
async fn a_login_code_is_recorded_sent_without_its_code_and_is_never_sent_again() {
    let outbox = Arc::new(MemoryOutbox::default());
    let new = NewMessage::login_code("+221771234567", "code_connexion");
    let id = outbox.record_sent(&new, Some("wamid.CODE"), start()).await.unwrap();
    let service = MessageService::new(outbox.clone());
    let listed = service.list(None, PageRequest::new(1, 20, 100)).await.unwrap();
    assert_eq!((listed.items[0].kind.label(), listed.items[0].state), ("Code de connexion", MessageState::Sent));
    assert!(listed.items[0].whatsapp.as_ref().is_some_and(|t| t.variables.is_empty()), "the code is not kept");
    assert!(matches!(service.resend(id).await, Err(MessageError::NotResendable)));
    assert_eq!(outbox.sole_message().state, MessageState::Sent);
}

#[tokio::test]
async fn a_month_s_whatsapp_templates_are_counted_per_category_at_the_shop_s_prices() {
    let outbox = Arc::new(MemoryOutbox::default());
    let november = |day, hour| Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).unwrap();
    let order_placed = on_whatsapp();
    let template = order_placed.whatsapp.clone().unwrap();
    let utility = NewMessage::whatsapp(MessageKind::OrderPlaced, "+221771234567", None, template, "Bonjour".into());
    let code = NewMessage::login_code("+221771234567", "code_connexion");
    outbox.record_sent(&utility, Some("wamid.1"), november(1, 0)).await.unwrap();
    outbox.record_sent(&utility, Some("wamid.2"), november(30, 23)).await.unwrap();
    outbox.record_sent(&code, Some("wamid.3"), november(12, 9)).await.unwrap();
    // Free text in the 24-hour window has no category; December's code is December's.
    outbox
        .record_sent(&NewMessage::chat_reply("+221771234567", None, "Oui", None), Some("wamid.4"), november(12, 10))
        .await
        .unwrap();
    outbox.record_sent(&code, Some("wamid.5"), Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()).await.unwrap();

    let prices = WhatsAppPrices { utility: UnitPrice::parse("5"), authentication: None };
    let service = MessageService::new(outbox.clone()).with_prices(prices);
    let bill = service.whatsapp_costs(Some("2026-11")).await.unwrap();
    let lines: Vec<_> = bill.categories.iter().map(|l| (l.category, l.count, l.cost)).collect();
    assert_eq!(lines, [(Category::Utility, 2, Some(10)), (Category::Authentication, 1, None)]);
    assert_eq!((bill.month.code(), bill.total), ("2026-11".to_owned(), None));
    assert_eq!(service.whatsapp_costs(Some("2026-12")).await.unwrap().categories[1].count, 1);
    assert!(matches!(service.whatsapp_costs(Some("novembre")).await, Err(MessageError::InvalidMonth)));
}
