use std::sync::Arc;

use bitik_cart::{CartRepository, VariantRef};
use bitik_catalog::{Color, Product, ProductKey, ProductRepository, Size};
use bitik_common::Money;
use bitik_orders::{
    NewOrder, OrderLine, OrderRepository, OrderStatus, PaymentMethod, PlaceError, ShippingInfo, ShippingMethod,
    StatusChange, StockEffect, Transition,
};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{DbError, PgCartRepository, PgOrderRepository, PgProductRepository};
use chrono::Utc;
use diesel_async::SimpleAsyncConnection;
use uuid::Uuid;

use crate::fixtures::{customer, tshirt};

fn line(product: &Product, color: &str, size: &str, quantity: u32) -> OrderLine {
    OrderLine {
        product_id: product.id,
        name: product.name.clone(),
        image: "/images/placeholder.jpg".into(),
        color: color.into(),
        size: size.into(),
        quantity,
        unit_price: product.price,
    }
}

fn new_order(user_id: Uuid, lines: Vec<OrderLine>) -> NewOrder {
    let subtotal = Money::sum(lines.iter().map(OrderLine::total)).unwrap();
    NewOrder {
        order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
        user_id,
        lines,
        subtotal,
        shipping_cost: Money::francs(1_000),
        discount: Money::ZERO,
        total: subtotal.plus(Money::francs(1_000)).unwrap(),
        shipping: ShippingInfo {
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            email: "awa@example.sn".into(),
            phone: "77 123 45 67".into(),
            address: "Unité 15".into(),
            city: "Dakar".into(),
            country: "Sénégal".into(),
            zip_code: String::new(),
            ..ShippingInfo::default()
        },
        shipping_method: ShippingMethod::Standard,
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

fn cancelled() -> StatusChange {
    StatusChange {
        status: OrderStatus::Cancelled,
        note: String::new(),
        by: "Client".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: Utc::now(),
    }
}

async fn stock(test: &TestDatabase, product: &Product, color: &str, size: &str) -> u32 {
    let products = PgProductRepository::new(test.database.clone());
    let product = products.find_active(&ProductKey::Id(product.id)).await.unwrap().unwrap();
    product.stock.quantity(&Color::parse(color).unwrap(), Size::parse(size).unwrap())
}

#[tokio::test]
async fn an_order_is_written_with_its_lines_history_and_stock_taken() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 2)]), created(awa.id), None).await.unwrap();
    assert_eq!(order.total, Money::francs(21_000));
    assert_eq!(order.lines[0].quantity, 2);
    assert_eq!(order.history.len(), 1);
    assert_eq!(stock(&test, &tee, "noir", "M").await, 3);
    let again = orders.find(order.id).await.unwrap().unwrap();
    assert_eq!(again, order);
}

#[tokio::test]
async fn when_one_line_lacks_stock_nothing_is_written() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5), ("blanc", "L", 1)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let lines = vec![line(&tee, "noir", "M", 2), line(&tee, "blanc", "L", 1), line(&tee, "blanc", "L", 1)];
    let refused = orders.place(new_order(awa.id, lines), created(awa.id), None).await;
    match refused {
        Err(PlaceError::OutOfStock { color, size, available, .. }) => {
            assert_eq!((color.as_str(), size.as_str(), available), ("blanc", "L", 1))
        }
        other => panic!("expected out of stock, got {other:?}"),
    }
    assert_eq!(stock(&test, &tee, "noir", "M").await, 5, "the black units taken first were put back");
    let page = orders.list_for_user(awa.id, bitik_common::PageRequest::new(1, 10, 50)).await.unwrap();
    assert_eq!(page.total_items, 0);
}

