//! Cash on delivery in PostgreSQL: confirmations, their expiry, refused parcels back at the shop
//! and couriers. Every write locks the order's row first and reads its state after the lock is
//! held, so that two writers of one order (an admin confirming and the expiry sweep cancelling,
//! two clicks on the same link) take turns and the second sees what the first did: an order is
//! either confirmed or cancelled by the sweep, never both, and its stock comes back once.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_orders::cash_on_delivery::{CashOnDeliveryRepository, Confirmation, ConfirmationAttempt, Courier};
use bitik_orders::notices::OrderNotices;
use bitik_orders::{Order, OrderStatus, StatusChange};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::DbError;
use crate::orders::{
    PgOrderRepository, carried_by, find_in, lock_status, notify, record, return_stock, set_status, units_of,
};
use crate::schema::order_status_history as history;
use crate::schema::{order_confirmation_attempts as attempts, order_confirmations as confirmations, orders};

/// Locks the order's row for the rest of the transaction and answers its status.
/// An order cancelled for want of confirmation tells its customer in the same transaction, when
/// the repository has notices.
#[async_trait]
impl CashOnDeliveryRepository for PgOrderRepository {
    async fn record_attempt(
        &self,
        id: Uuid,
        attempt: ConfirmationAttempt,
        entry: Option<StatusChange>,
        by_link: bool,
    ) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let order = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            if lock_status(conn, id).await?.as_deref() != Some(OrderStatus::Pending.as_str()) {
                return Ok(None);
            }
            let unconfirmed =
                confirmations::table.find(id).filter(confirmations::state.ne(Confirmation::Confirmed.as_str()));
            let outcome = attempt.outcome.as_str();
            let changed = if by_link {
                diesel::update(unconfirmed.filter(confirmations::link_used_at.is_null()))
                    .set((confirmations::state.eq(outcome), confirmations::link_used_at.eq(attempt.at)))
                    .execute(conn)
                    .await?
            } else {
                diesel::update(unconfirmed).set(confirmations::state.eq(outcome)).execute(conn).await?
            };
            if changed == 0 {
                return Ok(None);
            }
            diesel::insert_into(attempts::table)
                .values((
                    attempts::order_id.eq(id),
                    attempts::outcome.eq(outcome),
                    attempts::changed_by.eq(&attempt.by),
                    attempts::user_id.eq(attempt.by_user),
                    attempts::created_at.eq(attempt.at),
                ))
                .execute(conn)
                .await?;
            if let Some(entry) = &entry {
                diesel::insert_into(history::table).values(record(id, entry)).execute(conn).await?;
            }
            diesel::update(orders::table.find(id)).set(orders::updated_at.eq(now)).execute(conn).await?;
            find_in(conn, id).await
        })
        .await?;
        Ok(order)
    }

    async fn unconfirmed_before(&self, requested_before: DateTime<Utc>, limit: u32) -> Result<Vec<Uuid>, BoxError> {
        let mut conn = self.database.conn().await?;
        let ids = confirmations::table
            .inner_join(orders::table)
            .filter(orders::status.eq(OrderStatus::Pending.as_str()))
            .filter(confirmations::state.ne(Confirmation::Confirmed.as_str()))
            .filter(confirmations::requested_at.lt(requested_before))
            .order(confirmations::requested_at)
            .limit(i64::from(limit))
            .select(confirmations::order_id)
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(ids)
    }

    async fn cancel_unconfirmed(
        &self,
        id: Uuid,
        requested_before: DateTime<Utc>,
        change: StatusChange,
    ) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.clone();
        let cancelled = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            if lock_status(conn, id).await?.as_deref() != Some(OrderStatus::Pending.as_str()) {
                return Ok(false);
            }
            // Read after the lock: a confirmation committed while we waited is seen here.
            let still_waiting: Option<Uuid> = confirmations::table
                .find(id)
                .filter(confirmations::state.ne(Confirmation::Confirmed.as_str()))
                .filter(confirmations::requested_at.lt(requested_before))
                .select(confirmations::order_id)
                .first(conn)
                .await
                .optional()?;
            if still_waiting.is_none() {
                return Ok(false);
            }
            let units = units_of(conn, id).await?;
            return_stock(conn, &units).await?;
            set_status(conn, id, &change).await?;
            if let Some(order) = find_in(conn, id).await? {
                notify(conn, notices.as_deref(), &order, OrderNotices::status_changed).await?;
            }
            Ok(true)
        })
        .await?;
        Ok(cancelled)
    }

    async fn mark_returned(&self, id: Uuid, entry: StatusChange) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let order = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let current: Option<(String, Option<DateTime<Utc>>)> = orders::table
                .find(id)
                .select((orders::status, orders::returned_at))
                .for_update()
                .first(conn)
                .await
                .optional()?;
            match current {
                Some((status, None)) if status == OrderStatus::Refused.as_str() => {}
                _ => return Ok(None),
            }
            let units = units_of(conn, id).await?;
            return_stock(conn, &units).await?;
            diesel::update(orders::table.find(id))
                .set((orders::returned_at.eq(entry.at), orders::updated_at.eq(now)))
                .execute(conn)
                .await?;
            diesel::insert_into(history::table).values(record(id, &entry)).execute(conn).await?;
            find_in(conn, id).await
        })
        .await?;
        Ok(order)
    }

    async fn set_courier(&self, id: Uuid, courier: Option<Courier>) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let account = courier.as_ref().and_then(|c| c.account);
        let (name, phone) = courier.map(|c| (c.name, c.phone)).unzip();
        let order = crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
            let changed =
                diesel::update(orders::table.find(id).filter(orders::status.eq(OrderStatus::Shipped.as_str())))
                    .set((
                        orders::courier_name.eq(name),
                        orders::courier_phone.eq(phone),
                        orders::courier_id.eq(account),
                        orders::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            if changed == 0 {
                return Ok(None);
            }
            find_in(conn, id).await
        })
        .await?;
        Ok(order)
    }

    async fn carried_by(&self, courier: Uuid) -> Result<Vec<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(carried_by(&mut conn, courier).await?)
    }
}
