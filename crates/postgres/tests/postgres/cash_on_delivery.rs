//! Cash on delivery in PostgreSQL: confirmations and their expiry, refused parcels back at the
//! shop, couriers and phones' records. Above all: the stock of an order comes back exactly once,
//! whoever races whom.

use std::sync::Arc;

use bitik_catalog::{Color, Product, ProductKey, ProductRepository, Size};
use bitik_common::Money;
use bitik_orders::cash_on_delivery::{
    CashOnDeliveryRepository, Confirmation, ConfirmationAttempt, Courier, PhoneOverride, PhoneRecords,
};
use bitik_orders::{
    AdminOrderQuery, NewOrder, Order, OrderLine, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo,
    ShippingMethod, StatusChange, StockEffect, Transition,
};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgPhoneRecords, PgProductRepository};
use chrono::{DateTime, Duration, Utc};
use diesel_async::SimpleAsyncConnection;
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

const PHONE: &str = "+221771234567";

struct Shop {
    test: TestDatabase,
    orders: Arc<PgOrderRepository>,
    cod: Arc<PgOrderRepository>,
    phones: PgPhoneRecords,
    tee: Product,
    customer: Uuid,
}

impl Shop {
    async fn new(stock: i64) -> Self {
        let test = TestDatabase::new().await;
        let customer = customer(&test, "awa@example.sn").await.id;
        let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", stock)]).await;
        Shop {
            orders: Arc::new(PgOrderRepository::new(test.database.clone())),
            cod: Arc::new(PgOrderRepository::new(test.database.clone())),
            phones: PgPhoneRecords::new(test.database.clone()),
            test,
            tee,
            customer,
        }
    }

    /// An order of `quantity` black M, placed now.
    async fn order(&self, quantity: u32, payment_method: PaymentMethod) -> Order {
        let lines: Vec<OrderLine> = vec![line(&self.tee, quantity)];
        let subtotal = Money::sum(lines.iter().map(OrderLine::total)).unwrap();
        let new = NewOrder {
            order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
            user_id: self.customer,
            lines,
            subtotal,
            shipping_cost: Money::ZERO,
            discount: Money::ZERO,
            total: subtotal,
            shipping: ShippingInfo { phone: PHONE.into(), ..ShippingInfo::default() },
            shipping_method: ShippingMethod::Pickup,
            payment_method,
            idempotency_key: None,
            from_cart: true,
            promo: None,
            channel: bitik_orders::SalesChannel::Web,
            source: None,
        };
        self.orders.place(new, change(OrderStatus::Pending, "Commande créée"), None).await.unwrap()
    }

    async fn stock(&self) -> u32 {
        let products = PgProductRepository::new(self.test.database.clone());
        let tee = products.find_active(&ProductKey::Id(self.tee.id)).await.unwrap().unwrap();
        tee.stock.quantity(&Color::parse("noir").unwrap(), Size::parse("M").unwrap())
    }

    async fn sql(&self, sql: &str) {
        self.test.database.conn().await.unwrap().batch_execute(sql).await.unwrap();
    }

    /// The order waited for its confirmation since `hours` ago.
    async fn asked_hours_ago(&self, order: &Order, hours: i64) {
        self.sql(&format!(
            "UPDATE order_confirmations SET requested_at = now() - interval '{hours} hours' WHERE order_id = '{}'",
            order.id
        ))
        .await;
    }

    async fn reload(&self, order: &Order) -> Order {
        self.orders.find(order.id).await.unwrap().unwrap()
    }

    async fn move_to(&self, order: &Order, from: OrderStatus, to: OrderStatus) -> Order {
        match self.orders.transition(order.id, from, change(to, ""), StockEffect::None).await.unwrap() {
            Transition::Applied(order) => *order,
            other => panic!("{from:?} → {to:?}: {other:?}"),
        }
    }

    async fn confirm(&self, order: &Order) -> Option<Order> {
        self.cod.record_attempt(order.id, attempt(Confirmation::Confirmed), None, false).await.unwrap()
    }
}

fn change(status: OrderStatus, note: &str) -> StatusChange {
    StatusChange {
        status,
        note: note.into(),
        by: "Système".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::System,
        note_visible: true,
        at: Utc::now(),
    }
}

fn attempt(outcome: Confirmation) -> ConfirmationAttempt {
    ConfirmationAttempt { outcome, by: "Admin Mariama Sow".into(), by_user: None, at: Utc::now() }
}

fn cutoff() -> DateTime<Utc> {
    Utc::now() - Duration::hours(24)
}

