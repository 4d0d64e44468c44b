//! `bitik seed --demo-orders`: a month of orders by the demo customers, priced, stocked and dated
//! by the shop's rules, placed once, and the dashboard they fill.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use bitik_catalog::{CatalogService, ProductRepository, Slug};
use bitik_demo::accounts::{
    DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, seed_demo_accounts,
};
use bitik_demo::catalog::{SeedProduct, demo_catalogue};
use bitik_demo::orders::{DEMO_CUSTOMERS, DemoOrdersReport, HISTORY_DAYS, seed_demo_orders};
use bitik_identity::password::Argon2Hasher;
use bitik_identity::{AccountService, TokenService};
use bitik_postgres::{PgAddressRepository, PgProductRepository, PgUserRepository};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, spawn_app};

/// (product id, colour, size) → units.
type Stock = BTreeMap<(String, String, String), i64>;

/// The demo shop as `bitik seed` leaves it, its catalogue without pictures (drawing them is the
/// catalogue seed's own test).
async fn seeded_shop(app: &TestApp) -> AccountService {
    let database = &app.database.database;
    let accounts = AccountService::new(
        Arc::new(PgUserRepository::new(database.clone())),
        Arc::new(PgAddressRepository::new(database.clone())),
        Arc::new(Argon2Hasher::for_this_machine()),
        TokenService::new(b"the demo orders' test", std::time::Duration::from_secs(3600)),
    );
    seed_demo_accounts(&accounts).await.unwrap();
    let catalog = CatalogService::new(Arc::new(PgProductRepository::new(database.clone())));
    for product in demo_catalogue().unwrap() {
        catalog.create(product.form(), Some(Utc::now() - Duration::days(product.days_ago))).await.unwrap();
    }
    app.catalog_cache.changed();
    accounts
}

async fn seed(app: &TestApp, accounts: &AccountService) -> DemoOrdersReport {
    seed_demo_orders(accounts, &app.database.database, "Bitik Dakar", Utc::now()).await.unwrap()
}

/// The demo catalogue's entries by the id their product got in the shop.
async fn catalogue(app: &TestApp) -> HashMap<String, SeedProduct> {
    let products = PgProductRepository::new(app.database.database.clone());
    let mut by_id = HashMap::new();
    for entry in demo_catalogue().unwrap() {
        let product = products.find_by_slug(&Slug::from_name(&entry.name)).await.unwrap().unwrap();
        by_id.insert(product.id.to_string(), entry);
    }
    by_id
}

fn stock_of_catalogue(catalogue: &HashMap<String, SeedProduct>) -> Stock {
    let mut stock = Stock::new();
    for (id, entry) in catalogue {
        for (color, sizes) in &entry.stock {
            for (size, units) in sizes {
                stock.insert((id.clone(), color.clone(), size.clone()), *units);
            }
        }
    }
    stock
}

async fn stock_in_shop(app: &TestApp, catalogue: &HashMap<String, SeedProduct>) -> Stock {
    let products = PgProductRepository::new(app.database.database.clone());
    let mut stock = Stock::new();
    for entry in catalogue.values() {
        let product = products.find_by_slug(&Slug::from_name(&entry.name)).await.unwrap().unwrap();
        for (color, size, units) in product.stock.variants() {
            stock.insert((product.id.to_string(), color.to_string(), size.to_string()), i64::from(units));
        }
    }
    stock
}

async fn token(app: &TestApp, email: &str, password: &str) -> String {
    let body: Value = app.login(email, password).await.json().await.unwrap();
    body["data"]["token"].as_str().unwrap().to_owned()
}

async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    let response = app.send(Method::GET, path, Some(token), None).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

/// Every order of the shop, through the back office's list.
async fn all_orders(app: &TestApp, admin: &str) -> Vec<Value> {
    let mut orders = Vec::new();
    for page in 1.. {
        let body = get(app, &format!("/api/admin/orders?limit=100&page={page}"), admin).await;
        orders.extend(body["data"].as_array().unwrap().iter().cloned());
        if page >= body["pagination"]["totalPages"].as_u64().unwrap() {
            break;
        }
    }
    orders
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a string: {value}"))
}

fn moment(value: &Value) -> DateTime<Utc> {
    text(value).parse().unwrap()
}

fn paid(order: &Value) -> bool {
    order["paymentInfo"]["status"] == "paid"
}

