//! Dates for the demo shop's past, used by `bitik seed --demo-orders` only. Its orders go through
//! the order repository with their history already dated, but a payment is stamped with the time
//! of the write (`paid_at = now()`) and every change with `updated_at = now()`, as they must be
//! for a real order; and an account is created now. These put those stamps back in the past the
//! demo tells. Nothing the server runs calls them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::schema::{orders, users};
use crate::{Database, DbError};

/// Sets when the order was paid (`None` for an unpaid one; the table refuses a paid order
/// without a date and the reverse) and when it last changed.
pub async fn date_demo_order(
    database: &Database,
    order_id: Uuid,
    paid_at: Option<DateTime<Utc>>,
    last_change: DateTime<Utc>,
) -> Result<(), DbError> {
    let mut conn = database.conn().await?;
    let changed = diesel::update(orders::table.find(order_id))
        .set((orders::paid_at.eq(paid_at), orders::updated_at.eq(last_change)))
        .execute(&mut conn)
        .await?;
    if changed == 0 {
        return Err(DbError::inconsistent(format!("no order {order_id} to date")));
    }
    Ok(())
}

/// Sets when the account was opened.
pub async fn date_demo_account(database: &Database, user_id: Uuid, created_at: DateTime<Utc>) -> Result<(), DbError> {
    let mut conn = database.conn().await?;
    let changed = diesel::update(users::table.find(user_id))
        .set((users::created_at.eq(created_at), users::updated_at.eq(created_at)))
        .execute(&mut conn)
        .await?;
    if changed == 0 {
        return Err(DbError::inconsistent(format!("no account {user_id} to date")));
    }
    Ok(())
}
