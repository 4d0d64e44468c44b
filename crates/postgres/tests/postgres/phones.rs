//! Phones already stored: rewritten once in E.164 by `bitik migrate`, and found by the back
//! office however the admin types them.

use bitik_common::{Money, Phone};
use bitik_identity::UserListQuery;
use bitik_identity::ports::UserRepository;
use bitik_orders::{
    AdminOrderQuery, NewOrder, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo, ShippingMethod, StatusChange,
};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgUserRepository, run_migrations};
use chrono::Utc;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::fixtures::{customer, line, tshirt};

async fn sql(test: &TestDatabase, sql: &str) {
    let mut conn = test.database.conn().await.unwrap();
    diesel::sql_query(sql).execute(&mut conn).await.unwrap();
}

#[derive(diesel::QueryableByName)]
struct Stored {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    phone: String,
}

/// `(key, phone)` of every row of a query naming them so, by key.
async fn phones(test: &TestDatabase, query: &str) -> Vec<(String, String)> {
    let mut conn = test.database.conn().await.unwrap();
    let rows: Vec<Stored> = diesel::sql_query(query).load(&mut conn).await.unwrap();
    rows.into_iter().map(|row| (row.key, row.phone)).collect()
}

async fn user(test: &TestDatabase, email: &str, phone: &str) -> Uuid {
    sql(test, &format!("INSERT INTO users (email, password_hash, first_name, last_name, phone) VALUES ('{email}', 'h', 'A', 'B', '{phone}')")).await;
    let users = PgUserRepository::new(test.database.clone());
    users.find_by_email(&bitik_common::Email::known(email)).await.unwrap().unwrap().0.id
}

async fn address(test: &TestDatabase, user: Uuid, label: &str, phone: &str) {
    sql(test, &format!("INSERT INTO addresses (user_id, label, first_name, last_name, phone, address, city) VALUES ('{user}', '{label}', 'A', 'B', '{phone}', 'Rue 1', 'Dakar')")).await;
}

/// An order whose delivery phone is stored as `phone`, as orders placed before E.164 were.
async fn order(test: &TestDatabase, user: Uuid, number: &str, phone: &str) {
    let tee = tshirt(test, &format!("T-shirt {number}"), 10_000, &[("noir", "M", 5)]).await;
    let new = NewOrder {
        order_number: number.into(),
        user_id: user,
        lines: vec![line(&tee, 1)],
        subtotal: Money::francs(10_000),
        shipping_cost: Money::ZERO,
        discount: Money::ZERO,
        total: Money::francs(10_000),
        shipping: ShippingInfo { first_name: "Awa".into(), phone: phone.into(), ..ShippingInfo::default() },
        shipping_method: ShippingMethod::Pickup,
        payment_method: PaymentMethod::CashOnDelivery,
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
        at: Utc::now(),
    };
    PgOrderRepository::new(test.database.clone()).place(new, first, None).await.unwrap();
}

/// As a database migrated before E.164: the step still to run.
async fn step_pending(test: &TestDatabase) {
    sql(test, "UPDATE data_steps SET done_at = NULL WHERE name = 'phones_e164'").await;
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected.iter().map(|(key, phone)| ((*key).to_owned(), (*phone).to_owned())).collect()
}

#[tokio::test]
async fn migrating_rewrites_the_stored_phones_that_read_as_numbers_and_leaves_the_others() {
    let test = TestDatabase::new().await;
    let awa = user(&test, "awa@example.sn", "77 123 45 67").await;
    user(&test, "moussa@example.sn", "+221 76-123-45-67").await;
    user(&test, "claire@example.fr", "+33 6 12 34 56 78").await;
    user(&test, "junk@example.sn", "abc").await;
    user(&test, "none@example.sn", "").await;
    address(&test, awa, "dots", "77.123.45.67").await;
    address(&test, awa, "short", "12").await;
    address(&test, awa, "done", "+221771234567").await;
    order(&test, awa, "ORD-0000000001", "00221 33 821 23 45").await;
    order(&test, awa, "ORD-0000000002", "appeler Awa").await;
    step_pending(&test).await;

    assert_eq!(run_migrations(&test.url).await.unwrap(), ["data step phones_e164"]);

    assert_eq!(
        phones(&test, "SELECT email AS key, phone FROM users ORDER BY email").await,
        pairs(&[
            ("awa@example.sn", "+221771234567"),
            ("claire@example.fr", "+33612345678"),
            ("junk@example.sn", "abc"),
            ("moussa@example.sn", "+221761234567"),
            ("none@example.sn", ""),
        ])
    );
    assert_eq!(
        phones(&test, "SELECT label AS key, phone FROM addresses ORDER BY label").await,
        pairs(&[("done", "+221771234567"), ("dots", "+221771234567"), ("short", "12")])
    );
    assert_eq!(
        phones(&test, "SELECT order_number AS key, shipping_phone AS phone FROM orders ORDER BY order_number").await,
        pairs(&[("ORD-0000000001", "+221338212345"), ("ORD-0000000002", "appeler Awa")])
    );
}

#[tokio::test]
async fn the_rewrite_runs_once() {
    let test = TestDatabase::new().await;
    assert_eq!(run_migrations(&test.url).await.unwrap(), Vec::<String>::new(), "the template ran it already");
    step_pending(&test).await;
    user(&test, "awa@example.sn", "77 123 45 67").await;
    run_migrations(&test.url).await.unwrap();
    user(&test, "moussa@example.sn", "76 123 45 67").await;
    assert_eq!(run_migrations(&test.url).await.unwrap(), Vec::<String>::new());
    assert_eq!(
        phones(&test, "SELECT email AS key, phone FROM users ORDER BY email").await,
        pairs(&[("awa@example.sn", "+221771234567"), ("moussa@example.sn", "76 123 45 67")])
    );
}

#[tokio::test]
async fn the_back_office_finds_a_stored_phone_however_it_is_typed() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    assert_eq!(awa.phone, Phone::parse("77 123 45 67").unwrap().as_str());
    user(&test, "moussa@example.sn", "+221761234567").await;
    order(&test, awa.id, "ORD-0000000001", "+221771234567").await;
    order(&test, awa.id, "ORD-0000000002", "+221761234567").await;
    let users = PgUserRepository::new(test.database.clone());
    let orders = PgOrderRepository::new(test.database.clone());
    for typed in ["77 123 45 67", "771234567", "+221771234567", "77.123.45.67"] {
        let search = Some(typed.to_owned());
        let filter = UserListQuery { search: search.clone(), ..UserListQuery::default() }.into_filter().unwrap();
        let found: Vec<String> =
            users.list(&filter).await.unwrap().items.into_iter().map(|u| u.email.unwrap().into_inner()).collect();
        assert_eq!(found, ["awa@example.sn"], "{typed}");
        let filter = AdminOrderQuery { search, ..AdminOrderQuery::default() }.into_filter().unwrap();
        let found: Vec<String> =
            orders.list(&filter).await.unwrap().items.into_iter().map(|o| o.order_number).collect();
        assert_eq!(found, ["ORD-0000000001"], "{typed}");
    }
}
