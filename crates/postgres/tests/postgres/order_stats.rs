//! The dashboard's figures against a known set of orders, at a fixed moment.

use bitik_catalog::Product;
use bitik_common::Money;
use bitik_orders::{
    NewOrder, OrderLine, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo, ShippingMethod, StatusChange,
};
use bitik_postgres::PgOrderRepository;
use bitik_postgres::testing::TestDatabase;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::fixtures::{customer, tshirt};

/// Sunday 15 March 2026, 10:00 in Dakar (UTC all year).
fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 15, 10, 0, 0).unwrap()
}

fn at(month: u32, day: u32, hour: u32, minute: u32, second: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, month, day, hour, minute, second).unwrap()
}

struct Shop {
    test: TestDatabase,
    orders: PgOrderRepository,
    user: Uuid,
}

impl Shop {
    /// Places an order of `quantity` × `product` (plus 1 000 of delivery) at `when`, then gives it
    /// `status` and, when `paid`, a recorded payment.
    async fn order(&self, product: &Product, quantity: u32, when: DateTime<Utc>, status: &str, paid: bool) {
        let line = OrderLine {
            product_id: product.id,
            name: product.name.clone(),
            image: String::new(),
            color: "noir".into(),
            size: "M".into(),
            quantity,
            unit_price: product.price,
        };
        let subtotal = line.total().unwrap();
        let order = NewOrder {
            order_number: format!("ORD-{:010}", Uuid::new_v4().as_u128() % 10_000_000_000),
            user_id: self.user,
            lines: vec![line],
            subtotal,
            shipping_cost: Money::francs(1_000),
            discount: Money::ZERO,
            total: subtotal.plus(Money::francs(1_000)).unwrap(),
            shipping: ShippingInfo { first_name: "Awa".into(), last_name: "Diop".into(), ..ShippingInfo::default() },
            shipping_method: ShippingMethod::Standard,
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
            at: when,
        };
        let placed = self.orders.place(order, first, None).await.unwrap();
        let payment = if paid { "payment_status = 'paid', paid_at = created_at" } else { "payment_status = 'pending'" };
        let sql = format!("UPDATE orders SET status = '{status}', {payment} WHERE id = '{}'", placed.id);
        let mut conn = self.test.database.conn().await.unwrap();
        diesel::sql_query(sql).execute(&mut conn).await.unwrap();
    }
}

async fn shop() -> (Shop, Product, Product, Product) {
    let test = TestDatabase::new().await;
    let user = customer(&test, "awa@example.sn").await.id;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 50)]).await;
    let pull = tshirt(&test, "Pull Harmattan", 20_000, &[("noir", "M", 50)]).await;
    let chain = tshirt(&test, "Chaîne Cubaine", 15_000, &[("noir", "M", 50)]).await;
    let orders = PgOrderRepository::new(test.database.clone());
    (Shop { test, orders, user }, tee, pull, chain)
}

/// Totals are 10 000 × quantity + 1 000 for the t-shirt.
async fn known_orders(shop: &Shop, tee: &Product, pull: &Product, chain: &Product) {
    // Today.
    shop.order(tee, 1, at(3, 15, 8, 0, 0), "pending", false).await; // counts, no revenue
    shop.order(tee, 2, at(3, 15, 9, 0, 0), "processing", true).await; // 21 000
    shop.order(tee, 1, at(3, 15, 9, 30, 0), "cancelled", false).await; // never counts
    shop.order(tee, 1, at(3, 15, 11, 0, 0), "delivered", false).await; // after "now"
    // Yesterday, a second before midnight: delivered cash not yet recorded is revenue.
    shop.order(tee, 3, at(3, 14, 23, 59, 59), "delivered", false).await; // 31 000
    // This month.
    shop.order(tee, 1, at(3, 1, 0, 0, 0), "processing", true).await; // 11 000
    shop.order(pull, 2, at(3, 10, 12, 0, 0), "pending", false).await;
    shop.order(chain, 2, at(3, 10, 13, 0, 0), "pending", false).await;
    // Last month: 1 February → 15 February 10:00 is the stretch compared.
    shop.order(tee, 1, at(2, 28, 23, 59, 0), "processing", true).await; // past the stretch
    shop.order(tee, 4, at(2, 15, 9, 59, 0), "shipped", true).await; // 41 000
    shop.order(tee, 1, at(2, 15, 10, 0, 0), "processing", true).await; // the stretch's end, excluded
    shop.order(tee, 1, at(2, 1, 0, 0, 0), "delivered", false).await; // 11 000
    shop.order(tee, 1, at(1, 31, 23, 59, 0), "processing", true).await; // January
}

