use std::sync::{Arc, Mutex};

use bitik_catalog::{Color, MockProductRepository, Picture, Product, RawChoice, Size, Slug, Stock, Subcategory};
use bitik_common::{Money, RawAddress, RawContact};
use chrono::Utc;
use uuid::Uuid;

use crate::cash_on_delivery::{Confirmation, MockPhoneRecords, PhoneOverride, PhoneRecord};
use crate::checkout::{CheckoutRequest, RawCheckout, RawPlace};
use crate::delivery::Destination;
use crate::delivery::MockZoneRepository;
use crate::delivery::zone::tests::{dakar, regions};
use crate::error::OrderError;
use crate::model::{
    NewOrder, Order, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo, StatusChange, StockEffect,
};
use crate::open_orders::OpenOrdersOf;
use crate::ports::{BatchPayment, MockOrderRepository, PlaceError, Transition};
use crate::service::OrderService;
use crate::shipping::ShippingMethod;

const TEE: Uuid = Uuid::from_u128(1);

/// 15 000 FCFA, 12 000 on promotion; black M ×4.
fn tee() -> Product {
    let black = Color::parse("noir").unwrap();
    let mut stock = Stock::default();
    stock.set(black.clone(), Size::parse("M").unwrap(), 4);
    Product {
        id: TEE,
        slug: Slug::parse("t-shirt-teranga").unwrap(),
        name: "T-shirt Teranga".into(),
        short_description: String::new(),
        description: "d".into(),
        price: Money::francs(15_000),
        promo_price: Some(Money::francs(12_000)),
        on_promotion: true,
        subcategory: Subcategory::parse("t-shirt").unwrap(),
        colors: vec![black],
        sizes: vec![Size::parse("M").unwrap()],
        pictures: vec![Picture::any_color("/uploads/products/a/800.jpg")],
        stock,
        material: String::new(),
        care_instructions: String::new(),
        featured: false,
        active: true,
        created_at: Utc::now(),
    }
}

fn catalogue() -> MockProductRepository {
    let mut products = MockProductRepository::new();
    products
        .expect_find_active_by_ids()
        .returning(|ids| Ok(ids.iter().filter(|id| **id == TEE).map(|_| tee()).collect()));
    products
}

fn shipping() -> ShippingInfo {
    ShippingInfo {
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        email: "awa@example.sn".into(),
        phone: "77 123 45 67".into(),
        address: "Unité 15, villa 210".into(),
        city: "Dakar".into(),
        country: String::new(),
        zip_code: String::new(),
        ..ShippingInfo::default()
    }
}

fn item(quantity: i64) -> RawChoice {
    RawChoice {
        product_id: Some(TEE.to_string()),
        quantity: Some(Ok(quantity)),
        size: Some("M".into()),
        color: Some("noir".into()),
    }
}

fn checkout(items: Vec<RawChoice>, method: &str, payment: &str) -> RawCheckout {
    RawCheckout {
        items,
        contact: RawContact {
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            email: "awa@example.sn".into(),
            phone: "77 123 45 67".into(),
        },
        address: RawAddress { address: "Unité 15, villa 210".into(), ..RawAddress::default() },
        place: RawPlace { commune: "medina".into(), landmark: "Près de la mosquée".into(), notes: String::new() },
        shipping_method: Some(method.into()),
        payment_method: Some(payment.into()),
        idempotency_key: None,
        promo_code: None,
        source: None,
    }
}

/// The zones: Médina in Dakar ville, Thiès in the regions; nothing else.
fn zones() -> MockZoneRepository {
    let mut zones = MockZoneRepository::new();
    zones.expect_find_by_commune().returning(|code| {
        Ok([dakar(), regions()].into_iter().find_map(|zone| {
            let commune = zone.communes.iter().find(|c| c.code == code)?.clone();
            Some((zone, commune))
        }))
    });
    zones
}

/// The checkout as the API places it: read once, then placed.
async fn place(service: &OrderService, user: Uuid, raw: RawCheckout) -> Result<Order, OrderError> {
    service.place(user, CheckoutRequest::parse(raw)?).await
}

fn stored(new: NewOrder, first: StatusChange) -> Order {
    Order {
        id: Uuid::new_v4(),
        order_number: new.order_number,
        user_id: new.user_id,
        status: OrderStatus::Pending,
        lines: new.lines,
        subtotal: new.subtotal,
        shipping_cost: new.shipping_cost,
        discount: new.discount,
        total: new.total,
        shipping: new.shipping,
        shipping_method: new.shipping_method,
        payment_method: new.payment_method,
        payment_status: PaymentStatus::Pending,
        amount_paid: Money::ZERO,
        paid_at: None,
        tracking_note: String::new(),
        confirmation: crate::cash_on_delivery::initial_confirmation(new.payment_method).map(|state| {
            crate::cash_on_delivery::OrderConfirmation {
                state,
                attempts: vec![],
                requested_at: first.at,
                link_used_at: None,
            }
        }),
        history: vec![first],
        created_at: Utc::now(),
        courier: None,
        returned_at: None,
        refunds: vec![],
        promo_code: None,
        channel: crate::SalesChannel::Web,
        source: None,
    }
}

