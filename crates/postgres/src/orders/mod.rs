//! Orders in PostgreSQL. Placing an order takes its stock with conditional updates in the same
//! transaction that writes it, variants always in the same order so that two orders never wait
//! on each other in a cycle; `CHECK (stock >= 0)` stands behind it all. The units ordered leave
//! the customer's cart in that transaction too: an order refused leaves the cart as it was.
//! A customer's checkout first waits for the other checkouts of the same account and phone, then
//! counts their orders awaiting payment against the cap (docs/rules.md#orders).

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::{BoxError, Money, Page, PageRequest};
use bitik_orders::cash_on_delivery::initial_confirmation;
use bitik_orders::notices::OrderNotices;
use bitik_orders::{
    AdminOrderFilter, AdminSort, BatchPayment, NewOrder, Order, OrderLine, OrderRepository, OrderStatus, PaymentMethod,
    PaymentStatus, PlaceError, StatusChange, StockEffect, Transition,
};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::carts;
use crate::confirmation_rows as confirmations;
use crate::order_stats;
use crate::outbox;
use crate::schema::{order_confirmations, order_items, order_status_history as history, orders};
use crate::{Database, DbError};

mod abort;
mod checkout_locks;
mod corrections;
mod filter;
mod rows;
mod stock;

use abort::Abort;
use checkout_locks::{refuse_past_cap, take_promo_use};
use filter::filtered;
use rows::{OrderRow, load};
pub(crate) use rows::{carried_by, find_in, record};
pub(crate) use stock::{return_stock, units_of};
use stock::{take_stock, units_by_variant};

/// Orders and what happens to them after checkout: the order ports of `bitik-orders`, cash on
/// delivery's confirmations (`confirmations.rs`) and refunds (`refunds.rs`) all lock the same
/// order rows and tell the customer through the same notices.
pub struct PgOrderRepository {
    pub(crate) database: Database,
    pub(crate) notices: Option<Arc<OrderNotices>>,
}

impl PgOrderRepository {
    /// Orders without messages (the demo shop's history, the tests of other rules).
    pub fn new(database: Database) -> Self {
        Self { database, notices: None }
    }

    /// Each event that the customer or the shop hears of writes its messages to the outbox in
    /// the event's own transaction.
    pub fn with_notices(mut self, notices: Arc<OrderNotices>) -> Self {
        self.notices = Some(notices);
        self
    }
}

