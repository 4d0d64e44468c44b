//! A product as the API writes it: for shoppers ([`ProductDto`]) and for the back office
//! ([`AdminProductDto`]), with its stock as an ordered grid.

use bitik_catalog::{Product, StockLevel};
use chrono::{DateTime, Utc};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use utoipa::ToSchema;
use uuid::Uuid;

/// A product as the storefront shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDto {
    id: Uuid,
    #[schema(example = "T-shirt Teranga Oversize")]
    name: String,
    #[schema(example = "t-shirt-teranga-oversize")]
    slug: String,
    /// Whole francs CFA.
    #[schema(example = 9500)]
    price: i64,
    /// Set only while the product is on promotion: what the shopper pays instead of `price`.
    #[schema(example = json!(null))]
    promo_price: Option<i64>,
    on_promotion: bool,
    /// At least one: `/images/placeholder.jpg` when the product has none.
    #[schema(example = json!(["/uploads/products/3f9c2a7d1b6e4c80/800.jpg"]))]
    images: Vec<String>,
    /// The colour each of `images` shows, in the same order (one of `colors`), or `null` for a
    /// picture shown with every colour. Added beside `images`, which clients already read: a
    /// product page opens on its first colour in stock and shows that colour's pictures first.
    #[schema(example = json!(["noir"]))]
    image_colors: Vec<Option<String>>,
    short_description: String,
    description: String,
    #[schema(example = "vetement")]
    category: &'static str,
    #[schema(example = "t-shirt")]
    subcategory: &'static str,
    /// Lowercase French colour names, in the shop's display order.
    #[schema(example = json!(["noir", "blanc"]))]
    colors: Vec<String>,
    /// In standard order (XS … XXXL); accessories have `["unique"]`.
    #[schema(example = json!(["S", "M", "L"]))]
    sizes: Vec<String>,
    /// Units on hand: colour → size → quantity, for every colour and size of the product.
    #[schema(value_type = HashMap<String, HashMap<String, u32>>, example = json!({"noir": {"S": 4, "M": 0, "L": 2}}))]
    stock: OrderedMap<OrderedMap<u32>>,
    featured: bool,
    material: String,
    care_instructions: String,
    created_at: DateTime<Utc>,
}

/// Colour → size → quantity for every colour and size of the product, in the shop's order.
pub fn stock_grid(product: &Product) -> OrderedMap<OrderedMap<u32>> {
    OrderedMap(
        product
            .colors
            .iter()
            .map(|color| {
                let sizes = product.sizes.iter().map(|&size| (size.as_str(), product.stock.quantity(color, size)));
                (color.as_str().to_owned(), OrderedMap(sizes.map(|(size, qty)| (size.to_owned(), qty)).collect()))
            })
            .collect(),
    )
}

impl From<Product> for ProductDto {
    fn from(product: Product) -> Self {
        let stock = stock_grid(&product);
        ProductDto {
            id: product.id,
            images: product.images_or_placeholder(),
            image_colors: picture_colors(&product),
            promo_price: product.promo_price.filter(|_| product.on_promotion).map(|promo| promo.as_francs()),
            category: product.category().as_str(),
            subcategory: product.subcategory.as_str(),
            colors: product.colors.iter().map(|color| color.as_str().to_owned()).collect(),
            sizes: product.sizes.iter().map(|size| size.as_str().to_owned()).collect(),
            stock,
            name: product.name,
            slug: product.slug.as_str().to_owned(),
            price: product.price.as_francs(),
            on_promotion: product.on_promotion,
            short_description: product.short_description,
            description: product.description,
            featured: product.featured,
            material: product.material,
            care_instructions: product.care_instructions,
            created_at: product.created_at,
        }
    }
}

/// The colour of each picture, `images`' order; the placeholder (no picture) shows every colour.
fn picture_colors(product: &Product) -> Vec<Option<String>> {
    if product.pictures.is_empty() {
        return vec![None];
    }
    stored_picture_colors(product)
}

fn stored_picture_colors(product: &Product) -> Vec<Option<String>> {
    product.pictures.iter().map(|picture| picture.color.as_ref().map(|color| color.as_str().to_owned())).collect()
}

/// A JSON object whose keys keep the order given: colours as the shop lists them, sizes from
/// small to large, whatever the JSON library would sort them into.
pub struct OrderedMap<V>(Vec<(String, V)>);

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A product as the back office sees it: the shop's fields, plus what only admins need.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProductDto {
    id: Uuid,
    name: String,
    slug: String,
    price: i64,
    /// The stored promotional price, even while the product is not on promotion.
    promo_price: Option<i64>,
    on_promotion: bool,
    /// The stored pictures (possibly none: no placeholder here).
    images: Vec<String>,
    /// The colour of each of `images` (one of `colors`), `null` for every colour.
    image_colors: Vec<Option<String>>,
    short_description: String,
    description: String,
    #[schema(example = "vetement")]
    category: &'static str,
    #[schema(example = "t-shirt")]
    subcategory: &'static str,
    colors: Vec<String>,
    sizes: Vec<String>,
    /// Colour → size → quantity, for every colour and size of the product.
    #[schema(value_type = HashMap<String, HashMap<String, u32>>, example = json!({"noir": {"S": 4, "M": 0}}))]
    stock: OrderedMap<OrderedMap<u32>>,
    /// Units over all variants.
    stock_total: u64,
    /// `out` (Épuisé, 0), `low` (Stock bas, 1 to 4) or `in`.
    #[schema(example = "low")]
    stock_status: &'static str,
    featured: bool,
    /// Inactive products are hidden from shoppers.
    active: bool,
    material: String,
    care_instructions: String,
    created_at: DateTime<Utc>,
}

impl From<Product> for AdminProductDto {
    fn from(product: Product) -> Self {
        let stock = stock_grid(&product);
        let stock_total = product.stock.total();
        AdminProductDto {
            images: product.images(),
            image_colors: stored_picture_colors(&product),
            id: product.id,
            slug: product.slug.as_str().to_owned(),
            price: product.price.as_francs(),
            promo_price: product.promo_price.map(|promo| promo.as_francs()),
            on_promotion: product.on_promotion,
            category: product.category().as_str(),
            subcategory: product.subcategory.as_str(),
            colors: product.colors.iter().map(|color| color.as_str().to_owned()).collect(),
            sizes: product.sizes.iter().map(|size| size.as_str().to_owned()).collect(),
            stock,
            stock_total,
            stock_status: StockLevel::of(stock_total).as_str(),
            name: product.name,
            short_description: product.short_description,
            description: product.description,
            featured: product.featured,
            active: product.active,
            material: product.material,
            care_instructions: product.care_instructions,
            created_at: product.created_at,
        }
    }
}
