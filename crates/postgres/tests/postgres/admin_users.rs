//! The back office's accounts in PostgreSQL: the list's filters, changes, deletion, counts.

use bitik_common::{Email, PageRequest, Phone, PostalAddress};
use bitik_identity::ports::{InsertUserError, UserRepository};
use bitik_identity::{NewUser, Role, User, UserChanges, UserFilter, UserListQuery, UserRemoval, UserStats};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOrderRepository, PgUserRepository};
use chrono::{TimeZone, Utc};
use diesel_async::RunQueryDsl;

use crate::fixtures::tshirt;

struct Accounts {
    test: TestDatabase,
    users: PgUserRepository,
}

impl Accounts {
    async fn new() -> Accounts {
        let test = TestDatabase::new().await;
        let users = PgUserRepository::new(test.database.clone());
        Accounts { test, users }
    }

    async fn add(&self, email: &str, first: &str, last: &str, phone: &str, role: Role) -> User {
        let new = NewUser {
            email: Some(Email::parse(email).unwrap()),
            password_hash: Some("$argon2id$fake".into()),
            first_name: first.into(),
            last_name: last.into(),
            phone: Phone::parse(phone).ok(),
            role,
            login_phone: None,
        };
        self.users.insert(new).await.unwrap()
    }

    async fn sql(&self, sql: &str) {
        let mut conn = self.test.database.conn().await.unwrap();
        diesel::sql_query(sql).execute(&mut conn).await.unwrap();
    }

    /// E-mails of the listed accounts, in order.
    async fn emails(&self, pairs: &[(&str, &str)]) -> Vec<String> {
        let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| (*v).to_owned());
        let query = UserListQuery {
            page: get("page"),
            limit: get("limit"),
            search: get("search"),
            role: get("role"),
            status: get("status"),
        };
        let page = self.users.list(&query.into_filter().unwrap()).await.unwrap();
        page.items.into_iter().map(|u| u.email.unwrap().into_inner()).collect()
    }
}

#[tokio::test]
async fn the_users_list_searches_names_emails_and_phones_newest_first() {
    let shop = Accounts::new().await;
    shop.add("awa@example.sn", "Awa", "Diop", "77 123 45 67", Role::Customer).await;
    shop.add("moussa@example.sn", "Moussa", "Sène", "+221 70-999-88-77", Role::Customer).await;
    let chef = shop.add("chef@bitik.sn", "Mariama", "Sow", "", Role::Admin).await;
    shop.sql("UPDATE users SET active = false WHERE email = 'moussa@example.sn'").await;
    assert_eq!(shop.emails(&[]).await, ["chef@bitik.sn", "moussa@example.sn", "awa@example.sn"]);
    assert_eq!(shop.emails(&[("search", "sene moussa")]).await, ["moussa@example.sn"]);
    assert_eq!(shop.emails(&[("search", "SÈNE")]).await, ["moussa@example.sn"]);
    assert_eq!(shop.emails(&[("search", "7099988")]).await, ["moussa@example.sn"], "phone digits");
    assert_eq!(shop.emails(&[("search", "771234567")]).await, ["awa@example.sn"]);
    assert_eq!(shop.emails(&[("search", "bitik.sn")]).await, ["chef@bitik.sn"], "the e-mail");
    assert_eq!(shop.emails(&[("search", "100%")]).await, Vec::<String>::new(), "wildcards are literal");
    assert_eq!(shop.emails(&[("role", "admin")]).await, ["chef@bitik.sn"]);
    assert_eq!(shop.emails(&[("status", "inactive")]).await, ["moussa@example.sn"]);
    assert_eq!(shop.emails(&[("role", "customer"), ("status", "active")]).await, ["awa@example.sn"]);
    let filter =
        UserFilter { page: PageRequest::new(2, 2, 100), search: None, phone_digits: None, role: None, active: None };
    let second = shop.users.list(&filter).await.unwrap();
    assert_eq!((second.total_items, second.items.len()), (3, 1));
    assert_eq!(second.items[0].email.as_ref().unwrap().as_str(), "awa@example.sn");
    assert!(chef.password_reset_requested_at.is_none());
}

