use std::collections::HashMap;
use std::sync::Arc;

use bitik_catalog::{
    Choice, Color, MAX_LINE_QUANTITY, Product, ProductKey, ProductRepository, Size, line_limit, whole_quantity,
    within_line_limit,
};
use bitik_common::Money;
use uuid::Uuid;

use crate::error::CartError;
use crate::model::{AddToCart, Cart, CartItem, CartLine, DroppedItem, MergeReport, VariantRef};
use crate::ports::CartRepository;

/// A guest cart larger than this is not a shopper's: refused whole.
pub const MAX_MERGED_ITEMS: usize = 100;

pub struct CartService {
    carts: Arc<dyn CartRepository>,
    products: Arc<dyn ProductRepository>,
}

impl CartService {
    pub fn new(carts: Arc<dyn CartRepository>, products: Arc<dyn ProductRepository>) -> Self {
        Self { carts, products }
    }

    /// The cart priced from the catalogue as it is now. Lines of products that are gone or no
    /// longer sold are left out.
    pub async fn cart(&self, user_id: Uuid) -> Result<Cart, CartError> {
        let lines = self.carts.lines(user_id).await.map_err(CartError::repository)?;
        let products = self.products_of(lines.iter().map(|l| l.variant.product_id).collect()).await?;
        let items = lines.into_iter().filter_map(|line| item(&line, products.get(&line.variant.product_id)?)).collect();
        Ok(Cart::priced(items)?)
    }

    /// Adds to the line of the same product, colour and size, never beyond the stock of that
    /// variant nor beyond [`MAX_LINE_QUANTITY`] (counting what the cart already holds).
    pub async fn add(&self, user_id: Uuid, request: AddToCart) -> Result<Cart, CartError> {
        let checked = request.check()?;
        let product = self.product(checked.product_id).await?;
        let (variant, stock) = variant_of(&product, &checked.color, &checked.size)?;
        if checked.quantity > stock {
            return Err(CartError::InsufficientStock { available: stock });
        }
        within_line_limit(checked.quantity)?;
        let max = line_limit(stock);
        let unit = product.price_paid();
        let after = |_: &VariantRef, held: u32| held.saturating_add(checked.quantity).min(max);
        self.refuse_uncountable(user_id, &[(variant.clone(), unit)], after).await?;
        let added = self.carts.add(user_id, variant, checked.quantity, max).await.map_err(CartError::repository)?;
        if added.is_none() {
            return Err(beyond_line(stock));
        }
        self.cart(user_id).await
    }

    pub async fn set_quantity(
        &self,
        user_id: Uuid,
        line_id: Uuid,
        quantity: Option<Result<i64, ()>>,
    ) -> Result<Cart, CartError> {
        let quantity = whole_quantity(quantity.unwrap_or(Ok(0)))?;
        let line =
            self.carts.line(user_id, line_id).await.map_err(CartError::repository)?.ok_or(CartError::ItemNotFound)?;
        let product = self.product(line.variant.product_id).await?;
        let (variant, stock) = variant_of(&product, &line.variant.color, &line.variant.size)?;
        if quantity > stock {
            return Err(CartError::InsufficientStock { available: stock });
        }
        within_line_limit(quantity)?;
        self.refuse_uncountable(user_id, &[(variant, product.price_paid())], |_, _| quantity).await?;
        self.carts
            .set_quantity(user_id, line_id, quantity)
            .await
            .map_err(CartError::repository)?
            .ok_or(CartError::ItemNotFound)?;
        self.cart(user_id).await
    }

    pub async fn remove(&self, user_id: Uuid, line_id: Uuid) -> Result<Cart, CartError> {
        if !self.carts.remove(user_id, line_id).await.map_err(CartError::repository)? {
            return Err(CartError::ItemNotFound);
        }
        self.cart(user_id).await
    }

    pub async fn clear(&self, user_id: Uuid) -> Result<(), CartError> {
        self.carts.clear(user_id).await.map_err(CartError::repository)
    }