/// A repository that stores what `place` receives.
fn recording(placed: Arc<Mutex<Vec<NewOrder>>>) -> MockOrderRepository {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().returning(move |new, first, _| {
        placed.lock().unwrap().push(new.clone());
        Ok(stored(new, first))
    });
    orders
}

#[tokio::test]
async fn the_server_prices_the_order_and_charges_delivery_below_the_threshold() {
    let placed = Arc::new(Mutex::new(Vec::new()));
    let service = OrderService::new(Arc::new(recording(placed.clone())), Arc::new(catalogue()), Arc::new(zones()));
    let order = place(&service, Uuid::new_v4(), checkout(vec![item(1), item(2)], "standard", "paypal")).await.unwrap();
    assert_eq!(order.lines.len(), 1, "the same variant twice is one line");
    assert_eq!(order.lines[0].quantity, 3);
    assert_eq!(order.lines[0].unit_price, Money::francs(12_000), "the promotion price");
    assert_eq!(
        (order.subtotal, order.shipping_cost, order.total),
        (Money::francs(36_000), Money::francs(1_500), Money::francs(37_500)),
        "Médina's zone, Dakar ville: 1 500 FCFA"
    );
    assert_eq!(order.payment_method, PaymentMethod::CashOnDelivery, "paypal means cash on delivery");
    assert_eq!(order.shipping.country, "Sénégal");
    let number = &placed.lock().unwrap()[0].order_number;
    assert!(number.starts_with("ORD-") && number.len() == 14, "{number}");
}

#[tokio::test]
async fn an_order_placed_without_logging_in_leaves_the_account_s_own_cart_alone() {
    let placed = Arc::new(Mutex::new(Vec::new()));
    let service = OrderService::new(Arc::new(recording(placed.clone())), Arc::new(catalogue()), Arc::new(zones()));
    let user = Uuid::new_v4();
    let raw = || checkout(vec![item(1)], "standard", "wave");
    service.place_without_login(user, CheckoutRequest::parse(raw()).unwrap()).await.unwrap();
    service.place(user, CheckoutRequest::parse(raw()).unwrap()).await.unwrap();
    let placed = placed.lock().unwrap();
    assert_eq!(placed.iter().map(|o| (o.user_id, o.from_cart)).collect::<Vec<_>>(), [(user, false), (user, true)]);
}

/// A catalogue whose tee costs `price` (no promotion), with `stock` black M.
fn priced(price: i64, stock: u32) -> MockProductRepository {
    let mut products = MockProductRepository::new();
    products.expect_find_active_by_ids().returning(move |_| {
        let mut tee = tee();
        tee.price = Money::francs(price);
        tee.on_promotion = false;
        tee.stock.set(Color::parse("noir").unwrap(), Size::parse("M").unwrap(), stock);
        Ok(vec![tee])
    });
    products
}

#[tokio::test]
async fn an_order_whose_amount_cannot_be_counted_is_refused_never_priced_free_or_wrapped() {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().never();
    let service = OrderService::new(Arc::new(orders), Arc::new(priced(i64::MAX / 2, 10)), Arc::new(zones()));
    // One line past the limit: it used to be a free line.
    let error = place(&service, Uuid::new_v4(), checkout(vec![item(3)], "standard", "paypal")).await.unwrap_err();
    assert!(matches!(error, OrderError::AmountTooLarge(_)), "{error:?}");
    assert_eq!(error.to_string(), "Montant trop élevé.");
    // Each unit countable, but not the delivery added to them.
    let service = OrderService::new(
        Arc::new(MockOrderRepository::new()),
        Arc::new(priced(i64::MAX - 500, 10)),
        Arc::new(zones()),
    );
    let error = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "express", "paypal")).await.unwrap_err();
    assert!(matches!(error, OrderError::AmountTooLarge(_)), "{error:?}");
}

#[test]
fn totals_are_refused_when_the_lines_together_cannot_be_counted() {
    let line = |unit_price: i64, quantity: u32| crate::model::OrderLine {
        product_id: TEE,
        name: "T-shirt Teranga".into(),
        image: String::new(),
        color: "noir".into(),
        size: "M".into(),
        quantity,
        unit_price: Money::francs(unit_price),
    };
    let half = i64::MAX / 2 + 1;
    let totals = crate::checkout::totals(&[line(half, 1), line(half, 1)], ShippingMethod::Pickup, &Destination::Pickup);
    assert!(matches!(totals, Err(OrderError::AmountTooLarge(_))));
    let medina = Destination::Commune { zone: Box::new(dakar()), commune: dakar().communes[0].clone() };
    let totals =
        crate::checkout::totals(&[line(12_000, 3), line(5_000, 1)], ShippingMethod::Standard, &medina).unwrap();
    assert_eq!((totals.subtotal, totals.total), (Money::francs(41_000), Money::francs(42_500)));
}