#[tokio::test]
async fn an_admin_change_writes_only_what_it_names() {
    let shop = Accounts::new().await;
    let awa = shop.add("awa@example.sn", "Awa", "Diop", "77 123 45 67", Role::Customer).await;
    shop.add("moussa@example.sn", "Moussa", "Sène", "70 999 88 77", Role::Customer).await;
    let changes = UserChanges { city: Some("Thiès".into()), role: Some(Role::Admin), ..UserChanges::default() };
    let changed = shop.users.update(awa.id, changes).await.unwrap().unwrap();
    assert_eq!((changed.city.as_str(), changed.role, changed.first_name.as_str()), ("Thiès", Role::Admin, "Awa"));
    assert_eq!(changed.token_version, awa.token_version, "no session ended");
    let taken = UserChanges { email: Some(Email::parse("moussa@example.sn").unwrap()), ..UserChanges::default() };
    assert!(matches!(shop.users.update(awa.id, taken).await, Err(InsertUserError::Duplicate)));
    let missing = shop.users.update(uuid::Uuid::new_v4(), UserChanges::default()).await.unwrap();
    assert!(missing.is_none());
}

#[tokio::test]
async fn a_new_password_or_a_deactivation_ends_sessions_and_answers_a_reset_request() {
    let shop = Accounts::new().await;
    let awa = shop.add("awa@example.sn", "Awa", "Diop", "77 123 45 67", Role::Customer).await;
    shop.users.record_reset_request(awa.email.as_ref().unwrap()).await.unwrap();
    let (asked, _) = shop.users.find_by_id(awa.id).await.unwrap().unwrap();
    assert!(asked.password_reset_requested_at.is_some(), "support sees the request");
    let changes =
        UserChanges { password_hash: Some("$argon2id$new".into()), end_sessions: true, ..UserChanges::default() };
    let changed = shop.users.update(awa.id, changes).await.unwrap().unwrap();
    assert_eq!(changed.token_version, awa.token_version + 1);
    assert!(changed.password_reset_requested_at.is_none(), "the request is answered");
    let (_, hash) = shop.users.find_by_id(awa.id).await.unwrap().unwrap();
    assert_eq!(hash.as_deref(), Some("$argon2id$new"));
    let off = UserChanges { active: Some(false), end_sessions: true, ..UserChanges::default() };
    let off = shop.users.update(awa.id, off).await.unwrap().unwrap();
    assert_eq!((off.active, off.token_version), (false, awa.token_version + 2));
}