#[tokio::test]
async fn many_shoppers_racing_for_few_units_never_oversell() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let mut racers = Vec::new();
    for n in 0..12 {
        let buyer = customer(&test, &format!("client{n}@example.sn")).await;
        let (orders, order) = (orders.clone(), new_order(buyer.id, vec![line(&tee, "noir", "M", 1)]));
        racers.push(tokio::spawn(async move { orders.place(order, created(buyer.id), None).await }));
    }
    let mut sold = 0;
    for racer in racers {
        match racer.await.unwrap() {
            Ok(_) => sold += 1,
            Err(PlaceError::OutOfStock { available: 0, .. }) => {}
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(sold, 3, "exactly as many orders as units");
    assert_eq!(stock(&test, &tee, "noir", "M").await, 0);
}

#[tokio::test]
async fn two_orders_taking_the_same_variants_in_opposite_order_do_not_deadlock() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let moussa = customer(&test, "moussa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 100), ("blanc", "M", 100)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let mut pairs = Vec::new();
    for _ in 0..10 {
        let one = new_order(awa.id, vec![line(&tee, "noir", "M", 1), line(&tee, "blanc", "M", 1)]);
        let other = new_order(moussa.id, vec![line(&tee, "blanc", "M", 1), line(&tee, "noir", "M", 1)]);
        let (a, b) = (orders.clone(), orders.clone());
        pairs.push(tokio::spawn(async move { a.place(one, created(awa.id), None).await.is_ok() }));
        pairs.push(tokio::spawn(async move { b.place(other, created(moussa.id), None).await.is_ok() }));
    }
    for placed in pairs {
        assert!(placed.await.unwrap(), "every order went through");
    }
    assert_eq!(stock(&test, &tee, "noir", "M").await, 80);
    assert_eq!(stock(&test, &tee, "blanc", "M").await, 80);
}

#[tokio::test]
async fn cancelling_returns_the_stock_exactly_once_even_when_asked_twice_at_once() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 2)]), created(awa.id), None).await.unwrap();
    let attempts: Vec<_> = (0..2)
        .map(|_| {
            let orders = orders.clone();
            tokio::spawn(async move {
                orders.transition(order.id, OrderStatus::Pending, cancelled(), StockEffect::Return).await.unwrap()
            })
        })
        .collect();
    let mut applied = 0;
    for attempt in attempts {
        match attempt.await.unwrap() {
            Transition::Applied(order) => {
                applied += 1;
                assert_eq!(order.status, OrderStatus::Cancelled);
                assert_eq!(order.history.len(), 2);
            }
            Transition::Stale => {}
            Transition::OutOfStock { .. } => panic!("returning stock cannot lack stock"),
        }
    }
    assert_eq!(applied, 1);
    assert_eq!(stock(&test, &tee, "noir", "M").await, 5);
}

#[tokio::test]
async fn reopening_a_cancelled_order_takes_the_units_again_or_is_refused() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let moussa = customer(&test, "moussa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 2)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 2)]), created(awa.id), None).await.unwrap();
    orders.transition(order.id, OrderStatus::Pending, cancelled(), StockEffect::Return).await.unwrap();
    orders.place(new_order(moussa.id, vec![line(&tee, "noir", "M", 1)]), created(moussa.id), None).await.unwrap();
    let reopen = StatusChange {
        status: OrderStatus::Processing,
        note: String::new(),
        by: "Admin".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::Staff,
        note_visible: true,
        at: Utc::now(),
    };
    let refused = orders.transition(order.id, OrderStatus::Cancelled, reopen.clone(), StockEffect::Take).await.unwrap();
    assert!(matches!(refused, Transition::OutOfStock { available: 1, .. }));
    assert_eq!(orders.find(order.id).await.unwrap().unwrap().status, OrderStatus::Cancelled);
    assert_eq!(stock(&test, &tee, "noir", "M").await, 1);
}

#[tokio::test]
async fn an_idempotency_key_is_used_once_per_customer() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let mut first = new_order(awa.id, vec![line(&tee, "noir", "M", 1)]);
    first.idempotency_key = Some("key-1".into());
    let placed = orders.place(first.clone(), created(awa.id), None).await.unwrap();
    first.order_number = "ORD-0000000002".into();
    assert!(matches!(orders.place(first, created(awa.id), None).await, Err(PlaceError::KeyUsed)));
    assert_eq!(orders.find_by_idempotency_key(awa.id, "key-1").await.unwrap().unwrap().id, placed.id);
    assert_eq!(stock(&test, &tee, "noir", "M").await, 4, "the refused duplicate took nothing");
}