#[tokio::test]
async fn standard_delivery_is_free_from_the_zones_threshold_and_express_never() {
    let service =
        OrderService::new(Arc::new(recording(Arc::default())), Arc::new(priced(12_500, 10)), Arc::new(zones()));
    let standard = place(&service, Uuid::new_v4(), checkout(vec![item(3)], "standard", "wave")).await.unwrap();
    assert_eq!((standard.subtotal, standard.shipping_cost), (Money::francs(37_500), Money::francs(1_500)));
    let free = place(&service, Uuid::new_v4(), checkout(vec![item(4)], "standard", "wave")).await.unwrap();
    assert_eq!((free.subtotal, free.shipping_cost), (Money::francs(50_000), Money::ZERO), "from 50 000 FCFA");
    let express = place(&service, Uuid::new_v4(), checkout(vec![item(4)], "express", "wave")).await.unwrap();
    assert_eq!(express.shipping_cost, Money::francs(2_500), "express is never free");
    let pickup = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "pickup", "wave")).await.unwrap();
    assert_eq!(pickup.shipping_method, ShippingMethod::Pickup);
    assert_eq!(pickup.total, Money::francs(12_500));
}

#[tokio::test]
async fn the_order_keeps_its_zone_commune_landmark_and_notes_and_a_blank_city_is_the_communes() {
    let placed = Arc::new(Mutex::new(Vec::new()));
    let service = OrderService::new(Arc::new(recording(placed.clone())), Arc::new(catalogue()), Arc::new(zones()));
    let mut request = checkout(vec![item(1)], "standard", "paypal");
    request.place.notes = " Sonner deux fois ".into();
    let order = place(&service, Uuid::new_v4(), request).await.unwrap();
    let shipping = &order.shipping;
    assert_eq!((shipping.zone_code.as_str(), shipping.zone_name.as_str()), ("dakar-ville", "Dakar ville"));
    assert_eq!((shipping.commune_code.as_str(), shipping.commune_name.as_str()), ("medina", "Médina"));
    assert_eq!((shipping.landmark.as_str(), shipping.notes.as_str()), ("Près de la mosquée", "Sonner deux fois"));
    assert_eq!(shipping.city, "Médina");
    let pickup = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "pickup", "wave")).await.unwrap();
    assert_eq!((pickup.shipping.zone_code.as_str(), pickup.shipping.commune_code.as_str()), ("", ""));
}

#[tokio::test]
async fn a_commune_off_the_list_or_of_an_inactive_zone_is_refused_on_its_field_and_nothing_is_placed() {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().never();
    let mut closed = MockZoneRepository::new();
    closed.expect_find_by_commune().returning(|_| {
        let mut zone = dakar();
        zone.active = false;
        let commune = zone.communes[0].clone();
        Ok(Some((zone, commune)))
    });
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    let mut request = checkout(vec![item(1)], "standard", "wave");
    request.place.commune = "atlantide".into();
    let refused = place(&service, Uuid::new_v4(), request).await.unwrap_err();
    assert_eq!(refused.to_string(), "Veuillez choisir une commune de la liste");
    assert!(matches!(refused, OrderError::Validation { ref fields, .. } if fields.contains_key("commune")));

    let mut orders = MockOrderRepository::new();
    orders.expect_place().never();
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(closed));
    let refused = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "standard", "wave")).await.unwrap_err();
    assert_eq!(refused.to_string(), "Nous ne livrons pas à Médina pour le moment.");
}

#[tokio::test]
async fn cash_on_delivery_and_express_are_refused_where_the_zone_offers_neither() {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().never();
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    let mut cash = checkout(vec![item(1)], "standard", "cash_on_delivery");
    cash.place.commune = "thies".into();
    let refused = place(&service, Uuid::new_v4(), cash.clone()).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Le paiement à la livraison n'est pas proposé dans la zone Régions : veuillez payer avec Wave."
    );
    assert!(matches!(refused, OrderError::Validation { ref fields, .. } if fields.contains_key("paymentMethod")));
    cash.shipping_method = Some("express".into());
    cash.payment_method = Some("wave".into());
    let refused = place(&service, Uuid::new_v4(), cash).await.unwrap_err();
    assert!(refused.to_string().starts_with("La livraison express n'est pas proposée dans la zone Régions"));
}

#[tokio::test]
async fn the_checkout_form_speaks_the_seeds_french() {
    let service = OrderService::new(Arc::new(MockOrderRepository::new()), Arc::new(catalogue()), Arc::new(zones()));
    let user = Uuid::new_v4();
    let empty = place(&service, user, checkout(vec![], "standard", "wave")).await.unwrap_err();
    assert_eq!(empty.to_string(), "Votre panier est vide. Impossible de créer une commande.");
    let mut request = checkout(vec![item(1)], "standard", "wave");
    request.place.landmark = " ".into();
    assert_eq!(
        place(&service, user, request).await.unwrap_err().to_string(),
        "Veuillez remplir tous les champs obligatoires"
    );
    let mut request = checkout(vec![item(1)], "standard", "wave");
    request.contact.email = "awa@".into();
    assert_eq!(
        place(&service, user, request).await.unwrap_err().to_string(),
        "Veuillez entrer une adresse email valide"
    );
    for phone in ["1234567", "77 123 45 67 89 01 2", "77-123-45-6x"] {
        let mut request = checkout(vec![item(1)], "standard", "wave");
        request.contact.phone = phone.into();
        let error = place(&service, user, request).await.unwrap_err();
        assert_eq!(error.to_string(), "Veuillez entrer un numéro de téléphone valide", "{phone}");
    }
    let no_payment = place(&service, user, checkout(vec![item(1)], "standard", "card")).await.unwrap_err();
    assert_eq!(no_payment.to_string(), "Veuillez sélectionner une méthode de paiement");
    let too_many = place(&service, user, checkout(vec![item(5)], "standard", "wave")).await.unwrap_err();
    assert_eq!(too_many.to_string(), "Stock insuffisant pour T-shirt Teranga (noir, M). Seulement 4 disponible(s).");
}

