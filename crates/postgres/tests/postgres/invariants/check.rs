//! The invariants, read straight from the tables (not through the repositories under test).

use bitik_postgres::Database;
use diesel::sql_types::{BigInt, Bool, Integer, Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::fake_wave::FakeWave;
use super::model::Model;

#[derive(diesel::QueryableByName)]
struct VariantRow {
    #[diesel(sql_type = SqlUuid)]
    product_id: Uuid,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    size: String,
    #[diesel(sql_type = Integer)]
    stock: i32,
}

#[derive(diesel::QueryableByName, Debug)]
struct OrderRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Text)]
    payment_status: String,
    #[diesel(sql_type = Bool)]
    has_paid_at: bool,
    #[diesel(sql_type = BigInt)]
    subtotal: i64,
    #[diesel(sql_type = BigInt)]
    shipping_cost: i64,
    #[diesel(sql_type = BigInt)]
    discount: i64,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = BigInt)]
    lines_sum: i64,
    #[diesel(sql_type = BigInt)]
    units: i64,
    /// History entries written by a Wave payment.
    #[diesel(sql_type = BigInt)]
    wave_entries: i64,
    /// Sessions stored as paid.
    #[diesel(sql_type = BigInt)]
    paid_sessions: i64,
    /// Cancellations by the expiry sweep.
    #[diesel(sql_type = BigInt)]
    swept: i64,
}

const ORDERS: &str = "
SELECT o.id, o.status, o.payment_status, o.paid_at IS NOT NULL AS has_paid_at,
       o.subtotal, o.shipping_cost, o.discount, o.total,
       (SELECT coalesce(sum(i.quantity::bigint * i.unit_price), 0)::bigint FROM order_items i WHERE i.order_id = o.id) AS lines_sum,
       (SELECT coalesce(sum(i.quantity), 0)::bigint FROM order_items i WHERE i.order_id = o.id) AS units,
       (SELECT count(*) FROM order_status_history h WHERE h.order_id = o.id AND h.changed_by = 'Wave') AS wave_entries,
       (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.payment_status = 'succeeded') AS paid_sessions,
       (SELECT count(*) FROM order_status_history h
         WHERE h.order_id = o.id AND h.changed_by = 'Système' AND h.status = 'cancelled') AS swept
FROM orders o";

/// Checks every invariant against the database; the first one broken is the error.
pub async fn invariants(database: &Database, model: &Model, products: &[Uuid], wave: &FakeWave) -> Result<(), String> {
    let mut conn = database.conn().await.map_err(|e| e.to_string())?;
    let variants: Vec<VariantRow> = diesel::sql_query("SELECT product_id, color, size, stock FROM product_variants")
        .load(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    let orders: Vec<OrderRow> = diesel::sql_query(ORDERS).load(&mut conn).await.map_err(|e| e.to_string())?;
    stock(&variants, model, products)?;
    let shelf: i64 = variants.iter().map(|v| i64::from(v.stock)).sum();
    let live: i64 = orders.iter().filter(|o| o.status != "cancelled").map(|o| o.units).sum();
    if shelf + live != model.units {
        return Err(format!("units not conserved: {shelf} on the shelf + {live} in live orders != {}", model.units));
    }
    if orders.len() != model.orders.len() {
        return Err(format!("{} orders stored, {} expected", orders.len(), model.orders.len()));
    }
    for row in &orders {
        order(row, model, wave)?;
    }
    Ok(())
}

fn stock(variants: &[VariantRow], model: &Model, products: &[Uuid]) -> Result<(), String> {
    for row in variants {
        if row.stock < 0 {
            return Err(format!("negative stock {} for {} {}", row.stock, row.color, row.size));
        }
        let known = super::model::VARIANTS
            .iter()
            .position(|&(p, c, s)| products[p] == row.product_id && c == row.color && s == row.size);
        let Some(v) = known else { continue };
        if i64::from(row.stock) != i64::from(model.stock[v]) {
            return Err(format!("stock of {} {} is {}, expected {}", row.color, row.size, row.stock, model.stock[v]));
        }
    }
    Ok(())
}

fn order(row: &OrderRow, model: &Model, wave: &FakeWave) -> Result<(), String> {
    let expected = model.orders.iter().find(|o| o.id == row.id).ok_or_else(|| format!("unexpected order {row:?}"))?;
    let fail = |what: &str| Err(format!("order {}: {what} ({row:?}, expected {expected:?})", row.id));
    if row.subtotal != row.lines_sum || row.discount != 0 || row.total != row.subtotal + row.shipping_cost {
        return fail("total is not its lines plus shipping");
    }
    if row.total != expected.total {
        return fail("total differs from the catalogue's prices and fees");
    }
    if row.status != expected.status.as_str() {
        return fail("status differs from the model");
    }
    let paid = row.payment_status == "paid";
    if paid != expected.paid || row.has_paid_at != paid {
        return fail("payment differs from the model");
    }
    if row.wave_entries > 1 || row.paid_sessions > 1 || (expected.wave && row.wave_entries != i64::from(paid)) {
        return fail("paid more than once, or paid without its history entry");
    }
    if row.swept > 0 && wave.paid(row.id) {
        return fail("cancelled by the sweep although Wave took the money");
    }
    Ok(())
}
