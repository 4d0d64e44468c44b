//! Writing a product: the product and its variants in one transaction, under a free slug.

use std::collections::HashSet;

use bitik_catalog::{Color, NewProduct, Slug, Stock};
use bitik_common::Money;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::rows::{InsertProduct, InsertVariant, ProductRow, VariantRow, picture_columns};
use crate::DbError;
use crate::schema::{product_variants, products};

/// How many times `create` looks for a free slug when another writer takes the same one first.
pub(super) const SLUG_ATTEMPTS: u32 = 3;
pub(super) const SLUG_CONSTRAINT: &str = "products_slug_key";

/// The product and all its variants in one transaction, under the first free slug.
pub(super) async fn insert_product(
    conn: &mut AsyncPgConnection,
    product: &NewProduct,
) -> Result<(ProductRow, Vec<VariantRow>), DbError> {
    crate::audit::transaction::<_, DbError, _>(conn, async |conn| {
        let slug = free_slug(conn, &product.slug()).await?;
        insert_under(conn, &slug, product).await
    })
    .await
}

/// The product and its variants under `slug`, on the caller's transaction.
async fn insert_under(
    conn: &mut AsyncPgConnection,
    slug: &Slug,
    product: &NewProduct,
) -> Result<(ProductRow, Vec<VariantRow>), DbError> {
    let (images, image_colors) = picture_columns(&product.pictures);
    let row = diesel::insert_into(products::table)
        .values(InsertProduct {
            slug: slug.as_str(),
            name: &product.name,
            short_description: &product.short_description,
            description: &product.description,
            price: product.price.as_francs(),
            promo_price: product.promo_price.map(Money::as_francs),
            on_promotion: product.on_promotion,
            category: product.subcategory.category().as_str(),
            subcategory: product.subcategory.as_str(),
            colors: product.colors.iter().map(Color::as_str).collect(),
            sizes: product.sizes.iter().map(|size| size.as_str()).collect(),
            images,
            image_colors,
            material: &product.material,
            care_instructions: &product.care_instructions,
            featured: product.featured,
            active: product.active,
            created_at: product.created_at,
        })
        .returning(ProductRow::as_returning())
        .get_result(conn)
        .await?;
    let variants: Vec<InsertVariant> = product
        .stock
        .variants()
        .map(|(color, size, quantity)| InsertVariant {
            product_id: row.id,
            color: color.as_str(),
            size: size.as_str(),
            // The form refuses quantities beyond i32; saturate rather than wrap if one slips by.
            stock: i32::try_from(quantity).unwrap_or(i32::MAX),
        })
        .collect();
    let variants = if variants.is_empty() {
        Vec::new()
    } else {
        diesel::insert_into(product_variants::table)
            .values(&variants)
            .returning(VariantRow::as_returning())
            .get_results(conn)
            .await?
    };
    Ok((row, variants))
}

/// Replaces the product's fields (not its slug nor its stock) on the caller's transaction; how
/// many rows changed (0: no such product).
pub(super) async fn update_fields(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    product: &NewProduct,
) -> Result<usize, DbError> {
    let (images, image_colors) = picture_columns(&product.pictures);
    Ok(diesel::update(products::table.find(id))
        .set((
            products::name.eq(&product.name),
            products::short_description.eq(&product.short_description),
            products::description.eq(&product.description),
            products::price.eq(product.price.as_francs()),
            products::promo_price.eq(product.promo_price.map(Money::as_francs)),
            products::on_promotion.eq(product.on_promotion),
            products::category.eq(product.subcategory.category().as_str()),
            products::subcategory.eq(product.subcategory.as_str()),
            products::colors.eq(product.colors.iter().map(Color::as_str).collect::<Vec<_>>()),
            products::sizes.eq(product.sizes.iter().map(|size| size.as_str()).collect::<Vec<_>>()),
            products::images.eq(images),
            products::image_colors.eq(image_colors),
            products::material.eq(&product.material),
            products::care_instructions.eq(&product.care_instructions),
            products::featured.eq(product.featured),
            products::active.eq(product.active),
            products::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)
        .await?)
}

/// One product of an import, on the caller's transaction: the product with `slug` replaced
/// (fields and stock grid, under its row lock), or a new one under exactly that slug.
pub(super) async fn import_one(conn: &mut AsyncPgConnection, slug: &Slug, product: &NewProduct) -> Result<(), DbError> {
    let found: Option<Uuid> = products::table
        .filter(products::slug.eq(slug.as_str()))
        .select(products::id)
        .for_update()
        .first(conn)
        .await
        .optional()?;
    match found {
        Some(id) => {
            update_fields(conn, id, product).await?;
            replace_stock(conn, id, &product.stock, Quantities::Replaced).await
        }
        None => insert_under(conn, slug, product).await.map(|_| ()),
    }
}

/// What saving a product's variants does to the quantities of those it already has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Quantities {
    /// The product form: they keep theirs. A quantity changes by an adjustment, with its reason
    /// and under its row's lock, so a form opened before one cannot undo it.
    Kept,
    /// The catalogue import: the file's are the shop's count.
    Replaced,
}

/// Makes the product's variants exactly those of `stock`; new ones with its quantities, the
/// others' as `quantities` says.
pub(super) async fn replace_stock(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    stock: &Stock,
    quantities: Quantities,
) -> Result<(), DbError> {
    let keep: Vec<(String, String)> =
        stock.variants().map(|(color, size, _)| (color.as_str().to_owned(), size.as_str().to_owned())).collect();
    let existing: Vec<(Uuid, String, String)> = product_variants::table
        .filter(product_variants::product_id.eq(id))
        .select((product_variants::id, product_variants::color, product_variants::size))
        .load(conn)
        .await?;
    let gone: Vec<Uuid> = existing
        .into_iter()
        .filter(|(_, c, s)| !keep.iter().any(|(kc, ks)| kc == c && ks == s))
        .map(|(v, _, _)| v)
        .collect();
    if !gone.is_empty() {
        diesel::delete(product_variants::table.filter(product_variants::id.eq_any(gone))).execute(conn).await?;
    }
    for (color, size, quantity) in stock.variants() {
        let quantity = i32::try_from(quantity).unwrap_or(i32::MAX);
        let variant = InsertVariant { product_id: id, color: color.as_str(), size: size.as_str(), stock: quantity };
        let insert = diesel::insert_into(product_variants::table)
            .values(variant)
            .on_conflict((product_variants::product_id, product_variants::color, product_variants::size));
        match quantities {
            Quantities::Kept => insert.do_nothing().execute(conn).await?,
            Quantities::Replaced => insert.do_update().set(product_variants::stock.eq(quantity)).execute(conn).await?,
        };
    }
    Ok(())
}

/// `slug`, or the first of `slug-2`, `slug-3`… no product has.
async fn free_slug(conn: &mut AsyncPgConnection, slug: &Slug) -> Result<Slug, DbError> {
    let taken: HashSet<String> = products::table
        .filter(products::slug.eq(slug.as_str()).or(products::slug.like(format!("{slug}-%"))))
        .select(products::slug)
        .load(conn)
        .await?
        .into_iter()
        .collect();
    let free = (1..).map(|n| slug.numbered(n)).find(|candidate| !taken.contains(candidate.as_str()));
    Ok(free.expect("finitely many slugs are taken"))
}
