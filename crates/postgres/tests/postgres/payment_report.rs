//! The reconciliation's facts read from a known set of orders, sessions and refunds, by Dakar
//! days; and a courier's round of cash recorded whole or not at all.

use bitik_catalog::Product;
use bitik_common::Money;
use bitik_orders::{
    BatchPayment, NewOrder, Order, OrderRepository, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo,
    ShippingMethod, StatusChange,
};
use bitik_payments::reconciliation::{Period, ReconciliationRepository, RefundMeans};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgReconciliationRepository};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

fn at(day: u32, hour: u32, minute: u32, second: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, day, hour, minute, second).unwrap()
}

fn day(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, day).unwrap()
}

struct Shop {
    test: TestDatabase,
    orders: PgOrderRepository,
    report: PgReconciliationRepository,
    user: Uuid,
    tee: Product,
}

impl Shop {
    async fn new() -> Self {
        let test = TestDatabase::new().await;
        let user = customer(&test, "awa@example.sn").await.id;
        let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
        let orders = PgOrderRepository::new(test.database.clone());
        let report = PgReconciliationRepository::new(test.database.clone());
        Shop { test, orders, report, user, tee }
    }

    async fn sql(&self, sql: String) {
        let mut conn = self.test.database.conn().await.unwrap();
        diesel::sql_query(sql).execute(&mut conn).await.unwrap();
    }

    /// An order of one t-shirt (10 000 FCFA, no delivery fee) placed at `when`.
    async fn order(&self, method: PaymentMethod, when: DateTime<Utc>) -> Order {
        let line = line(&self.tee, 1);
        let total = line.total().unwrap();
        let order = NewOrder {
            order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
            user_id: self.user,
            lines: vec![line],
            subtotal: total,
            shipping_cost: Money::ZERO,
            discount: Money::ZERO,
            total,
            shipping: ShippingInfo { first_name: "Awa".into(), last_name: "Diop".into(), ..ShippingInfo::default() },
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
            by_user: None,
            by_kind: bitik_orders::ActorKind::Customer,
            note_visible: true,
            at: when,
        };
        let placed = self.orders.place(order, first, None).await.unwrap();
        self.sql(format!("UPDATE orders SET created_at = '{}' WHERE id = '{}'", when.to_rfc3339(), placed.id)).await;
        placed
    }

    async fn paid(&self, order: &Order, status: &str, when: DateTime<Utc>) {
        self.sql(format!(
            "UPDATE orders SET status = '{status}', payment_status = 'paid', paid_at = '{}' WHERE id = '{}'",
            when.to_rfc3339(),
            order.id
        ))
        .await;
    }

    async fn session(&self, order: &Order, id: &str, amount: i64, status: &str, completed: Option<DateTime<Utc>>) {
        let completed = completed.map(|c| format!("'{}'", c.to_rfc3339())).unwrap_or_else(|| "NULL".into());
        let checkout = if status == "succeeded" { "complete" } else { "open" };
        self.sql(format!(
            "INSERT INTO payments (order_id, session_id, amount, checkout_status, payment_status, launch_url,
                                   expires_at, completed_at, created_at, client_reference)
             VALUES ('{}', '{id}', {amount}, '{checkout}', '{status}', 'https://pay.wave.com/c/{id}',
                     now() + interval '30 minutes', {completed}, now(), '{}')",
            order.id, order.id
        ))
        .await;
    }

    async fn refund(&self, order: &Order, amount: i64, method: &str, state: &str, settled: Option<DateTime<Utc>>) {
        let settled = settled.map(|c| format!("'{}'", c.to_rfc3339())).unwrap_or_else(|| "NULL".into());
        self.sql(format!(
            "INSERT INTO refunds (order_id, amount, method, state, reason, requested_by, settled_at)
             VALUES ('{}', {amount}, '{method}', '{state}', 'Taille trop petite', 'Admin Awa Ndiaye', {settled})",
            order.id
        ))
        .await;
    }

    /// Delivered at `when` (by the history), by `courier` when one is named.
    async fn delivered(&self, order: &Order, when: DateTime<Utc>, courier: Option<&str>) {
        // A courier is a name and a phone, or nobody.
        let (name, phone) = match courier {
            Some(c) => (format!("'{c}'"), "'+221771112233'".to_owned()),
            None => ("NULL".to_owned(), "NULL".to_owned()),
        };
        self.sql(format!(
            "UPDATE orders SET status = 'delivered', courier_name = {name}, courier_phone = {phone} WHERE id = '{}'",
            order.id
        ))
        .await;
        self.sql(format!(
            "INSERT INTO order_status_history (order_id, status, changed_by, created_at)
             VALUES ('{}', 'delivered', 'Admin Awa Ndiaye', '{}')",
            order.id,
            when.to_rfc3339()
        ))
        .await;
    }
}