/// An order the dashboard counts: not cancelled, not refused at the door.
fn counted(order: &Value) -> bool {
    order["status"] != "cancelled" && order["status"] != "refused"
}

/// Revenue by the dashboard's rule: counted, and paid or delivered.
fn earned(order: &Value) -> bool {
    counted(order) && (paid(order) || order["status"] == "delivered")
}

fn covers_a_month(orders: &[Value], now: DateTime<Utc>) {
    // Dakar keeps UTC all year round: a UTC date is a Dakar day.
    let days: BTreeSet<NaiveDate> = orders.iter().map(|o| moment(&o["createdAt"]).date_naive()).collect();
    let today = now.date_naive();
    assert!(*days.first().unwrap() >= today - Duration::days(29), "{days:?}");
    assert!(*days.last().unwrap() >= today - Duration::days(1), "{days:?}");
    assert!(days.len() >= 28, "orders on {} days only", days.len());
    let statuses: BTreeSet<&str> = orders.iter().map(|o| text(&o["status"])).collect();
    assert_eq!(statuses, BTreeSet::from(["cancelled", "delivered", "pending", "processing", "refused", "shipped"]));
    let kinds: BTreeSet<(&str, bool)> = orders.iter().map(|o| (text(&o["paymentMethod"]), paid(o))).collect();
    let all_kinds = [("cash_on_delivery", false), ("cash_on_delivery", true), ("wave", false), ("wave", true)];
    assert_eq!(kinds, BTreeSet::from(all_kinds), "both ways of paying, paid and not yet");
    let emails: BTreeSet<&str> = orders.iter().map(|o| text(&o["shippingInfo"]["email"])).collect();
    let demo: BTreeSet<&str> = DEMO_CUSTOMERS.iter().map(|c| c.email).collect();
    assert!(emails.is_subset(&demo) && emails.len() >= 10, "{emails:?}");
}

/// The fee of the order by its zone as `GET /api/delivery/zones` lists it: pickup free, standard
/// free from the zone's threshold, express at its own fee.
fn zone_fee(order: &Value, subtotal: i64, zones: &Value) -> i64 {
    let method = text(&order["shippingMethod"]);
    if method == "pickup" {
        assert_eq!(order["shippingInfo"]["commune"], "", "{}", order["orderNumber"]);
        return 0;
    }
    let code = text(&order["shippingInfo"]["zone"]);
    let zone = zones.as_array().unwrap().iter().find(|z| z["code"] == code).unwrap_or_else(|| panic!("{order}"));
    match method {
        "express" => zone["expressFee"].as_i64().unwrap(),
        _ if zone["freeFrom"].as_i64().is_some_and(|from| subtotal >= from) => 0,
        _ => zone["fee"].as_i64().unwrap(),
    }
}

/// Delivered orders name the customer's commune and landmark, as they would at checkout.
fn delivered_to_communes(orders: &[Value]) {
    for order in orders.iter().filter(|o| o["shippingMethod"] != "pickup") {
        let customer = DEMO_CUSTOMERS.iter().find(|c| c.email == text(&order["shippingInfo"]["email"])).unwrap();
        let shipping = &order["shippingInfo"];
        assert_eq!((text(&shipping["commune"]), text(&shipping["landmark"])), (customer.commune, customer.landmark));
        assert!(!text(&shipping["communeName"]).is_empty() && !text(&shipping["zoneName"]).is_empty(), "{order}");
    }
}

fn priced_by_the_catalogue(orders: &[Value], catalogue: &HashMap<String, SeedProduct>, zones: &Value) {
    for order in orders {
        let mut subtotal = 0;
        for item in order["items"].as_array().unwrap() {
            let entry = &catalogue[text(&item["productId"])];
            let price = match entry.promo_price {
                Some(promo) if entry.on_promotion => promo,
                _ => entry.price,
            };
            assert_eq!((text(&item["name"]), item["price"].as_i64()), (entry.name.as_str(), Some(price)), "{order}");
            subtotal += price * item["quantity"].as_i64().unwrap();
        }
        let fee = zone_fee(order, subtotal, zones);
        let figures = ["subtotal", "shippingCost", "discount", "total"].map(|f| order[f].as_i64().unwrap());
        assert_eq!(figures, [subtotal, fee, 0, subtotal + fee], "{}", order["orderNumber"]);
    }
}