/// Locks the order's row until the transaction ends and reads its status: concurrent changes of
/// one order wait for each other, so that the stock of a cancellation comes back exactly once.
pub(crate) async fn lock_status(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<String>> {
    orders::table.find(id).select(orders::status).for_update().first(conn).await.optional()
}

/// Moves the order to the change's status and writes the change in its history.
pub(crate) async fn set_status(conn: &mut AsyncPgConnection, id: Uuid, change: &StatusChange) -> QueryResult<()> {
    diesel::update(orders::table.find(id))
        .set((orders::status.eq(change.status.as_str()), orders::updated_at.eq(now)))
        .execute(conn)
        .await?;
    diesel::insert_into(history::table).values(record(id, change)).execute(conn).await?;
    Ok(())
}

/// Writes the order's lines, in their order.
async fn insert_lines(conn: &mut AsyncPgConnection, id: Uuid, lines: &[OrderLine]) -> QueryResult<()> {
    let rows: Vec<_> = lines
        .iter()
        .enumerate()
        .map(|(position, l)| {
            (
                order_items::order_id.eq(id),
                order_items::product_id.eq(l.product_id),
                order_items::name.eq(&l.name),
                order_items::image.eq(&l.image),
                order_items::color.eq(&l.color),
                order_items::size.eq(&l.size),
                order_items::quantity.eq(i32::try_from(l.quantity).unwrap_or(i32::MAX)),
                order_items::unit_price.eq(l.unit_price.as_francs()),
                order_items::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
            )
        })
        .collect();
    diesel::insert_into(order_items::table).values(rows).execute(conn).await?;
    Ok(())
}

/// Writes the messages `render` makes of the order, when the repository has notices.
pub(crate) async fn notify(
    conn: &mut AsyncPgConnection,
    notices: Option<&OrderNotices>,
    order: &Order,
    render: fn(&OrderNotices, &Order) -> Vec<bitik_messages::NewMessage>,
) -> QueryResult<()> {
    match notices {
        Some(notices) => outbox::enqueue(conn, &render(notices, order)).await.map(drop),
        None => Ok(()),
    }
}

/// A payment status from which an order may become paid.
fn unpaid(payment_status: &str) -> bool {
    payment_status == PaymentStatus::Pending.as_str() || payment_status == PaymentStatus::Failed.as_str()
}

/// Marks the order paid now, moves it to `entry`'s status and writes that in its history.
async fn mark_paid(conn: &mut AsyncPgConnection, id: Uuid, entry: &StatusChange) -> QueryResult<()> {
    diesel::update(orders::table.find(id))
        .set((
            orders::payment_status.eq("paid"),
            // Whatever was paid before (a correction's balance), the whole total now is; the
            // order keeps the time its first payment came in.
            orders::amount_paid.eq(orders::total),
            orders::paid_at.eq(diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>>(
                "COALESCE(paid_at, now())",
            )),
            orders::status.eq(entry.status.as_str()),
            orders::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    diesel::insert_into(history::table).values(record(id, entry)).execute(conn).await?;
    Ok(())
}

/// What a change of one order's status came to: a change that found the order moved on is stale.
fn transition_of(outcome: Result<Order, Abort>) -> Result<Transition, BoxError> {
    match outcome {
        Ok(order) => Ok(Transition::Applied(Box::new(order))),
        Err(Abort::Stale | Abort::TooManyOpen(_) | Abort::PromoExhausted | Abort::PromoAlreadyUsed) => {
            Ok(Transition::Stale)
        }
        Err(Abort::OutOfStock { product_id, color, size, available }) => {
            Ok(Transition::OutOfStock { product_id, color, size, available })
        }
        Err(Abort::Db(e)) => Err(e.into()),
    }
}

#[async_trait]
impl OrderRepository for PgOrderRepository {
    async fn place(&self, order: NewOrder, first: StatusChange, open_cap: Option<u32>) -> Result<Order, PlaceError> {
        let mut conn = self.database.conn().await.map_err(|e| PlaceError::Other(e.into()))?;
        let notices = self.notices.as_deref();
        let placed = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            if let Some(cap) = open_cap {
                refuse_past_cap(conn, order.user_id, &order.shipping.phone, cap).await?;
            }
            if let Some(promo) = &order.promo {
                take_promo_use(conn, promo, order.user_id).await?;
            }
            let wanted: Vec<(Uuid, String, String, i32)> = order
                .lines
                .iter()
                .map(|l| (l.product_id, l.color.clone(), l.size.clone(), i32::try_from(l.quantity).unwrap_or(i32::MAX)))
                .collect();
            let units = units_by_variant(&wanted);
            if order.from_cart {
                carts::take_ordered(conn, order.user_id, &units).await?;
            }
            let shipping = &order.shipping;
            let id: Uuid = diesel::insert_into(orders::table)
                .values((
                    orders::order_number.eq(&order.order_number),
                    orders::user_id.eq(order.user_id),
                    orders::subtotal.eq(order.subtotal.as_francs()),
                    orders::shipping_cost.eq(order.shipping_cost.as_francs()),
                    orders::discount.eq(order.discount.as_francs()),
                    orders::total.eq(order.total.as_francs()),
                    orders::shipping_first_name.eq(&shipping.first_name),
                    orders::shipping_last_name.eq(&shipping.last_name),
                    orders::shipping_email.eq(&shipping.email),
                    orders::shipping_phone.eq(&shipping.phone),
                    orders::shipping_address.eq(&shipping.address),
                    orders::shipping_city.eq(&shipping.city),
                    orders::shipping_country.eq(&shipping.country),
                    orders::shipping_zip_code.eq(&shipping.zip_code),
                    orders::delivery_zone.eq(Some(&shipping.zone_code).filter(|code| !code.is_empty())),
                    orders::delivery_zone_name.eq(&shipping.zone_name),
                    orders::commune_code.eq(&shipping.commune_code),
                    orders::commune_name.eq(&shipping.commune_name),
                    orders::landmark.eq(&shipping.landmark),
                    orders::delivery_notes.eq(&shipping.notes),
                    orders::shipping_method.eq(order.shipping_method.as_str()),
                    orders::payment_method.eq(order.payment_method.as_str()),
                    orders::idempotency_key.eq(&order.idempotency_key),
                    orders::promo_code_id.eq(order.promo.as_ref().map(|promo| promo.id)),
                    orders::promo_code.eq(order.promo.as_ref().map_or("", |promo| promo.code.as_str())),
                    orders::created_at.eq(first.at),
                    orders::channel.eq(order.channel.as_str()),
                    orders::source.eq(&order.source),
                ))
                .returning(orders::id)
                .get_result(conn)
                .await?;
            insert_lines(conn, id, &order.lines).await?;
            diesel::insert_into(history::table).values(record(id, &first)).execute(conn).await?;
            if let Some(state) = initial_confirmation(order.payment_method) {
                diesel::insert_into(order_confirmations::table)
                    .values((
                        order_confirmations::order_id.eq(id),
                        order_confirmations::state.eq(state.as_str()),
                        order_confirmations::requested_at.eq(first.at),
                    ))
                    .execute(conn)
                    .await?;
            }
            let placed = find_in(conn, id).await.map_err(Abort::Db)?;
            let placed =
                placed.ok_or_else(|| Abort::Db(DbError::inconsistent("the order just written cannot be read back")))?;
            notify(conn, notices, &placed, OrderNotices::placed).await?;
            // Last, just before the commit: every checkout of these variants waits for their
            // rows from here until this one commits, so nothing else is done while they are held
            // (an order refused for stock rolls back what was written above).
            take_stock(conn, &units).await?;
            Ok(placed)
        })
        .await;
        placed.map_err(|abort| match abort {
            Abort::OutOfStock { product_id, color, size, available } => {
                PlaceError::OutOfStock { product_id, color, size, available }
            }
            Abort::Db(DbError::Duplicate(constraint)) if constraint == "orders_idempotency_key" => PlaceError::KeyUsed,
            Abort::Db(DbError::Duplicate(constraint)) if constraint == "orders_order_number_key" => {
                PlaceError::NumberTaken
            }
            Abort::Db(e) => PlaceError::Other(e.into()),
            Abort::TooManyOpen(of) => PlaceError::TooManyOpen(of),
            Abort::PromoExhausted => PlaceError::PromoExhausted,
            Abort::PromoAlreadyUsed => PlaceError::PromoAlreadyUsed,
            Abort::Stale => PlaceError::Other(DbError::inconsistent("an order being placed cannot be stale").into()),
        })
    }

    async fn find(&self, id: Uuid) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(find_in(&mut conn, id).await?)
    }

    async fn find_by_idempotency_key(&self, user_id: Uuid, key: &str) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let id: Option<Uuid> = orders::table
            .filter(orders::user_id.eq(user_id))
            .filter(orders::idempotency_key.eq(key))
            .select(orders::id)
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        match id {
            Some(id) => Ok(find_in(&mut conn, id).await?),
            None => Ok(None),
        }
    }

    async fn list(&self, filter: &AdminOrderFilter) -> Result<Page<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let total: i64 = filtered(filter).count().get_result(&mut conn).await.map_err(DbError::from)?;
        let mut query = filtered(filter);
        query = match (filter.sort, filter.descending) {
            (AdminSort::CreatedAt, true) => query.order(orders::created_at.desc()),
            (AdminSort::CreatedAt, false) => query.order(orders::created_at.asc()),
            (AdminSort::Total, true) => query.order(orders::total.desc()),
            (AdminSort::Total, false) => query.order(orders::total.asc()),
            (AdminSort::OrderNumber, true) => query.order(orders::order_number.desc()),
            (AdminSort::OrderNumber, false) => query.order(orders::order_number.asc()),
        };
        let rows = query
            .then_order_by(orders::id.desc())
            .limit(i64::from(filter.page.limit))
            .offset(filter.page.offset())
            .select(OrderRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        let items = load(&mut conn, rows).await?;
        Ok(Page::counted(items, filter.page, u64::try_from(total).unwrap_or(0)))
    }

    async fn record_payment(
        &self,
        id: Uuid,
        expected: OrderStatus,
        entry: StatusChange,
    ) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.as_deref();
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            let current: Option<(String, String)> = orders::table
                .find(id)
                .select((orders::status, orders::payment_status))
                .for_update()
                .first(conn)
                .await
                .optional()?;
            // Paid or refunded: never paid again.
            match current {
                Some((status, payment)) if status == expected.as_str() && unpaid(&payment) => {}
                _ => return Err(Abort::Stale),
            }
            mark_paid(conn, id, &entry).await?;
            let paid = find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?;
            notify(conn, notices, &paid, OrderNotices::paid).await?;
            Ok(paid)
        })
        .await;
        transition_of(outcome)
    }

    async fn record_wave_payment_of_cash_order(
        &self,
        id: Uuid,
        expected: OrderStatus,
        entry: StatusChange,
    ) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            let current: Option<(String, String, String)> = orders::table
                .find(id)
                .select((orders::status, orders::payment_status, orders::payment_method))
                .for_update()
                .first(conn)
                .await
                .optional()?;
            match current {
                Some((status, payment, method))
                    if status == expected.as_str()
                        && unpaid(&payment)
                        && method == PaymentMethod::CashOnDelivery.as_str() => {}
                _ => return Err(Abort::Stale),
            }
            diesel::update(orders::table.find(id))
                .set(orders::payment_method.eq(PaymentMethod::Wave.as_str()))
                .execute(conn)
                .await?;
            mark_paid(conn, id, &entry).await?;
            // Paid already: nobody needs to confirm it will be paid at the door.
            diesel::delete(order_confirmations::table.find(id)).execute(conn).await?;
            find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)
        })
        .await;
        transition_of(outcome)
    }

    async fn record_payments(&self, entries: Vec<(Uuid, OrderStatus, StatusChange)>) -> Result<BatchPayment, BoxError> {
        let mut conn = self.database.conn().await?;
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            // Rows locked in one order, whatever the batch's: two rounds at once cannot deadlock.
            let mut ids: Vec<Uuid> = entries.iter().map(|(id, _, _)| *id).collect();
            ids.sort();
            let current: Vec<(Uuid, String, String)> = orders::table
                .filter(orders::id.eq_any(&ids))
                .order(orders::id)
                .select((orders::id, orders::status, orders::payment_status))
                .for_update()
                .load(conn)
                .await?;
            for (id, expected, _) in &entries {
                let unchanged = current
                    .iter()
                    .any(|(found, status, payment)| found == id && status == expected.as_str() && payment != "paid");
                if !unchanged {
                    // Nothing written yet: the batch stops here, whole.
                    return Ok(Err(*id));
                }
            }
            let mut paid = Vec::with_capacity(entries.len());
            for (id, _, entry) in &entries {
                mark_paid(conn, *id, entry).await?;
                paid.push(find_in(conn, *id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?);
            }
            Ok(Ok(paid))
        })
        .await;
        match outcome {
            Ok(Ok(paid)) => Ok(BatchPayment::Applied(paid)),
            Ok(Err(id)) => {
                let mut conn = self.database.conn().await?;
                let order = find_in(&mut conn, id)
                    .await?
                    .ok_or_else(|| DbError::inconsistent(format!("order {id} vanished")))?;
                Ok(BatchPayment::Stale(Box::new(order)))
            }
            Err(Abort::Db(e)) => Err(e.into()),
            Err(
                Abort::Stale
                | Abort::OutOfStock { .. }
                | Abort::TooManyOpen(_)
                | Abort::PromoExhausted
                | Abort::PromoAlreadyUsed,
            ) => Err(DbError::inconsistent("an order vanished while being paid").into()),
        }
    }

    async fn list_for_user(&self, user_id: Uuid, page: PageRequest) -> Result<Page<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let total: i64 = orders::table
            .filter(orders::user_id.eq(user_id))
            .count()
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        let rows = orders::table
            .filter(orders::user_id.eq(user_id))
            .order((orders::created_at.desc(), orders::id.desc()))
            .limit(i64::from(page.limit))
            .offset(page.offset())
            .select(OrderRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        let items = load(&mut conn, rows).await?;
        Ok(Page::counted(items, page, u64::try_from(total).unwrap_or(0)))
    }

    async fn set_tracking_note(&self, id: Uuid, note: String) -> Result<Option<Order>, BoxError> {
        let mut conn = self.database.conn().await?;
        let changed = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::update(orders::table.find(id))
                .set((orders::tracking_note.eq(note), orders::updated_at.eq(now)))
                .execute(conn)
                .await
        })
        .await
        .map_err(DbError::from)?;
        if changed == 0 {
            return Ok(None);
        }
        Ok(find_in(&mut conn, id).await?)
    }

    async fn figures(&self, at: DateTime<Utc>) -> Result<bitik_orders::OrderFigures, BoxError> {
        let mut conn = self.database.conn().await?;
        order_stats::figures(&mut conn, at).await
    }

    async fn top_products(
        &self,
        at: DateTime<Utc>,
        days: u32,
        limit: u32,
    ) -> Result<Vec<bitik_orders::TopProduct>, BoxError> {
        let mut conn = self.database.conn().await?;
        order_stats::top_products(&mut conn, at, days, limit).await
    }

    async fn sales_by_day(&self, at: DateTime<Utc>, days: u32) -> Result<Vec<bitik_orders::DaySales>, BoxError> {
        let mut conn = self.database.conn().await?;
        order_stats::sales_by_day(&mut conn, at, days).await
    }

    async fn transition(
        &self,
        id: Uuid,
        expected: OrderStatus,
        change: StatusChange,
        stock: StockEffect,
    ) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.as_deref();
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            if lock_status(conn, id).await?.as_deref() != Some(expected.as_str()) {
                return Err(Abort::Stale);
            }
            let units = units_of(conn, id).await?;
            match stock {
                StockEffect::Return => return_stock(conn, &units).await?,
                StockEffect::Take => take_stock(conn, &units).await?,
                StockEffect::None => {}
            }
            set_status(conn, id, &change).await?;
            if change.status == OrderStatus::Pending {
                // A reopened order still to confirm gets the whole time to be confirmed again.
                confirmations::ask_again(conn, id, change.at).await?;
            }
            let changed = find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?;
            notify(conn, notices, &changed, OrderNotices::status_changed).await?;
            Ok(changed)
        })
        .await;
        transition_of(outcome)
    }
}

/// Writes the customer's message of a refund just made, in the refund's transaction
/// (`RefundRepository::settle` and `record_cash`).
pub async fn enqueue_refund(
    conn: &mut AsyncPgConnection,
    notices: &OrderNotices,
    order: &Order,
    amount: Money,
    method: &str,
) -> Result<(), DbError> {
    outbox::enqueue(conn, &notices.refunded(order, amount, method)).await?;
    Ok(())
}
