//! Refunds under the order's row lock: one Wave refund in flight or made, the state machine kept by
//! the writes, recorded refunds never past what was paid, a refunded order keeping its payment time.

use std::sync::Arc;

use bitik_common::Money;
use bitik_orders::{
    NewRefund, Order, OrderRepository, OrderStatus, PaymentMethod, PaymentStatus, RefundMethod, RefundState,
    StatusChange,
};
use bitik_payments::{CashRefundOutcome, RefundOutcome, RefundRepository, WaveRefundStart};
use bitik_postgres::PgOrderRepository;
use bitik_postgres::testing::TestDatabase;
use chrono::{DateTime, Utc};

use crate::payments::{now, wave_order};

/// Units left of the order's one variant.
async fn units_of(test: &TestDatabase, order: &Order) -> u32 {
    use bitik_catalog::{Color, ProductKey, ProductRepository, Size};
    let line = &order.lines[0];
    let products = bitik_postgres::PgProductRepository::new(test.database.clone());
    let product = products.find_active(&ProductKey::Id(line.product_id)).await.unwrap().unwrap();
    product.stock.quantity(&Color::parse(&line.color).unwrap(), Size::parse(&line.size).unwrap())
}

async fn paid_order(test: &TestDatabase, method: PaymentMethod) -> Order {
    let order = wave_order(test, method, now()).await;
    let entry = StatusChange {
        status: OrderStatus::Processing,
        note: "Payée".into(),
        by: "Wave".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::System,
        note_visible: true,
        at: now(),
    };
    let orders = PgOrderRepository::new(test.database.clone());
    orders.record_payment(order.id, OrderStatus::Pending, entry).await.unwrap();
    orders.find(order.id).await.unwrap().unwrap()
}

fn new_refund(order: &Order, amount: i64, method: RefundMethod, at: DateTime<Utc>) -> NewRefund {
    NewRefund {
        order_id: order.id,
        amount: Money::francs(amount),
        method,
        reason: "Article défectueux".into(),
        requested_by: "Admin Awa Diop".into(),
        by_user: None,
        at,
    }
}

fn entry(note: &str) -> StatusChange {
    StatusChange {
        status: OrderStatus::Pending,
        note: note.into(),
        by: "Admin Awa Diop".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::Staff,
        note_visible: true,
        at: now(),
    }
}

