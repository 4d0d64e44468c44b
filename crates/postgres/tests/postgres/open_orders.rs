//! The cap on orders awaiting payment, counted and held inside the order's transaction.

use std::sync::Arc;

use bitik_catalog::Product;
use bitik_common::Money;
use bitik_orders::open_orders::is_open_unpaid;
use bitik_orders::{
    NewOrder, OpenOrdersOf, OrderLine, OrderRepository, OrderStatus, PaymentMethod, PaymentStatus, PlaceError,
    ShippingInfo, ShippingMethod, StatusChange,
};
use bitik_postgres::PgOrderRepository;
use bitik_postgres::testing::TestDatabase;
use chrono::Utc;
use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

const CAP: Option<u32> = Some(3);

fn order(user_id: Uuid, phone: &str, lines: Vec<OrderLine>) -> NewOrder {
    let subtotal = Money::sum(lines.iter().map(OrderLine::total)).unwrap();
    NewOrder {
        order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
        user_id,
        lines,
        subtotal,
        shipping_cost: Money::ZERO,
        discount: Money::ZERO,
        total: subtotal,
        shipping: ShippingInfo { phone: phone.into(), first_name: "Awa".into(), ..ShippingInfo::default() },
        shipping_method: ShippingMethod::Pickup,
        payment_method: PaymentMethod::CashOnDelivery,
        idempotency_key: None,
        from_cart: true,
        promo: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    }
}

fn created(user_id: Uuid) -> StatusChange {
    StatusChange {
        status: OrderStatus::Pending,
        note: "Commande créée".into(),
        by: "Client".into(),
        by_user: Some(user_id),
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: Utc::now(),
    }
}

async fn set(test: &TestDatabase, id: Uuid, status: &str, payment: &str) {
    let paid_at = if payment == "paid" { "now()" } else { "NULL" };
    let mut conn = test.database.conn().await.unwrap();
    conn.batch_execute(&format!(
        "UPDATE orders SET status = '{status}', payment_status = '{payment}', paid_at = {paid_at} WHERE id = '{id}'"
    ))
    .await
    .unwrap();
}

async fn units_left(test: &TestDatabase) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Units {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        units: i64,
    }
    let mut conn = test.database.conn().await.unwrap();
    let sum = diesel::sql_query("SELECT sum(stock)::bigint AS units FROM product_variants");
    sum.get_result::<Units>(&mut conn).await.unwrap().units
}

/// Places `racers` orders at once, the n-th by `who(n)`; how many went through. Any refusal other
/// than the cap fails the test.
async fn race(orders: &Arc<PgOrderRepository>, racers: Vec<(Uuid, String)>, tee: &Product) -> usize {
    let tasks: Vec<_> = racers
        .into_iter()
        .map(|(user, phone)| {
            let (orders, lines) = (orders.clone(), vec![line(tee, 1)]);
            tokio::spawn(async move { orders.place(order(user, &phone, lines), created(user), CAP).await })
        })
        .collect();
    let mut placed = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => placed += 1,
            Err(PlaceError::TooManyOpen(_)) => {}
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    placed
}

const AWA: &str = "+221771234567";
const MOUSSA: &str = "+221781234567";

#[tokio::test]
async fn the_fourth_order_awaiting_payment_of_an_account_is_refused_and_writes_nothing() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    // Three phones: the account's count is what refuses.
    for phone in ["+221770000001", "+221770000002", "+221770000003"] {
        orders.place(order(awa.id, phone, vec![line(&tee, 1)]), created(awa.id), CAP).await.unwrap();
    }
    let fourth = orders.place(order(awa.id, "+221770000004", vec![line(&tee, 1)]), created(awa.id), CAP).await;
    assert!(matches!(fourth, Err(PlaceError::TooManyOpen(OpenOrdersOf::Account))), "{fourth:?}");
    assert_eq!(units_left(&test).await, 47, "the refused order took nothing");
    let page = orders.list_for_user(awa.id, bitik_common::PageRequest::new(1, 10, 50)).await.unwrap();
    assert_eq!(page.total_items, 3);
    // Without the cap (the shop's own orders), a fourth goes through.
    orders.place(order(awa.id, "+221770000004", vec![line(&tee, 1)]), created(awa.id), None).await.unwrap();
}