#[tokio::test]
async fn a_customer_without_orders_is_deleted_one_with_orders_deactivated() {
    use bitik_identity::ports::AddressRepository;
    use bitik_orders::OrderRepository;
    let shop = Accounts::new().await;
    let awa = shop.add("awa@example.sn", "Awa", "Diop", "77 123 45 67", Role::Customer).await;
    let moussa = shop.add("moussa@example.sn", "Moussa", "Sène", "70 999 88 77", Role::Customer).await;
    let addresses = bitik_postgres::PgAddressRepository::new(shop.test.database.clone());
    let input = bitik_identity::AddressEntry {
        label: String::new(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: Phone::parse("77 123 45 67").unwrap(),
        address: PostalAddress {
            address: "Unité 15".into(),
            city: "Dakar".into(),
            zip_code: String::new(),
            country: "Sénégal".into(),
        },
        commune: "parcelles-assainies".into(),
        landmark: "Près du terminus".into(),
        is_default: false,
    };
    addresses.create(awa.id, input, 20).await.unwrap().unwrap();
    let tee = tshirt(&shop.test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let orders = PgOrderRepository::new(shop.test.database.clone());
    let line = bitik_orders::OrderLine {
        product_id: tee.id,
        name: tee.name.clone(),
        image: String::new(),
        color: "noir".into(),
        size: "M".into(),
        quantity: 1,
        unit_price: tee.price,
    };
    let order = bitik_orders::NewOrder {
        order_number: "ORD-0000000001".into(),
        user_id: moussa.id,
        lines: vec![line],
        subtotal: tee.price,
        shipping_cost: bitik_common::Money::ZERO,
        discount: bitik_common::Money::ZERO,
        total: tee.price,
        shipping: bitik_orders::ShippingInfo::default(),
        shipping_method: bitik_orders::ShippingMethod::Pickup,
        payment_method: bitik_orders::PaymentMethod::CashOnDelivery,
        idempotency_key: None,
        from_cart: true,
        promo: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    };
    let first = bitik_orders::StatusChange {
        status: bitik_orders::OrderStatus::Pending,
        note: String::new(),
        by: "Client".into(),
        by_user: Some(moussa.id),
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: Utc::now(),
    };
    orders.place(order, first, None).await.unwrap();
    assert_eq!(shop.users.delete(awa.id).await.unwrap(), UserRemoval::Deleted);
    assert!(shop.users.find_by_id(awa.id).await.unwrap().is_none());
    assert!(addresses.list(awa.id).await.unwrap().is_empty(), "the address book went with the account");
    assert_eq!(shop.users.delete(moussa.id).await.unwrap(), UserRemoval::Deactivated);
    let (kept, _) = shop.users.find_by_id(moussa.id).await.unwrap().unwrap();
    assert_eq!((kept.active, kept.token_version), (false, moussa.token_version + 1));
    assert_eq!(shop.users.delete(awa.id).await.unwrap(), UserRemoval::NotFound);
}

#[tokio::test]
async fn account_counts_compare_this_month_with_the_same_stretch_of_the_last() {
    let shop = Accounts::new().await;
    // Sunday 15 March 2026, 10:00 in Dakar; last month's stretch is 1 → 15 February 10:00.
    let now = Utc.with_ymd_and_hms(2026, 3, 15, 10, 0, 0).unwrap();
    for (email, role, created) in [
        ("a@example.sn", Role::Customer, "2026-03-15 09:00"),
        ("b@example.sn", Role::Customer, "2026-03-01 00:00"),
        ("c@example.sn", Role::Admin, "2026-03-02 12:00"),
        ("d@example.sn", Role::Customer, "2026-02-15 09:59"),
        ("e@example.sn", Role::Customer, "2026-02-15 10:00"),
        ("f@example.sn", Role::Customer, "2026-01-20 08:00"),
        ("g@example.sn", Role::Customer, "2026-03-15 11:00"),
    ] {
        shop.add(email, "Awa", "Diop", "", role).await;
        shop.sql(&format!("UPDATE users SET created_at = '{created}+00' WHERE email = '{email}'")).await;
    }
    let stats = shop.users.stats(now).await.unwrap();
    assert_eq!(stats, UserStats { total: 6, customers: 5, new_this_month: 3, new_previous_month: 1 });
    let empty = Accounts::new().await;
    assert_eq!(empty.users.stats(now).await.unwrap(), UserStats::default());
}

#[tokio::test]
async fn the_last_active_administrator_stays_one_even_when_two_owners_step_down_at_once() {
    let accounts = Accounts::new().await;
    let first = accounts.add("awa@bitik.sn", "Awa", "Diop", "77 100 00 01", Role::Admin).await;
    let second = accounts.add("moussa@bitik.sn", "Moussa", "Fall", "77 100 00 02", Role::Admin).await;
    let step_down = |role| UserChanges { role: Some(role), ..UserChanges::default() };
    // Two owners demote themselves at the same moment: one of them remains.
    let (a, b) = tokio::join!(
        accounts.users.update(first.id, step_down(Role::Manager)),
        accounts.users.update(second.id, step_down(Role::Seller)),
    );
    let refused = [&a, &b].iter().filter(|r| matches!(r, Err(InsertUserError::LastAdmin))).count();
    assert_eq!(refused, 1, "{a:?} / {b:?}");
    let last = if a.is_ok() { second.id } else { first.id };
    let off = UserChanges { active: Some(false), ..UserChanges::default() };
    assert!(matches!(accounts.users.update(last, off).await, Err(InsertUserError::LastAdmin)));
    // Nothing was written by a refusal.
    let (kept, _) = accounts.users.find_by_id(last).await.unwrap().unwrap();
    assert_eq!((kept.role, kept.active), (Role::Admin, true));
    // With a new administrator, the old one may step down.
    let third = accounts.add("fatou@bitik.sn", "Fatou", "Sow", "77 100 00 03", Role::Admin).await;
    assert_eq!(accounts.users.update(last, step_down(Role::Manager)).await.unwrap().unwrap().role, Role::Manager);
    // Other changes of the last one go through.
    let renamed = UserChanges { first_name: Some("Fatou-Binta".into()), ..UserChanges::default() };
    assert!(accounts.users.update(third.id, renamed).await.unwrap().is_some());
}

#[tokio::test]
async fn the_team_s_roles_are_stored_and_read_back() {
    let accounts = Accounts::new().await;
    for (i, role) in [Role::Manager, Role::Seller, Role::Courier].into_iter().enumerate() {
        let user = accounts.add(&format!("equipe{i}@bitik.sn"), "Aïda", "Ba", "77 100 00 09", role).await;
        assert_eq!(accounts.users.find_by_id(user.id).await.unwrap().unwrap().0.role, role);
    }
    assert_eq!(accounts.emails(&[("role", "seller")]).await, ["equipe1@bitik.sn"]);
}
