//! A shopper's choice of a product variant and a quantity, as it arrives from a cart or a
//! checkout, and the rules it must follow: a product, a colour and a size, and a whole quantity of
//! at least one; a line holds at most [`MAX_LINE_QUANTITY`] units. The cart and the orders both
//! check choices here.

use uuid::Uuid;

use crate::model::{Color, Product, Size};

/// As sent: every field may be missing or wrong. `quantity` is `Err(())` when it was sent but
/// is not a whole number (1.5, "2"…).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RawChoice {
    pub product_id: Option<String>,
    pub quantity: Option<Result<i64, ()>>,
    pub size: Option<String>,
    pub color: Option<String>,
}

/// A choice whose fields have the right shape; the product may still lack that variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub product_id: Uuid,
    pub color: String,
    pub size: String,
    pub quantity: u32,
}

/// Most units of one variant a cart line or an order line holds (docs/rules.md#cart): a
/// shopper's basket, not a stock taken off the shelf by one order.
pub const MAX_LINE_QUANTITY: u32 = 10;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("ID de produit invalide")]
    InvalidProductId,
    #[error("Veuillez sélectionner une taille et une couleur")]
    MissingVariant,
    #[error("La quantité doit être au moins de 1")]
    QuantityTooSmall,
    #[error("La quantité doit être un nombre entier")]
    QuantityNotWhole,
    /// More than [`MAX_LINE_QUANTITY`] units of one variant in a line.
    #[error(
        "Vous ne pouvez pas prendre plus de {MAX_LINE_QUANTITY} exemplaires d'un même article (même taille, même couleur)."
    )]
    QuantityLimit,
}

impl RawChoice {
    /// Checks the fields; a missing quantity means one unit.
    pub fn check(&self) -> Result<Choice, ChoiceError> {
        let product_id = self
            .product_id
            .as_deref()
            .and_then(|id| Uuid::parse_str(id.trim()).ok())
            .ok_or(ChoiceError::InvalidProductId)?;
        let color = self.color.as_deref().map(str::trim).filter(|c| !c.is_empty());
        let size = self.size.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let (Some(color), Some(size)) = (color, size) else { return Err(ChoiceError::MissingVariant) };
        let quantity = whole_quantity(self.quantity.unwrap_or(Ok(1)))?;
        Ok(Choice { product_id, color: color.to_owned(), size: size.to_owned(), quantity })
    }
}

/// A quantity of at least one unit. Beyond four billion it is beyond any stock, and the stock
/// check says so.
pub fn whole_quantity(quantity: Result<i64, ()>) -> Result<u32, ChoiceError> {
    let quantity = quantity.map_err(|_| ChoiceError::QuantityNotWhole)?;
    if quantity < 1 {
        return Err(ChoiceError::QuantityTooSmall);
    }
    Ok(u32::try_from(quantity).unwrap_or(u32::MAX))
}

/// A line's quantity within [`MAX_LINE_QUANTITY`].
pub fn within_line_limit(quantity: u32) -> Result<u32, ChoiceError> {
    if quantity > MAX_LINE_QUANTITY {
        return Err(ChoiceError::QuantityLimit);
    }
    Ok(quantity)
}

/// The most units of a variant a line may hold: its stock, and never more than
/// [`MAX_LINE_QUANTITY`].
pub fn line_limit(stock: u32) -> u32 {
    stock.min(MAX_LINE_QUANTITY)
}

/// One variant of a product, in the catalogue's spelling, and its stock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub color: Color,
    pub size: Size,
    pub stock: u32,
}

impl Product {
    /// The variant named by `color` and `size` however they were typed, if the product has it.
    pub fn variant(&self, color: &str, size: &str) -> Option<Variant> {
        let color = Color::parse(color).filter(|c| self.colors.contains(c))?;
        let size = Size::parse(size).filter(|s| self.sizes.contains(s))?;
        let stock = self.stock.quantity(&color, size);
        Some(Variant { color, size, stock })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(product: &str, quantity: Option<Result<i64, ()>>, size: &str, color: &str) -> RawChoice {
        RawChoice {
            product_id: Some(product.into()),
            quantity,
            size: (!size.is_empty()).then(|| size.into()),
            color: (!color.is_empty()).then(|| color.into()),
        }
    }

    const ID: &str = "00000000-0000-0000-0000-000000000001";

    #[test]
    fn each_mistake_has_its_message() {
        let cases = [
            (raw("", None, "M", "noir"), ChoiceError::InvalidProductId),
            (raw("abc", None, "M", "noir"), ChoiceError::InvalidProductId),
            (raw(ID, None, "", "noir"), ChoiceError::MissingVariant),
            (raw(ID, None, "M", "  "), ChoiceError::MissingVariant),
            (raw(ID, Some(Ok(0)), "M", "noir"), ChoiceError::QuantityTooSmall),
            (raw(ID, Some(Ok(-1)), "M", "noir"), ChoiceError::QuantityTooSmall),
            (raw(ID, Some(Err(())), "M", "noir"), ChoiceError::QuantityNotWhole),
        ];
        for (choice, error) in cases {
            assert_eq!(choice.check(), Err(error), "{choice:?}");
        }
    }

    #[test]
    fn a_line_holds_ten_units_at_most_whatever_the_stock() {
        assert_eq!(within_line_limit(10), Ok(10));
        assert_eq!(within_line_limit(11), Err(ChoiceError::QuantityLimit));
        assert_eq!(
            ChoiceError::QuantityLimit.to_string(),
            "Vous ne pouvez pas prendre plus de 10 exemplaires d'un même article (même taille, même couleur)."
        );
        assert_eq!((line_limit(3), line_limit(10), line_limit(500)), (3, 10, 10));
    }

    #[test]
    fn one_unit_by_default_and_huge_quantities_saturate() {
        assert_eq!(raw(ID, None, " M ", "noir").check().unwrap().quantity, 1);
        assert_eq!(raw(ID, Some(Ok(1 << 40)), "M", "noir").check().unwrap().quantity, u32::MAX);
    }
}
