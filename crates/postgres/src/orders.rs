//! Orders in PostgreSQL. Placing an order takes its stock with conditional updates in the same
//! transaction that writes it, variants always in the same order so that two orders never wait
//! on each other in a cycle; `CHECK (stock >= 0)` stands behind it all. The units ordered leave
//! the customer's cart in that transaction too: an order refused leaves the cart as it was.
//! A customer's checkout first waits for the other checkouts of the same account and phone, then
//! counts their orders awaiting payment against the cap (docs/rules.md#orders).

use bitik_common::BoxError;
use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::{Money, Page, PageRequest};
use bitik_orders::cash_on_delivery::{Courier, OrderConfirmation, initial_confirmation};
use bitik_orders::notices::OrderNotices;
use bitik_orders::open_orders::OPEN_STATUSES;
use bitik_orders::{
    AdminOrderFilter, AdminSort, BatchPayment, NewOrder, OpenOrdersOf, Order, OrderLine, OrderRepository, OrderStatus,
    PaymentMethod, PaymentStatus, PlaceError, Refund, ShippingInfo, ShippingMethod, StatusChange, StockEffect,
    Transition,
};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::carts;
use crate::confirmation_rows as confirmations;
use crate::functions::{bitik_search_text, like_pattern, regexp_replace};
use crate::order_stats;
use crate::outbox;
use crate::refund_rows;
use crate::schema::{order_confirmations, order_items, order_status_history as history, orders, product_variants};
use crate::{Database, DbError};