#[tokio::test]
async fn a_cash_order_is_placed_awaiting_its_confirmation_and_a_wave_order_without_one() {
    let shop = Shop::new(5).await;
    let cash = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let confirmation = cash.confirmation.as_ref().unwrap();
    assert_eq!((confirmation.state, confirmation.attempts.len()), (Confirmation::Awaiting, 0));
    assert_eq!(confirmation.requested_at, cash.created_at);
    assert_eq!(shop.order(1, PaymentMethod::Wave).await.confirmation, None);
}

#[tokio::test]
async fn every_call_is_kept_and_a_confirmed_order_takes_no_more_reports() {
    let shop = Shop::new(5).await;
    let order = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let silent = shop.cod.record_attempt(order.id, attempt(Confirmation::NoAnswer), None, false).await.unwrap();
    assert_eq!(silent.unwrap().confirmation.unwrap().state, Confirmation::NoAnswer);
    let entry = change(OrderStatus::Pending, "Commande confirmée par téléphone");
    let confirmed =
        shop.cod.record_attempt(order.id, attempt(Confirmation::Confirmed), Some(entry), false).await.unwrap().unwrap();
    let confirmation = confirmed.confirmation.unwrap();
    assert_eq!(confirmation.state, Confirmation::Confirmed);
    let outcomes: Vec<_> = confirmation.attempts.iter().map(|a| (a.outcome, a.by.as_str())).collect();
    assert_eq!(
        outcomes,
        [(Confirmation::NoAnswer, "Admin Mariama Sow"), (Confirmation::Confirmed, "Admin Mariama Sow")]
    );
    assert_eq!(confirmed.history.last().unwrap().note, "Commande confirmée par téléphone");
    assert!(shop.confirm(&order).await.is_none(), "confirmed is settled");
}

#[tokio::test]
async fn a_signed_link_confirms_once_even_when_clicked_twice_at_once() {
    let shop = Shop::new(5).await;
    let order = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let clicks: Vec<_> = (0..4)
        .map(|_| {
            let cod = shop.cod.clone();
            tokio::spawn(
                async move { cod.record_attempt(order.id, attempt(Confirmation::Confirmed), None, true).await },
            )
        })
        .collect();
    let mut applied = 0;
    for click in clicks {
        applied += usize::from(click.await.unwrap().unwrap().is_some());
    }
    assert_eq!(applied, 1);
    let confirmation = shop.reload(&order).await.confirmation.unwrap();
    assert!(confirmation.link_used_at.is_some());
    assert_eq!(confirmation.attempts.len(), 1);
}

#[tokio::test]
async fn expiry_cancels_an_unconfirmed_order_and_returns_its_stock_once() {
    let shop = Shop::new(5).await;
    let late = shop.order(2, PaymentMethod::CashOnDelivery).await;
    let recent = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let confirmed = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.confirm(&confirmed).await.unwrap();
    for order in [&late, &confirmed] {
        shop.asked_hours_ago(order, 25).await;
    }
    assert_eq!(shop.stock().await, 1);
    assert_eq!(shop.cod.unconfirmed_before(cutoff(), 50).await.unwrap(), [late.id], "only the late unconfirmed one");
    let sweeps: Vec<_> = (0..3)
        .map(|_| {
            let cod = shop.cod.clone();
            let note = change(OrderStatus::Cancelled, "Annulée : non confirmée sous 24 h");
            tokio::spawn(async move { cod.cancel_unconfirmed(late.id, cutoff(), note).await.unwrap() })
        })
        .collect();
    let mut cancelled = 0;
    for sweep in sweeps {
        cancelled += usize::from(sweep.await.unwrap());
    }
    assert_eq!(cancelled, 1);
    assert_eq!(shop.stock().await, 3, "its two units are back, once");
    let swept = shop.reload(&late).await;
    assert_eq!(swept.status, OrderStatus::Cancelled);
    assert_eq!(swept.history.last().unwrap().note, "Annulée : non confirmée sous 24 h");
    assert!(!shop.cod.cancel_unconfirmed(recent.id, cutoff(), change(OrderStatus::Cancelled, "")).await.unwrap());
    assert!(!shop.cod.cancel_unconfirmed(confirmed.id, cutoff(), change(OrderStatus::Cancelled, "")).await.unwrap());
    assert!(shop.cod.unconfirmed_before(cutoff(), 50).await.unwrap().is_empty());
}

