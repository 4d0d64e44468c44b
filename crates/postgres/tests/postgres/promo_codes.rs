//! Promo codes in PostgreSQL: stored in upper case and found in any case, a name taken once,
//! uses counted from the orders not cancelled, the revenue of the paid ones, and the last use of
//! a limited code taken by exactly one of ten checkouts racing for it.

use std::sync::Arc;

use bitik_common::Money;
use bitik_identity::User;
use bitik_orders::promo::{AppliedPromo, NewPromoCode, PromoCode, PromoCodeRepository, PromoKind, PromoWriteError};
use bitik_orders::{
    NewOrder, OrderRepository, OrderStatus, PaymentMethod, PlaceError, ShippingInfo, ShippingMethod, StatusChange,
    StockEffect, Transition,
};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgPromoCodeRepository};
use chrono::Utc;
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

fn code(name: &str, usage_limit: Option<u32>, once_per_customer: bool) -> NewPromoCode {
    NewPromoCode {
        code: name.to_owned(),
        kind: PromoKind::Fixed,
        value: 1_000,
        min_subtotal: Some(Money::francs(5_000)),
        starts_at: None,
        ends_at: None,
        usage_limit,
        once_per_customer,
        includes_promotions: false,
        active: true,
    }
}

/// A pickup order of one t-shirt at 5 000 FCFA with `promo` taking 1 000 off.
async fn order(test: &TestDatabase, customer: &User, promo: &PromoCode, phone: usize) -> NewOrder {
    let product = tshirt(test, &format!("T-shirt {}", Uuid::new_v4().simple()), 5_000, &[("noir", "M", 10)]).await;
    NewOrder {
        order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
        user_id: customer.id,
        lines: vec![line(&product, 1)],
        subtotal: Money::francs(5_000),
        shipping_cost: Money::ZERO,
        discount: Money::francs(1_000),
        total: Money::francs(4_000),
        shipping: ShippingInfo {
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            email: customer.email.clone().unwrap().into_inner(),
            phone: format!("+2217700010{phone:02}"),
            ..ShippingInfo::default()
        },
        shipping_method: ShippingMethod::Pickup,
        payment_method: PaymentMethod::CashOnDelivery,
        idempotency_key: None,
        from_cart: true,
        promo: Some(AppliedPromo::from(promo)),
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    }
}

fn created(customer: &User) -> StatusChange {
    StatusChange {
        status: OrderStatus::Pending,
        note: "Commande créée".into(),
        by: "Client".into(),
        by_user: Some(customer.id),
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: Utc::now(),
    }
}

#[tokio::test]
async fn a_code_is_found_in_any_case_and_its_name_is_taken_once() {
    let test = TestDatabase::new().await;
    let codes = PgPromoCodeRepository::new(test.database.clone());
    let stored = codes.create(code("BIENVENUE", Some(3), false)).await.unwrap();
    assert!(matches!(codes.create(code("BIENVENUE", None, false)).await, Err(PromoWriteError::CodeTaken)));
    let awa = customer(&test, "awa@example.sn").await;
    let (found, usage) = codes.find_with_usage(" bienvenue ", awa.id).await.unwrap().unwrap();
    assert_eq!((found, usage.total, usage.by_customer), (stored.clone(), 0, 0));
    assert!(codes.find_with_usage("AUTRE", awa.id).await.unwrap().is_none());

    let mut changed = stored.fields.clone();
    changed.usage_limit = None;
    changed.min_subtotal = None;
    let updated = codes.update(stored.id, changed).await.unwrap().unwrap();
    assert_eq!((updated.fields.usage_limit, updated.fields.min_subtotal), (None, None), "limits removed");
    assert!(codes.update(Uuid::new_v4(), code("X-Y", None, false)).await.unwrap().is_none());
    let other = codes.create(code("AUTRE", None, false)).await.unwrap();
    assert!(matches!(codes.update(other.id, code("BIENVENUE", None, false)).await, Err(PromoWriteError::CodeTaken)));
}

#[tokio::test]
async fn uses_are_the_orders_not_cancelled_and_revenue_the_paid_ones() {
    let test = TestDatabase::new().await;
    let codes = PgPromoCodeRepository::new(test.database.clone());
    let orders = PgOrderRepository::new(test.database.clone());
    let promo = codes.create(code("TABASKI", Some(2), true)).await.unwrap();
    let (awa, moussa) = (customer(&test, "awa@example.sn").await, customer(&test, "moussa@example.sn").await);

    let first = orders.place(order(&test, &awa, &promo, 1).await, created(&awa), None).await.unwrap();
    assert_eq!((first.discount, first.promo_code.as_deref()), (Money::francs(1_000), Some("TABASKI")));
    // Once per customer: Awa's second order with it is refused, nothing written.
    let again = orders.place(order(&test, &awa, &promo, 2).await, created(&awa), None).await;
    assert!(matches!(again, Err(PlaceError::PromoAlreadyUsed)), "{again:?}");
    let second = orders.place(order(&test, &moussa, &promo, 3).await, created(&moussa), None).await.unwrap();
    // The limit of 2 is reached.
    let third = customer(&test, "fatou@example.sn").await;
    let refused = orders.place(order(&test, &third, &promo, 4).await, created(&third), None).await;
    assert!(matches!(refused, Err(PlaceError::PromoExhausted)), "{refused:?}");

    let paid = StatusChange { note: "Paiement à la livraison reçu".into(), ..created(&awa) };
    assert!(matches!(
        orders.record_payment(first.id, OrderStatus::Pending, paid).await.unwrap(),
        Transition::Applied(_)
    ));
    // Cancelled (however it is): its use comes back.
    let cancel = StatusChange { status: OrderStatus::Cancelled, note: String::new(), ..created(&moussa) };
    let done = orders.transition(second.id, OrderStatus::Pending, cancel, StockEffect::Return).await.unwrap();
    assert!(matches!(done, Transition::Applied(_)));
    let (_, usage) = codes.find_with_usage("tabaski", moussa.id).await.unwrap().unwrap();
    assert_eq!((usage.total, usage.by_customer), (1, 0));
    orders.place(order(&test, &third, &promo, 4).await, created(&third), None).await.unwrap();

    let listed = codes.list().await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (listed[0].uses, listed[0].revenue, listed[0].discounts),
        (2, Money::francs(4_000), Money::francs(2_000))
    );
}

#[tokio::test]
async fn ten_checkouts_racing_for_the_last_use_give_exactly_one_order_with_the_code() {
    let test = TestDatabase::new().await;
    let codes = PgPromoCodeRepository::new(test.database.clone());
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let promo = codes.create(code("DERNIER", Some(3), false)).await.unwrap();
    let early = customer(&test, "early@example.sn").await;
    for n in 0..2 {
        orders.place(order(&test, &early, &promo, 90 + n).await, created(&early), None).await.unwrap();
    }
    let mut racing = Vec::new();
    for n in 0..10 {
        let shopper = customer(&test, &format!("client{n}@example.sn")).await;
        let new = order(&test, &shopper, &promo, n).await;
        let orders = orders.clone();
        racing.push(tokio::spawn(async move { orders.place(new, created(&shopper), Some(3)).await }));
    }
    let (mut placed, mut exhausted) = (0, 0);
    for answer in futures_util::future::join_all(racing).await {
        match answer.unwrap() {
            Ok(order) => {
                assert_eq!(order.discount, Money::francs(1_000));
                placed += 1;
            }
            Err(PlaceError::PromoExhausted) => exhausted += 1,
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((placed, exhausted), (1, 9));
    assert_eq!(codes.list().await.unwrap()[0].uses, 3);
}