/// Fills `user`'s cart with `(colour, size, quantity)` lines of `product`.
async fn fill_cart(carts: &PgCartRepository, user: Uuid, product: &Product, lines: &[(&str, &str, u32)]) {
    for &(color, size, quantity) in lines {
        let variant = VariantRef { product_id: product.id, color: color.into(), size: size.into() };
        carts.add(user, variant, quantity, 100).await.unwrap().unwrap();
    }
}

/// `user`'s cart as (colour, size, quantity), in the cart's order.
async fn cart_of(carts: &PgCartRepository, user: Uuid) -> Vec<(String, String, u32)> {
    let lines = carts.lines(user).await.unwrap();
    lines.into_iter().map(|l| (l.variant.color, l.variant.size, l.quantity)).collect()
}

fn owned(lines: &[(&str, &str, u32)]) -> Vec<(String, String, u32)> {
    lines.iter().map(|&(color, size, quantity)| (color.to_owned(), size.to_owned(), quantity)).collect()
}

#[tokio::test]
async fn an_order_takes_exactly_its_units_out_of_its_customers_cart() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let moussa = customer(&test, "moussa@example.sn").await;
    let stock = [("noir", "M", 10), ("blanc", "L", 10), ("noir", "L", 10), ("blanc", "M", 10)];
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &stock).await;
    let carts = PgCartRepository::new(test.database.clone());
    fill_cart(&carts, awa.id, &tee, &[("noir", "M", 3), ("blanc", "L", 1), ("noir", "L", 2)]).await;
    fill_cart(&carts, moussa.id, &tee, &[("noir", "M", 2), ("blanc", "L", 1)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    // Two lines of black M add up; white M was never in the cart.
    let lines = vec![
        line(&tee, "noir", "M", 1),
        line(&tee, "blanc", "L", 1),
        line(&tee, "noir", "M", 1),
        line(&tee, "blanc", "M", 4),
    ];
    orders.place(new_order(awa.id, lines), created(awa.id), None).await.unwrap();
    assert_eq!(
        cart_of(&carts, awa.id).await,
        owned(&[("noir", "M", 1), ("noir", "L", 2)]),
        "black M reduced by the 2 ordered, white L gone, black L (not ordered) kept"
    );
    assert_eq!(
        cart_of(&carts, moussa.id).await,
        owned(&[("noir", "M", 2), ("blanc", "L", 1)]),
        "another cart is untouched"
    );
}

#[tokio::test]
async fn an_order_placed_without_logging_in_takes_its_units_but_leaves_the_account_s_cart() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    fill_cart(&carts, awa.id, &tee, &[("noir", "M", 2)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let mut from_the_browser = new_order(awa.id, vec![line(&tee, "noir", "M", 2)]);
    from_the_browser.from_cart = false;
    orders.place(from_the_browser, created(awa.id), None).await.unwrap();
    assert_eq!(cart_of(&carts, awa.id).await, owned(&[("noir", "M", 2)]), "the browser's cart was ordered");
    assert_eq!(stock(&test, &tee, "noir", "M").await, 3, "the stock was taken all the same");
}

#[tokio::test]
async fn an_order_refused_leaves_the_cart_as_it_was() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5), ("blanc", "L", 1)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    fill_cart(&carts, awa.id, &tee, &[("noir", "M", 2), ("blanc", "L", 2)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let lacking = new_order(awa.id, vec![line(&tee, "noir", "M", 2), line(&tee, "blanc", "L", 2)]);
    let refused = orders.place(lacking, created(awa.id), None).await;
    assert!(matches!(refused, Err(PlaceError::OutOfStock { available: 1, .. })), "{refused:?}");
    assert_eq!(cart_of(&carts, awa.id).await, owned(&[("noir", "M", 2), ("blanc", "L", 2)]));

    // A submission replayed with its idempotency key is refused whole: nothing leaves the cart twice.
    let mut first = new_order(awa.id, vec![line(&tee, "noir", "M", 1)]);
    first.idempotency_key = Some("key-1".into());
    orders.place(first.clone(), created(awa.id), None).await.unwrap();
    assert_eq!(cart_of(&carts, awa.id).await, owned(&[("noir", "M", 1), ("blanc", "L", 2)]));
    first.order_number = "ORD-0000000002".into();
    assert!(matches!(orders.place(first, created(awa.id), None).await, Err(PlaceError::KeyUsed)));
    assert_eq!(cart_of(&carts, awa.id).await, owned(&[("noir", "M", 1), ("blanc", "L", 2)]));
}

#[tokio::test]
async fn an_order_row_the_domain_cannot_read_is_inconsistent_storage_never_unavailable() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 1)]), created(awa.id), None).await.unwrap();
    // A status this version does not know, as a newer one would write before being rolled back.
    let mut conn = test.database.conn().await.unwrap();
    conn.batch_execute(&format!(
        "ALTER TABLE orders DROP CONSTRAINT orders_status_check;
         UPDATE orders SET status = 'lost' WHERE id = '{}'",
        order.id
    ))
    .await
    .unwrap();
    let error = orders.find(order.id).await.unwrap_err();
    assert!(matches!(error.downcast_ref::<DbError>(), Some(DbError::Inconsistent(_))), "{error:?}");
    assert!(!bitik_common::is_unavailable(error.as_ref()), "a bug, not a database gone: {error:?}");
    assert!(format!("{error:?}").contains("lost"), "the log names what could not be read: {error:?}");
}

