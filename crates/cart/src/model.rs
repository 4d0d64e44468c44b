use bitik_common::{AmountTooLarge, Money};
use uuid::Uuid;

/// Which variant of which product.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantRef {
    pub product_id: Uuid,
    pub color: String,
    pub size: String,
}

/// A stored line of a customer's cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    pub id: Uuid,
    pub variant: VariantRef,
    pub quantity: u32,
}

/// What a shopper asks to add, as it arrives.
pub type AddToCart = bitik_catalog::RawChoice;

/// A line as the shopper sees it: priced from the catalogue now, never from the client.
#[derive(Debug, Clone, PartialEq)]
pub struct CartItem {
    pub id: Uuid,
    pub product_id: Uuid,
    pub name: String,
    pub slug: String,
    pub image: String,
    pub price: Money,
    /// The promotional price, while the product is on promotion.
    pub promo_price: Option<Money>,
    pub quantity: u32,
    pub size: String,
    pub color: String,
    /// Units of this variant left in stock.
    pub stock: u32,
}

impl CartItem {
    pub fn unit_price(&self) -> Money {
        self.promo_price.unwrap_or(self.price)
    }

    pub fn line_total(&self) -> Result<Money, AmountTooLarge> {
        self.unit_price().times(self.quantity)
    }

    /// Whether this is the line of `variant`.
    pub fn is(&self, variant: &VariantRef) -> bool {
        self.product_id == variant.product_id && self.color == variant.color && self.size == variant.size
    }
}

/// A cart priced from the catalogue: its subtotal is counted when it is made, so a cart whose
/// amount cannot be counted is never made.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Cart {
    pub items: Vec<CartItem>,
    subtotal: Money,
}

impl Cart {
    pub fn priced(items: Vec<CartItem>) -> Result<Self, AmountTooLarge> {
        let subtotal = Money::sum(items.iter().map(CartItem::line_total))?;
        Ok(Cart { items, subtotal })
    }

    pub fn subtotal(&self) -> Money {
        self.subtotal
    }

    /// Units in the cart (what the header badge counts).
    pub fn item_count(&self) -> u64 {
        self.items.iter().map(|item| u64::from(item.quantity)).sum()
    }
}

/// A guest line that could not join the server cart, and why (in French, for the shopper).
#[derive(Debug, Clone, PartialEq)]
pub struct DroppedItem {
    pub product_id: String,
    pub reason: String,
}

/// What happened to a guest cart merged on login.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MergeReport {
    pub merged: usize,
    /// Lines whose quantity was lowered to the stock left, or to the units a line may hold.
    pub capped: usize,
    pub dropped: Vec<DroppedItem>,
}
