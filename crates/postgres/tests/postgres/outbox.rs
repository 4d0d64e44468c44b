//! The outbox: a message commits with its event or not at all, one due message is held by one
//! sender at a time (two senders on one database never send one twice), and the decision of an
//! attempt is written back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bitik_common::PageRequest;
use bitik_messages::{Decide, Decision, Message, MessageKind, MessageState, NewMessage, Outbox, Rendered};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{Database, PgOutbox, PoolSettings, enqueue};
use chrono::Utc;
use diesel_async::AsyncConnection;
use uuid::Uuid;

fn message(recipient: &str) -> NewMessage {
    NewMessage::new(
        MessageKind::ResetLink,
        recipient,
        None,
        Rendered { subject: "Sujet".into(), text: "Texte".into(), html: "<p>Texte</p>".into() },
    )
}

async fn write(test: &TestDatabase, messages: &[NewMessage]) {
    let mut conn = test.database.conn().await.unwrap();
    enqueue(&mut conn, messages).await.unwrap();
}

/// Sends through a pretend channel: waits `delay`, counts what it sent, answers `decision`.
struct Counting {
    delay: Duration,
    sent: Arc<Mutex<HashMap<Uuid, u32>>>,
    decision: fn() -> Decision,
}

#[async_trait]
impl Decide for Counting {
    async fn decide(&self, message: &Message) -> Decision {
        tokio::time::sleep(self.delay).await;
        *self.sent.lock().unwrap().entry(message.id).or_default() += 1;
        (self.decision)()
    }
}

fn sent_now() -> Decision {
    Decision::Sent { at: Utc::now(), provider_id: None }
}

fn counting(delay: Duration, decision: fn() -> Decision) -> Counting {
    Counting { delay, sent: Arc::default(), decision }
}

#[tokio::test]
async fn a_message_commits_with_its_transaction_or_not_at_all() {
    let test = TestDatabase::new().await;
    let mut conn = test.database.conn().await.unwrap();
    let rolled_back = conn
        .transaction::<(), diesel::result::Error, _>(async |conn| {
            enqueue(conn, &[message("perdu@example.sn")]).await?;
            Err(diesel::result::Error::RollbackTransaction)
        })
        .await;
    assert!(rolled_back.is_err());
    conn.transaction::<(), diesel::result::Error, _>(async |conn| {
        enqueue(conn, &[message("awa@example.sn")]).await.map(drop)
    })
    .await
    .unwrap();
    let outbox = PgOutbox::new(test.database.clone());
    let all = outbox.list(None, PageRequest::new(1, 20, 100)).await.unwrap();
    assert_eq!(all.total_items, 1);
    let stored = &all.items[0];
    assert_eq!(stored.recipient, "awa@example.sn");
    assert_eq!((stored.state, stored.attempts, stored.sent_at), (MessageState::Pending, 0, None));
}

#[tokio::test]
async fn a_sent_message_is_marked_sent_and_not_taken_again() {
    let test = TestDatabase::new().await;
    write(&test, &[message("awa@example.sn")]).await;
    let outbox = PgOutbox::new(test.database.clone());
    let sender = counting(Duration::ZERO, sent_now);
    let (sent, decision) = outbox.process_next(Utc::now(), &sender).await.unwrap().expect("one is due");
    assert!(matches!(decision, Decision::Sent { .. }));
    let stored = outbox.find(sent.id).await.unwrap().unwrap();
    assert_eq!((stored.state, stored.attempts), (MessageState::Sent, 1));
    assert!(stored.sent_at.is_some());
    assert!(outbox.process_next(Utc::now(), &sender).await.unwrap().is_none());
}

#[tokio::test]
async fn a_retry_waits_until_its_time_and_a_failure_keeps_the_last_error() {
    let test = TestDatabase::new().await;
    write(&test, &[message("awa@example.sn")]).await;
    let outbox = PgOutbox::new(test.database.clone());
    let later = counting(Duration::ZERO, || Decision::Retry {
        at: Utc::now() + chrono::Duration::minutes(1),
        error: "connection refused".into(),
    });
    let (first, _) = outbox.process_next(Utc::now(), &later).await.unwrap().unwrap();
    assert!(outbox.process_next(Utc::now(), &later).await.unwrap().is_none(), "not due for a minute");
    let stored = outbox.find(first.id).await.unwrap().unwrap();
    assert_eq!((stored.state, stored.attempts), (MessageState::Pending, 1));
    assert_eq!(stored.last_error.as_deref(), Some("connection refused"));
    let give_up = counting(Duration::ZERO, || Decision::Failed { error: "550 unknown user".into() });
    let in_two_minutes = Utc::now() + chrono::Duration::minutes(2);
    outbox.process_next(in_two_minutes, &give_up).await.unwrap().unwrap();
    let failed = outbox.find(first.id).await.unwrap().unwrap();
    assert_eq!((failed.state, failed.attempts), (MessageState::Failed, 2));
    assert_eq!(failed.last_error.as_deref(), Some("550 unknown user"));
    let failures = outbox.list(Some(MessageState::Failed), PageRequest::new(1, 20, 100)).await.unwrap();
    assert_eq!(failures.items.len(), 1);
    assert_eq!(outbox.list(Some(MessageState::Sent), PageRequest::new(1, 20, 100)).await.unwrap().total_items, 0);
    // Sent again on request: pending, due now, counted afresh; a pending one is not reset.
    let again = outbox.resend(first.id, Utc::now()).await.unwrap().unwrap();
    assert_eq!((again.state, again.attempts, again.last_error), (MessageState::Pending, 0, None));
    assert!(outbox.resend(first.id, Utc::now()).await.unwrap().is_none());
}

