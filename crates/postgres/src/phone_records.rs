//! Phones' records: how the orders placed with a phone ended, counted from the orders
//! themselves, and the admin's decision kept in `phone_records`.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_orders::cash_on_delivery::{PhoneOverride, PhoneRecord, PhoneRecords};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel::upsert::excluded;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::phone_records;
use crate::{Database, DbError};

pub struct PgPhoneRecords {
    database: Database,
}

impl PgPhoneRecords {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(QueryableByName)]
struct Counts {
    #[diesel(sql_type = BigInt)]
    delivered: i64,
    #[diesel(sql_type = BigInt)]
    refused: i64,
    #[diesel(sql_type = BigInt)]
    cancelled_unconfirmed: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = phone_records)]
struct DecisionRow {
    cod_allowed: Option<bool>,
    note: String,
    updated_by: String,
    user_id: Option<Uuid>,
    updated_at: DateTime<Utc>,
}

/// Cancelled before anyone confirmed them: the order's confirmation was never `confirmed`.
const COUNTS: &str = "
    SELECT count(*) FILTER (WHERE o.status = 'delivered') AS delivered,
           count(*) FILTER (WHERE o.status = 'refused') AS refused,
           count(*) FILTER (WHERE o.status = 'cancelled' AND c.state <> 'confirmed') AS cancelled_unconfirmed
    FROM orders o LEFT JOIN order_confirmations c ON c.order_id = o.id
    WHERE o.shipping_phone = $1";

async fn read(conn: &mut AsyncPgConnection, phone: &str) -> Result<PhoneRecord, DbError> {
    let counts: Counts = diesel::sql_query(COUNTS).bind::<Text, _>(phone).get_result(conn).await?;
    let decision: Option<DecisionRow> =
        phone_records::table.find(phone).select(DecisionRow::as_select()).first(conn).await.optional()?;
    let count = |n: i64| u64::try_from(n).unwrap_or(0);
    Ok(PhoneRecord {
        phone: phone.to_owned(),
        delivered: count(counts.delivered),
        refused: count(counts.refused),
        cancelled_unconfirmed: count(counts.cancelled_unconfirmed),
        decision: decision.map(|d| PhoneOverride {
            cod_allowed: d.cod_allowed,
            note: d.note,
            by: d.updated_by,
            by_user: d.user_id,
            at: d.updated_at,
        }),
    })
}

#[async_trait]
impl PhoneRecords for PgPhoneRecords {
    async fn record(&self, phone: &str) -> Result<PhoneRecord, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(read(&mut conn, phone).await?)
    }

    async fn set_override(&self, phone: &str, decision: PhoneOverride) -> Result<PhoneRecord, BoxError> {
        let mut conn = self.database.conn().await?;
        crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::insert_into(phone_records::table)
                .values((
                    phone_records::phone.eq(phone),
                    phone_records::cod_allowed.eq(decision.cod_allowed),
                    phone_records::note.eq(&decision.note),
                    phone_records::updated_by.eq(&decision.by),
                    phone_records::user_id.eq(decision.by_user),
                    phone_records::updated_at.eq(decision.at),
                ))
                .on_conflict(phone_records::phone)
                .do_update()
                .set((
                    phone_records::cod_allowed.eq(excluded(phone_records::cod_allowed)),
                    phone_records::note.eq(excluded(phone_records::note)),
                    phone_records::updated_by.eq(excluded(phone_records::updated_by)),
                    phone_records::user_id.eq(excluded(phone_records::user_id)),
                    phone_records::updated_at.eq(excluded(phone_records::updated_at)),
                ))
                .execute(conn)
                .await
        })
        .await
        .map_err(DbError::from)?;
        Ok(read(&mut conn, phone).await?)
    }
}