/// The order a first submission with the key `abc-123` placed.
fn first_with_key(user: Uuid) -> Order {
    stored(
        NewOrder {
            order_number: "ORD-0000010001".into(),
            user_id: user,
            lines: vec![],
            subtotal: Money::ZERO,
            shipping_cost: Money::ZERO,
            discount: Money::ZERO,
            total: Money::ZERO,
            shipping: shipping(),
            shipping_method: ShippingMethod::Standard,
            payment_method: PaymentMethod::Wave,
            idempotency_key: Some("abc-123".into()),
            from_cart: true,
            promo: None,
            channel: crate::SalesChannel::Web,
            source: None,
        },
        StatusChange {
            status: OrderStatus::Pending,
            note: String::new(),
            by: "Client".into(),
            by_user: None,
            by_kind: crate::ActorKind::Customer,
            note_visible: true,
            at: Utc::now(),
        },
    )
}

fn replayed(user: Uuid) -> (Uuid, RawCheckout) {
    let mut request = checkout(vec![item(1)], "standard", "wave");
    request.idempotency_key = Some("abc-123".into());
    (user, request)
}

#[tokio::test]
async fn a_repeated_idempotency_key_answers_the_first_order() {
    let (user, request) = replayed(Uuid::new_v4());
    let mut orders = MockOrderRepository::new();
    let answer = first_with_key(user);
    orders
        .expect_find_by_idempotency_key()
        .withf(move |u, k| *u == user && k == "abc-123")
        .returning(move |_, _| Ok(Some(answer.clone())));
    // Placing again would take the units, and the lines of the cart, a second time.
    orders.expect_place().never();
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    assert_eq!(place(&service, user, request).await.unwrap().order_number, "ORD-0000010001");
}

#[tokio::test]
async fn a_submission_that_loses_the_race_to_its_replay_answers_the_first_order_without_placing_again() {
    let (user, request) = replayed(Uuid::new_v4());
    let mut orders = MockOrderRepository::new();
    // The other submission commits while this one is being placed: its transaction is refused
    // whole, and must not be tried again.
    orders.expect_place().times(1).returning(|_, _, _| Err(PlaceError::KeyUsed));
    let answer = first_with_key(user);
    let mut committed = false;
    orders.expect_find_by_idempotency_key().times(2).returning(move |_, _| {
        let found = committed.then(|| answer.clone());
        committed = true;
        Ok(found)
    });
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    assert_eq!(place(&service, user, request).await.unwrap().order_number, "ORD-0000010001");
}

#[tokio::test]
async fn every_checkout_asks_the_repository_to_hold_the_cap_of_three_orders_awaiting_payment() {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().times(1).withf(|_, _, cap| *cap == Some(3)).returning(|new, first, _| Ok(stored(new, first)));
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    place(&service, Uuid::new_v4(), checkout(vec![item(1)], "standard", "paypal")).await.unwrap();
}

#[tokio::test]
async fn a_fourth_order_awaiting_payment_is_refused_in_french_naming_the_account_or_the_phone() {
    for (of, expected) in [
        (
            OpenOrdersOf::Account,
            "Vous avez déjà 3 commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle.",
        ),
        (
            OpenOrdersOf::Phone,
            "Ce numéro de téléphone a déjà 3 commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle.",
        ),
    ] {
        let mut orders = MockOrderRepository::new();
        orders.expect_place().times(1).returning(move |_, _, _| Err(PlaceError::TooManyOpen(of)));
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        let error = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "standard", "wave")).await.unwrap_err();
        assert_eq!(error.to_string(), expected);
    }
}

#[tokio::test]
async fn a_submission_refused_by_the_cap_its_own_replay_filled_answers_that_order() {
    let (user, request) = replayed(Uuid::new_v4());
    let mut orders = MockOrderRepository::new();
    // The other submission with the same key took the last place while this one waited.
    orders.expect_place().times(1).returning(|_, _, _| Err(PlaceError::TooManyOpen(OpenOrdersOf::Account)));
    let answer = first_with_key(user);
    let mut committed = false;
    orders.expect_find_by_idempotency_key().times(2).returning(move |_, _| {
        let found = committed.then(|| answer.clone());
        committed = true;
        Ok(found)
    });
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    assert_eq!(place(&service, user, request).await.unwrap().order_number, "ORD-0000010001");
}

#[tokio::test]
async fn stock_taken_by_someone_else_is_reported_with_the_product_name() {
    let mut orders = MockOrderRepository::new();
    orders.expect_place().returning(|_, _, _| {
        Err(PlaceError::OutOfStock { product_id: TEE, color: "noir".into(), size: "M".into(), available: 1 })
    });
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    let error = place(&service, Uuid::new_v4(), checkout(vec![item(2)], "standard", "wave")).await.unwrap_err();
    assert_eq!(error.to_string(), "Stock insuffisant pour T-shirt Teranga (noir, M). Seulement 1 disponible(s).");
}

