//! Refunds in PostgreSQL. Every write first locks the order's row, then reads the order's
//! refunds: two admins refunding one order at once are served one after the other, so only one
//! Wave refund is ever requested (the unique index `refunds_one_wave_refund_idx` stands behind
//! it), and recorded refunds never add up to more than was paid. A refund made writes the
//! customer's « refund made » message (`OrderNotices::refunded`) in its own transaction.

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use bitik_orders::notices::OrderNotices;
use bitik_orders::refund::{refundable, refunds_in_full};
use bitik_orders::rules::{cancellation_by_refund, refund_in_full_cancels};
use bitik_orders::{NewRefund, Order, OrderStatus, PaymentStatus, Refund, RefundMethod, RefundState, StatusChange};
use bitik_payments::{CashRefundOutcome, RefundOutcome, RefundRepository, WaveRefundStart};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;
use crate::orders::{PgOrderRepository, enqueue_refund, find_in, record, return_stock, set_status, units_of};
use crate::refund_rows::RefundRow;
use crate::schema::{order_status_history as history, orders, refunds};

/// The customer's message of a refund just made, written in its transaction: the order as the
/// refund left it, the amount and the method as the customer reads it.
async fn tell_customer(
    conn: &mut AsyncPgConnection,
    notices: Option<&OrderNotices>,
    order: &Order,
    amount: Money,
    method: RefundMethod,
) -> Result<(), DbError> {
    match notices {
        Some(notices) => enqueue_refund(conn, notices, order, amount, method.label()).await,
        None => Ok(()),
    }
}

