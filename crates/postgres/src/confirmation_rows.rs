//! The confirmations of cash-on-delivery orders as rows: read with their orders, matched by the
//! back office's filter, asked again when an order is reopened.

use std::collections::HashMap;

use bitik_orders::ConfirmationFilter;
use bitik_orders::cash_on_delivery::{Confirmation, ConfirmationAttempt, OrderConfirmation};
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;
use crate::schema::{order_confirmation_attempts as attempts, order_confirmations as confirmations};

#[derive(Queryable, Selectable)]
#[diesel(table_name = confirmations)]
struct ConfirmationRow {
    order_id: Uuid,
    state: String,
    requested_at: DateTime<Utc>,
    link_used_at: Option<DateTime<Utc>>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = attempts)]
struct AttemptRow {
    order_id: Uuid,
    outcome: String,
    changed_by: String,
    user_id: Option<Uuid>,
    created_at: DateTime<Utc>,
}

fn state(code: &str) -> Result<Confirmation, DbError> {
    Confirmation::parse(code)
        .ok_or_else(|| DbError::inconsistent(format!("stored order has an invalid confirmation: {code:?}")))
}

/// The confirmations of the orders `ids` that have one, with their attempts oldest first.
pub(crate) async fn of_orders(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, OrderConfirmation>, DbError> {
    let rows: Vec<ConfirmationRow> = confirmations::table
        .filter(confirmations::order_id.eq_any(ids))
        .select(ConfirmationRow::as_select())
        .load(conn)
        .await?;
    if rows.is_empty() {
        return Ok(HashMap::new());
    }
    let attempt_rows: Vec<AttemptRow> = attempts::table
        .filter(attempts::order_id.eq_any(ids))
        .order((attempts::order_id, attempts::created_at, attempts::id))
        .select(AttemptRow::as_select())
        .load(conn)
        .await?;
    let mut by_order: HashMap<Uuid, Vec<ConfirmationAttempt>> = HashMap::new();
    for row in attempt_rows {
        let attempt = ConfirmationAttempt {
            outcome: state(&row.outcome)?,
            by: row.changed_by,
            by_user: row.user_id,
            at: row.created_at,
        };
        by_order.entry(row.order_id).or_default().push(attempt);
    }
    rows.into_iter()
        .map(|row| {
            let confirmation = OrderConfirmation {
                state: state(&row.state)?,
                attempts: by_order.remove(&row.order_id).unwrap_or_default(),
                requested_at: row.requested_at,
                link_used_at: row.link_used_at,
            };
            Ok((row.order_id, confirmation))
        })
        .collect()
}

/// The ids of the orders whose confirmation matches, for the back office's list.
pub(crate) fn matching(filter: ConfirmationFilter) -> confirmations::BoxedQuery<'static, Pg, diesel::sql_types::Uuid> {
    let query = confirmations::table.select(confirmations::order_id).into_boxed();
    match filter {
        ConfirmationFilter::Is(state) => query.filter(confirmations::state.eq(state.as_str())),
        ConfirmationFilter::Unconfirmed => query.filter(confirmations::state.ne(Confirmation::Confirmed.as_str())),
    }
}

/// An order back in `pending` and still to confirm waits from `at` (its expiry counts from then).
pub(crate) async fn ask_again(conn: &mut AsyncPgConnection, id: Uuid, at: DateTime<Utc>) -> QueryResult<usize> {
    diesel::update(confirmations::table.find(id).filter(confirmations::state.ne(Confirmation::Confirmed.as_str())))
        .set(confirmations::requested_at.eq(at))
        .execute(conn)
        .await
}