#[tokio::test]
async fn of_many_wave_refunds_started_at_once_one_is_requested_and_the_others_find_it() {
    let test = TestDatabase::new().await;
    let order = paid_order(&test, PaymentMethod::Wave).await;
    let refunds = Arc::new(PgOrderRepository::new(test.database.clone()));
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let (refunds, refund) = (refunds.clone(), new_refund(&order, 11_000, RefundMethod::Wave, now()));
            tokio::spawn(async move { refunds.start_wave(refund).await.unwrap() })
        })
        .collect();
    let mut started = 0;
    for task in tasks {
        match task.await.unwrap() {
            WaveRefundStart::Started(refund) => {
                started += 1;
                assert_eq!(
                    (refund.state, refund.amount, refund.settled_at),
                    (RefundState::Requested, Money::francs(11_000), None)
                );
            }
            WaveRefundStart::InFlight(refund) => assert_eq!(refund.state, RefundState::Requested),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(started, 1);
}

#[tokio::test]
async fn a_wave_refund_moves_by_its_state_machine_and_a_success_refunds_the_order_keeping_its_payment_time() {
    let test = TestDatabase::new().await;
    let order = paid_order(&test, PaymentMethod::Wave).await;
    let refunds = PgOrderRepository::new(test.database.clone());
    let WaveRefundStart::Started(refund) =
        refunds.start_wave(new_refund(&order, 11_000, RefundMethod::Wave, now())).await.unwrap()
    else {
        panic!("started")
    };
    let lost = refunds.settle(refund.id, RefundOutcome::Unknown, now()).await.unwrap().unwrap();
    assert_eq!((lost.refunds[0].state, lost.payment_status), (RefundState::Unknown, PaymentStatus::Paid));
    let done = refunds
        .settle(
            refund.id,
            RefundOutcome::Succeeded { entry: entry("Remboursement Wave de 11 000 FCFA : Article défectueux") },
            now(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(done.payment_status, PaymentStatus::Refunded);
    assert_eq!(done.paid_at, order.paid_at, "a refunded order keeps the time it was paid");
    assert_eq!(done.status, OrderStatus::Cancelled, "refunded in full before delivery: cancelled");
    let entries: Vec<_> =
        done.history.iter().rev().take(2).map(|e| (e.status, e.note.as_str(), e.by.as_str())).collect();
    assert_eq!(
        entries,
        [
            (OrderStatus::Cancelled, "Commande annulée : remboursée en totalité", "Admin Awa Diop"),
            (OrderStatus::Processing, "Remboursement Wave de 11 000 FCFA : Article défectueux", "Admin Awa Diop"),
        ]
    );
    assert_eq!(units_of(&test, &order).await, 5, "its unit is back on the shelf");
    assert!(done.refunds[0].settled_at.is_some());
    // Settled: a late answer changes nothing, and no new refund starts.
    let late = refunds
        .settle(refund.id, RefundOutcome::Failed { code: "checkout-refund-failed".into() }, now())
        .await
        .unwrap();
    assert_eq!(late, None);
    let again = refunds.start_wave(new_refund(&order, 11_000, RefundMethod::Wave, now())).await.unwrap();
    assert_eq!(again, WaveRefundStart::AlreadyRefunded);
}

#[tokio::test]
async fn a_failed_wave_refund_changes_nothing_and_lets_another_start() {
    let test = TestDatabase::new().await;
    let order = paid_order(&test, PaymentMethod::Wave).await;
    let refunds = PgOrderRepository::new(test.database.clone());
    let WaveRefundStart::Started(first) =
        refunds.start_wave(new_refund(&order, 11_000, RefundMethod::Wave, now())).await.unwrap()
    else {
        panic!("started")
    };
    let failed = refunds
        .settle(first.id, RefundOutcome::Failed { code: "unauthorized-wallet".into() }, now())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(failed.payment_status, PaymentStatus::Paid);
    assert_eq!(failed.history.len(), order.history.len());
    assert_eq!(
        (failed.refunds[0].state, failed.refunds[0].error_code.as_deref()),
        (RefundState::Failed, Some("unauthorized-wallet"))
    );
    assert!(matches!(
        refunds.start_wave(new_refund(&order, 11_000, RefundMethod::Wave, now())).await.unwrap(),
        WaveRefundStart::Started(_)
    ));
}

#[tokio::test]
async fn recorded_refunds_never_add_up_past_what_was_paid_even_at_once() {
    let test = TestDatabase::new().await;
    let order = paid_order(&test, PaymentMethod::CashOnDelivery).await;
    let refunds = Arc::new(PgOrderRepository::new(test.database.clone()));
    // Six refunds of 4 000 at once on 11 000 paid: two fit, the others find 3 000 then less left.
    let tasks: Vec<_> = (0..6)
        .map(|_| {
            let (refunds, refund) = (refunds.clone(), new_refund(&order, 4_000, RefundMethod::Cash, now()));
            tokio::spawn(async move { refunds.record_cash(refund, entry("Remboursement (espèces)")).await.unwrap() })
        })
        .collect();
    let mut recorded = 0;
    for task in tasks {
        match task.await.unwrap() {
            CashRefundOutcome::Recorded(_) => recorded += 1,
            CashRefundOutcome::TooMuch { left } => assert_eq!(left, Money::francs(3_000)),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(recorded, 2);
    let rest = refunds
        .record_cash(new_refund(&order, 3_000, RefundMethod::WaveTransfer, now()), entry("Le reste"))
        .await
        .unwrap();
    let CashRefundOutcome::Recorded(refunded) = rest else { panic!("{rest:?}") };
    assert_eq!(refunded.payment_status, PaymentStatus::Refunded, "refunded in full");
    assert_eq!(refunded.refunds.len(), 3);
    assert!(refunded.refunds.iter().all(|r| r.state == RefundState::Succeeded && r.settled_at.is_some()));
    let more = refunds.record_cash(new_refund(&order, 1, RefundMethod::Cash, now()), entry("x")).await.unwrap();
    assert_eq!(more, CashRefundOutcome::NotPaid);
    // Refunded: never paid again.
    let orders = PgOrderRepository::new(test.database.clone());
    let replay = StatusChange {
        status: OrderStatus::Processing,
        note: "Payée".into(),
        by: "Wave".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::System,
        note_visible: true,
        at: now(),
    };
    assert!(matches!(
        orders.record_payment(order.id, OrderStatus::Processing, replay).await.unwrap(),
        bitik_orders::Transition::Stale
    ));
}