/// Locks the order's row: its status, payment status and what was paid of it.
async fn lock_order(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<(String, String, i64)>, DbError> {
    orders::table
        .find(id)
        .select((orders::status, orders::payment_status, orders::amount_paid))
        .for_update()
        .first(conn)
        .await
        .optional()
        .map_err(DbError::from)
}

async fn insert(conn: &mut AsyncPgConnection, refund: &NewRefund, state: RefundState) -> Result<Refund, DbError> {
    let settled_at = state.settled().then_some(refund.at);
    let row: RefundRow = diesel::insert_into(refunds::table)
        .values((
            refunds::order_id.eq(refund.order_id),
            refunds::amount.eq(refund.amount.as_francs()),
            refunds::method.eq(refund.method.as_str()),
            refunds::state.eq(state.as_str()),
            refunds::reason.eq(&refund.reason),
            refunds::requested_by.eq(&refund.requested_by),
            refunds::user_id.eq(refund.by_user),
            refunds::created_at.eq(refund.at),
            refunds::settled_at.eq(settled_at),
        ))
        .returning(RefundRow::as_returning())
        .get_result(conn)
        .await?;
    Refund::try_from(row)
}

/// Appends `entry` to the order's history under the status the order has now: a refund does
/// not change it.
async fn append(
    conn: &mut AsyncPgConnection,
    order_id: Uuid,
    status: &str,
    entry: &StatusChange,
) -> Result<(), DbError> {
    let mut entry = entry.clone();
    if let Some(current) = bitik_orders::OrderStatus::parse(status) {
        entry.status = current;
    }
    diesel::insert_into(history::table).values(record(order_id, &entry)).execute(conn).await?;
    Ok(())
}

async fn mark_refunded(conn: &mut AsyncPgConnection, order_id: Uuid, at: DateTime<Utc>) -> Result<(), DbError> {
    diesel::update(orders::table.find(order_id))
        .set((orders::payment_status.eq(PaymentStatus::Refunded.as_str()), orders::updated_at.eq(at)))
        .execute(conn)
        .await?;
    Ok(())
}

/// A refund in full of an order not delivered yet cancels it, its units back in stock: once,
/// since it runs under the order's row lock from the status read under it, and a cancelled
/// order is never cancelled again.
async fn cancel_if_undelivered(
    conn: &mut AsyncPgConnection,
    order_id: Uuid,
    status: &str,
    refund_entry: &StatusChange,
) -> Result<(), DbError> {
    if !OrderStatus::parse(status).is_some_and(refund_in_full_cancels) {
        return Ok(());
    }
    let units = units_of(conn, order_id).await?;
    return_stock(conn, &units).await?;
    set_status(conn, order_id, &cancellation_by_refund(refund_entry)).await?;
    Ok(())
}

async fn order_now(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Order, DbError> {
    find_in(conn, id).await?.ok_or_else(|| DbError::inconsistent(format!("order {id} vanished under its lock")))
}

#[async_trait]
impl RefundRepository for PgOrderRepository {
    async fn start_wave(&self, refund: NewRefund) -> Result<WaveRefundStart, BoxError> {
        let mut conn = self.database.conn().await?;
        let started = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let Some((_, payment_status, _)) = lock_order(conn, refund.order_id).await? else {
                return Ok(WaveRefundStart::NotPaid);
            };
            let earlier: Option<RefundRow> = refunds::table
                .filter(refunds::order_id.eq(refund.order_id))
                .filter(refunds::method.eq(RefundMethod::Wave.as_str()))
                .filter(refunds::state.ne(RefundState::Failed.as_str()))
                .select(RefundRow::as_select())
                .first(conn)
                .await
                .optional()?;
            if let Some(earlier) = earlier {
                let earlier = Refund::try_from(earlier)?;
                return Ok(match earlier.state {
                    RefundState::Succeeded => WaveRefundStart::AlreadyRefunded,
                    _ => WaveRefundStart::InFlight(earlier),
                });
            }
            if payment_status != PaymentStatus::Paid.as_str() {
                return Ok(WaveRefundStart::NotPaid);
            }
            Ok(WaveRefundStart::Started(insert(conn, &refund, RefundState::Requested).await?))
        })
        .await?;
        Ok(started)
    }

    async fn settle(&self, id: Uuid, outcome: RefundOutcome, at: DateTime<Utc>) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.as_deref();
        let settled = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let order_id: Option<Uuid> =
                refunds::table.find(id).select(refunds::order_id).first(conn).await.optional()?;
            let Some(order_id) = order_id else { return Ok(None) };
            let Some((status, payment_status, _)) = lock_order(conn, order_id).await? else { return Ok(None) };
            let current: RefundRow = refunds::table.find(id).select(RefundRow::as_select()).first(conn).await?;
            let current = Refund::try_from(current)?;
            // Settled meanwhile (a check and a late answer): the first word stands.
            let Ok(to) = current.state.after(outcome.state()) else { return Ok(None) };
            let code = match &outcome {
                RefundOutcome::Failed { code } => Some(code.clone()),
                _ => None,
            };
            diesel::update(refunds::table.find(id))
                .set((
                    refunds::state.eq(to.as_str()),
                    refunds::error_code.eq(code),
                    refunds::settled_at.eq(to.settled().then_some(at)),
                ))
                .execute(conn)
                .await?;
            if let RefundOutcome::Succeeded { entry } = &outcome {
                append(conn, order_id, &status, entry).await?;
                // A Wave refund gives back the whole amount paid.
                if payment_status == PaymentStatus::Paid.as_str() {
                    mark_refunded(conn, order_id, at).await?;
                    cancel_if_undelivered(conn, order_id, &status, entry).await?;
                }
                // The « refund made » message leaves exactly when the refund is recorded as
                // made: once, since a settled refund never settles again.
                let order = order_now(conn, order_id).await?;
                tell_customer(conn, notices, &order, current.amount, current.method).await?;
                return Ok(Some(order));
            }
            Ok(Some(order_now(conn, order_id).await?))
        })
        .await?;
        Ok(settled)
    }

    async fn record_cash(&self, refund: NewRefund, entry: StatusChange) -> Result<CashRefundOutcome, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.as_deref();
        let recorded = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let Some((status, payment_status, paid)) = lock_order(conn, refund.order_id).await? else {
                return Ok(CashRefundOutcome::NotPaid);
            };
            // Money received (a whole payment, or the part paid before a correction), not
            // given back in full already.
            if paid == 0 || payment_status == PaymentStatus::Refunded.as_str() {
                return Ok(CashRefundOutcome::NotPaid);
            }
            let given: Vec<i64> = refunds::table
                .filter(refunds::order_id.eq(refund.order_id))
                .filter(refunds::state.eq(RefundState::Succeeded.as_str()))
                .select(refunds::amount)
                .load(conn)
                .await?;
            let (paid, given) = (Money::francs(paid), Money::francs(given.iter().sum()));
            let left = refundable(paid, given);
            if refund.amount.as_francs() > left.as_francs() {
                return Ok(CashRefundOutcome::TooMuch { left });
            }
            insert(conn, &refund, RefundState::Succeeded).await?;
            append(conn, refund.order_id, &status, &entry).await?;
            if refunds_in_full(paid, given, refund.amount) {
                mark_refunded(conn, refund.order_id, refund.at).await?;
                cancel_if_undelivered(conn, refund.order_id, &status, &entry).await?;
            }
            let order = order_now(conn, refund.order_id).await?;
            tell_customer(conn, notices, &order, refund.amount, refund.method).await?;
            Ok(CashRefundOutcome::Recorded(Box::new(order)))
        })
        .await?;
        Ok(recorded)
    }
}
