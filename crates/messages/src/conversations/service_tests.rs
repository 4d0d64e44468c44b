use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::MessageError;
use crate::model::{Channel, MessageKind, MessageState};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 7, 18, 0, 0).unwrap()
}

const AWA: &str = "+221771234567";
const ORDER: Uuid = Uuid::from_u128(7);

fn received(hours_ago: i64) -> Received {
    Received {
        id: Uuid::new_v4(),
        phone: AWA.into(),
        profile_name: "Awa".into(),
        kind: InboundKind::Text,
        body: "Bonjour, la robe existe en M ?".into(),
        order_id: Some(ORDER),
        sent_at: now() - Duration::hours(hours_ago),
        seen_at: None,
    }
}

/// The conversations of a phone that last wrote `hours_ago`, writing what it is given.
fn last_wrote(hours_ago: Option<i64>) -> MockConversations {
    let mut conversations = MockConversations::new();
    conversations.expect_last_received_at().returning(move |_| Ok(hours_ago.map(|h| now() - Duration::hours(h))));
    conversations.expect_latest_order().returning(|_| Ok(Some((ORDER, "ORD-2612070007".into()))));
    conversations.expect_write().returning(|new| Ok(written(new)));
    conversations
}

fn written(new: NewMessage) -> Message {
    Message {
        id: Uuid::new_v4(),
        kind: new.kind,
        recipient: new.recipient,
        subject: new.subject,
        text: new.text,
        html: new.html,
        order_id: new.order_id,
        state: MessageState::Pending,
        attempts: 0,
        next_attempt_at: now(),
        last_error: None,
        created_at: now(),
        sent_at: None,
        channel: new.channel,
        whatsapp: new.whatsapp,
        author_id: new.author_id,
        provider_id: None,
        delivery: None,
    }
}

fn service(conversations: MockConversations) -> ConversationService {
    ConversationService::new(Arc::new(conversations)).with_clock(now)
}

#[tokio::test]
async fn staff_answer_in_free_text_within_24_hours_of_the_customer_s_last_message() {
    let fatou = Uuid::from_u128(42);
    let reply = service(last_wrote(Some(23))).reply(fatou, "77 123 45 67", "  Oui, en M et en L.  ").await.unwrap();
    assert_eq!(
        (reply.kind, reply.channel, reply.recipient.as_str(), reply.text.as_str()),
        (MessageKind::ChatReply, Channel::WhatsApp, AWA, "Oui, en M et en L.")
    );
    assert_eq!((reply.whatsapp, reply.author_id, reply.order_id), (None, Some(fatou), Some(ORDER)));
}

#[tokio::test]
async fn after_24_hours_or_before_any_message_nothing_is_written() {
    let mut closed = MockConversations::new();
    closed.expect_last_received_at().returning(|_| Ok(Some(now() - Duration::hours(24))));
    closed.expect_write().never();
    let refused = service(closed).reply(Uuid::nil(), AWA, "Bonjour").await.unwrap_err();
    assert!(matches!(refused, MessageError::WindowClosed), "{refused:?}");
    assert!(refused.to_string().starts_with("Plus de 24 h depuis le dernier message de ce client"));

    let mut never = MockConversations::new();
    never.expect_last_received_at().returning(|_| Ok(None));
    never.expect_write().never();
    assert!(matches!(service(never).reply(Uuid::nil(), AWA, "Bonjour").await, Err(MessageError::NoConversation)));
}

#[tokio::test]
async fn an_empty_or_too_long_answer_or_a_bad_phone_is_refused_before_anything_is_read() {
    let mut untouched = MockConversations::new();
    untouched.expect_last_received_at().never();
    untouched.expect_write().never();
    let service = service(untouched);
    assert!(matches!(service.reply(Uuid::nil(), AWA, " \n ").await, Err(MessageError::EmptyReply)));
    let long = "a".repeat(MAX_REPLY_CHARS + 1);
    assert!(matches!(service.reply(Uuid::nil(), AWA, &long).await, Err(MessageError::ReplyTooLong)));
    assert!(matches!(service.reply(Uuid::nil(), "pas un numéro", "Bonjour").await, Err(MessageError::NoConversation)));
}

#[tokio::test]
async fn a_thread_is_in_time_order_and_its_window_closes_24_hours_after_the_last_message() {
    let mut conversations = MockConversations::new();
    let (earlier, later) = (received(5), received(2));
    let sent = written(NewMessage::chat_reply(AWA, Some(ORDER), "Oui", None));
    let mut sent = sent;
    sent.created_at = now() - Duration::hours(3);
    let listed = (vec![earlier.clone(), later.clone()], vec![sent.clone()]);
    conversations
        .expect_thread()
        .withf(|phone, at| phone == AWA && *at == now())
        .returning(move |_, _| Ok(listed.clone()));
    conversations.expect_latest_order().returning(|_| Ok(None));
    let thread = service(conversations).thread(AWA).await.unwrap();
    assert_eq!(
        thread.entries,
        vec![Entry::Received(earlier), Entry::Sent(Box::new(sent)), Entry::Received(later.clone())]
    );
    assert_eq!(thread.window_closes_at, Some(later.sent_at + Duration::hours(24)));
}