#[tokio::test]
async fn a_customer_cancels_only_their_own_pending_unpaid_order_and_stock_returns() {
    let owner = Uuid::new_v4();
    let order = |status, payment| {
        let mut o = stored(
            NewOrder {
                order_number: "ORD-0000010001".into(),
                user_id: owner,
                lines: vec![],
                subtotal: Money::ZERO,
                shipping_cost: Money::ZERO,
                discount: Money::ZERO,
                total: Money::ZERO,
                shipping: shipping(),
                shipping_method: ShippingMethod::Standard,
                payment_method: PaymentMethod::Wave,
                idempotency_key: None,
                from_cart: true,
                promo: None,
                channel: crate::SalesChannel::Web,
                source: None,
            },
            StatusChange {
                status: OrderStatus::Pending,
                note: String::new(),
                by: "Client".into(),
                by_user: None,
                by_kind: crate::ActorKind::Customer,
                note_visible: true,
                at: Utc::now(),
            },
        );
        o.status = status;
        o.payment_status = payment;
        o
    };
    for (status, payment, allowed) in [
        (OrderStatus::Pending, PaymentStatus::Pending, true),
        (OrderStatus::Pending, PaymentStatus::Paid, false),
        (OrderStatus::Processing, PaymentStatus::Pending, false),
        (OrderStatus::Cancelled, PaymentStatus::Pending, false),
    ] {
        let current = order(status, payment);
        let id = current.id;
        let mut orders = MockOrderRepository::new();
        let found = current.clone();
        orders.expect_find().returning(move |_| Ok(Some(found.clone())));
        orders
            .expect_transition()
            .withf(move |i, expected, change, stock| {
                *i == id
                    && *expected == OrderStatus::Pending
                    && change.status == OrderStatus::Cancelled
                    && *stock == StockEffect::Return
            })
            .times(usize::from(allowed))
            .returning(move |_, _, _, _| Ok(Transition::Applied(Box::new(current.clone()))));
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        let result = service.cancel_by_customer(owner, id).await;
        assert_eq!(result.is_ok(), allowed, "{status:?} {payment:?}");
        if !allowed {
            assert_eq!(result.unwrap_err().to_string(), "Cette commande ne peut plus être annulée.");
        }
        let stranger = service.cancel_by_customer(Uuid::new_v4(), id).await;
        assert!(matches!(stranger, Err(OrderError::NotFound)));
    }
}

pub(crate) fn placed(status: OrderStatus, payment_method: PaymentMethod, payment_status: PaymentStatus) -> Order {
    let mut order = stored(
        NewOrder {
            order_number: "ORD-0000010001".into(),
            user_id: Uuid::new_v4(),
            lines: vec![crate::model::OrderLine {
                product_id: TEE,
                name: "T-shirt Teranga".into(),
                image: String::new(),
                color: "noir".into(),
                size: "M".into(),
                quantity: 2,
                unit_price: Money::francs(12_000),
            }],
            subtotal: Money::francs(24_000),
            shipping_cost: Money::francs(1_000),
            discount: Money::ZERO,
            total: Money::francs(25_000),
            shipping: shipping(),
            shipping_method: ShippingMethod::Standard,
            payment_method,
            idempotency_key: None,
            from_cart: true,
            promo: None,
            channel: crate::SalesChannel::Web,
            source: None,
        },
        StatusChange {
            status: OrderStatus::Pending,
            note: String::new(),
            by: "Client".into(),
            by_user: None,
            by_kind: crate::ActorKind::Customer,
            note_visible: true,
            at: Utc::now(),
        },
    );
    order.status = status;
    order.payment_status = payment_status;
    order
}

fn confirmed(mut order: Order) -> Order {
    order.confirmation.as_mut().expect("a cash-on-delivery order").state = Confirmation::Confirmed;
    order
}

fn admin() -> crate::Actor {
    crate::Actor::admin(Uuid::new_v4(), "Mariama", "Sow")
}

#[tokio::test]
async fn an_admin_moves_an_order_anywhere_with_the_right_stock_effect_and_author() {
    for (from, to, effect) in [
        (OrderStatus::Pending, "shipped", StockEffect::None),
        (OrderStatus::Processing, "cancelled", StockEffect::Return),
        (OrderStatus::Cancelled, "pending", StockEffect::Take),
        (OrderStatus::Shipped, "refused", StockEffect::None),
    ] {
        let current = confirmed(placed(from, PaymentMethod::CashOnDelivery, PaymentStatus::Pending));
        let found = current.clone();
        let mut orders = MockOrderRepository::new();
        orders.expect_find().returning(move |_| Ok(Some(found.clone())));
        orders
            .expect_transition()
            .withf(move |_, expected, change, stock| {
                *expected == from
                    && *stock == effect
                    && change.by == "Admin Mariama Sow"
                    && change.note == "Colis remis"
            })
            .times(1)
            .returning(move |_, _, _, _| Ok(Transition::Applied(Box::new(current.clone()))));
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        service.change_status(&admin(), Uuid::new_v4(), to, Some(" Colis remis "), false).await.unwrap();
    }
}

