//! The refunds of orders as rows: read with their orders (`orders.rs`) and after each refund's
//! write (`refunds.rs`).

use std::collections::HashMap;

use bitik_common::Money;
use bitik_orders::{Refund, RefundMethod, RefundState};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;
use crate::schema::refunds;

#[derive(Queryable, Selectable)]
#[diesel(table_name = refunds)]
pub(crate) struct RefundRow {
    id: Uuid,
    order_id: Uuid,
    amount: i64,
    method: String,
    state: String,
    reason: String,
    requested_by: String,
    user_id: Option<Uuid>,
    error_code: Option<String>,
    created_at: DateTime<Utc>,
    settled_at: Option<DateTime<Utc>>,
}

impl TryFrom<RefundRow> for Refund {
    type Error = DbError;

    fn try_from(row: RefundRow) -> Result<Self, DbError> {
        let corrupt = |what: &str, value: &str| DbError::inconsistent(format!("stored refund has {what} {value:?}"));
        Ok(Refund {
            id: row.id,
            order_id: row.order_id,
            amount: Money::francs(row.amount),
            method: RefundMethod::parse(&row.method).ok_or_else(|| corrupt("method", &row.method))?,
            state: RefundState::parse(&row.state).ok_or_else(|| corrupt("state", &row.state))?,
            reason: row.reason,
            requested_by: row.requested_by,
            by_user: row.user_id,
            error_code: row.error_code,
            created_at: row.created_at,
            settled_at: row.settled_at,
        })
    }
}

/// The refunds of the orders `ids`, oldest first.
pub(crate) async fn of_orders(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, Vec<Refund>>, DbError> {
    let rows: Vec<RefundRow> = refunds::table
        .filter(refunds::order_id.eq_any(ids))
        .order((refunds::order_id, refunds::created_at, refunds::id))
        .select(RefundRow::as_select())
        .load(conn)
        .await?;
    let mut by_order: HashMap<Uuid, Vec<Refund>> = HashMap::new();
    for row in rows {
        by_order.entry(row.order_id).or_default().push(Refund::try_from(row)?);
    }
    Ok(by_order)
}