    /// Joins a guest's browser cart to the server cart: the same variant adds up, capped at the
    /// stock and at [`MAX_LINE_QUANTITY`]; what cannot be bought any more is dropped and reported.
    pub async fn merge(&self, user_id: Uuid, guest: Vec<AddToCart>) -> Result<(Cart, MergeReport), CartError> {
        if guest.len() > MAX_MERGED_ITEMS {
            return Err(CartError::TooManyItems);
        }
        let mut report = MergeReport::default();
        let mut wanted: Vec<(String, Choice)> = Vec::new();
        for request in &guest {
            let raw_id = request.product_id.clone().unwrap_or_default();
            match request.check() {
                Ok(checked) => wanted.push((raw_id, checked)),
                Err(error) => report.dropped.push(DroppedItem { product_id: raw_id, reason: error.to_string() }),
            }
        }
        let products = self.products_of(wanted.iter().map(|(_, c)| c.product_id).collect()).await?;
        let existing: HashMap<VariantRef, u32> = self
            .carts
            .lines(user_id)
            .await
            .map_err(CartError::repository)?
            .into_iter()
            .map(|line| (line.variant, line.quantity))
            .collect();
        let mut merged: Vec<(VariantRef, u32, u32)> = Vec::new();
        for (raw_id, checked) in wanted {
            let drop = |reason: &str| DroppedItem { product_id: raw_id.clone(), reason: reason.to_owned() };
            let Some(product) = products.get(&checked.product_id) else {
                report.dropped.push(drop("Ce produit n'est plus disponible"));
                continue;
            };
            let Ok((variant, stock)) = variant_of(product, &checked.color, &checked.size) else {
                report.dropped.push(drop("Cette taille ou cette couleur n'existe plus"));
                continue;
            };
            if stock == 0 {
                report.dropped.push(drop("Épuisé"));
                continue;
            }
            match merged.iter_mut().find(|(v, _, _)| *v == variant) {
                Some((_, quantity, _)) => *quantity = quantity.saturating_add(checked.quantity),
                None => merged.push((variant, checked.quantity, line_limit(stock))),
            }
        }
        for (variant, quantity, max) in &merged {
            let already = existing.get(variant).copied().unwrap_or(0);
            if already.saturating_add(*quantity) > *max {
                report.capped += 1;
            }
        }
        report.merged = merged.len();
        let prices: Vec<(VariantRef, Money)> = merged
            .iter()
            .filter_map(|(variant, _, _)| Some((variant.clone(), products.get(&variant.product_id)?.price_paid())))
            .collect();
        self.refuse_uncountable(user_id, &prices, |variant, held| {
            merged
                .iter()
                .find(|(v, _, _)| v == variant)
                .map_or(held, |(_, quantity, max)| held.saturating_add(*quantity).min(*max))
        })
        .await?;
        if !merged.is_empty() {
            self.carts.merge(user_id, merged).await.map_err(CartError::repository)?;
        }
        Ok((self.cart(user_id).await?, report))
    }

    /// Refuses, before anything is stored, a change after which the cart's amount could not be
    /// counted: the shopper would otherwise keep a cart that no page can show. `quantity` gives
    /// a changed variant's quantity from what the cart holds of it.
    async fn refuse_uncountable(
        &self,
        user_id: Uuid,
        changed: &[(VariantRef, Money)],
        quantity: impl Fn(&VariantRef, u32) -> u32,
    ) -> Result<(), CartError> {
        let cart = self.cart(user_id).await?;
        let held =
            |variant: &VariantRef| cart.items.iter().find(|item| item.is(variant)).map_or(0, |item| item.quantity);
        let unchanged = cart.items.iter().filter(|item| !changed.iter().any(|(variant, _)| item.is(variant)));
        let changed = changed.iter().map(|(variant, unit)| unit.times(quantity(variant, held(variant))));
        Money::sum(unchanged.map(CartItem::line_total).chain(changed))?;
        Ok(())
    }

    async fn product(&self, id: Uuid) -> Result<Product, CartError> {
        self.products
            .find_active(&ProductKey::Id(id))
            .await
            .map_err(CartError::repository)?
            .ok_or(CartError::ProductNotFound)
    }

    async fn products_of(&self, mut ids: Vec<Uuid>) -> Result<HashMap<Uuid, Product>, CartError> {
        ids.sort();
        ids.dedup();
        let products = self.products.find_active_by_ids(&ids).await.map_err(CartError::repository)?;
        Ok(products.into_iter().map(|p| (p.id, p)).collect())
    }
}

/// Why a line cannot grow to what was asked when it would pass [`line_limit`]: the stock when
/// that is what limits it, else the cap on units per line.
fn beyond_line(stock: u32) -> CartError {
    if stock <= MAX_LINE_QUANTITY {
        CartError::InsufficientStock { available: stock }
    } else {
        CartError::Choice(bitik_catalog::ChoiceError::QuantityLimit)
    }
}

/// The variant in the catalogue's spelling, and its stock; an error if the product has no such
/// colour or size.
fn variant_of(product: &Product, color: &str, size: &str) -> Result<(VariantRef, u32), CartError> {
    let found = product.variant(color, size).ok_or(CartError::UnknownVariant)?;
    let variant = VariantRef {
        product_id: product.id,
        color: found.color.as_str().to_owned(),
        size: found.size.as_str().to_owned(),
    };
    Ok((variant, found.stock))
}

fn item(line: &CartLine, product: &Product) -> Option<CartItem> {
    let color = Color::parse(&line.variant.color)?;
    let size = Size::parse(&line.variant.size)?;
    let promo_price = if product.on_promotion { product.promo_price } else { None };
    Some(CartItem {
        id: line.id,
        product_id: product.id,
        name: product.name.clone(),
        slug: product.slug.as_str().to_owned(),
        image: product.image_for(&color),
        price: product.price,
        promo_price,
        quantity: line.quantity,
        size: size.as_str().to_owned(),
        color: color.as_str().to_owned(),
        stock: product.stock.quantity(&color, size),
    })
}
