//! Stock set by hand: the variants named, under their rows' locks, each change kept as a movement.

use bitik_catalog::{Adjuster, Color, Size, StockAdjustment, StockMovement, StockReason};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::DbError;
use crate::schema::{product_variants, products, stock_movements};

/// Most movements a product's page shows.
const SHOWN: i64 = 100;

/// The rows of the product's variant `color`/`size` (one).
macro_rules! variant {
    ($id:expr, $color:expr, $size:expr) => {
        product_variants::table
            .filter(product_variants::product_id.eq($id))
            .filter(product_variants::color.eq($color.as_str()))
            .filter(product_variants::size.eq($size.as_str()))
    };
}

#[derive(Insertable)]
#[diesel(table_name = stock_movements)]
struct NewMovement<'a> {
    id: Uuid,
    product_id: Uuid,
    color: &'a str,
    size: &'a str,
    quantity_before: i32,
    quantity_after: i32,
    reason: &'a str,
    note: &'a str,
    by_id: Uuid,
    by_name: &'a str,
}

/// Sets the adjustment's quantities; `false` when there is no such product. The variants' rows
/// are locked in one order (colour, size) before they are read, as checkout locks them, so a sale
/// between the read and the write waits and the movement's `before` is the quantity replaced.
pub(super) async fn adjust(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    adjustment: &StockAdjustment,
) -> Result<bool, DbError> {
    let found: Option<Uuid> =
        products::table.find(id).select(products::id).for_update().first(conn).await.optional()?;
    if found.is_none() {
        return Ok(false);
    }
    let mut named: Vec<&(Color, Size, u32)> = adjustment.quantities.iter().collect();
    named.sort_by(|a, b| (a.0.as_str(), a.1.as_str()).cmp(&(b.0.as_str(), b.1.as_str())));
    for (color, size, quantity) in named {
        let after = i32::try_from(*quantity).map_err(|_| DbError::inconsistent("a quantity past i32"))?;
        let before = locked_quantity(conn, id, color, size).await?;
        if before == after {
            continue;
        }
        diesel::update(variant!(id, color, size)).set(product_variants::stock.eq(after)).execute(conn).await?;
        diesel::insert_into(stock_movements::table)
            .values(NewMovement {
                id: Uuid::new_v4(),
                product_id: id,
                color: color.as_str(),
                size: size.as_str(),
                quantity_before: before,
                quantity_after: after,
                reason: adjustment.reason.as_str(),
                note: &adjustment.note,
                by_id: adjustment.by.id,
                by_name: &adjustment.by.name,
            })
            .execute(conn)
            .await?;
    }
    diesel::update(products::table.find(id)).set(products::updated_at.eq(diesel::dsl::now)).execute(conn).await?;
    Ok(true)
}

/// The variant's quantity under its row's lock; a variant of the product's grid with no row yet
/// (none recorded) gets one at zero first.
async fn locked_quantity(conn: &mut AsyncPgConnection, id: Uuid, color: &Color, size: &Size) -> Result<i32, DbError> {
    diesel::insert_into(product_variants::table)
        .values((
            product_variants::product_id.eq(id),
            product_variants::color.eq(color.as_str()),
            product_variants::size.eq(size.as_str()),
            product_variants::stock.eq(0),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(variant!(id, color, size).select(product_variants::stock).for_update().first(conn).await?)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = stock_movements)]
struct MovementRow {
    id: Uuid,
    product_id: Uuid,
    color: String,
    size: String,
    quantity_before: i32,
    quantity_after: i32,
    reason: String,
    note: String,
    by_id: Uuid,
    by_name: String,
    at: DateTime<Utc>,
}

impl MovementRow {
    fn into_movement(self) -> Result<StockMovement, DbError> {
        let bad = |what: &str| DbError::inconsistent(format!("stock movement {} has {what}", self.id));
        Ok(StockMovement {
            id: self.id,
            product_id: self.product_id,
            color: Color::parse(&self.color).ok_or_else(|| bad("an unreadable colour"))?,
            size: Size::parse(&self.size).ok_or_else(|| bad("an unreadable size"))?,
            before: u32::try_from(self.quantity_before).map_err(|_| bad("a negative quantity"))?,
            after: u32::try_from(self.quantity_after).map_err(|_| bad("a negative quantity"))?,
            reason: StockReason::parse(&self.reason).ok_or_else(|| bad("an unknown reason"))?,
            note: self.note,
            by: Adjuster { id: self.by_id, name: self.by_name },
            at: self.at,
        })
    }
}

pub(super) async fn movements(conn: &mut AsyncPgConnection, id: Uuid) -> Result<Vec<StockMovement>, DbError> {
    let rows: Vec<MovementRow> = stock_movements::table
        .filter(stock_movements::product_id.eq(id))
        .order((stock_movements::at.desc(), stock_movements::id.desc()))
        .limit(SHOWN)
        .select(MovementRow::as_select())
        .load(conn)
        .await?;
    rows.into_iter().map(MovementRow::into_movement).collect()
}
