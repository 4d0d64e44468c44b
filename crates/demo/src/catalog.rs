//! The demo catalogue: the products of `catalog.json`, each with pictures drawn at seed time
//! (the shop never downloads images), stored through the catalogue like an admin's product.

use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::Context;
use bitik_catalog::{CatalogService, ProductForm, Slug};
use bitik_images::{PictureStore, PreparedPicture};
use chrono::{Duration, Utc};
use serde::Deserialize;

use crate::pictures;

/// Pictures per product: one per colour, for its first colours, each naming its colour.
const IMAGES_PER_PRODUCT: usize = 3;
const IMAGE_COLLECTION: &str = "products";

/// One entry of `catalog.json`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeedProduct {
    pub name: String,
    pub short_description: String,
    pub description: String,
    pub category: String,
    pub subcategory: String,
    pub price: i64,
    pub promo_price: Option<i64>,
    pub on_promotion: bool,
    pub featured: bool,
    pub material: String,
    pub care_instructions: String,
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
    pub stock: BTreeMap<String, BTreeMap<String, i64>>,
    /// How long ago the product arrived, so the shop has a history of new arrivals.
    pub days_ago: i64,
}

impl SeedProduct {
    /// The product as the back office's form would send it, without pictures.
    pub fn form(&self) -> ProductForm {
        ProductForm {
            name: Some(self.name.clone()),
            short_description: Some(self.short_description.clone()),
            description: Some(self.description.clone()),
            price: Some(self.price),
            promo_price: self.promo_price,
            on_promotion: self.on_promotion,
            category: Some(self.category.clone()),
            subcategory: Some(self.subcategory.clone()),
            colors: self.colors.clone(),
            sizes: self.sizes.clone(),
            stock: self.stock.clone(),
            images: Vec::new(),
            image_colors: Vec::new(),
            material: Some(self.material.clone()),
            care_instructions: Some(self.care_instructions.clone()),
            featured: self.featured,
            active: Some(true),
        }
    }
}

/// What a seeding run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SeedReport {
    pub created: usize,
    /// Already in the shop (same slug): left as they are, no new images.
    pub skipped: usize,
    pub images: usize,
}

/// The products of `catalog.json`, as shipped in the binary.
pub fn demo_catalogue() -> anyhow::Result<Vec<SeedProduct>> {
    serde_json::from_str(include_str!("catalog.json")).context("catalog.json is not a valid demo catalogue")
}

/// Loads the demo catalogue. Running it again creates nothing: a product whose slug exists is
/// skipped before any picture is drawn.
pub async fn seed_catalog(catalog: &CatalogService, pictures: Arc<dyn PictureStore>) -> anyhow::Result<SeedReport> {
    seed_products(catalog, pictures.as_ref(), demo_catalogue()?).await
}

/// Seeds `products` in order. Pictures are drawn on blocking threads, as many products at a time
/// as there are cores, since drawing and encoding them is most of the time spent; each product's
/// pictures are stored before the product is created.
pub async fn seed_products(
    catalog: &CatalogService,
    pictures: &dyn PictureStore,
    products: Vec<SeedProduct>,
) -> anyhow::Result<SeedReport> {
    let mut report = SeedReport::default();
    let mut missing = Vec::new();
    for (position, product) in products.into_iter().enumerate() {
        if catalog.find_by_slug(&Slug::from_name(&product.name)).await?.is_some() {
            report.skipped += 1;
            continue;
        }
        // A broken entry must fail before its pictures are drawn, not leave them behind.
        product.form().validate(None).with_context(|| format!("demo product {:?}", product.name))?;
        missing.push((position, product));
    }
    let parallel = std::thread::available_parallelism().map_or(1, usize::from);
    for batch in missing.chunks(parallel) {
        let drawings: Vec<_> = batch
            .iter()
            .map(|(position, product)| {
                let (product, position) = (product.clone(), *position);
                tokio::task::spawn_blocking(move || draw_pictures(&product, position))
            })
            .collect();
        for ((_, product), drawing) in batch.iter().zip(drawings) {
            let drawn = drawing.await?.with_context(|| format!("pictures of {:?}", product.name))?;
            let mut images = Vec::with_capacity(drawn.len());
            let mut image_colors = Vec::with_capacity(drawn.len());
            for (color, picture) in drawn {
                let url = picture.store(pictures).await.map_err(|e| anyhow::anyhow!(e));
                images.push(url.with_context(|| format!("storing a picture of {:?}", product.name))?);
                image_colors.push(Some(color));
            }
            report.images += images.len();
            let form = ProductForm { images, image_colors, ..product.form() };
            let created_at = Utc::now() - Duration::days(product.days_ago);
            catalog.create(form, Some(created_at)).await.with_context(|| format!("demo product {:?}", product.name))?;
            report.created += 1;
        }
    }
    Ok(report)
}

/// One picture per colour (the first few), with the colour it is drawn in, each drawn a little
/// differently so two products of the same kind and colour do not look identical.
fn draw_pictures(
    product: &SeedProduct,
    position: usize,
) -> Result<Vec<(String, PreparedPicture)>, bitik_images::MediaError> {
    product
        .colors
        .iter()
        .take(IMAGES_PER_PRODUCT)
        .enumerate()
        .map(|(i, color)| {
            let variant = u32::try_from(position * IMAGES_PER_PRODUCT + i).unwrap_or_default();
            let picture = pictures::prepare_illustration(&product.subcategory, color, variant, IMAGE_COLLECTION)?;
            Ok((color.clone(), picture))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn the_demo_catalogue_is_a_shop_worth_browsing() {
        let products = demo_catalogue().unwrap();
        assert!(products.len() >= 40, "only {} products", products.len());
        let mut slugs = HashSet::new();
        for product in &products {
            let checked = product.form().validate(None).unwrap_or_else(|e| panic!("{:?}: {e:?}", product.name));
            assert!(slugs.insert(checked.slug()), "two products are named like {:?}", product.name);
        }
        for subcategory in ["t-shirt", "pull", "lunette", "chaine"] {
            assert!(products.iter().any(|p| p.subcategory == subcategory), "no {subcategory}");
        }
        let sold_out = |p: &&SeedProduct| p.stock.values().flat_map(BTreeMap::values).all(|&q| q == 0);
        assert!(products.iter().any(|p| p.on_promotion) && products.iter().any(|p| p.featured));
        assert!(products.iter().any(|p| sold_out(&p)), "some product should be entirely out of stock");
        assert!(products.iter().any(|p| p.days_ago <= 30) && products.iter().any(|p| p.days_ago > 30));
    }
}
