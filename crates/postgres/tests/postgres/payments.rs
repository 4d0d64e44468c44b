use std::sync::Arc;

use bitik_common::Money;
use bitik_orders::{
    NewOrder, Order, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo, ShippingMethod, StatusChange,
    StockEffect,
};
use bitik_payments::{CheckoutStatus, PaymentRepository, WaveError, WavePaymentStatus, WaveSession};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgPaymentRepository};
use chrono::{DateTime, Duration, DurationRound, Utc};
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

/// PostgreSQL keeps microseconds: times are compared at that precision.
pub(crate) fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(Duration::microseconds(1)).unwrap()
}

pub(crate) async fn wave_order(test: &TestDatabase, method: PaymentMethod, created_at: DateTime<Utc>) -> Order {
    let awa = customer(test, &format!("{}@example.sn", Uuid::new_v4().simple())).await;
    let tee = tshirt(test, &format!("T-shirt {}", Uuid::new_v4().simple()), 10_000, &[("noir", "M", 5)]).await;
    let order = NewOrder {
        order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
        user_id: awa.id,
        lines: vec![line(&tee, 1)],
        subtotal: Money::francs(10_000),
        shipping_cost: Money::francs(1_000),
        discount: Money::ZERO,
        total: Money::francs(11_000),
        shipping: ShippingInfo::default(),
        shipping_method: ShippingMethod::Standard,
        payment_method: method,
        idempotency_key: None,
        from_cart: true,
        promo: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    };
    let first = StatusChange {
        status: OrderStatus::Pending,
        note: String::new(),
        by: "Client".into(),
        by_user: Some(awa.id),
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: created_at,
    };
    PgOrderRepository::new(test.database.clone()).place(order, first, None).await.unwrap()
}

fn session(id: &str, order: &Order, created_at: DateTime<Utc>) -> WaveSession {
    WaveSession {
        id: id.into(),
        amount: order.total,
        currency: "XOF".into(),
        checkout_status: CheckoutStatus::Open,
        payment_status: WavePaymentStatus::Processing,
        launch_url: format!("https://pay.wave.com/c/{id}"),
        client_reference: Some(order.id.to_string()),
        business_name: "Bitik Dakar".into(),
        created_at,
        expires_at: created_at + Duration::minutes(30),
        completed_at: None,
        transaction_id: None,
        last_error: None,
    }
}

fn paid(mut session: WaveSession, at: DateTime<Utc>) -> WaveSession {
    session.checkout_status = CheckoutStatus::Complete;
    session.payment_status = WavePaymentStatus::Succeeded;
    session.completed_at = Some(at);
    session.transaction_id = Some("TCN4Y4ZC3FM".into());
    session
}

#[tokio::test]
async fn a_session_is_kept_as_wave_described_it() {
    let test = TestDatabase::new().await;
    let order = wave_order(&test, PaymentMethod::Wave, now()).await;
    let payments = PgPaymentRepository::new(test.database.clone());
    let t = now();
    let mut first = session("cos-first", &order, t);
    first.last_error = Some(WaveError { code: "insufficient-funds".into(), message: "Solde insuffisant".into() });
    let saved = payments.save(order.id, &first, true, t).await.unwrap();
    assert_eq!(saved.session, first);
    assert_eq!((saved.order_id, saved.is_mock, saved.checked_at, saved.cancelled_at), (order.id, true, Some(t), None));
    assert_eq!(payments.find_by_session("cos-first").await.unwrap(), Some(saved));
    assert_eq!(payments.find_by_session("cos-none").await.unwrap(), None);
    let second = session("cos-second", &order, t + Duration::minutes(1));
    payments.save(order.id, &second, true, t + Duration::minutes(1)).await.unwrap();
    let latest = payments.latest_of_order(order.id).await.unwrap().unwrap();
    assert_eq!(latest.session.id, "cos-second", "the most recent session Wave opened");
    assert_eq!(payments.latest_of_order(Uuid::new_v4()).await.unwrap(), None);
}

#[tokio::test]
async fn a_late_answer_never_reopens_or_unpays_a_session() {
    let test = TestDatabase::new().await;
    let order = wave_order(&test, PaymentMethod::Wave, now()).await;
    let payments = PgPaymentRepository::new(test.database.clone());
    let t = now();
    let open = session("cos-1", &order, t);
    payments.save(order.id, &open, false, t).await.unwrap();
    let done = paid(open.clone(), t + Duration::seconds(40));
    let after_paid = payments.save(order.id, &done, false, t + Duration::seconds(41)).await.unwrap();
    assert_eq!(after_paid.session, done);
    assert_eq!(after_paid.checked_at, Some(t + Duration::seconds(41)));
    let late = payments.save(order.id, &open, false, t + Duration::seconds(42)).await.unwrap();
    assert_eq!(late.session, done, "an older 'open' arriving late changes nothing");
    let mut expired = done.clone();
    expired.checkout_status = CheckoutStatus::Expired;
    expired.payment_status = WavePaymentStatus::Cancelled;
    let still = payments.save(order.id, &expired, false, t + Duration::seconds(43)).await.unwrap();
    assert!(still.session.succeeded(), "a succeeded payment stays succeeded");
}