fn admin_filter(pairs: &[(&str, &str)]) -> bitik_orders::AdminOrderFilter {
    let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| v.to_string());
    bitik_orders::AdminOrderQuery {
        page: get("page"),
        limit: get("limit"),
        status: get("status"),
        confirmation: get("confirmation"),
        channel: get("channel"),
        from_date: get("fromDate"),
        to_date: get("toDate"),
        search: get("search"),
        sort: get("sort"),
        order: get("order"),
    }
    .into_filter()
    .unwrap()
}

#[tokio::test]
async fn an_order_keeps_its_channel_and_source_and_the_back_office_lists_one_channel() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let mut from_instagram = new_order(awa.id, vec![line(&tee, "noir", "M", 1)]);
    from_instagram.source = Some("instagram".into());
    let web = orders.place(from_instagram, created(awa.id), None).await.unwrap();
    let mut chat = new_order(awa.id, vec![line(&tee, "noir", "M", 2)]);
    chat.channel = bitik_orders::SalesChannel::WhatsApp;
    let chat = orders.place(chat, created(awa.id), None).await.unwrap();
    assert_eq!((web.channel, web.source.as_deref()), (bitik_orders::SalesChannel::Web, Some("instagram")));
    assert_eq!((chat.channel, chat.source.as_deref()), (bitik_orders::SalesChannel::WhatsApp, None));
    let listed = |channel: &'static str| {
        let orders = &orders;
        async move {
            let page = orders.list(&admin_filter(&[("channel", channel)])).await.unwrap();
            page.items.into_iter().map(|o| o.id).collect::<Vec<_>>()
        }
    };
    assert_eq!(listed("whatsapp").await, [chat.id]);
    assert_eq!(listed("web").await, [web.id]);
    assert_eq!(listed("instagram").await, Vec::<Uuid>::new(), "a web order from an Instagram link is a web order");
}

