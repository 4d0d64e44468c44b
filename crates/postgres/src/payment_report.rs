//! What the daily reconciliation reads of the shop's records (`bitik_payments::reconciliation`),
//! in Dakar days: the period's bounds are its first and last local midnights, turned into
//! instants by PostgreSQL with the shop's time zone (`order_stats::SHOP_TIME_ZONE`). The four
//! statements run in one read-only snapshot, so a payment recorded meanwhile is in all or none.

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use bitik_orders::{OrderStatus, PaymentMethod};
use bitik_payments::reconciliation::{
    CashOwed, OpenWaveOrder, PaidOrder, Period, ReconciliationRepository, RefundMeans, ReportFacts, SettledRefund,
};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::pg::Pg;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Timestamptz};
use diesel::{QueryResult, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::order_stats::SHOP_TIME_ZONE;
use crate::{Database, DbError};

/// Cash owed is listed oldest first, this many at most: more would be a shop that stopped
/// recording cash, which the first ones already say.
const CASH_OWED_LIMIT: i64 = 500;

/// `$1` = first day, `$2` = last day, `$3` = time zone.
const BOUNDS: &str = "bounds AS (
    SELECT $1::timestamp AT TIME ZONE $3 AS starts,
           ($2 + 1)::timestamp AT TIME ZONE $3 AS ends
)";

pub struct PgReconciliationRepository {
    database: Database,
}

impl PgReconciliationRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(QueryableByName)]
struct PaidRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    order_number: String,
    #[diesel(sql_type = Text)]
    payment_method: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = Timestamptz)]
    paid_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    session_id: Option<String>,
}

#[derive(QueryableByName)]
struct RefundRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    order_id: Uuid,
    #[diesel(sql_type = Text)]
    order_number: String,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    method: String,
    #[diesel(sql_type = Timestamptz)]
    settled_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct OpenRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    order_number: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct OwedRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    order_number: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = Timestamptz)]
    delivered_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    courier_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    courier_phone: Option<String>,
}

/// Loads what `sql` answers over the Dakar days `from` to `to`: its `$1`, `$2` and `$3` are
/// those of [`BOUNDS`].
async fn load_in_period<Row>(
    conn: &mut AsyncPgConnection,
    sql: &str,
    from: NaiveDate,
    to: NaiveDate,
) -> QueryResult<Vec<Row>>
where
    Row: QueryableByName<Pg> + Send + 'static,
{
    diesel::sql_query(sql).bind::<Date, _>(from).bind::<Date, _>(to).bind::<Text, _>(SHOP_TIME_ZONE).load(conn).await
}

fn corrupt(what: &str, value: &str) -> DbError {
    DbError::inconsistent(format!("unknown {what} {value:?}"))
}