#[tokio::test]
async fn the_same_new_session_saved_at_once_twice_is_one_row() {
    let test = TestDatabase::new().await;
    let order = wave_order(&test, PaymentMethod::Wave, now()).await;
    let payments = Arc::new(PgPaymentRepository::new(test.database.clone()));
    let t = now();
    let racers: Vec<_> = (0..6)
        .map(|_| {
            let payments = payments.clone();
            let session = session("cos-race", &order, t);
            tokio::spawn(async move { payments.save(order.id, &session, false, t).await.unwrap() })
        })
        .collect();
    for racer in racers {
        assert_eq!(racer.await.unwrap().session.id, "cos-race");
    }
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let mut conn = test.database.conn().await.unwrap();
    let rows: i64 = bitik_postgres::schema::payments::table.count().get_result(&mut conn).await.unwrap();
    assert_eq!(rows, 1);
}

#[tokio::test]
async fn cancelling_marks_an_open_session_only() {
    let test = TestDatabase::new().await;
    let order = wave_order(&test, PaymentMethod::Wave, now()).await;
    let payments = PgPaymentRepository::new(test.database.clone());
    let t = now();
    payments.save(order.id, &session("cos-open", &order, t), false, t).await.unwrap();
    payments.save(order.id, &paid(session("cos-paid", &order, t), t), false, t).await.unwrap();
    let cancelled = payments.mark_cancelled("cos-open", t + Duration::minutes(2)).await.unwrap().unwrap();
    assert_eq!(cancelled.session.checkout_status, CheckoutStatus::Expired);
    assert_eq!(cancelled.session.payment_status, WavePaymentStatus::Cancelled);
    assert_eq!(cancelled.cancelled_at, Some(t + Duration::minutes(2)));
    let untouched = payments.mark_cancelled("cos-paid", t + Duration::minutes(2)).await.unwrap().unwrap();
    assert!(untouched.session.succeeded());
    assert_eq!(untouched.cancelled_at, None);
    assert_eq!(payments.mark_cancelled("cos-none", t).await.unwrap(), None);
}

#[tokio::test]
async fn webhook_events_are_remembered_once() {
    let test = TestDatabase::new().await;
    let payments = PgPaymentRepository::new(test.database.clone());
    assert!(!payments.event_seen("AE_1").await.unwrap());
    payments.remember_event("AE_1", "checkout.session.completed", "cos-1").await.unwrap();
    payments.remember_event("AE_1", "checkout.session.completed", "cos-1").await.unwrap();
    assert!(payments.event_seen("AE_1").await.unwrap());
    assert!(!payments.event_seen("AE_2").await.unwrap());
}

#[tokio::test]
async fn the_sweep_finds_only_old_unpaid_pending_wave_orders_oldest_first() {
    let test = TestDatabase::new().await;
    let t = now();
    let oldest = wave_order(&test, PaymentMethod::Wave, t - Duration::minutes(50)).await;
    let old = wave_order(&test, PaymentMethod::Wave, t - Duration::minutes(40)).await;
    let _recent = wave_order(&test, PaymentMethod::Wave, t - Duration::minutes(10)).await;
    let _cash = wave_order(&test, PaymentMethod::CashOnDelivery, t - Duration::minutes(45)).await;
    let paid = wave_order(&test, PaymentMethod::Wave, t - Duration::minutes(45)).await;
    let cancelled = wave_order(&test, PaymentMethod::Wave, t - Duration::minutes(45)).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let entry = |status| StatusChange {
        status,
        note: String::new(),
        by: "Wave".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::System,
        note_visible: true,
        at: t,
    };
    orders.record_payment(paid.id, OrderStatus::Pending, entry(OrderStatus::Processing)).await.unwrap();
    orders
        .transition(cancelled.id, OrderStatus::Pending, entry(OrderStatus::Cancelled), StockEffect::Return)
        .await
        .unwrap();
    let payments = PgPaymentRepository::new(test.database.clone());
    let cutoff = t - Duration::minutes(30);
    assert_eq!(payments.unpaid_wave_orders(cutoff, 10).await.unwrap(), vec![oldest.id, old.id]);
    assert_eq!(payments.unpaid_wave_orders(cutoff, 1).await.unwrap(), vec![oldest.id]);
}