#[tokio::test]
async fn the_same_status_an_unknown_one_and_a_reopening_without_stock_are_refused() {
    let current = confirmed(placed(OrderStatus::Cancelled, PaymentMethod::CashOnDelivery, PaymentStatus::Pending));
    let mut orders = MockOrderRepository::new();
    orders.expect_find().returning(move |_| Ok(Some(current.clone())));
    orders.expect_transition().returning(|_, _, _, _| {
        Ok(Transition::OutOfStock { product_id: TEE, color: "noir".into(), size: "M".into(), available: 1 })
    });
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    let id = Uuid::new_v4();
    assert!(matches!(service.change_status(&admin(), id, "cancelled", None, false).await, Err(OrderError::SameStatus)));
    assert!(matches!(service.change_status(&admin(), id, "lost", None, false).await, Err(OrderError::UnknownStatus)));
    let refused = service.change_status(&admin(), id, "processing", None, false).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Impossible de rouvrir cette commande : stock insuffisant pour T-shirt Teranga (noir, M), 1 disponible(s)."
    );
}

#[tokio::test]
async fn cash_is_recorded_once_and_only_for_cash_on_delivery() {
    for (order, expected) in [
        (placed(OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending), None),
        (
            placed(OrderStatus::Shipped, PaymentMethod::CashOnDelivery, PaymentStatus::Pending),
            Some("Le paiement à la livraison s'encaisse une fois la commande livrée."),
        ),
        (
            placed(OrderStatus::Pending, PaymentMethod::Wave, PaymentStatus::Pending),
            Some("Seules les commandes payables à la livraison s'encaissent ici."),
        ),
        (
            placed(OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Paid),
            Some("Cette commande est déjà payée."),
        ),
        (
            placed(OrderStatus::Cancelled, PaymentMethod::CashOnDelivery, PaymentStatus::Pending),
            Some("Une commande annulée ne peut pas être encaissée."),
        ),
    ] {
        let status = order.status;
        let found = order.clone();
        let mut orders = MockOrderRepository::new();
        orders.expect_find().returning(move |_| Ok(Some(found.clone())));
        orders
            .expect_record_payment()
            .withf(move |_, expected, entry| {
                *expected == status && entry.status == status && entry.note == "Paiement à la livraison reçu"
            })
            .times(usize::from(expected.is_none()))
            .returning(move |_, _, _| Ok(Transition::Applied(Box::new(order.clone()))));
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        let result = service.record_cash_payment(&admin(), Uuid::new_v4()).await;
        assert_eq!(result.err().map(|e| e.to_string()).as_deref(), expected);
    }
}

fn numbered(number: &str, status: OrderStatus, method: PaymentMethod, paid: PaymentStatus) -> Order {
    Order { id: Uuid::new_v4(), order_number: number.into(), ..placed(status, method, paid) }
}

fn service_finding(found: Vec<Order>, orders: MockOrderRepository) -> OrderService {
    let mut orders = orders;
    orders.expect_find().returning(move |id| Ok(found.iter().find(|o| o.id == id).cloned()));
    OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()))
}

#[tokio::test]
async fn a_couriers_round_is_recorded_all_at_once_in_one_batch() {
    let first = numbered("BTK-1", OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
    let second = numbered("BTK-2", OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
    // The same order twice is recorded once.
    let ids = vec![first.id, second.id, first.id];
    let (a, b) = (first.id, second.id);
    let mut orders = MockOrderRepository::new();
    orders
        .expect_record_payments()
        .withf(move |entries| {
            entries.len() == 2
                && entries[0].0 == a
                && entries[0].1 == OrderStatus::Delivered
                && entries[1].0 == b
                && entries[1].1 == OrderStatus::Delivered
                && entries.iter().all(|(_, expected, e)| {
                    e.status == *expected && e.note == "Paiement à la livraison reçu" && e.by == "Admin Mariama Sow"
                })
        })
        .times(1)
        .returning(|entries| {
            let paid = placed(OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Paid);
            Ok(BatchPayment::Applied(entries.iter().map(|(id, _, _)| Order { id: *id, ..paid.clone() }).collect()))
        });
    let service = service_finding(vec![first, second], orders);
    let paid = service.record_cash_payments(&admin(), &ids).await.unwrap();
    assert_eq!(paid.iter().map(|o| o.id).collect::<Vec<_>>(), vec![a, b]);
}

#[tokio::test]
async fn one_order_that_cannot_be_marked_paid_refuses_the_whole_round_and_names_it() {
    let fine = numbered("BTK-1", OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
    let paid = numbered("BTK-2", OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Paid);
    let wave = numbered("BTK-3", OrderStatus::Delivered, PaymentMethod::Wave, PaymentStatus::Pending);
    let mut orders = MockOrderRepository::new();
    orders.expect_record_payments().never();
    let service = service_finding(vec![fine.clone(), paid.clone(), wave.clone()], orders);
    let refused = service.record_cash_payments(&admin(), &[fine.id, paid.id]).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Commande BTK-2 : Cette commande est déjà payée. Aucune commande n'a été marquée payée."
    );
    let refused = service.record_cash_payments(&admin(), &[wave.id]).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Commande BTK-3 : Seules les commandes payables à la livraison s'encaissent ici. Aucune commande n'a été marquée payée."
    );
    let unknown = Uuid::from_u128(42);
    let refused = service.record_cash_payments(&admin(), &[fine.id, unknown]).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Commande introuvable : 00000000-0000-0000-0000-00000000002a. Aucune commande n'a été marquée payée."
    );
    let refused = service.record_cash_payments(&admin(), &[]).await.unwrap_err();
    assert_eq!(refused.to_string(), "Choisissez entre 1 et 100 commandes.");
}