#[tokio::test]
async fn the_back_office_filters_by_status_dates_and_search() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let first = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 1)]), created(awa.id), None).await.unwrap();
    let mut other = new_order(awa.id, vec![line(&tee, "noir", "M", 3)]);
    other.shipping.first_name = "Moussa".into();
    other.shipping.last_name = "Sène".into();
    other.shipping.phone = "+221 70 999 88 77".into();
    let second = orders.place(other, created(awa.id), None).await.unwrap();
    orders.transition(first.id, OrderStatus::Pending, cancelled(), StockEffect::Return).await.unwrap();
    let numbers = |page: bitik_common::Page<bitik_orders::Order>| {
        page.items.into_iter().map(|o| o.order_number).collect::<Vec<_>>()
    };
    assert_eq!(
        numbers(orders.list(&admin_filter(&[])).await.unwrap()),
        vec![second.order_number.clone(), first.order_number.clone()]
    );
    assert_eq!(
        numbers(orders.list(&admin_filter(&[("status", "cancelled")])).await.unwrap()),
        vec![first.order_number.clone()]
    );
    assert_eq!(
        numbers(orders.list(&admin_filter(&[("search", "moussa")])).await.unwrap()),
        vec![second.order_number.clone()]
    );
    assert_eq!(
        numbers(orders.list(&admin_filter(&[("search", "999 88")])).await.unwrap()),
        vec![second.order_number.clone()]
    );
    for search in ["sene moussa", "MOUSSA SÈNE", "70999887", "(70) 999-88"] {
        assert_eq!(
            numbers(orders.list(&admin_filter(&[("search", search)])).await.unwrap()),
            vec![second.order_number.clone()],
            "{search}"
        );
    }
    assert_eq!(
        numbers(orders.list(&admin_filter(&[("search", &first.order_number[4..])])).await.unwrap()),
        vec![first.order_number.clone()]
    );
    assert_eq!(
        numbers(orders.list(&admin_filter(&[("sort", "total"), ("order", "asc")])).await.unwrap())[0],
        first.order_number
    );
    assert!(orders.list(&admin_filter(&[("toDate", "2020-01-01")])).await.unwrap().items.is_empty());
    let today = Utc::now().date_naive().to_string();
    assert_eq!(orders.list(&admin_filter(&[("fromDate", &today), ("toDate", &today)])).await.unwrap().total_items, 2);
}

#[tokio::test]
async fn a_payment_is_recorded_once() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = Arc::new(PgOrderRepository::new(test.database.clone()));
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 1)]), created(awa.id), None).await.unwrap();
    let paid = StatusChange {
        status: OrderStatus::Processing,
        note: "Payé".into(),
        by: "Wave".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::System,
        note_visible: true,
        at: Utc::now(),
    };
    let attempts: Vec<_> = (0..5)
        .map(|_| {
            let (orders, paid) = (orders.clone(), paid.clone());
            tokio::spawn(async move { orders.record_payment(order.id, OrderStatus::Pending, paid).await.unwrap() })
        })
        .collect();
    let mut applied = 0;
    for attempt in attempts {
        if let Transition::Applied(order) = attempt.await.unwrap() {
            applied += 1;
            assert_eq!(
                (order.status, order.payment_status),
                (OrderStatus::Processing, bitik_orders::PaymentStatus::Paid)
            );
            assert!(order.paid_at.is_some());
        }
    }
    assert_eq!(applied, 1);
    assert_eq!(orders.find(order.id).await.unwrap().unwrap().history.len(), 2);
}

#[tokio::test]
async fn a_tracking_note_is_stored_on_the_order() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    let order = orders.place(new_order(awa.id, vec![line(&tee, "noir", "M", 1)]), created(awa.id), None).await.unwrap();
    let noted = orders.set_tracking_note(order.id, "Tiak-Tiak, réf. 4411".into()).await.unwrap().unwrap();
    assert_eq!(noted.tracking_note, "Tiak-Tiak, réf. 4411");
    assert_eq!(orders.find(order.id).await.unwrap().unwrap().tracking_note, "Tiak-Tiak, réf. 4411");
    assert!(orders.set_tracking_note(Uuid::new_v4(), String::new()).await.unwrap().is_none());
}
