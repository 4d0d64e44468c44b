//! Units taken from and given back to the variants' stock, in the caller's transaction.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::abort::Abort;
use crate::schema::{order_items, product_variants};

/// Units per variant, in the one order every transaction takes them in.
pub(crate) fn units_by_variant(lines: &[(Uuid, String, String, i32)]) -> Vec<((Uuid, String, String), i32)> {
    let mut units: std::collections::BTreeMap<(Uuid, String, String), i32> = std::collections::BTreeMap::new();
    for (product_id, color, size, quantity) in lines {
        *units.entry((*product_id, color.clone(), size.clone())).or_default() += quantity;
    }
    units.into_iter().collect()
}

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

/// Takes `quantity` units of each variant, or none at all (the caller's transaction rolls back).
pub(super) async fn take_stock(
    conn: &mut AsyncPgConnection,
    units: &[((Uuid, String, String), i32)],
) -> Result<(), Abort> {
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