#[tokio::test]
async fn figures_follow_the_rules_of_days_months_and_revenue() {
    let (shop, tee, pull, chain) = shop().await;
    known_orders(&shop, &tee, &pull, &chain).await;
    let figures = shop.orders.figures(now()).await.unwrap();
    assert_eq!((figures.today_orders, figures.yesterday_orders), (2, 1));
    assert_eq!((figures.today_revenue, figures.yesterday_revenue), (Money::francs(21_000), Money::francs(31_000)));
    assert_eq!(figures.pending_orders, 3);
    assert_eq!((figures.month_orders, figures.month_revenue), (6, Money::francs(63_000)));
    assert_eq!((figures.previous_month_orders, figures.previous_month_revenue), (2, Money::francs(52_000)));
}

#[tokio::test]
async fn an_empty_shop_has_zeros_everywhere() {
    let (shop, ..) = shop().await;
    let figures = shop.orders.figures(now()).await.unwrap();
    assert_eq!(figures, bitik_orders::OrderFigures::default());
    assert!(shop.orders.top_products(now(), 30, 5).await.unwrap().is_empty());
    let days = shop.orders.sales_by_day(now(), 30).await.unwrap();
    assert_eq!(days.len(), 30);
    assert!(days.iter().all(|d| d.orders == 0 && d.revenue == Money::ZERO));
}

#[tokio::test]
async fn best_sellers_count_units_of_orders_that_count_over_thirty_days() {
    let (shop, tee, pull, chain) = shop().await;
    known_orders(&shop, &tee, &pull, &chain).await;
    let top = shop.orders.top_products(now(), 30, 5).await.unwrap();
    let summary: Vec<(&str, u64, i64)> =
        top.iter().map(|p| (p.name.as_str(), p.units_sold, p.sales_amount.as_francs())).collect();
    // From 14 February: t-shirts 1 + 2 + 3 + 1 + 1 + 4 + 1; the cancelled and the later one are out.
    assert_eq!(
        summary,
        vec![("T-shirt Teranga", 13, 130_000), ("Pull Harmattan", 2, 40_000), ("Chaîne Cubaine", 2, 30_000)]
    );
    assert_eq!(top[0].slug, "t-shirt-teranga");
    assert!(top[0].active && top[0].image.is_none());
    assert_eq!(shop.orders.top_products(now(), 30, 1).await.unwrap().len(), 1);
}

#[tokio::test]
async fn sales_by_day_cover_thirty_days_ending_today() {
    let (shop, tee, pull, chain) = shop().await;
    known_orders(&shop, &tee, &pull, &chain).await;
    let days = shop.orders.sales_by_day(now(), 30).await.unwrap();
    assert_eq!(days.len(), 30);
    let date = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
    assert_eq!((days[0].date, days[29].date), (date(2, 14), date(3, 15)));
    let day = |m, d| {
        let entry = days.iter().find(|e| e.date == date(m, d)).unwrap();
        (entry.orders, entry.revenue.as_francs())
    };
    assert_eq!(day(3, 15), (2, 21_000));
    assert_eq!(day(3, 14), (1, 31_000));
    assert_eq!(day(3, 10), (2, 0));
    assert_eq!(day(3, 1), (1, 11_000));
    assert_eq!(day(2, 28), (1, 11_000));
    assert_eq!(day(2, 15), (2, 52_000));
    assert_eq!(day(2, 20), (0, 0));
    let total: i64 = days.iter().map(|d| d.revenue.as_francs()).sum();
    assert_eq!(total, 21_000 + 31_000 + 11_000 + 11_000 + 52_000);
}