#[tokio::test]
async fn a_phone_holds_three_orders_awaiting_payment_whatever_the_accounts() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let mut accounts = Vec::new();
    for n in 0..4 {
        accounts.push(customer(&test, &format!("client{n}@example.sn")).await.id);
    }
    for &account in &accounts[..3] {
        orders.place(order(account, AWA, vec![line(&tee, 1)]), created(account), CAP).await.unwrap();
    }
    let fourth = orders.place(order(accounts[3], AWA, vec![line(&tee, 1)]), created(accounts[3]), CAP).await;
    assert!(matches!(fourth, Err(PlaceError::TooManyOpen(OpenOrdersOf::Phone))), "{fourth:?}");
    orders.place(order(accounts[3], MOUSSA, vec![line(&tee, 1)]), created(accounts[3]), CAP).await.unwrap();
}

#[tokio::test]
async fn the_count_is_the_domains_rule_for_every_status_and_payment() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 100)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let payments = [PaymentStatus::Pending, PaymentStatus::Paid, PaymentStatus::Failed, PaymentStatus::Refunded];
    for status in OrderStatus::ALL {
        for payment in payments {
            let earlier = orders.place(order(awa.id, AWA, vec![line(&tee, 1)]), created(awa.id), None).await.unwrap();
            set(&test, earlier.id, status.as_str(), payment.as_str()).await;
            // A cap of one: the next order is refused exactly when the earlier one counts.
            let next = orders.place(order(awa.id, AWA, vec![line(&tee, 1)]), created(awa.id), Some(1)).await;
            let counts = is_open_unpaid(status, payment);
            assert_eq!(matches!(next, Err(PlaceError::TooManyOpen(_))), counts, "{status:?} {payment:?}: {next:?}");
            // Out of the way for the next state.
            set(&test, earlier.id, "cancelled", "pending").await;
            if let Ok(next) = next {
                set(&test, next.id, "cancelled", "pending").await;
            }
        }
    }
}

#[tokio::test]
async fn parallel_checkouts_at_two_orders_awaiting_payment_let_exactly_one_through() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    for _ in 0..2 {
        orders.place(order(awa.id, AWA, vec![line(&tee, 1)]), created(awa.id), CAP).await.unwrap();
    }
    // One account, eight phones, at once: the account's count lets one in.
    let racers = (0..8).map(|n| (awa.id, format!("+22177000001{n}"))).collect();
    assert_eq!(race(&orders, racers, &tee).await, 1);
    let page = orders.list_for_user(awa.id, bitik_common::PageRequest::new(1, 20, 50)).await.unwrap();
    assert_eq!(page.total_items, 3);
    assert_eq!(units_left(&test).await, 47);
}

#[tokio::test]
async fn parallel_checkouts_of_one_phone_from_many_accounts_let_exactly_one_through() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let mut accounts = Vec::new();
    for n in 0..10 {
        accounts.push(customer(&test, &format!("client{n}@example.sn")).await.id);
    }
    for &account in &accounts[..2] {
        orders.place(order(account, AWA, vec![line(&tee, 1)]), created(account), CAP).await.unwrap();
    }
    let racers = accounts[2..].iter().map(|&account| (account, AWA.to_owned())).collect();
    assert_eq!(race(&orders, racers, &tee).await, 1);
    assert_eq!(units_left(&test).await, 47);
}

#[tokio::test]
async fn checkouts_crossing_accounts_and_phones_never_deadlock() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let awa = customer(&test, "awa@example.sn").await.id;
    let moussa = customer(&test, "moussa@example.sn").await.id;
    // Awa on Moussa's phone while Moussa is on Awa's, and each on their own, three of each at
    // once. A deadlock would be an error here. Whoever wins, the checkouts stop only when both
    // accounts or both phones are full: 6 orders.
    let racers = (0..12)
        .map(|n| match n % 4 {
            0 => (awa, AWA.to_owned()),
            1 => (moussa, MOUSSA.to_owned()),
            2 => (awa, MOUSSA.to_owned()),
            _ => (moussa, AWA.to_owned()),
        })
        .collect();
    assert_eq!(race(&orders, racers, &tee).await, 6);
    for account in [awa, moussa] {
        let page = orders.list_for_user(account, bitik_common::PageRequest::new(1, 20, 50)).await.unwrap();
        assert!(page.total_items <= 3, "{} orders for one account", page.total_items);
    }
}
