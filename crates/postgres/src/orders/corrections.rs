//! The shop's corrections of an order (`bitik_orders::corrections`): each locks the order's row,
//! checks it is still as the correction saw it, and writes all or nothing with its history entry.
//! Units move by the difference between the old lines and the new, in the variants' one order,
//! last before the commit, as a checkout takes them.

use std::collections::BTreeMap;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_orders::cash_on_delivery::Confirmation;
use bitik_orders::corrections::{OrderCorrections, Repriced, Seen};
use bitik_orders::notices::OrderNotices;
use bitik_orders::{OrderLine, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo, StatusChange, Transition};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::abort::Abort;
use super::stock::{return_stock, take_stock, units_by_variant, units_of};
use super::{PgOrderRepository, find_in, insert_lines, notify, record, transition_of};
use crate::schema::{order_confirmations, order_items, order_status_history as history, orders};

/// Locks the order's row and checks it is as the correction saw it.
async fn lock_as_seen(conn: &mut AsyncPgConnection, id: Uuid, seen: Seen) -> Result<(), Abort> {
    let current: Option<(String, i64, i64)> = orders::table
        .find(id)
        .select((orders::status, orders::total, orders::amount_paid))
        .for_update()
        .first(conn)
        .await
        .optional()?;
    match current {
        Some((status, total, paid))
            if status == seen.status.as_str()
                && total == seen.total.as_francs()
                && paid == seen.amount_paid.as_francs() =>
        {
            Ok(())
        }
        _ => Err(Abort::Stale),
    }
}