async fn facts_in(conn: &mut AsyncPgConnection, from: NaiveDate, to: NaiveDate) -> Result<ReportFacts, DbError> {
    // A paid order counts on the day it was marked paid. A refunded one keeps that day: its
    // `paid_at` if the refund kept it, else the instant Wave completed its payment. What it
    // counts is what was received (`amount_paid`): its total, or the part paid before a
    // correction raised it (a balance still due), or more than a correction lowered it to.
    let sql = format!(
        "WITH {BOUNDS},
         sessions AS (
             SELECT DISTINCT ON (p.order_id) p.order_id, p.session_id, p.completed_at, p.payment_status
             FROM payments p
             JOIN orders o ON o.id = p.order_id
             WHERE o.payment_status IN ('paid', 'refunded') OR o.amount_paid > 0
             ORDER BY p.order_id, (p.payment_status = 'succeeded') DESC, p.created_at DESC
         ),
         paid AS (
             SELECT o.id, o.order_number, o.payment_method,
                    -- What was received; a row marked paid by hand, around the application, its total.
                    CASE WHEN o.amount_paid > 0 THEN o.amount_paid ELSE o.total END AS total, s.session_id,
                    COALESCE(o.paid_at, CASE WHEN s.payment_status = 'succeeded' THEN s.completed_at END) AS paid_at
             FROM orders o
             LEFT JOIN sessions s ON s.order_id = o.id
             WHERE o.payment_status IN ('paid', 'refunded') OR o.amount_paid > 0
         )
         SELECT p.id, p.order_number, p.payment_method, p.total, p.paid_at, p.session_id
         FROM paid p, bounds b
         WHERE p.paid_at >= b.starts AND p.paid_at < b.ends
         ORDER BY p.paid_at, p.order_number"
    );
    let paid: Vec<PaidRow> = load_in_period(conn, &sql, from, to).await?;
    let sql = format!(
        "WITH {BOUNDS}
         SELECT r.order_id, o.order_number, r.amount, r.method, r.settled_at
         FROM refunds r JOIN orders o ON o.id = r.order_id, bounds b
         WHERE r.state = 'succeeded' AND r.settled_at >= b.starts AND r.settled_at < b.ends
         ORDER BY r.settled_at, o.order_number"
    );
    let refunds: Vec<RefundRow> = load_in_period(conn, &sql, from, to).await?;
    let sql = format!(
        "WITH {BOUNDS}
         SELECT o.id, o.order_number, o.total, o.status, o.created_at
         FROM orders o, bounds b
         WHERE o.payment_method = 'wave' AND o.payment_status IN ('pending', 'failed')
           AND o.created_at >= b.starts AND o.created_at < b.ends
         ORDER BY o.created_at, o.order_number"
    );
    let open: Vec<OpenRow> = load_in_period(conn, &sql, from, to).await?;
    // Delivered when the history last says so; an order delivered before the history kept
    // statuses falls back to its last change.
    let owed: Vec<OwedRow> = diesel::sql_query(
        "SELECT o.id, o.order_number, o.total,
                COALESCE((SELECT max(h.created_at) FROM order_status_history h
                          WHERE h.order_id = o.id AND h.status = 'delivered'), o.updated_at) AS delivered_at,
                o.courier_name, o.courier_phone
         FROM orders o
         WHERE o.payment_method = 'cash_on_delivery' AND o.status = 'delivered'
           AND o.payment_status IN ('pending', 'failed')
         ORDER BY delivered_at, o.order_number
         LIMIT $1",
    )
    .bind::<BigInt, _>(CASH_OWED_LIMIT)
    .load(conn)
    .await?;
    Ok(ReportFacts {
        paid: paid
            .into_iter()
            .map(|r| {
                let method = PaymentMethod::parse(&r.payment_method)
                    .ok_or_else(|| corrupt("payment method", &r.payment_method))?;
                Ok(PaidOrder {
                    id: r.id,
                    number: r.order_number,
                    method,
                    total: Money::francs(r.total),
                    paid_at: r.paid_at,
                    session_id: r.session_id,
                })
            })
            .collect::<Result<_, DbError>>()?,
        refunds: refunds
            .into_iter()
            .map(|r| {
                let means = RefundMeans::parse(&r.method).ok_or_else(|| corrupt("refund method", &r.method))?;
                Ok(SettledRefund {
                    order_id: r.order_id,
                    order_number: r.order_number,
                    amount: Money::francs(r.amount),
                    means,
                    settled_at: r.settled_at,
                })
            })
            .collect::<Result<_, DbError>>()?,
        open_wave: open
            .into_iter()
            .map(|r| {
                let status = OrderStatus::parse(&r.status).ok_or_else(|| corrupt("order status", &r.status))?;
                Ok(OpenWaveOrder {
                    id: r.id,
                    number: r.order_number,
                    total: Money::francs(r.total),
                    status,
                    created_at: r.created_at,
                })
            })
            .collect::<Result<_, DbError>>()?,
        cash_owed: owed
            .into_iter()
            .map(|r| CashOwed {
                id: r.id,
                number: r.order_number,
                total: Money::francs(r.total),
                delivered_at: r.delivered_at,
                courier_name: r.courier_name,
                courier_phone: r.courier_phone,
            })
            .collect(),
    })
}

#[async_trait]
impl ReconciliationRepository for PgReconciliationRepository {
    async fn facts(&self, period: Period) -> Result<ReportFacts, BoxError> {
        let mut conn = self.database.conn().await?;
        let facts = conn
            .build_transaction()
            .read_only()
            .repeatable_read()
            .run::<_, DbError, _>(async move |conn| facts_in(conn, period.from, period.to).await)
            .await?;
        Ok(facts)
    }
}