#[tokio::test]
async fn the_periods_payments_refunds_and_unpaid_wave_orders_are_read_by_dakar_day() {
    let shop = Shop::new().await;
    // Paid with Wave one minute before midnight on the 14th, refunded on the 16th.
    let late = shop.order(PaymentMethod::Wave, at(14, 23, 50, 0)).await;
    shop.session(&late, "cos-late-old", 10_000, "cancelled", None).await;
    shop.session(&late, "cos-late", 10_000, "succeeded", Some(at(14, 23, 59, 0))).await;
    shop.paid(&late, "processing", at(14, 23, 59, 30)).await;
    shop.refund(&late, 10_000, "wave", "succeeded", Some(at(16, 10, 0, 0))).await;
    // A Wave refund still in flight counts nowhere.
    let asked = shop.order(PaymentMethod::Wave, at(14, 8, 0, 0)).await;
    shop.paid(&asked, "processing", at(14, 8, 1, 0)).await;
    shop.refund(&asked, 10_000, "wave", "requested", None).await;
    // Cash recorded one second after midnight: the 15th's.
    let early = shop.order(PaymentMethod::CashOnDelivery, at(13, 9, 0, 0)).await;
    shop.paid(&early, "delivered", at(15, 0, 0, 1)).await;
    shop.refund(&early, 2_500, "cash", "succeeded", Some(at(15, 18, 0, 0))).await;
    // A refunded Wave order keeps the day Wave completed its payment.
    let refunded = shop.order(PaymentMethod::Wave, at(14, 9, 0, 0)).await;
    shop.session(&refunded, "cos-refunded", 10_000, "succeeded", Some(at(14, 9, 2, 0))).await;
    shop.sql(format!("UPDATE orders SET payment_status = 'refunded' WHERE id = '{}'", refunded.id)).await;
    // Unpaid Wave orders of the 14th: the cancelled one too (Wave may have been paid).
    let unpaid = shop.order(PaymentMethod::Wave, at(14, 12, 0, 0)).await;
    shop.sql(format!("UPDATE orders SET status = 'cancelled' WHERE id = '{}'", unpaid.id)).await;
    let other_day = shop.order(PaymentMethod::Wave, at(15, 12, 0, 0)).await;

    let facts = shop.report.facts(Period::new(day(14), day(14)).unwrap()).await.unwrap();
    let paid: Vec<_> = facts.paid.iter().map(|p| (p.id, p.method, p.session_id.clone())).collect();
    assert_eq!(
        paid,
        vec![
            (asked.id, PaymentMethod::Wave, None),
            (refunded.id, PaymentMethod::Wave, Some("cos-refunded".to_owned())),
            (late.id, PaymentMethod::Wave, Some("cos-late".to_owned())),
        ]
    );
    assert_eq!(facts.paid[2].total, Money::francs(10_000));
    assert_eq!(facts.paid[2].paid_at, at(14, 23, 59, 30));
    assert!(facts.refunds.is_empty());
    assert_eq!(
        facts.open_wave.iter().map(|o| (o.id, o.status)).collect::<Vec<_>>(),
        vec![(unpaid.id, OrderStatus::Cancelled)]
    );

    let facts = shop.report.facts(Period::new(day(15), day(16)).unwrap()).await.unwrap();
    assert_eq!(
        facts.paid.iter().map(|p| (p.id, p.method)).collect::<Vec<_>>(),
        vec![(early.id, PaymentMethod::CashOnDelivery)]
    );
    let refunds: Vec<_> = facts.refunds.iter().map(|r| (r.order_id, r.amount, r.means, r.settled_at)).collect();
    assert_eq!(
        refunds,
        vec![
            (early.id, Money::francs(2_500), RefundMeans::Cash, at(15, 18, 0, 0)),
            (late.id, Money::francs(10_000), RefundMeans::Wave, at(16, 10, 0, 0)),
        ]
    );
    assert_eq!(facts.refunds[1].order_number, late.order_number);
    assert_eq!(facts.open_wave.iter().map(|o| o.id).collect::<Vec<_>>(), vec![other_day.id]);

    let empty = shop.report.facts(Period::new(day(1), day(12)).unwrap()).await.unwrap();
    assert!(empty.paid.is_empty() && empty.refunds.is_empty() && empty.open_wave.is_empty());
}

