//! The dashboard's sums over orders, computed by PostgreSQL in the shop's time zone.
//!
//! The rules are those of `bitik_orders::stats`: an order counts unless cancelled or refused at
//! the door; its revenue counts when it also is paid or delivered; days and months are Africa/Dakar's, taken from
//! the `now` the service passes (so tests can fix it). The two predicates below are the only
//! spelling of those rules in SQL.

use bitik_common::BoxError;
use bitik_common::Money;
use bitik_orders::{DaySales, OrderFigures, TopProduct};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Date, Integer, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;

/// The shop's days and months (docs/rules.md#back-office-figures).
pub const SHOP_TIME_ZONE: &str = "Africa/Dakar";

/// An order that counts in the figures.
const COUNTED: &str = "o.status NOT IN ('cancelled', 'refused')";
/// An order whose total is revenue.
pub(crate) const EARNED: &str =
    "o.status NOT IN ('cancelled', 'refused') AND (o.payment_status = 'paid' OR o.status = 'delivered')";

/// `$1` = now, `$2` = time zone. Local midnights and month starts turned back into instants
/// (the users' counts use them too).
pub(crate) const BOUNDS: &str = "
    local AS (
        SELECT $1 AT TIME ZONE $2 AS now_local,
               date_trunc('day', $1 AT TIME ZONE $2) AS day_local,
               date_trunc('month', $1 AT TIME ZONE $2) AS month_local
    ),
    bounds AS (
        SELECT day_local AT TIME ZONE $2 AS today_start,
               (day_local - interval '1 day') AT TIME ZONE $2 AS yesterday_start,
               month_local AT TIME ZONE $2 AS month_start,
               (month_local - interval '1 month') AT TIME ZONE $2 AS previous_month_start,
               -- As long into last month as this month has run so far, never past its end.
               LEAST(month_local - interval '1 month' + (now_local - month_local), month_local)
                   AT TIME ZONE $2 AS previous_month_until
        FROM local
    )";

#[derive(QueryableByName)]
struct FiguresRow {
    #[diesel(sql_type = BigInt)]
    today_orders: i64,
    #[diesel(sql_type = BigInt)]
    yesterday_orders: i64,
    #[diesel(sql_type = BigInt)]
    today_revenue: i64,
    #[diesel(sql_type = BigInt)]
    yesterday_revenue: i64,
    #[diesel(sql_type = BigInt)]
    pending_orders: i64,
    #[diesel(sql_type = BigInt)]
    awaiting_confirmation: i64,
    #[diesel(sql_type = BigInt)]
    month_orders: i64,
    #[diesel(sql_type = BigInt)]
    month_revenue: i64,
    #[diesel(sql_type = BigInt)]
    previous_month_orders: i64,
    #[diesel(sql_type = BigInt)]
    previous_month_revenue: i64,
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

pub(crate) async fn figures(conn: &mut AsyncPgConnection, now: DateTime<Utc>) -> Result<OrderFigures, BoxError> {
    let query = format!(
        "WITH {BOUNDS},
         o AS (
             SELECT o.created_at, o.total, ({COUNTED}) AS counted, ({EARNED}) AS earned
             FROM orders o, bounds b
             WHERE o.created_at >= LEAST(b.yesterday_start, b.previous_month_start) AND o.created_at <= $1
         )
         SELECT
             (SELECT count(*) FROM orders WHERE status = 'pending') AS pending_orders,
             (SELECT count(*) FROM orders p JOIN order_confirmations c ON c.order_id = p.id
              WHERE p.status = 'pending' AND c.state <> 'confirmed') AS awaiting_confirmation,
             count(*) FILTER (WHERE counted AND created_at >= b.today_start) AS today_orders,
             count(*) FILTER (WHERE counted AND created_at >= b.yesterday_start AND created_at < b.today_start)
                 AS yesterday_orders,
             COALESCE(sum(total) FILTER (WHERE earned AND created_at >= b.today_start), 0)::bigint AS today_revenue,
             COALESCE(sum(total) FILTER (
                 WHERE earned AND created_at >= b.yesterday_start AND created_at < b.today_start), 0)::bigint
                 AS yesterday_revenue,
             count(*) FILTER (WHERE counted AND created_at >= b.month_start) AS month_orders,
             COALESCE(sum(total) FILTER (WHERE earned AND created_at >= b.month_start), 0)::bigint AS month_revenue,
             count(*) FILTER (
                 WHERE counted AND created_at >= b.previous_month_start AND created_at < b.previous_month_until)
                 AS previous_month_orders,
             COALESCE(sum(total) FILTER (
                 WHERE earned AND created_at >= b.previous_month_start AND created_at < b.previous_month_until), 0)::bigint
                 AS previous_month_revenue
         FROM bounds b LEFT JOIN o ON true
         GROUP BY b.today_start, b.yesterday_start, b.month_start, b.previous_month_start, b.previous_month_until"
    );
    let row: FiguresRow = diesel::sql_query(query)
        .bind::<Timestamptz, _>(now)
        .bind::<Text, _>(SHOP_TIME_ZONE)
        .get_result(conn)
        .await
        .map_err(DbError::from)?;
    Ok(OrderFigures {
        today_orders: count(row.today_orders),
        yesterday_orders: count(row.yesterday_orders),
        today_revenue: Money::francs(row.today_revenue),
        yesterday_revenue: Money::francs(row.yesterday_revenue),
        pending_orders: count(row.pending_orders),
        awaiting_confirmation: count(row.awaiting_confirmation),
        month_orders: count(row.month_orders),
        month_revenue: Money::francs(row.month_revenue),
        previous_month_orders: count(row.previous_month_orders),
        previous_month_revenue: Money::francs(row.previous_month_revenue),
    })
}

/// `$1` = now, `$2` = time zone, `$3` = days: the first local midnight of the window.
const WINDOW_START: &str = "(date_trunc('day', $1 AT TIME ZONE $2) - ($3 - 1) * interval '1 day')";

#[derive(QueryableByName)]
struct TopRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    product_id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    slug: String,
    #[diesel(sql_type = Nullable<Text>)]
    image: Option<String>,
    #[diesel(sql_type = Bool)]
    active: bool,
    #[diesel(sql_type = BigInt)]
    units_sold: i64,
    #[diesel(sql_type = BigInt)]
    sales_amount: i64,
}

