//! Customers' carts in PostgreSQL: one row per (user, product, colour, size).

use async_trait::async_trait;
use bitik_cart::{CartLine, CartRepository, VariantRef};
use bitik_common::BoxError;
use diesel::dsl::now;
use diesel::prelude::*;
use diesel::sql_types;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::cart_items;
use crate::{Database, DbError};

pub struct PgCartRepository {
    database: Database,
}

impl PgCartRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, QueryableByName, Selectable)]
#[diesel(table_name = cart_items)]
struct LineRow {
    id: Uuid,
    product_id: Uuid,
    color: String,
    size: String,
    quantity: i32,
}

impl From<LineRow> for CartLine {
    fn from(row: LineRow) -> Self {
        CartLine {
            id: row.id,
            variant: VariantRef { product_id: row.product_id, color: row.color, size: row.size },
            // The table refuses quantities below 1.
            quantity: u32::try_from(row.quantity).unwrap_or(0),
        }
    }
}

/// Takes the units an order holds out of its customer's cart, within the order's transaction:
/// each line of an ordered variant (same product, colour and size) loses the units ordered, and
/// goes when none are left; lines of other variants stay. `units` names each variant once.
pub(crate) async fn take_ordered(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    units: &[((Uuid, String, String), i32)],
) -> QueryResult<()> {
    let products: Vec<Uuid> = units.iter().map(|((product, _, _), _)| *product).collect();
    let colors: Vec<&str> = units.iter().map(|((_, color, _), _)| color.as_str()).collect();
    let sizes: Vec<&str> = units.iter().map(|((_, _, size), _)| size.as_str()).collect();
    let quantities: Vec<i32> = units.iter().map(|(_, quantity)| *quantity).collect();
    // One statement whatever the number of lines: the update and the delete see the same rows
    // and touch different ones (more units than ordered, or not).
    diesel::sql_query(
        "WITH ordered AS (
            SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int4[]) AS o(product_id, color, size, quantity)
         ), reduced AS (
            UPDATE cart_items c SET quantity = c.quantity - o.quantity, updated_at = now()
            FROM ordered o
            WHERE c.user_id = $1 AND (c.product_id, c.color, c.size) = (o.product_id, o.color, o.size)
              AND c.quantity > o.quantity
         )
         DELETE FROM cart_items c USING ordered o
         WHERE c.user_id = $1 AND (c.product_id, c.color, c.size) = (o.product_id, o.color, o.size)
           AND c.quantity <= o.quantity",
    )
    .bind::<sql_types::Uuid, _>(user_id)
    .bind::<sql_types::Array<sql_types::Uuid>, _>(products)
    .bind::<sql_types::Array<sql_types::Text>, _>(colors)
    .bind::<sql_types::Array<sql_types::Text>, _>(sizes)
    .bind::<sql_types::Array<sql_types::Integer>, _>(quantities)
    .execute(conn)
    .await?;
    Ok(())
}

/// Quantities beyond what a column holds are beyond any stock too.
fn column(quantity: u32) -> i32 {
    i32::try_from(quantity).unwrap_or(i32::MAX)
}

#[async_trait]
impl CartRepository for PgCartRepository {
    async fn lines(&self, user_id: Uuid) -> Result<Vec<CartLine>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows = cart_items::table
            .filter(cart_items::user_id.eq(user_id))
            .order((cart_items::created_at, cart_items::id))
            .select(LineRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(rows.into_iter().map(CartLine::from).collect())
    }

    async fn line(&self, user_id: Uuid, line_id: Uuid) -> Result<Option<CartLine>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = cart_items::table
            .filter(cart_items::user_id.eq(user_id))
            .filter(cart_items::id.eq(line_id))
            .select(LineRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(row.map(CartLine::from))
    }

    async fn add(
        &self,
        user_id: Uuid,
        variant: VariantRef,
        quantity: u32,
        max: u32,
    ) -> Result<Option<CartLine>, BoxError> {
        let mut conn = self.database.conn().await?;
        // One statement: the existing line grows only if it stays within `max`, so two adds
        // racing each other cannot both pass the limit.
        let row = diesel::sql_query(
            "INSERT INTO cart_items (user_id, product_id, color, size, quantity) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id, product_id, color, size) DO UPDATE
                SET quantity = cart_items.quantity + excluded.quantity, updated_at = now()
                WHERE cart_items.quantity + excluded.quantity <= $6
             RETURNING id, product_id, color, size, quantity",
        )
        .bind::<sql_types::Uuid, _>(user_id)
        .bind::<sql_types::Uuid, _>(variant.product_id)
        .bind::<sql_types::Text, _>(&variant.color)
        .bind::<sql_types::Text, _>(&variant.size)
        .bind::<sql_types::Integer, _>(column(quantity))
        .bind::<sql_types::Integer, _>(column(max))
        .get_result::<LineRow>(&mut conn)
        .await
        .optional()
        .map_err(DbError::from)?;
        Ok(row.map(CartLine::from))
    }

    async fn set_quantity(&self, user_id: Uuid, line_id: Uuid, quantity: u32) -> Result<Option<CartLine>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = diesel::update(
            cart_items::table.filter(cart_items::user_id.eq(user_id)).filter(cart_items::id.eq(line_id)),
        )
        .set((cart_items::quantity.eq(column(quantity)), cart_items::updated_at.eq(now)))
        .returning(LineRow::as_returning())
        .get_result(&mut conn)
        .await
        .optional()
        .map_err(DbError::from)?;
        Ok(row.map(CartLine::from))
    }

    async fn remove(&self, user_id: Uuid, line_id: Uuid) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let deleted = diesel::delete(
            cart_items::table.filter(cart_items::user_id.eq(user_id)).filter(cart_items::id.eq(line_id)),
        )
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        Ok(deleted == 1)
    }

    async fn clear(&self, user_id: Uuid) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::delete(cart_items::table.filter(cart_items::user_id.eq(user_id)))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn merge(&self, user_id: Uuid, lines: Vec<(VariantRef, u32, u32)>) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            for (variant, quantity, max) in lines {
                let max = column(max);
                diesel::insert_into(cart_items::table)
                    .values((
                        cart_items::user_id.eq(user_id),
                        cart_items::product_id.eq(variant.product_id),
                        cart_items::color.eq(&variant.color),
                        cart_items::size.eq(&variant.size),
                        cart_items::quantity.eq(column(quantity).min(max)),
                        // now() is the transaction's start: the real clock keeps the guest's order.
                        cart_items::created_at
                            .eq(diesel::dsl::sql::<diesel::sql_types::Timestamptz>("clock_timestamp()")),
                    ))
                    .on_conflict((cart_items::user_id, cart_items::product_id, cart_items::color, cart_items::size))
                    .do_update()
                    .set((
                        cart_items::quantity.eq(diesel::dsl::sql::<diesel::sql_types::Integer>(
                            "LEAST(cart_items.quantity + excluded.quantity, ",
                        )
                        .bind::<diesel::sql_types::Integer, _>(max)
                        .sql(")")),
                        cart_items::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
            }
            Ok(())
        })
        .await?;
        Ok(())
    }
}