/// Writes the order's new prices and the payment status they leave.
async fn write_prices(conn: &mut AsyncPgConnection, id: Uuid, prices: &Repriced) -> QueryResult<()> {
    let totals = &prices.totals;
    diesel::update(orders::table.find(id))
        .set((
            orders::subtotal.eq(totals.subtotal.as_francs()),
            orders::shipping_cost.eq(totals.shipping_cost.as_francs()),
            orders::discount.eq(totals.discount.as_francs()),
            orders::total.eq(totals.total.as_francs()),
            orders::payment_status.eq(prices.payment_status.as_str()),
            orders::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Each variant's units from the order's old lines to its new ones: positive to take, negative to
/// give back, in the variants' one order.
fn differences(
    old: &[((Uuid, String, String), i32)],
    new: &[((Uuid, String, String), i32)],
) -> Vec<((Uuid, String, String), i32)> {
    let mut moves: BTreeMap<(Uuid, String, String), i32> = BTreeMap::new();
    for (variant, units) in new {
        *moves.entry(variant.clone()).or_default() += units;
    }
    for (variant, units) in old {
        *moves.entry(variant.clone()).or_default() -= units;
    }
    moves.into_iter().filter(|(_, units)| *units != 0).collect()
}

#[async_trait]
impl OrderCorrections for PgOrderRepository {
    async fn correct_delivery(
        &self,
        id: Uuid,
        seen: Seen,
        shipping: ShippingInfo,
        prices: Repriced,
        entry: StatusChange,
    ) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            lock_as_seen(conn, id, seen).await?;
            diesel::update(orders::table.find(id))
                .set((
                    orders::shipping_first_name.eq(&shipping.first_name),
                    orders::shipping_last_name.eq(&shipping.last_name),
                    orders::shipping_email.eq(&shipping.email),
                    orders::shipping_phone.eq(&shipping.phone),
                    orders::shipping_address.eq(&shipping.address),
                    orders::shipping_city.eq(&shipping.city),
                    orders::shipping_country.eq(&shipping.country),
                    orders::delivery_zone.eq(Some(&shipping.zone_code).filter(|code| !code.is_empty())),
                    orders::delivery_zone_name.eq(&shipping.zone_name),
                    orders::commune_code.eq(&shipping.commune_code),
                    orders::commune_name.eq(&shipping.commune_name),
                    orders::landmark.eq(&shipping.landmark),
                    orders::delivery_notes.eq(&shipping.notes),
                ))
                .execute(conn)
                .await?;
            write_prices(conn, id, &prices).await?;
            diesel::insert_into(history::table).values(record(id, &entry)).execute(conn).await?;
            find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)
        })
        .await;
        transition_of(outcome)
    }

    async fn replace_lines(
        &self,
        id: Uuid,
        seen: Seen,
        lines: Vec<OrderLine>,
        prices: Repriced,
        entry: StatusChange,
    ) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            lock_as_seen(conn, id, seen).await?;
            let old = units_of(conn, id).await?;
            let wanted: Vec<(Uuid, String, String, i32)> = lines
                .iter()
                .map(|l| (l.product_id, l.color.clone(), l.size.clone(), i32::try_from(l.quantity).unwrap_or(i32::MAX)))
                .collect();
            let moves = differences(&old, &units_by_variant(&wanted));
            diesel::delete(order_items::table.filter(order_items::order_id.eq(id))).execute(conn).await?;
            insert_lines(conn, id, &lines).await?;
            write_prices(conn, id, &prices).await?;
            diesel::insert_into(history::table).values(record(id, &entry)).execute(conn).await?;
            let changed = find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?;
            // Last, in the variants' one order: units given back first in that order would
            // not deadlock either, but one pass keeps every variant's row held the least.
            for (variant, units) in moves {
                if units > 0 {
                    take_stock(conn, &[(variant, units)]).await?;
                } else {
                    return_stock(conn, &[(variant, -units)]).await?;
                }
            }
            Ok(changed)
        })
        .await;
        transition_of(outcome)
    }

    async fn switch_to_cash(&self, id: Uuid, entry: StatusChange) -> Result<Transition, BoxError> {
        let mut conn = self.database.conn().await?;
        let notices = self.notices.as_deref();
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            let current: Option<(String, String, String, i64)> = orders::table
                .find(id)
                .select((orders::status, orders::payment_method, orders::payment_status, orders::amount_paid))
                .for_update()
                .first(conn)
                .await
                .optional()?;
            let unpaid =
                |payment: &str| payment == PaymentStatus::Pending.as_str() || payment == PaymentStatus::Failed.as_str();
            match current {
                Some((status, method, payment, 0))
                    if status == OrderStatus::Pending.as_str()
                        && method == PaymentMethod::Wave.as_str()
                        && unpaid(&payment) => {}
                _ => return Err(Abort::Stale),
            }
            diesel::update(orders::table.find(id))
                .set((
                    orders::payment_method.eq(PaymentMethod::CashOnDelivery.as_str()),
                    orders::payment_status.eq(PaymentStatus::Pending.as_str()),
                    orders::updated_at.eq(now),
                ))
                .execute(conn)
                .await?;
            diesel::insert_into(order_confirmations::table)
                .values((
                    order_confirmations::order_id.eq(id),
                    order_confirmations::state.eq(Confirmation::Awaiting.as_str()),
                    order_confirmations::requested_at.eq(entry.at),
                ))
                .execute(conn)
                .await?;
            diesel::insert_into(history::table).values(record(id, &entry)).execute(conn).await?;
            let switched = find_in(conn, id).await.map_err(Abort::Db)?.ok_or(Abort::Stale)?;
            notify(conn, notices, &switched, OrderNotices::confirmation_asked).await?;
            Ok(switched)
        })
        .await;
        transition_of(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_move_by_the_difference_in_the_variants_one_order() {
        let tee = Uuid::from_u128(1);
        let variant = |size: &str| (tee, "noir".to_owned(), size.to_owned());
        let old = vec![(variant("L"), 1), (variant("M"), 2)];
        let new = vec![(variant("M"), 1), (variant("S"), 3)];
        assert_eq!(differences(&old, &new), vec![(variant("L"), -1), (variant("M"), -1), (variant("S"), 3)]);
        assert!(differences(&old, &old).is_empty(), "nothing moves when nothing changed");
    }
}