fn histories_are_told(orders: &[Value], now: DateTime<Utc>) {
    for order in orders {
        let number = text(&order["orderNumber"]);
        let history = order["statusHistory"].as_array().unwrap();
        let first = &history[0];
        assert_eq!(
            (text(&first["status"]), text(&first["by"]), text(&first["note"])),
            ("pending", "Client", "Commande créée")
        );
        assert_eq!(moment(&first["date"]), moment(&order["createdAt"]), "{number}");
        let dates: Vec<DateTime<Utc>> = history.iter().map(|h| moment(&h["date"])).collect();
        assert!(dates.is_sorted() && dates.last().unwrap() <= &now, "{number}: {dates:?}");
        assert_eq!(history.last().unwrap()["status"], order["status"], "{number}");
        for entry in &history[1..] {
            assert!(["Admin Mariama Sow", "Client", "Wave", "Système"].contains(&text(&entry["by"])), "{entry}");
        }
        let payment =
            history.iter().find(|h| text(&h["note"]).starts_with("Paiement") && !text(&h["note"]).contains("non reçu"));
        let paid_at = order["paymentInfo"]["paidAt"].as_str().map(|at| at.parse::<DateTime<Utc>>().unwrap());
        assert_eq!(paid_at, payment.map(|p| moment(&p["date"])), "{number}: paid when its history says");
        assert_eq!(paid(order), paid_at.is_some(), "{number}");
        let status = text(&order["status"]);
        match (text(&order["paymentMethod"]), paid(order)) {
            ("wave", true) => assert!(["processing", "shipped", "delivered"].contains(&status), "{number}"),
            ("wave", false) => assert!(status == "cancelled" && history[1]["by"] == "Système", "{number}"),
            (_, true) => assert_eq!(status, "delivered", "{number}: cash is paid at the door"),
            // The courier brings the cash back after the round: a parcel delivered in the last day
            // may still wait for its cash to be recorded, an older one never.
            (_, false) if status == "delivered" => {
                let delivered = moment(&history.last().unwrap()["date"]);
                assert!(now - delivered < chrono::Duration::hours(24), "{number}: delivered, its cash never recorded");
            }
            (_, false) => {}
        }
        let confirmation = order["confirmation"].as_str();
        match (text(&order["paymentMethod"]), status) {
            ("wave", _) => assert_eq!(confirmation, None, "{number}"),
            (_, "pending") => assert_eq!(confirmation, Some("awaiting"), "{number}: still to call"),
            (_, "cancelled") => {}
            _ => assert_eq!(confirmation, Some("confirmed"), "{number}: confirmed before it was prepared"),
        }
    }
}

/// What the catalogue held = what is left + what the orders that stand took, for every variant.
fn stock_adds_up(initial: &Stock, left: &Stock, orders: &[Value]) {
    let mut sold = Stock::new();
    for order in orders.iter().filter(|o| o["status"] != "cancelled") {
        for item in order["items"].as_array().unwrap() {
            let variant =
                (text(&item["productId"]).to_owned(), text(&item["color"]).to_owned(), text(&item["size"]).to_owned());
            *sold.entry(variant).or_default() += item["quantity"].as_i64().unwrap();
        }
    }
    let variants: BTreeSet<_> = initial.keys().chain(left.keys()).chain(sold.keys()).collect();
    for variant in variants {
        let [was, is, gone] = [initial, left, &sold].map(|s| s.get(variant).copied().unwrap_or_default());
        assert!(is >= 0, "{variant:?} below zero");
        assert_eq!(was, is + gone, "{variant:?}");
    }
    assert!(sold.values().sum::<i64>() > 100, "the month sold something");
}