#[tokio::test]
async fn two_senders_on_one_database_send_each_message_once() {
    let test = TestDatabase::new().await;
    let messages: Vec<NewMessage> = (0..6).map(|i| message(&format!("client{i}@example.sn"))).collect();
    write(&test, &messages).await;
    // Two servers: two pools of their own on one database.
    let settings = PoolSettings { max_size: 2, ..PoolSettings::default() };
    let first = PgOutbox::new(Database::connect(&test.url, &settings).unwrap());
    let second = PgOutbox::new(Database::connect(&test.url, &settings).unwrap());
    let sent = Arc::new(Mutex::new(HashMap::new()));
    let slow = |sent: &Arc<Mutex<HashMap<Uuid, u32>>>| Counting {
        delay: Duration::from_millis(150),
        sent: sent.clone(),
        decision: sent_now,
    };
    let (a, b) = (slow(&sent), slow(&sent));
    let drain = async |outbox: &PgOutbox, decide: &Counting| {
        let mut taken = 0;
        while outbox.process_next(Utc::now(), decide).await.unwrap().is_some() {
            taken += 1;
        }
        taken
    };
    let (by_first, by_second) = tokio::join!(drain(&first, &a), drain(&second, &b));
    assert_eq!(by_first + by_second, 6);
    assert!(by_first > 0 && by_second > 0, "both worked side by side: {by_first} and {by_second}");
    let sent = sent.lock().unwrap();
    assert_eq!(sent.len(), 6);
    assert!(sent.values().all(|&n| n == 1), "{sent:?}");
}

#[tokio::test]
async fn a_message_being_sent_is_skipped_by_the_other_sender_not_waited_for() {
    let test = TestDatabase::new().await;
    write(&test, &[message("seul@example.sn")]).await;
    let settings = PoolSettings { max_size: 2, ..PoolSettings::default() };
    let first = PgOutbox::new(Database::connect(&test.url, &settings).unwrap());
    let second = PgOutbox::new(Database::connect(&test.url, &settings).unwrap());
    let slow = counting(Duration::from_millis(800), sent_now);
    let quick = counting(Duration::ZERO, sent_now);
    let holding = first.process_next(Utc::now(), &slow);
    let other = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let started = std::time::Instant::now();
        let taken = second.process_next(Utc::now(), &quick).await.unwrap();
        (taken.is_none(), started.elapsed())
    };
    let (held, (skipped, waited)) = tokio::join!(holding, other);
    assert!(held.unwrap().is_some());
    assert!(skipped, "the message held by the first sender was taken by the second");
    assert!(waited < Duration::from_millis(500), "the second sender waited {waited:?} for the lock");
    assert!(quick.sent.lock().unwrap().is_empty());
}

#[tokio::test]
async fn an_orders_messages_are_listed_oldest_first() {
    let test = TestDatabase::new().await;
    let customer = crate::fixtures::customer(&test, "awa@example.sn").await;
    let order_id = crate::fixtures::order_for(&test, &customer).await;
    let mut first = message("awa@example.sn");
    first.kind = MessageKind::OrderPlaced;
    first.order_id = Some(order_id);
    let mut second = first.clone();
    second.kind = MessageKind::OrderShipped;
    write(&test, &[first]).await;
    write(&test, &[second, message("autre@example.sn")]).await;
    let outbox = PgOutbox::new(test.database.clone());
    let kinds: Vec<MessageKind> = outbox.of_order(order_id).await.unwrap().into_iter().map(|m| m.kind).collect();
    assert_eq!(kinds, [MessageKind::OrderPlaced, MessageKind::OrderShipped]);
}