#[tokio::test]
async fn expiry_racing_the_admins_confirmation_ends_one_way_and_returns_the_stock_at_most_once() {
    let shop = Shop::new(100).await;
    let (mut confirmed, mut expired) = (0, 0);
    for _ in 0..20 {
        let order = shop.order(1, PaymentMethod::CashOnDelivery).await;
        shop.asked_hours_ago(&order, 25).await;
        let before = shop.stock().await;
        let (cod, sweep) = (shop.cod.clone(), shop.cod.clone());
        let id = order.id;
        let confirming = tokio::spawn(async move {
            cod.record_attempt(id, attempt(Confirmation::Confirmed), None, false).await.unwrap().is_some()
        });
        let cancelling = tokio::spawn(async move {
            sweep.cancel_unconfirmed(id, cutoff(), change(OrderStatus::Cancelled, "Annulée")).await.unwrap()
        });
        let (won_confirmation, won_expiry) = (confirming.await.unwrap(), cancelling.await.unwrap());
        let after = shop.reload(&order).await;
        let state = after.confirmation.as_ref().unwrap().state;
        match (won_confirmation, won_expiry) {
            (true, false) => {
                confirmed += 1;
                assert_eq!((after.status, state), (OrderStatus::Pending, Confirmation::Confirmed));
                assert_eq!(shop.stock().await, before, "a confirmed order keeps its unit");
            }
            (false, true) => {
                expired += 1;
                assert_eq!((after.status, state), (OrderStatus::Cancelled, Confirmation::Awaiting));
                assert_eq!(shop.stock().await, before + 1, "its unit is back once");
            }
            both => panic!("the confirmation and the expiry both went {both:?}: {after:?}"),
        }
    }
    assert_eq!(confirmed + expired, 20);
}