pub struct PgOrderRepository {
    database: Database,
    notices: Option<Arc<OrderNotices>>,
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

/// Writes the messages `render` makes of the order, when the repository has notices.
async fn notify(
    conn: &mut AsyncPgConnection,
    notices: Option<&OrderNotices>,
    order: &Order,
    render: fn(&OrderNotices, &Order) -> Vec<bitik_messages::NewMessage>,
) -> QueryResult<()> {
    match notices {
        Some(notices) => outbox::enqueue(conn, &render(notices, order)).await,
        None => Ok(()),
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
struct OrderRow {
    id: Uuid,
    order_number: String,
    user_id: Uuid,
    status: String,
    subtotal: i64,
    shipping_cost: i64,
    discount: i64,
    total: i64,
    shipping_first_name: String,
    shipping_last_name: String,
    shipping_email: String,
    shipping_phone: String,
    shipping_address: String,
    shipping_city: String,
    shipping_country: String,
    shipping_zip_code: String,
    shipping_method: String,
    payment_method: String,
    payment_status: String,
    paid_at: Option<DateTime<Utc>>,
    tracking_note: String,
    created_at: DateTime<Utc>,
    courier_name: Option<String>,
    courier_phone: Option<String>,
    returned_at: Option<DateTime<Utc>>,
    delivery_zone: Option<String>,
    delivery_zone_name: String,
    commune_code: String,
    commune_name: String,
    landmark: String,
    delivery_notes: String,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = order_items)]
struct LineRow {
    order_id: Uuid,
    product_id: Uuid,
    name: String,
    image: String,
    color: String,
    size: String,
    quantity: i32,
    unit_price: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = history)]
struct HistoryRow {
    order_id: Uuid,
    status: String,
    note: String,
    changed_by: String,
    user_id: Option<Uuid>,
    created_at: DateTime<Utc>,
}

/// What can end a transaction early, besides the database failing.
enum Abort {
    Db(DbError),
    OutOfStock { product_id: Uuid, color: String, size: String, available: u32 },
    Stale,
    TooManyOpen(OpenOrdersOf),
}

impl From<diesel::result::Error> for Abort {
    fn from(error: diesel::result::Error) -> Self {
        Abort::Db(DbError::from(error))
    }
}

/// A stored order the domain cannot read (a value written around the application): a bug.
fn corrupt(what: &str, value: &str) -> DbError {
    DbError::inconsistent(format!("stored order has an invalid {what}: {value:?}"))
}

fn assemble(
    row: OrderRow,
    lines: Vec<LineRow>,
    changes: Vec<HistoryRow>,
    confirmation: Option<OrderConfirmation>,
    refunds: Vec<Refund>,
) -> Result<Order, DbError> {
    let lines = lines
        .into_iter()
        .map(|l| OrderLine {
            product_id: l.product_id,
            name: l.name,
            image: l.image,
            color: l.color,
            size: l.size,
            quantity: u32::try_from(l.quantity).unwrap_or(0),
            unit_price: Money::francs(l.unit_price),
        })
        .collect();
    let history = changes
        .into_iter()
        .map(|h| {
            Ok(StatusChange {
                status: OrderStatus::parse(&h.status).ok_or_else(|| corrupt("history status", &h.status))?,
                note: h.note,
                by: h.changed_by,
                by_user: h.user_id,
                at: h.created_at,
            })
        })
        .collect::<Result<Vec<_>, DbError>>()?;
    Ok(Order {
        id: row.id,
        order_number: row.order_number,
        user_id: row.user_id,
        status: OrderStatus::parse(&row.status).ok_or_else(|| corrupt("status", &row.status))?,
        lines,
        subtotal: Money::francs(row.subtotal),
        shipping_cost: Money::francs(row.shipping_cost),
        discount: Money::francs(row.discount),
        total: Money::francs(row.total),
        shipping: ShippingInfo {
            first_name: row.shipping_first_name,
            last_name: row.shipping_last_name,
            email: row.shipping_email,
            phone: row.shipping_phone,
            address: row.shipping_address,
            city: row.shipping_city,
            country: row.shipping_country,
            zip_code: row.shipping_zip_code,
            zone_code: row.delivery_zone.unwrap_or_default(),
            zone_name: row.delivery_zone_name,
            commune_code: row.commune_code,
            commune_name: row.commune_name,
            landmark: row.landmark,
            notes: row.delivery_notes,
        },
        shipping_method: ShippingMethod::parse(&row.shipping_method)
            .ok_or_else(|| corrupt("shipping method", &row.shipping_method))?,
        payment_method: PaymentMethod::parse(&row.payment_method)
            .ok_or_else(|| corrupt("payment method", &row.payment_method))?,
        payment_status: PaymentStatus::parse(&row.payment_status)
            .ok_or_else(|| corrupt("payment status", &row.payment_status))?,
        paid_at: row.paid_at,
        tracking_note: row.tracking_note,
        history,
        created_at: row.created_at,
        confirmation,
        courier: row.courier_name.zip(row.courier_phone).map(|(name, phone)| Courier { name, phone }),
        returned_at: row.returned_at,
        refunds,
    })
}

/// The orders of `rows` with their lines, history, confirmations and refunds: six queries whatever
/// their number.
async fn load(conn: &mut AsyncPgConnection, rows: Vec<OrderRow>) -> Result<Vec<Order>, DbError> {
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let mut lines: HashMap<Uuid, Vec<LineRow>> = HashMap::new();
    let line_rows: Vec<LineRow> = order_items::table
        .filter(order_items::order_id.eq_any(&ids))
        .order((order_items::order_id, order_items::position))
        .select(LineRow::as_select())
        .load(conn)
        .await?;
    for line in line_rows {
        lines.entry(line.order_id).or_default().push(line);
    }
    let mut changes: HashMap<Uuid, Vec<HistoryRow>> = HashMap::new();
    let history_rows: Vec<HistoryRow> = history::table
        .filter(history::order_id.eq_any(&ids))
        .order((history::order_id, history::created_at, history::id))
        .select(HistoryRow::as_select())
        .load(conn)
        .await?;
    for change in history_rows {
        changes.entry(change.order_id).or_default().push(change);
    }
    let mut confirmations = confirmations::of_orders(conn, &ids).await?;
    let mut refunds = refund_rows::of_orders(conn, &ids).await?;
    rows.into_iter()
        .map(|row| {
            let id = row.id;
            let (lines, changes) = (lines.remove(&id).unwrap_or_default(), changes.remove(&id).unwrap_or_default());
            let refunds = refunds.remove(&id).unwrap_or_default();
            assemble(row, lines, changes, confirmations.remove(&id), refunds)
        })
        .collect()
}

pub(crate) async fn find_in(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<Order>, DbError> {
    let row = orders::table.find(id).select(OrderRow::as_select()).first(conn).await.optional()?;
    match row {
        Some(row) => Ok(load(conn, vec![row]).await?.pop()),
        None => Ok(None),
    }
}

type OrderQuery = orders::BoxedQuery<'static, diesel::pg::Pg>;

/// Orders matching the back office's filters.
fn filtered(filter: &AdminOrderFilter) -> OrderQuery {
    let mut query = orders::table.into_boxed();
    if let Some(status) = filter.status {
        query = query.filter(orders::status.eq(status.as_str()));
    }
    if let Some(confirmation) = filter.confirmation {
        query = query.filter(orders::id.eq_any(confirmations::matching(confirmation)));
    }
    if let Some(from) = filter.from {
        query = query.filter(orders::created_at.ge(from));
    }
    if let Some(until) = filter.until {
        query = query.filter(orders::created_at.lt(until));
    }
    if let Some(search) = &filter.search {
        // Names as typed in either order, ignoring case and accents; numbers as they are stored.
        let pattern = bitik_search_text(like_pattern(search));
        let first_last = bitik_search_text(orders::shipping_first_name.concat(" ").concat(orders::shipping_last_name));
        let last_first = bitik_search_text(orders::shipping_last_name.concat(" ").concat(orders::shipping_first_name));
        let mut matches = Box::new(
            orders::order_number
                .ilike(like_pattern(search))
                .or(first_last.like(pattern.clone()))
                .or(last_first.like(pattern))
                .or(orders::shipping_phone.ilike(like_pattern(search))),
        )
            as Box<dyn BoxableExpression<orders::table, diesel::pg::Pg, SqlType = diesel::sql_types::Bool>>;
        if let Some(digits) = &filter.phone_digits {
            let phone_digits = regexp_replace(orders::shipping_phone, "[^0-9]", "", "g");
            matches = Box::new(matches.or(phone_digits.like(format!("%{digits}%"))));
        }
        query = query.filter(matches);
    }
    query
}

/// Units per variant, in the one order every transaction takes them in.
pub(crate) fn units_by_variant(lines: &[(Uuid, String, String, i32)]) -> Vec<((Uuid, String, String), i32)> {
    let mut units: std::collections::BTreeMap<(Uuid, String, String), i32> = std::collections::BTreeMap::new();
    for (product_id, color, size, quantity) in lines {
        *units.entry((*product_id, color.clone(), size.clone())).or_default() += quantity;
    }
    units.into_iter().collect()
}

/// Takes `quantity` units of each variant, or none at all (the caller's transaction rolls back).
/// The order's units per variant.
pub(crate) async fn units_of(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> Result<Vec<((Uuid, String, String), i32)>, diesel::result::Error> {
    let lines: Vec<(Uuid, String, String, i32)> = order_items::table
        .filter(order_items::order_id.eq(id))
        .select((order_items::product_id, order_items::color, order_items::size, order_items::quantity))
        .load(conn)
        .await?;
    Ok(units_by_variant(&lines))
}

async fn take_stock(conn: &mut AsyncPgConnection, units: &[((Uuid, String, String), i32)]) -> Result<(), Abort> {
    for ((product_id, color, size), quantity) in units {
        let variant = product_variants::table
            .filter(product_variants::product_id.eq(product_id))
            .filter(product_variants::color.eq(color))
            .filter(product_variants::size.eq(size));
        let taken = diesel::update(variant.filter(product_variants::stock.ge(quantity)))
            .set(product_variants::stock.eq(product_variants::stock - quantity))
            .execute(conn)
            .await?;
        if taken == 0 {
            let left: Option<i32> = variant.select(product_variants::stock).first(conn).await.optional()?;
            return Err(Abort::OutOfStock {
                product_id: *product_id,
                color: color.clone(),
                size: size.clone(),
                available: left.and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
            });
        }
    }
    Ok(())
}

pub(crate) async fn return_stock(
    conn: &mut AsyncPgConnection,
    units: &[((Uuid, String, String), i32)],
) -> Result<(), diesel::result::Error> {
    for ((product_id, color, size), quantity) in units {
        // A variant removed from the product since has nowhere to return to.
        diesel::update(
            product_variants::table
                .filter(product_variants::product_id.eq(product_id))
                .filter(product_variants::color.eq(color))
                .filter(product_variants::size.eq(size)),
        )
        .set(product_variants::stock.eq(product_variants::stock + quantity))
        .execute(conn)
        .await?;
    }
    Ok(())
}

/// Advisory lock spaces (the first key of `pg_advisory_xact_lock(int4, int4)`) of the checkouts
/// of one account and of one phone.
const ACCOUNT_CHECKOUTS: i32 = 0x6f72_6461; // "orda"
const PHONE_CHECKOUTS: i32 = 0x6f72_6470; // "ordp"

/// Refuses a new order when the account, or the phone, already holds `cap` orders awaiting
/// payment. The checkouts of one account, then of one phone, wait for each other here until
/// their transaction ends, so the count each one reads includes what the one before it placed.
/// Every checkout takes the account's lock before the phone's, and both before any row lock:
/// no two of them wait for each other in a cycle.
async fn refuse_past_cap(conn: &mut AsyncPgConnection, user_id: Uuid, phone: &str, cap: u32) -> Result<(), Abort> {
    for (space, key) in [(ACCOUNT_CHECKOUTS, user_id.to_string()), (PHONE_CHECKOUTS, phone.to_owned())] {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
            .bind::<diesel::sql_types::Integer, _>(space)
            .bind::<diesel::sql_types::Text, _>(key)
            .execute(conn)
            .await?;
    }
    let statuses: Vec<&str> = OPEN_STATUSES.iter().map(|s| s.as_str()).collect();
    let open = || {
        orders::table
            .filter(orders::status.eq_any(statuses.clone()))
            .filter(orders::payment_status.ne(PaymentStatus::Paid.as_str()))
    };
    let cap = i64::from(cap);
    let by_account: i64 = open().filter(orders::user_id.eq(user_id)).count().get_result(conn).await?;
    if by_account >= cap {
        return Err(Abort::TooManyOpen(OpenOrdersOf::Account));
    }
    let by_phone: i64 = open().filter(orders::shipping_phone.eq(phone)).count().get_result(conn).await?;
    if by_phone >= cap {
        return Err(Abort::TooManyOpen(OpenOrdersOf::Phone));
    }
    Ok(())
}

#[derive(Insertable)]
#[diesel(table_name = history)]
pub(crate) struct NewHistoryRow<'a> {
    order_id: Uuid,
    status: &'a str,
    note: &'a str,
    changed_by: &'a str,
    user_id: Option<Uuid>,
    created_at: DateTime<Utc>,
}

/// A payment status from which an order may become paid.
fn unpaid(payment_status: &str) -> bool {
    payment_status == PaymentStatus::Pending.as_str() || payment_status == PaymentStatus::Failed.as_str()
}

pub(crate) fn record(order_id: Uuid, change: &StatusChange) -> NewHistoryRow<'_> {
    NewHistoryRow {
        order_id,
        status: change.status.as_str(),
        note: &change.note,
        changed_by: &change.by,
        user_id: change.by_user,
        created_at: change.at,
    }
}

/// Marks the order paid now, moves it to `entry`'s status and writes that in its history.
async fn mark_paid(conn: &mut AsyncPgConnection, id: Uuid, entry: &StatusChange) -> QueryResult<()> {
    diesel::update(orders::table.find(id))
        .set((
            orders::payment_status.eq("paid"),
            orders::paid_at.eq(now),
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
        Err(Abort::Stale | Abort::TooManyOpen(_)) => Ok(Transition::Stale),
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
        let placed = conn
            .transaction::<_, Abort, _>(async move |conn| {
                if let Some(cap) = open_cap {
                    refuse_past_cap(conn, order.user_id, &order.shipping.phone, cap).await?;
                }
                let wanted: Vec<(Uuid, String, String, i32)> = order
                    .lines
                    .iter()
                    .map(|l| {
                        (l.product_id, l.color.clone(), l.size.clone(), i32::try_from(l.quantity).unwrap_or(i32::MAX))
                    })
                    .collect();
                let units = units_by_variant(&wanted);
                take_stock(conn, &units).await?;
                carts::take_ordered(conn, order.user_id, &units).await?;
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
                        orders::created_at.eq(first.at),
                    ))
                    .returning(orders::id)
                    .get_result(conn)
                    .await?;
                let lines: Vec<_> = order
                    .lines
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
                diesel::insert_into(order_items::table).values(lines).execute(conn).await?;
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
                let placed = placed
                    .ok_or_else(|| Abort::Db(DbError::inconsistent("the order just written cannot be read back")))?;
                notify(conn, notices, &placed, OrderNotices::placed).await?;
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
        let outcome = conn
            .transaction::<_, Abort, _>(async move |conn| {
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
        let outcome = conn
            .transaction::<_, Abort, _>(async move |conn| {
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
        let outcome = conn
            .transaction::<_, Abort, _>(async move |conn| {
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
                    let unchanged = current.iter().any(|(found, status, payment)| {
                        found == id && status == expected.as_str() && payment != "paid"
                    });
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
            Err(Abort::Stale | Abort::OutOfStock { .. } | Abort::TooManyOpen(_)) => {
                Err(DbError::inconsistent("an order vanished while being paid").into())
            }
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
        let changed = diesel::update(orders::table.find(id))
            .set((orders::tracking_note.eq(note), orders::updated_at.eq(now)))
            .execute(&mut conn)
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
        let outcome = conn
            .transaction::<_, Abort, _>(async move |conn| {
                // Locking the row makes concurrent changes of one order wait for each other, so
                // the stock of a cancellation is returned exactly once.
                let current: Option<String> =
                    orders::table.find(id).select(orders::status).for_update().first(conn).await.optional()?;
                if current.as_deref() != Some(expected.as_str()) {
                    return Err(Abort::Stale);
                }
                let units = units_of(conn, id).await?;
                match stock {
                    StockEffect::Return => return_stock(conn, &units).await?,
                    StockEffect::Take => take_stock(conn, &units).await?,
                    StockEffect::None => {}
                }
                diesel::update(orders::table.find(id))
                    .set((orders::status.eq(change.status.as_str()), orders::updated_at.eq(now)))
                    .execute(conn)
                    .await?;
                if change.status == OrderStatus::Pending {
                    // A reopened order still to confirm gets the whole time to be confirmed again.
                    confirmations::ask_again(conn, id, change.at).await?;
                }
                diesel::insert_into(history::table).values(record(id, &change)).execute(conn).await?;
                let changed = find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?;
                notify(conn, notices, &changed, OrderNotices::status_changed).await?;
                Ok(changed)
            })
            .await;
        transition_of(outcome)
    }
}

/// Writes the customer's message of a refund just made, in the refund's transaction
/// (`PgRefundRepository::settle` and `record_cash`).
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
