//! Back-in-stock alerts in PostgreSQL (`stock_alerts`, migration `2026-11-28-000120_stock_alerts`).
//!
//! An alert waits (`sent_at IS NULL`) until its variant has stock again. [`PgStockAlerts::release`]
//! takes the waiting alerts of restocked variants with `FOR UPDATE SKIP LOCKED`, writes their
//! messages to the outbox and marks them spent in the same transaction: two servers releasing at
//! once take different alerts, and an alert is spent exactly when its message is written.

use async_trait::async_trait;
use bitik_catalog::{StockAlert, StockAlertRepository, Waiting};
use bitik_common::BoxError;
use bitik_messages::templates::{BackInStock, Templates};
use bitik_messages::{MessageKind, NewMessage};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::schema::stock_alerts;
use crate::{Database, DbError};

/// Most alerts one transaction of [`PgStockAlerts::release`] tells; it goes on until none is left.
const RELEASE_BATCH: i64 = 200;

pub struct PgStockAlerts {
    database: Database,
    templates: Templates,
}

impl PgStockAlerts {
    pub fn new(database: Database, templates: Templates) -> Self {
        Self { database, templates }
    }
}

fn storage(error: impl Into<DbError>) -> BoxError {
    Box::new(error.into())
}

/// Asking again while an alert waits hits the partial unique index and changes nothing.
const ASK: &str = "\
INSERT INTO stock_alerts (product_id, color, size, email, phone) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (product_id, color, size, email) WHERE sent_at IS NULL DO NOTHING";

/// The waiting alerts of variants with stock, of products for sale, locked for this transaction
/// (those another release holds are skipped), with what their messages say.
const RESTOCKED: &str = "\
SELECT a.id, a.email, a.color, a.size, a.token, p.name, p.slug
FROM stock_alerts a
JOIN product_variants v ON v.product_id = a.product_id AND v.color = a.color AND v.size = a.size
JOIN products p ON p.id = a.product_id
WHERE a.sent_at IS NULL AND v.stock > 0 AND p.active
ORDER BY a.created_at
LIMIT $1
FOR UPDATE OF a SKIP LOCKED";

#[derive(QueryableByName)]
struct Restocked {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    email: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = SqlUuid)]
    token: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    slug: String,
}

#[derive(QueryableByName)]
struct WaitingRow {
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = BigInt)]
    count: i64,
}

impl PgStockAlerts {
    /// One batch: its messages written and its alerts spent, or nothing. How many were told.
    async fn release_batch(&self) -> Result<u64, DbError> {
        let mut conn = self.database.conn().await?;
        crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
            let due: Vec<Restocked> = diesel::sql_query(RESTOCKED).bind::<BigInt, _>(RELEASE_BATCH).load(conn).await?;
            if due.is_empty() {
                return Ok(0);
            }
            let messages: Vec<NewMessage> = due
                .iter()
                .map(|alert| {
                    let item = BackInStock {
                        product_name: alert.name.clone(),
                        slug: alert.slug.clone(),
                        color: alert.color.clone(),
                        size: alert.size.clone(),
                        token: alert.token,
                    };
                    NewMessage::new(MessageKind::BackInStock, &alert.email, None, self.templates.back_in_stock(&item))
                })
                .collect();
            crate::outbox::enqueue(conn, &messages).await?;
            let ids: Vec<Uuid> = due.iter().map(|alert| alert.id).collect();
            diesel::update(stock_alerts::table.filter(stock_alerts::id.eq_any(ids)))
                .set(stock_alerts::sent_at.eq(diesel::dsl::now))
                .execute(conn)
                .await?;
            Ok(due.len() as u64)
        })
        .await
    }
}

#[async_trait]
impl StockAlertRepository for PgStockAlerts {
    async fn ask(&self, alert: &StockAlert) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await.map_err(storage)?;
        diesel::sql_query(ASK)
            .bind::<SqlUuid, _>(alert.product_id)
            .bind::<Text, _>(alert.color.as_str())
            .bind::<Text, _>(alert.size.as_str())
            .bind::<Text, _>(alert.email.as_str())
            .bind::<diesel::sql_types::Nullable<Text>, _>(alert.phone.as_ref().map(|p| p.as_str()))
            .execute(&mut conn)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn waiting(&self, product_id: Uuid) -> Result<Vec<Waiting>, BoxError> {
        let mut conn = self.database.conn().await.map_err(storage)?;
        let rows: Vec<WaitingRow> = diesel::sql_query(
            "SELECT color, size, count(*) AS count FROM stock_alerts
             WHERE product_id = $1 AND sent_at IS NULL GROUP BY color, size ORDER BY color, size",
        )
        .bind::<SqlUuid, _>(product_id)
        .load(&mut conn)
        .await
        .map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|row| Waiting { color: row.color, size: row.size, count: u64::try_from(row.count).unwrap_or(0) })
            .collect())
    }

    async fn unsubscribe(&self, token: Uuid) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await.map_err(storage)?;
        let email: Option<String> = stock_alerts::table
            .filter(stock_alerts::token.eq(token))
            .select(stock_alerts::email)
            .first(&mut conn)
            .await
            .optional()
            .map_err(storage)?;
        let Some(email) = email else { return Ok(false) };
        diesel::delete(
            stock_alerts::table.filter(stock_alerts::email.eq(email)).filter(stock_alerts::sent_at.is_null()),
        )
        .execute(&mut conn)
        .await
        .map_err(storage)?;
        Ok(true)
    }

    async fn release(&self) -> Result<u64, BoxError> {
        let mut told = 0;
        loop {
            let batch = self.release_batch().await.map_err(storage)?;
            told += batch;
            if batch < RELEASE_BATCH as u64 {
                return Ok(told);
            }
        }
    }
}