#[tokio::test]
async fn a_month_of_demo_orders_follows_the_shops_rules_and_is_placed_once() {
    let app = spawn_app().await;
    let accounts = seeded_shop(&app).await;
    let catalogue = catalogue(&app).await;
    let initial = stock_in_shop(&app, &catalogue).await;
    assert_eq!(initial, stock_of_catalogue(&catalogue), "the catalogue as catalog.json has it");

    let report = seed(&app, &accounts).await;
    assert!(report.created >= 100 && report.accounts_opened == 12 && !report.already_there, "{report:?}");
    let now = Utc::now();
    let admin = token(&app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await;
    let orders = all_orders(&app, &admin).await;
    assert_eq!(orders.len(), report.created);
    covers_a_month(&orders, now);
    let zones: Value = app.get("/api/delivery/zones").await.json().await.unwrap();
    priced_by_the_catalogue(&orders, &catalogue, &zones["data"]);
    delivered_to_communes(&orders);
    histories_are_told(&orders, now);
    let left = stock_in_shop(&app, &catalogue).await;
    stock_adds_up(&initial, &left, &orders);

    let again = seed(&app, &accounts).await;
    assert_eq!(again, DemoOrdersReport { already_there: true, ..DemoOrdersReport::default() });
    assert_eq!(all_orders(&app, &admin).await, orders, "nothing added, nothing changed");
    assert_eq!(stock_in_shop(&app, &catalogue).await, left);

    let client = token(&app, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD).await;
    let theirs = get(&app, "/api/orders", &client).await;
    assert_eq!(
        (theirs["data"].as_array().map(Vec::len), theirs["pagination"]["totalItems"].as_u64()),
        (Some(0), Some(0))
    );
}

#[tokio::test]
async fn the_dashboard_shows_the_demo_months_revenue_day_by_day_and_every_status() {
    let app = spawn_app().await;
    let accounts = seeded_shop(&app).await;
    seed(&app, &accounts).await;
    let admin = token(&app, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await;
    let orders = all_orders(&app, &admin).await;
    let stats = get(&app, "/api/admin/orders/stats", &admin).await["data"].clone();

    let mut expected: BTreeMap<String, (u64, i64)> = BTreeMap::new();
    for order in orders.iter().filter(|o| counted(o)) {
        let day = expected.entry(moment(&order["createdAt"]).date_naive().to_string()).or_default();
        day.0 += 1;
        day.1 += if earned(order) { order["total"].as_i64().unwrap() } else { 0 };
    }
    let chart: BTreeMap<String, (u64, i64)> = stats["salesByDay"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (text(&d["date"]).to_owned(), (d["orders"].as_u64().unwrap(), d["revenue"].as_i64().unwrap())))
        .collect();
    assert_eq!(chart.len(), 30);
    for (day, figures) in &chart {
        assert_eq!(figures, &expected.get(day).copied().unwrap_or_default(), "{day}");
    }
    assert!(chart.values().filter(|(orders, _)| *orders > 0).count() >= 28, "{chart:?}");
    let revenue: i64 = chart.values().map(|(_, revenue)| revenue).sum();
    assert!(revenue > 1_000_000, "a month of a small shop's sales: {revenue} FCFA");
    assert!(
        !stats["topProducts"].as_array().unwrap().is_empty() && stats["recentOrders"].as_array().unwrap().len() == 5
    );

    for status in ["pending", "processing", "shipped", "delivered", "cancelled", "refused"] {
        let count = orders.iter().filter(|o| o["status"] == status).count() as u64;
        let listed = get(&app, &format!("/api/admin/orders?status={status}"), &admin).await;
        assert_eq!(listed["pagination"]["totalItems"].as_u64(), Some(count), "{status}");
        assert!(count > 0, "no {status} order");
        if status == "pending" {
            assert_eq!(stats["pendingOrders"].as_u64(), Some(count));
        }
    }
}

/// In test mode, the demo shop's Wave payments are sessions of the simulator kept in the
/// database: « Caisse » finds every one of them at « Wave », even after a restart.
#[tokio::test]
async fn the_demo_months_wave_payments_reconcile_in_test_mode_after_a_restart() {
    let app = spawn_app().await;
    let accounts = seeded_shop(&app).await;
    seed(&app, &accounts).await;
    // Another server on the same database: what the first one's simulator would have held in
    // memory is gone; what the database keeps is not.
    let restarted = crate::helpers::spawn_app_with(&[("DATABASE_URL", &app.database.url)]).await;
    let admin = token(&restarted, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD).await;
    let today = Utc::now().date_naive();
    let from = today - Duration::days(HISTORY_DAYS);
    let report = get(&restarted, &format!("/api/admin/reports/payments?from={from}&to={today}"), &admin).await;
    let report = &report["data"];
    let wave = &report["totals"]["wave"];
    assert!(wave["ordersPaid"].as_u64().unwrap() > 10, "{wave}");
    assert_eq!(wave["received"], wave["expected"], "every demo Wave payment is found at Wave: {wave}");
    assert_eq!(wave["unverified"], 0);
    assert_eq!(report["attention"]["waveNotConfirmed"], serde_json::json!([]));
    assert_eq!(report["attention"]["waveNotMarked"], serde_json::json!([]));
    assert_eq!(report["wave"]["simulated"], true);
}