pub(crate) async fn top_products(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    days: u32,
    limit: u32,
) -> Result<Vec<TopProduct>, BoxError> {
    let query = format!(
        "SELECT p.id AS product_id, p.name, p.slug, p.images[1] AS image, p.active,
                sum(i.quantity)::bigint AS units_sold,
                sum(i.quantity::bigint * i.unit_price)::bigint AS sales_amount
         FROM order_items i
         JOIN orders o ON o.id = i.order_id
         JOIN products p ON p.id = i.product_id
         WHERE {COUNTED} AND o.created_at >= {WINDOW_START} AT TIME ZONE $2 AND o.created_at <= $1
         GROUP BY p.id
         ORDER BY units_sold DESC, sales_amount DESC, p.name, p.id
         LIMIT $4"
    );
    let rows: Vec<TopRow> = diesel::sql_query(query)
        .bind::<Timestamptz, _>(now)
        .bind::<Text, _>(SHOP_TIME_ZONE)
        .bind::<Integer, _>(i32::try_from(days).unwrap_or(i32::MAX))
        .bind::<BigInt, _>(i64::from(limit))
        .load(conn)
        .await
        .map_err(DbError::from)?;
    Ok(rows
        .into_iter()
        .map(|r| TopProduct {
            product_id: r.product_id,
            name: r.name,
            slug: r.slug,
            image: r.image,
            active: r.active,
            units_sold: count(r.units_sold),
            sales_amount: Money::francs(r.sales_amount),
        })
        .collect())
}

#[derive(QueryableByName)]
struct DayRow {
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = BigInt)]
    orders: i64,
    #[diesel(sql_type = BigInt)]
    revenue: i64,
}

pub(crate) async fn sales_by_day(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    days: u32,
) -> Result<Vec<DaySales>, BoxError> {
    let query = format!(
        "WITH days AS (
             SELECT generate_series({WINDOW_START}, date_trunc('day', $1 AT TIME ZONE $2), interval '1 day') AS day_local
         )
         SELECT d.day_local::date AS day,
                count(o.id) FILTER (WHERE {COUNTED}) AS orders,
                COALESCE(sum(o.total) FILTER (WHERE {EARNED}), 0)::bigint AS revenue
         FROM days d
         LEFT JOIN orders o
             ON o.created_at >= d.day_local AT TIME ZONE $2
            AND o.created_at < (d.day_local + interval '1 day') AT TIME ZONE $2
            AND o.created_at <= $1
         GROUP BY d.day_local
         ORDER BY d.day_local"
    );
    let rows: Vec<DayRow> = diesel::sql_query(query)
        .bind::<Timestamptz, _>(now)
        .bind::<Text, _>(SHOP_TIME_ZONE)
        .bind::<Integer, _>(i32::try_from(days).unwrap_or(i32::MAX))
        .load(conn)
        .await
        .map_err(DbError::from)?;
    Ok(rows
        .into_iter()
        .map(|r| DaySales { date: r.day, orders: count(r.orders), revenue: Money::francs(r.revenue) })
        .collect())
}
