//! An order's rows (the order, its lines, its history) and how they become the domain's `Order`.

use std::collections::HashMap;

use bitik_common::Money;
use bitik_orders::cash_on_delivery::{Courier, OrderConfirmation};
use bitik_orders::{
    ActorKind, Order, OrderLine, OrderStatus, PaymentMethod, PaymentStatus, Refund, SalesChannel, ShippingInfo,
    ShippingMethod, StatusChange,
};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;
use crate::confirmation_rows as confirmations;
use crate::refund_rows;
use crate::schema::{order_items, order_status_history as history, orders};

#[derive(Queryable, Selectable)]
#[diesel(table_name = orders)]
pub(super) struct OrderRow {
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
    courier_id: Option<Uuid>,
    returned_at: Option<DateTime<Utc>>,
    delivery_zone: Option<String>,
    delivery_zone_name: String,
    commune_code: String,
    commune_name: String,
    landmark: String,
    delivery_notes: String,
    promo_code: String,
    amount_paid: i64,
    channel: String,
    source: Option<String>,
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
    by_kind: String,
    note_visible: bool,
    created_at: DateTime<Utc>,
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
                by_kind: ActorKind::parse(&h.by_kind).ok_or_else(|| corrupt("history author", &h.by_kind))?,
                note_visible: h.note_visible,
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
        amount_paid: Money::francs(row.amount_paid),
        paid_at: row.paid_at,
        tracking_note: row.tracking_note,
        history,
        created_at: row.created_at,
        confirmation,
        courier: row.courier_name.zip(row.courier_phone).map(|(name, phone)| Courier {
            name,
            phone,
            account: row.courier_id,
        }),
        returned_at: row.returned_at,
        refunds,
        promo_code: Some(row.promo_code).filter(|code| !code.is_empty()),
        channel: SalesChannel::parse(&row.channel).ok_or_else(|| corrupt("channel", &row.channel))?,
        source: row.source,
    })
}

/// The orders of `rows` with their lines, history, confirmations and refunds: six queries whatever
/// their number.
pub(super) async fn load(conn: &mut AsyncPgConnection, rows: Vec<OrderRow>) -> Result<Vec<Order>, DbError> {
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

/// The processing and shipped orders whose courier is the account `courier`, oldest first.
pub(crate) async fn carried_by(conn: &mut AsyncPgConnection, courier: Uuid) -> Result<Vec<Order>, DbError> {
    let to_deliver = [OrderStatus::Processing.as_str(), OrderStatus::Shipped.as_str()];
    let rows = orders::table
        .filter(orders::courier_id.eq(courier))
        .filter(orders::status.eq_any(to_deliver))
        .order((orders::created_at.asc(), orders::id.asc()))
        .select(OrderRow::as_select())
        .load(conn)
        .await?;
    load(conn, rows).await
}

pub(crate) async fn find_in(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Option<Order>, DbError> {
    let row = orders::table.find(id).select(OrderRow::as_select()).first(conn).await.optional()?;
    match row {
        Some(row) => Ok(load(conn, vec![row]).await?.pop()),
        None => Ok(None),
    }
}

#[derive(Insertable)]
#[diesel(table_name = history)]
pub(crate) struct NewHistoryRow<'a> {
    order_id: Uuid,
    status: &'a str,
    note: &'a str,
    changed_by: &'a str,
    user_id: Option<Uuid>,
    by_kind: &'static str,
    note_visible: bool,
    created_at: DateTime<Utc>,
}

pub(crate) fn record(order_id: Uuid, change: &StatusChange) -> NewHistoryRow<'_> {
    NewHistoryRow {
        order_id,
        status: change.status.as_str(),
        note: &change.note,
        changed_by: &change.by,
        user_id: change.by_user,
        by_kind: change.by_kind.as_str(),
        note_visible: change.note_visible,
        created_at: change.at,
    }
}