#[tokio::test]
async fn delivered_cash_orders_without_cash_are_owed_whenever_delivered_with_their_courier() {
    let shop = Shop::new().await;
    let owed = shop.order(PaymentMethod::CashOnDelivery, at(2, 9, 0, 0)).await;
    shop.delivered(&owed, at(3, 17, 0, 0), Some("Moussa Fall")).await;
    let newer = shop.order(PaymentMethod::CashOnDelivery, at(4, 9, 0, 0)).await;
    shop.delivered(&newer, at(5, 11, 0, 0), None).await;
    let settled = shop.order(PaymentMethod::CashOnDelivery, at(4, 9, 0, 0)).await;
    shop.delivered(&settled, at(5, 12, 0, 0), None).await;
    shop.paid(&settled, "delivered", at(5, 18, 0, 0)).await;
    let shipped = shop.order(PaymentMethod::CashOnDelivery, at(4, 9, 0, 0)).await;
    shop.sql(format!("UPDATE orders SET status = 'shipped' WHERE id = '{}'", shipped.id)).await;

    let facts = shop.report.facts(Period::new(day(20), day(20)).unwrap()).await.unwrap();
    let listed: Vec<_> = facts.cash_owed.iter().map(|o| (o.id, o.delivered_at, o.courier_name.as_deref())).collect();
    assert_eq!(listed, vec![(owed.id, at(3, 17, 0, 0), Some("Moussa Fall")), (newer.id, at(5, 11, 0, 0), None)]);
    assert_eq!(facts.cash_owed[0].number, owed.order_number);
}

fn cash_entry(order: &Order) -> (Uuid, OrderStatus, StatusChange) {
    let entry = StatusChange {
        status: order.status,
        note: "Paiement à la livraison reçu".into(),
        by: "Admin Awa Ndiaye".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::Staff,
        note_visible: true,
        at: Utc::now(),
    };
    (order.id, order.status, entry)
}

#[tokio::test]
async fn a_couriers_round_is_paid_whole_or_not_at_all() {
    let shop = Shop::new().await;
    let first = shop.order(PaymentMethod::CashOnDelivery, at(2, 9, 0, 0)).await;
    let second = shop.order(PaymentMethod::CashOnDelivery, at(2, 10, 0, 0)).await;
    shop.delivered(&first, at(3, 17, 0, 0), Some("Moussa Fall")).await;
    shop.delivered(&second, at(3, 18, 0, 0), Some("Moussa Fall")).await;
    let first = shop.orders.find(first.id).await.unwrap().unwrap();
    let mut second = shop.orders.find(second.id).await.unwrap().unwrap();
    // The second order was paid by someone else meanwhile: nothing is written, it is named.
    shop.paid(&second, "delivered", at(3, 19, 0, 0)).await;
    let outcome = shop.orders.record_payments(vec![cash_entry(&first), cash_entry(&second)]).await.unwrap();
    let BatchPayment::Stale(stale) = outcome else { panic!("the batch should stop") };
    assert_eq!(stale.id, second.id);
    let untouched = shop.orders.find(first.id).await.unwrap().unwrap();
    assert_eq!(untouched.payment_status, PaymentStatus::Pending);
    assert_eq!(untouched.history.len(), first.history.len());

    shop.sql(format!("UPDATE orders SET payment_status = 'pending', paid_at = NULL WHERE id = '{}'", second.id)).await;
    second = shop.orders.find(second.id).await.unwrap().unwrap();
    let outcome = shop.orders.record_payments(vec![cash_entry(&second), cash_entry(&first)]).await.unwrap();
    let BatchPayment::Applied(paid) = outcome else { panic!("the batch should pass") };
    assert_eq!(paid.iter().map(|o| o.id).collect::<Vec<_>>(), vec![second.id, first.id]);
    for order in paid {
        assert_eq!(order.payment_status, PaymentStatus::Paid);
        assert_eq!(order.status, OrderStatus::Delivered);
        assert!(order.paid_at.is_some());
        assert_eq!(order.history.last().unwrap().note, "Paiement à la livraison reçu");
    }
    let facts = shop.report.facts(Period::new(day(3), day(3)).unwrap()).await.unwrap();
    assert!(facts.cash_owed.is_empty());
}