#[tokio::test]
async fn a_reopened_order_still_to_confirm_waits_again_from_its_reopening() {
    let shop = Shop::new(5).await;
    let order = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.asked_hours_ago(&order, 30).await;
    let cancelled = change(OrderStatus::Cancelled, "");
    shop.orders.transition(order.id, OrderStatus::Pending, cancelled, StockEffect::Return).await.unwrap();
    let reopened = change(OrderStatus::Pending, "Rouverte");
    let Transition::Applied(reopened) =
        shop.orders.transition(order.id, OrderStatus::Cancelled, reopened, StockEffect::Take).await.unwrap()
    else {
        panic!("reopened")
    };
    assert!(reopened.confirmation.unwrap().requested_at > cutoff(), "the expiry counts from the reopening");
    assert!(shop.cod.unconfirmed_before(cutoff(), 50).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_refused_parcel_returns_its_stock_once_when_it_is_back() {
    let shop = Shop::new(5).await;
    let order = shop.order(2, PaymentMethod::CashOnDelivery).await;
    assert!(shop.cod.mark_returned(order.id, change(OrderStatus::Refused, "")).await.unwrap().is_none());
    shop.confirm(&order).await.unwrap();
    shop.move_to(&order, OrderStatus::Pending, OrderStatus::Shipped).await;
    let refused = shop.move_to(&order, OrderStatus::Shipped, OrderStatus::Refused).await;
    assert_eq!((refused.status, refused.returned_at), (OrderStatus::Refused, None));
    assert_eq!(shop.stock().await, 3, "refused at the door: the parcel is not back yet");
    let returns: Vec<_> = (0..3)
        .map(|_| {
            let cod = shop.cod.clone();
            let entry = change(OrderStatus::Refused, "Colis revenu à la boutique : articles remis en stock");
            tokio::spawn(async move { cod.mark_returned(order.id, entry).await.unwrap() })
        })
        .collect();
    let mut returned = Vec::new();
    for attempt in returns {
        returned.extend(attempt.await.unwrap());
    }
    assert_eq!(returned.len(), 1);
    assert_eq!(shop.stock().await, 5, "its units are back, once");
    let order = &returned[0];
    assert!(order.returned_at.is_some());
    let steps: Vec<_> = order.history.iter().map(|h| h.status).collect();
    assert_eq!(steps, [OrderStatus::Pending, OrderStatus::Shipped, OrderStatus::Refused, OrderStatus::Refused]);
}

#[tokio::test]
async fn a_courier_is_kept_on_a_shipped_order_only() {
    let shop = Shop::new(5).await;
    let order = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let modou = Courier { name: "Modou Fall".into(), phone: "+221770001122".into(), account: None };
    assert!(shop.cod.set_courier(order.id, Some(modou.clone())).await.unwrap().is_none(), "not shipped");
    shop.confirm(&order).await.unwrap();
    shop.move_to(&order, OrderStatus::Pending, OrderStatus::Shipped).await;
    let carried = shop.cod.set_courier(order.id, Some(modou.clone())).await.unwrap().unwrap();
    assert_eq!(carried.courier, Some(modou));
    assert_eq!(shop.reload(&order).await.courier, carried.courier);
    assert_eq!(shop.cod.set_courier(order.id, None).await.unwrap().unwrap().courier, None);
}

#[tokio::test]
async fn a_phones_record_counts_its_orders_and_keeps_the_admins_decision() {
    let shop = Shop::new(20).await;
    let delivered = shop.order(1, PaymentMethod::Wave).await;
    shop.move_to(&delivered, OrderStatus::Pending, OrderStatus::Delivered).await;
    for _ in 0..2 {
        let refused = shop.order(1, PaymentMethod::CashOnDelivery).await;
        shop.confirm(&refused).await.unwrap();
        shop.move_to(&refused, OrderStatus::Pending, OrderStatus::Shipped).await;
        shop.move_to(&refused, OrderStatus::Shipped, OrderStatus::Refused).await;
    }
    let unconfirmed = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.move_to(&unconfirmed, OrderStatus::Pending, OrderStatus::Cancelled).await;
    let confirmed_then_cancelled = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.confirm(&confirmed_then_cancelled).await.unwrap();
    shop.move_to(&confirmed_then_cancelled, OrderStatus::Pending, OrderStatus::Cancelled).await;
    shop.order(1, PaymentMethod::CashOnDelivery).await;

    let record = shop.phones.record(PHONE).await.unwrap();
    assert_eq!((record.delivered, record.refused, record.cancelled_unconfirmed), (1, 2, 1));
    assert_eq!(record.decision, None);
    assert_eq!(shop.phones.record("+221700000000").await.unwrap().refused, 0, "a phone never seen");

    let lifted = PhoneOverride {
        cod_allowed: Some(true),
        note: "Cliente fidèle".into(),
        by: "Admin Mariama Sow".into(),
        by_user: None,
        at: Utc::now(),
    };
    let record = shop.phones.set_override(PHONE, lifted).await.unwrap();
    assert_eq!(
        record.decision.as_ref().map(|d| (d.cod_allowed, d.note.as_str())),
        Some((Some(true), "Cliente fidèle"))
    );
    let back_to_rule =
        PhoneOverride { cod_allowed: None, note: String::new(), by: "Admin".into(), by_user: None, at: Utc::now() };
    let record = shop.phones.set_override(PHONE, back_to_rule).await.unwrap();
    assert_eq!(record.decision.map(|d| d.cod_allowed), Some(None), "one decision per phone, replaced");
    assert_eq!(record.refused, 2);
}

#[tokio::test]
async fn the_back_office_finds_orders_by_confirmation_and_the_dashboard_counts_those_to_confirm() {
    let shop = Shop::new(20).await;
    let awaiting = shop.order(1, PaymentMethod::CashOnDelivery).await;
    let silent = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.cod.record_attempt(silent.id, attempt(Confirmation::NoAnswer), None, false).await.unwrap().unwrap();
    let confirmed = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.confirm(&confirmed).await.unwrap();
    shop.order(1, PaymentMethod::Wave).await;
    let expired = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.move_to(&expired, OrderStatus::Pending, OrderStatus::Cancelled).await;

    let ids = |confirmation: &str| {
        let filter = AdminOrderQuery {
            confirmation: Some(confirmation.into()),
            status: Some("pending".into()),
            ..AdminOrderQuery::default()
        }
        .into_filter()
        .unwrap();
        let orders = shop.orders.clone();
        async move {
            let mut ids: Vec<Uuid> = orders.list(&filter).await.unwrap().items.into_iter().map(|o| o.id).collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(ids("awaiting").await, [awaiting.id]);
    assert_eq!(ids("confirmed").await, [confirmed.id]);
    let mut to_confirm = vec![awaiting.id, silent.id];
    to_confirm.sort();
    assert_eq!(ids("unconfirmed").await, to_confirm);
    let figures = shop.orders.figures(Utc::now()).await.unwrap();
    assert_eq!(figures.awaiting_confirmation, 2);
}

#[tokio::test]
async fn a_refused_order_is_neither_counted_nor_revenue() {
    let shop = Shop::new(20).await;
    let refused = shop.order(2, PaymentMethod::Wave).await;
    shop.orders
        .record_payment(refused.id, OrderStatus::Pending, change(OrderStatus::Processing, "Paiement Wave reçu"))
        .await
        .unwrap();
    shop.move_to(&refused, OrderStatus::Processing, OrderStatus::Shipped).await;
    shop.move_to(&refused, OrderStatus::Shipped, OrderStatus::Refused).await;
    let delivered = shop.order(1, PaymentMethod::CashOnDelivery).await;
    shop.confirm(&delivered).await.unwrap();
    shop.move_to(&delivered, OrderStatus::Pending, OrderStatus::Delivered).await;
    let figures = shop.orders.figures(Utc::now()).await.unwrap();
    assert_eq!((figures.today_orders, figures.today_revenue), (1, Money::francs(10_000)));
}