#[tokio::test]
async fn a_whatsapp_message_keeps_its_template_and_its_statuses_move_forward_only() {
    use bitik_messages::{Category, Channel, Delivery, DeliveryStatus, WhatsAppTemplate};
    let test = TestDatabase::new().await;
    let template = WhatsAppTemplate {
        name: "commande_recue".into(),
        variables: vec!["Awa".into(), "ORD-2612070001".into(), "25 000 FCFA".into()],
        category: Category::Utility,
        buttons: vec!["confirmer:ab12".into(), "annuler:ab12".into()],
    };
    let text = "Bonjour Awa, votre commande ORD-2612070001 est bien reçue.".to_owned();
    let new = NewMessage::whatsapp(MessageKind::OrderPlaced, "+221771234567", None, template.clone(), text.clone());
    write(&test, &[new, message("awa@example.sn")]).await;
    let outbox = PgOutbox::new(test.database.clone());
    let listed = outbox.list(None, PageRequest::new(1, 10, 10)).await.unwrap().items;
    let on_whatsapp = listed.iter().find(|m| m.channel == Channel::WhatsApp).expect("the WhatsApp message");
    assert_eq!((on_whatsapp.whatsapp.as_ref(), on_whatsapp.text.as_str()), (Some(&template), text.as_str()));
    assert_eq!(on_whatsapp.recipient, "+221771234567");
    assert!(listed.iter().any(|m| m.channel == Channel::Email && m.whatsapp.is_none()));

    // Meta's id, as the sender will keep it once Meta took the message.
    let mut conn = test.database.conn().await.unwrap();
    diesel_async::RunQueryDsl::execute(
        diesel::sql_query("UPDATE messages SET provider_id = 'wamid.A1' WHERE channel = 'whatsapp'"),
        &mut conn,
    )
    .await
    .unwrap();
    let at = |minute: u32| Utc::now() + chrono::Duration::minutes(i64::from(minute));
    let status = |state, minute| DeliveryStatus { state, at: at(minute), error: None };
    assert!(outbox.record_delivery("wamid.A1", status(Delivery::Sent, 0)).await.unwrap());
    assert!(outbox.record_delivery("wamid.A1", status(Delivery::Read, 2)).await.unwrap());
    assert!(!outbox.record_delivery("wamid.A1", status(Delivery::Delivered, 1)).await.unwrap(), "late, and behind");
    assert!(!outbox.record_delivery("wamid.unknown", status(Delivery::Read, 3)).await.unwrap());
    let found = outbox.find(on_whatsapp.id).await.unwrap().unwrap();
    assert_eq!(found.delivery.map(|d| d.state), Some(Delivery::Read));
    let failed =
        DeliveryStatus { state: Delivery::Failed, at: at(4), error: Some("131026 Message undeliverable".into()) };
    assert!(outbox.record_delivery("wamid.A1", failed.clone()).await.unwrap());
    let found = outbox.find(on_whatsapp.id).await.unwrap().unwrap();
    assert_eq!(found.delivery.as_ref().map(|d| (d.state, d.error.clone())), Some((Delivery::Failed, failed.error)));
}

#[tokio::test]
async fn a_month_counts_the_templates_sent_in_it_per_category_and_a_login_code_is_kept_without_its_code() {
    use bitik_messages::{Category, WhatsAppTemplate};
    use chrono::TimeZone;
    let test = TestDatabase::new().await;
    let outbox = PgOutbox::new(test.database.clone());
    let day = |month, day, hour| Utc.with_ymd_and_hms(2026, month, day, hour, 0, 0).unwrap();
    let template = WhatsAppTemplate {
        name: "commande_livree".into(),
        variables: vec!["Awa".into()],
        category: Category::Utility,
        buttons: vec![],
    };
    let delivered = NewMessage::whatsapp(MessageKind::OrderDelivered, "+221771234567", None, template, "Livrée".into());
    let code = NewMessage::login_code("+221771234567", "code_connexion");
    let reply = NewMessage::chat_reply("+221771234567", None, "Avec plaisir", None);
    outbox.record_sent(&delivered, Some("wamid.U1"), day(11, 1, 0)).await.unwrap();
    outbox.record_sent(&delivered, Some("wamid.U2"), day(11, 30, 23)).await.unwrap();
    let code_id = outbox.record_sent(&code, Some("wamid.C1"), day(11, 12, 9)).await.unwrap();
    outbox.record_sent(&reply, Some("wamid.R1"), day(11, 12, 10)).await.unwrap();
    outbox.record_sent(&code, Some("wamid.C2"), day(12, 1, 0)).await.unwrap();
    // Written, not sent: not billed.
    write(&test, &[delivered.clone()]).await;

    let mut november = outbox.sent_per_category(day(11, 1, 0), day(12, 1, 0)).await.unwrap();
    november.sort_by_key(|(category, _)| category.as_str());
    assert_eq!(november, [(Category::Authentication, 1), (Category::Utility, 2)]);

    let recorded = outbox.find(code_id).await.unwrap().unwrap();
    assert_eq!(
        (recorded.kind, recorded.state, recorded.sent_at),
        (MessageKind::LoginCode, MessageState::Sent, Some(day(11, 12, 9)))
    );
    assert_eq!(recorded.provider_id.as_deref(), Some("wamid.C1"));
    let mut with_its_code = code.clone();
    with_its_code.whatsapp.as_mut().unwrap().variables = vec!["042917".into()];
    assert!(
        outbox.record_sent(&with_its_code, Some("wamid.C3"), day(11, 13, 9)).await.is_err(),
        "a code is never kept"
    );
}
