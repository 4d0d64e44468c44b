//! Rows of `products` and `product_variants` as diesel reads and writes them, and their reading
//! into the domain's `Product`.

use bitik_catalog::{Color, Picture, Product, Size, Slug, Stock, Subcategory};
use bitik_common::{BoxError, Money};
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use uuid::Uuid;

use super::storage;
use crate::DbError;
use crate::schema::{product_variants, products};

#[derive(Queryable, Selectable)]
#[diesel(table_name = products, check_for_backend(Pg))]
pub(super) struct ProductRow {
    pub(super) id: Uuid,
    pub(super) slug: String,
    pub(super) name: String,
    pub(super) short_description: String,
    pub(super) description: String,
    pub(super) price: i64,
    pub(super) promo_price: Option<i64>,
    pub(super) on_promotion: bool,
    pub(super) subcategory: String,
    pub(super) colors: Vec<String>,
    pub(super) sizes: Vec<String>,
    pub(super) images: Vec<String>,
    pub(super) image_colors: Vec<Option<String>>,
    pub(super) material: String,
    pub(super) care_instructions: String,
    pub(super) featured: bool,
    pub(super) active: bool,
    pub(super) created_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_variants, check_for_backend(Pg))]
pub(super) struct VariantRow {
    pub(super) color: String,
    pub(super) size: String,
    pub(super) stock: i32,
}

#[derive(Insertable)]
#[diesel(table_name = products)]
pub(super) struct InsertProduct<'a> {
    pub(super) slug: &'a str,
    pub(super) name: &'a str,
    pub(super) short_description: &'a str,
    pub(super) description: &'a str,
    pub(super) price: i64,
    pub(super) promo_price: Option<i64>,
    pub(super) on_promotion: bool,
    pub(super) category: &'a str,
    pub(super) subcategory: &'a str,
    pub(super) colors: Vec<&'a str>,
    pub(super) sizes: Vec<&'a str>,
    pub(super) images: Vec<&'a str>,
    pub(super) image_colors: Vec<Option<&'a str>>,
    pub(super) material: &'a str,
    pub(super) care_instructions: &'a str,
    pub(super) featured: bool,
    pub(super) active: bool,
    /// `None` leaves the column's default, now().
    pub(super) created_at: Option<DateTime<Utc>>,
}

#[derive(Insertable)]
#[diesel(table_name = product_variants)]
pub(super) struct InsertVariant<'a> {
    pub(super) product_id: Uuid,
    pub(super) color: &'a str,
    pub(super) size: &'a str,
    pub(super) stock: i32,
}

/// A row the domain cannot read: written around the application, a bug either way.
#[derive(Debug, thiserror::Error)]
#[error("product {id} has an unreadable {what}: {value:?}")]
pub(super) struct CorruptRow {
    pub(super) id: Uuid,
    pub(super) what: &'static str,
    pub(super) value: String,
}

pub(super) fn into_product_with(row: ProductRow, variants: Vec<(String, String, i32)>) -> Result<Product, BoxError> {
    let variants = variants.into_iter().map(|(color, size, stock)| VariantRow { color, size, stock }).collect();
    into_product(row, variants).map_err(corrupt)
}

pub(super) fn corrupt(row: CorruptRow) -> BoxError {
    storage(DbError::inconsistent(row))
}

pub(super) fn into_product(row: ProductRow, variants: Vec<VariantRow>) -> Result<Product, CorruptRow> {
    let corrupt = |what, value: &str| CorruptRow { id: row.id, what, value: value.to_owned() };
    let subcategory = Subcategory::parse(&row.subcategory).ok_or_else(|| corrupt("subcategory", &row.subcategory))?;
    let color = |name: &String| Color::parse(name).ok_or_else(|| corrupt("colour", name));
    let size = |name: &String| Size::parse(name).ok_or_else(|| corrupt("size", name));
    let colors = row.colors.iter().map(color).collect::<Result<Vec<_>, _>>()?;
    let mut sizes = row.sizes.iter().map(size).collect::<Result<Vec<_>, _>>()?;
    sizes.sort();
    let pictures = pictures(row.images, row.image_colors, &colors);
    let mut stock = Stock::default();
    for variant in &variants {
        let quantity = u32::try_from(variant.stock).map_err(|_| corrupt("stock", &variant.stock.to_string()))?;
        stock.set(color(&variant.color)?, size(&variant.size)?, quantity);
    }
    Ok(Product {
        slug: Slug::parse(&row.slug).ok_or_else(|| corrupt("slug", &row.slug))?,
        id: row.id,
        name: row.name,
        short_description: row.short_description,
        description: row.description,
        price: Money::francs(row.price),
        promo_price: row.promo_price.map(Money::francs),
        on_promotion: row.on_promotion,
        subcategory,
        colors,
        sizes,
        pictures,
        stock,
        material: row.material,
        care_instructions: row.care_instructions,
        featured: row.featured,
        active: row.active,
        created_at: row.created_at,
    })
}

/// `images` and their colours, read side by side: a colour left out, or one the product no
/// longer has, is every colour's picture.
fn pictures(images: Vec<String>, colors: Vec<Option<String>>, product: &[Color]) -> Vec<Picture> {
    let mut colors = colors.into_iter();
    images
        .into_iter()
        .map(|url| {
            let color = colors.next().flatten().and_then(|name| Color::parse(&name)).filter(|c| product.contains(c));
            Picture { url, color }
        })
        .collect()
}

/// The product's pictures as the two columns `images` and `image_colors`.
pub(super) fn picture_columns(pictures: &[Picture]) -> (Vec<&str>, Vec<Option<&str>>) {
    pictures.iter().map(|picture| (picture.url.as_str(), picture.color.as_ref().map(Color::as_str))).unzip()
}
