//! Promo codes in PostgreSQL. A use of a code is an order that names it and is not cancelled:
//! however an order is cancelled (the customer, the shop, an expiry), its use comes back without
//! anyone writing it, and nothing can drift. The last use of a limited code is taken in the
//! order's transaction (`orders/checkout_locks.rs::take_promo_use`), under the code's row lock.

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use bitik_orders::OrderStatus;
use bitik_orders::promo::{
    NewPromoCode, PromoCode, PromoCodeRepository, PromoCodeStats, PromoKind, PromoWriteError, Usage,
};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::order_stats::EARNED;
use crate::schema::{orders, promo_codes};
use crate::{Database, DbError};

pub struct PgPromoCodeRepository {
    database: Database,
}

impl PgPromoCodeRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable, QueryableByName)]
#[diesel(table_name = promo_codes)]
struct PromoRow {
    id: Uuid,
    code: String,
    kind: String,
    value: i64,
    min_subtotal: Option<i64>,
    starts_at: Option<DateTime<Utc>>,
    ends_at: Option<DateTime<Utc>>,
    usage_limit: Option<i32>,
    once_per_customer: bool,
    includes_promotions: bool,
    active: bool,
    created_at: DateTime<Utc>,
}

impl TryFrom<PromoRow> for PromoCode {
    type Error = DbError;

    fn try_from(row: PromoRow) -> Result<Self, DbError> {
        let kind = PromoKind::parse(&row.kind)
            .ok_or_else(|| DbError::inconsistent(format!("stored promo code has an invalid kind: {:?}", row.kind)))?;
        Ok(PromoCode {
            id: row.id,
            fields: NewPromoCode {
                code: row.code,
                kind,
                value: row.value,
                min_subtotal: row.min_subtotal.map(Money::francs),
                starts_at: row.starts_at,
                ends_at: row.ends_at,
                usage_limit: row.usage_limit.and_then(|limit| u32::try_from(limit).ok()),
                once_per_customer: row.once_per_customer,
                includes_promotions: row.includes_promotions,
                active: row.active,
            },
            created_at: row.created_at,
        })
    }
}

#[derive(QueryableByName)]
struct StatsRow {
    #[diesel(embed)]
    code: PromoRow,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    uses: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    revenue: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    discounts: i64,
}

/// The form's fields as columns: what `create` inserts and `update` sets (a limit removed is
/// written as `NULL`).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = promo_codes, treat_none_as_null = true)]
struct PromoValues<'a> {
    code: &'a str,
    kind: &'static str,
    value: i64,
    min_subtotal: Option<i64>,
    starts_at: Option<DateTime<Utc>>,
    ends_at: Option<DateTime<Utc>>,
    usage_limit: Option<i32>,
    once_per_customer: bool,
    includes_promotions: bool,
    active: bool,
}

fn values(code: &NewPromoCode) -> PromoValues<'_> {
    PromoValues {
        code: &code.code,
        kind: code.kind.as_str(),
        value: code.value,
        min_subtotal: code.min_subtotal.map(Money::as_francs),
        starts_at: code.starts_at,
        ends_at: code.ends_at,
        // The form bounds it far below i32's limit.
        usage_limit: code.usage_limit.map(|limit| i32::try_from(limit).unwrap_or(i32::MAX)),
        once_per_customer: code.once_per_customer,
        includes_promotions: code.includes_promotions,
        active: code.active,
    }
}

fn write_error(error: diesel::result::Error) -> PromoWriteError {
    match DbError::from(error) {
        DbError::Duplicate(constraint) if constraint == "promo_codes_code_key" => PromoWriteError::CodeTaken,
        other => PromoWriteError::Other(other.into()),
    }
}

/// How often the code was used in all and by `user_id`: every order naming it but the
/// cancelled ones.
pub(crate) async fn usage(conn: &mut AsyncPgConnection, code_id: Uuid, user_id: Uuid) -> QueryResult<Usage> {
    let uses = || {
        orders::table
            .filter(orders::promo_code_id.eq(code_id))
            .filter(orders::status.ne(OrderStatus::Cancelled.as_str()))
    };
    let total: i64 = uses().count().get_result(conn).await?;
    let by_customer: i64 = uses().filter(orders::user_id.eq(user_id)).count().get_result(conn).await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Usage { total: count(total), by_customer: count(by_customer) })
}

#[async_trait]
impl PromoCodeRepository for PgPromoCodeRepository {
    async fn list(&self) -> Result<Vec<PromoCodeStats>, BoxError> {
        let mut conn = self.database.conn().await?;
        let sql = format!(
            "SELECT p.id, p.code, p.kind, p.value, p.min_subtotal, p.starts_at, p.ends_at, p.usage_limit,
                    p.once_per_customer, p.includes_promotions, p.active, p.created_at,
                    count(o.id) FILTER (WHERE o.status <> 'cancelled') AS uses,
                    coalesce(sum(o.total) FILTER (WHERE {EARNED}), 0)::bigint AS revenue,
                    coalesce(sum(o.discount) FILTER (WHERE o.status <> 'cancelled'), 0)::bigint AS discounts
             FROM promo_codes p LEFT JOIN orders o ON o.promo_code_id = p.id
             GROUP BY p.id
             ORDER BY p.created_at DESC, p.code"
        );
        let rows: Vec<StatsRow> = diesel::sql_query(sql).load(&mut conn).await.map_err(DbError::from)?;
        let mut listed = Vec::with_capacity(rows.len());
        for row in rows {
            listed.push(PromoCodeStats {
                code: PromoCode::try_from(row.code)?,
                uses: u32::try_from(row.uses).unwrap_or(u32::MAX),
                revenue: Money::francs(row.revenue),
                discounts: Money::francs(row.discounts),
            });
        }
        Ok(listed)
    }

    async fn find(&self, id: Uuid) -> Result<Option<PromoCode>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Option<PromoRow> = promo_codes::table
            .find(id)
            .select(PromoRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(row.map(PromoCode::try_from).transpose()?)
    }

    async fn create(&self, code: NewPromoCode) -> Result<PromoCode, PromoWriteError> {
        let mut conn = self.database.conn().await.map_err(|e| PromoWriteError::Other(e.into()))?;
        let row: PromoRow = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::insert_into(promo_codes::table)
                .values(values(&code))
                .returning(PromoRow::as_returning())
                .get_result(conn)
                .await
        })
        .await
        .map_err(write_error)?;
        PromoCode::try_from(row).map_err(|e| PromoWriteError::Other(e.into()))
    }

    async fn update(&self, id: Uuid, code: NewPromoCode) -> Result<Option<PromoCode>, PromoWriteError> {
        let mut conn = self.database.conn().await.map_err(|e| PromoWriteError::Other(e.into()))?;
        let row: Option<PromoRow> = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::update(promo_codes::table.find(id))
                .set((values(&code), promo_codes::updated_at.eq(now)))
                .returning(PromoRow::as_returning())
                .get_result(conn)
                .await
                .optional()
        })
        .await
        .map_err(write_error)?;
        row.map(PromoCode::try_from).transpose().map_err(|e| PromoWriteError::Other(e.into()))
    }

    async fn find_with_usage(&self, code: &str, user_id: Uuid) -> Result<Option<(PromoCode, Usage)>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Option<PromoRow> = promo_codes::table
            .filter(promo_codes::code.eq(code.trim().to_uppercase()))
            .select(PromoRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        let Some(row) = row else { return Ok(None) };
        let usage = usage(&mut conn, row.id, user_id).await.map_err(DbError::from)?;
        Ok(Some((PromoCode::try_from(row)?, usage)))
    }
}