#[tokio::test]
async fn an_order_changed_before_the_batch_was_written_is_named_and_nothing_is_paid() {
    let fine = numbered("BTK-7", OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
    let changed = fine.clone();
    let mut orders = MockOrderRepository::new();
    orders.expect_record_payments().times(1).returning(move |_| Ok(BatchPayment::Stale(Box::new(changed.clone()))));
    let service = service_finding(vec![fine.clone()], orders);
    let refused = service.record_cash_payments(&admin(), &[fine.id]).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Commande BTK-7 : La commande a été modifiée entre-temps. Veuillez réessayer. Aucune commande n'a été marquée payée."
    );
}

#[tokio::test]
async fn a_tracking_note_is_trimmed_limited_and_stored_as_typed() {
    let order = placed(OrderStatus::Shipped, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
    let mut orders = MockOrderRepository::new();
    orders
        .expect_set_tracking_note()
        .withf(|_, note| note == "Tiak-Tiak, réf. 4411")
        .times(1)
        .returning(move |_, note| Ok(Some(Order { tracking_note: note, ..order.clone() })));
    orders.expect_set_tracking_note().withf(|_, note| note.is_empty()).times(1).returning(|_, _| Ok(None));
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    let id = Uuid::new_v4();
    let noted = service.set_tracking_note(id, "  Tiak-Tiak, réf. 4411 \n").await.unwrap();
    assert_eq!(noted.tracking_note, "Tiak-Tiak, réf. 4411");
    let long = "x".repeat(501);
    let refused = service.set_tracking_note(id, &long).await.unwrap_err();
    assert_eq!(refused.to_string(), "La note de suivi ne peut pas dépasser 500 caractères.");
    assert!(matches!(service.set_tracking_note(id, " ").await, Err(OrderError::NotFound)));
}

#[tokio::test]
async fn a_status_note_over_500_characters_is_refused_before_anything_is_read() {
    let service = OrderService::new(Arc::new(MockOrderRepository::new()), Arc::new(catalogue()), Arc::new(zones()));
    let long = format!(" {} ", "x".repeat(501));
    let refused = service.change_status(&admin(), Uuid::new_v4(), "shipped", Some(&long), false).await.unwrap_err();
    assert_eq!(refused.to_string(), "La note ne peut pas dépasser 500 caractères");
    let OrderError::Validation { fields, .. } = refused else { panic!("a form error") };
    assert_eq!(fields["note"], "La note ne peut pas dépasser 500 caractères");
}

#[tokio::test]
async fn the_dashboard_asks_for_its_figures_as_of_the_clock_and_the_five_latest_orders() {
    use crate::stats::{DaySales, OrderFigures, TopProduct};
    use chrono::{DateTime, NaiveDate, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 30, 0).unwrap()
    }
    let latest = placed(OrderStatus::Pending, PaymentMethod::Wave, PaymentStatus::Pending);
    let mut orders = MockOrderRepository::new();
    orders.expect_figures().withf(|at| *at == now()).times(1).returning(|_| {
        Ok(OrderFigures {
            today_orders: 4,
            yesterday_orders: 2,
            today_revenue: Money::francs(30_000),
            yesterday_revenue: Money::francs(20_000),
            ..OrderFigures::default()
        })
    });
    orders
        .expect_list()
        .withf(|filter| filter.page.limit == 5 && filter.page.page == 1 && filter.descending && filter.status.is_none())
        .times(1)
        .returning(move |filter| Ok(bitik_common::Page::counted(vec![latest.clone()], filter.page, 1)));
    orders.expect_top_products().withf(|at, days, limit| *at == now() && *days == 30 && *limit == 5).returning(
        |_, _, _| {
            Ok(vec![TopProduct {
                product_id: TEE,
                name: "T-shirt Teranga".into(),
                slug: "t-shirt-teranga".into(),
                image: None,
                active: true,
                units_sold: 9,
                sales_amount: Money::francs(108_000),
            }])
        },
    );
    orders.expect_sales_by_day().withf(|at, days| *at == now() && *days == 30).returning(|_, _| {
        Ok(vec![DaySales { date: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(), orders: 4, revenue: Money::ZERO }])
    });
    let service = OrderService::with_clock(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()), now);
    let dashboard = service.dashboard().await.unwrap();
    assert_eq!(dashboard.figures.today_orders, 4);
    assert_eq!((dashboard.trends.today_orders, dashboard.trends.today_revenue), (Some(100), Some(50)));
    assert_eq!(dashboard.trends.month_revenue, None, "nothing last month: no percentage");
    assert_eq!(dashboard.recent_orders.len(), 1);
    assert_eq!(dashboard.top_products[0].units_sold, 9);
    assert_eq!(dashboard.sales_by_day.len(), 1);
}

#[tokio::test]
async fn a_cash_order_is_prepared_shipped_or_delivered_only_once_confirmed() {
    for (state, to, allowed) in [
        (Confirmation::Awaiting, "processing", false),
        (Confirmation::NoAnswer, "shipped", false),
        (Confirmation::WrongNumber, "delivered", false),
        (Confirmation::Awaiting, "cancelled", true),
        (Confirmation::Confirmed, "processing", true),
    ] {
        let mut current = placed(OrderStatus::Pending, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
        current.confirmation.as_mut().unwrap().state = state;
        let mut orders = MockOrderRepository::new();
        let found = current.clone();
        orders.expect_find().returning(move |_| Ok(Some(found.clone())));
        orders
            .expect_transition()
            .times(usize::from(allowed))
            .returning(move |_, _, _, _| Ok(Transition::Applied(Box::new(current.clone()))));
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        let result = service.change_status(&admin(), Uuid::new_v4(), to, None, false).await;
        match allowed {
            true => assert!(result.is_ok(), "{state:?} → {to}: {result:?}"),
            false => assert_eq!(
                result.unwrap_err().to_string(),
                "Cette commande doit d'abord être confirmée par le client.",
                "{state:?} → {to}"
            ),
        }
    }
    // A Wave order has no confirmation to wait for.
    let wave = placed(OrderStatus::Pending, PaymentMethod::Wave, PaymentStatus::Paid);
    let mut orders = MockOrderRepository::new();
    let found = wave.clone();
    orders.expect_find().returning(move |_| Ok(Some(found.clone())));
    orders.expect_transition().times(1).returning(move |_, _, _, _| Ok(Transition::Applied(Box::new(wave.clone()))));
    let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
    service.change_status(&admin(), Uuid::new_v4(), "processing", None, false).await.unwrap();
}

#[tokio::test]
async fn only_a_shipped_parcel_is_refused_and_a_returned_one_closes_its_order() {
    let mut returned = confirmed(placed(OrderStatus::Refused, PaymentMethod::CashOnDelivery, PaymentStatus::Pending));
    returned.returned_at = Some(Utc::now());
    for (order, to, expected) in [
        (
            confirmed(placed(OrderStatus::Processing, PaymentMethod::CashOnDelivery, PaymentStatus::Pending)),
            "refused",
            "Seule une commande expédiée peut être refusée à la livraison.",
        ),
        (returned, "shipped", "Ce colis refusé est revenu à la boutique : la commande ne change plus de statut."),
    ] {
        let mut orders = MockOrderRepository::new();
        orders.expect_find().returning(move |_| Ok(Some(order.clone())));
        orders.expect_transition().never();
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()));
        let refused = service.change_status(&admin(), Uuid::new_v4(), to, None, false).await.unwrap_err();
        assert_eq!(refused.to_string(), expected);
    }
}

/// Phones' records where +221771234567 has `refused` parcels refused and the admin's `decision`.
fn phone_records(refused: u64, decision: Option<bool>) -> MockPhoneRecords {
    let mut phones = MockPhoneRecords::new();
    phones.expect_record().withf(|phone| phone == "+221771234567").returning(move |phone| {
        Ok(PhoneRecord {
            refused,
            decision: Some(PhoneOverride {
                cod_allowed: decision,
                note: "Note".into(),
                by: "Admin Mariama Sow".into(),
                by_user: None,
                at: Utc::now(),
            }),
            ..PhoneRecord::blank(phone)
        })
    });
    phones
}

#[tokio::test]
async fn checkout_refuses_cash_on_delivery_to_a_phone_with_two_refusals_unless_an_admin_lifted_it() {
    for (refused, decision, allowed) in
        [(1, None, true), (2, None, false), (2, Some(true), true), (0, Some(false), false)]
    {
        let orders = if allowed { recording(Arc::default()) } else { MockOrderRepository::new() };
        let service = OrderService::new(Arc::new(orders), Arc::new(catalogue()), Arc::new(zones()))
            .with_phone_records(Arc::new(phone_records(refused, decision)), 2);
        let result = place(&service, Uuid::new_v4(), checkout(vec![item(1)], "standard", "cash_on_delivery")).await;
        match allowed {
            true => assert!(result.is_ok(), "{refused} {decision:?}: {result:?}"),
            false => assert_eq!(
                result.unwrap_err().to_string(),
                "Le paiement à la livraison n'est plus proposé pour ce numéro. Payez avec Wave pour commander.",
                "{refused} {decision:?}"
            ),
        }
    }
    // Wave stays open to that phone, and its record is not even read.
    let mut phones = MockPhoneRecords::new();
    phones.expect_record().never();
    let service = OrderService::new(Arc::new(recording(Arc::default())), Arc::new(catalogue()), Arc::new(zones()))
        .with_phone_records(Arc::new(phones), 2);
    place(&service, Uuid::new_v4(), checkout(vec![item(1)], "standard", "wave")).await.unwrap();
}
