//! Stock counted by hand: staff set some variants' quantities with a reason, and each change is
//! kept as a movement (variant, before, after, reason, who, when) shown on the product.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::CatalogError;
use crate::model::{Color, Product, Size};

/// The longest note an adjustment keeps.
pub const MAX_NOTE_CHARS: usize = 500;

/// Why a quantity was set by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockReason {
    /// The shelf was counted.
    Recount,
    /// Units damaged, stained or lost.
    Damaged,
    /// Units found again.
    Found,
    /// Anything else, said in the note.
    Other,
}

impl StockReason {
    pub const ALL: [StockReason; 4] =
        [StockReason::Recount, StockReason::Damaged, StockReason::Found, StockReason::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            StockReason::Recount => "recount",
            StockReason::Damaged => "damaged",
            StockReason::Found => "found",
            StockReason::Other => "other",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|reason| reason.as_str() == code)
    }

    /// As the back office names it.
    pub fn label(self) -> &'static str {
        match self {
            StockReason::Recount => "Inventaire",
            StockReason::Damaged => "Article abîmé",
            StockReason::Found => "Article retrouvé",
            StockReason::Other => "Autre",
        }
    }
}

/// Who set the quantities, as the movements name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjuster {
    pub id: Uuid,
    pub name: String,
}

/// An adjustment as staff send it: colour → size → quantity for some of the product's variants,
/// the reason's code and a note.
#[derive(Debug, Clone, Default)]
pub struct RawAdjustment {
    pub quantities: BTreeMap<String, BTreeMap<String, i64>>,
    pub reason: Option<String>,
    pub note: Option<String>,
}

/// An adjustment checked against its product: only the variants named, each once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockAdjustment {
    pub quantities: Vec<(Color, Size, u32)>,
    pub reason: StockReason,
    pub note: String,
    pub by: Adjuster,
}

/// One variant's quantity set by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockMovement {
    pub id: Uuid,
    pub product_id: Uuid,
    pub color: Color,
    pub size: Size,
    pub before: u32,
    pub after: u32,
    pub reason: StockReason,
    pub note: String,
    pub by: Adjuster,
    pub at: DateTime<Utc>,
}

fn invalid(field: &'static str, message: &str) -> CatalogError {
    CatalogError::invalid_field(field, message)
}

impl RawAdjustment {
    /// The shop's rules: a known reason, a note for `other` (and at most 500 characters), at
    /// least one variant, each one of the product's, each quantity a whole number from zero.
    pub fn check(self, product: &Product, by: Adjuster) -> Result<StockAdjustment, CatalogError> {
        let reason = match self.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            None => return Err(invalid("reason", "Indiquez la raison de l'ajustement.")),
            Some(code) => StockReason::parse(code).ok_or_else(|| {
                invalid(
                    "reason",
                    "Raison inconnue : inventaire (recount), abîmé (damaged), retrouvé (found) ou autre (other).",
                )
            })?,
        };
        let note = self.note.unwrap_or_default().trim().to_owned();
        if note.chars().count() > MAX_NOTE_CHARS {
            return Err(invalid("note", "La note ne doit pas dépasser 500 caractères."));
        }
        if reason == StockReason::Other && note.is_empty() {
            return Err(invalid("note", "Précisez la raison dans la note."));
        }
        let mut quantities: Vec<(Color, Size, u32)> = Vec::new();
        for (color, sizes) in &self.quantities {
            for (size, quantity) in sizes {
                let variant = product
                    .variant(color, size)
                    .ok_or_else(|| invalid("stock", "Cette taille ou cette couleur n'existe pas pour ce produit."))?;
                let quantity = u32::try_from(*quantity)
                    .ok()
                    .filter(|q| i32::try_from(*q).is_ok())
                    .ok_or_else(|| invalid("stock", "Le stock doit être un nombre entier positif ou nul."))?;
                if quantities.iter().any(|(c, s, _)| *c == variant.color && *s == variant.size) {
                    return Err(invalid("stock", "Chaque variante ne peut être indiquée qu'une fois."));
                }
                quantities.push((variant.color, variant.size, quantity));
            }
        }
        if quantities.is_empty() {
            return Err(invalid("stock", "Indiquez au moins une quantité."));
        }
        Ok(StockAdjustment { quantities, reason, note, by })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Subcategory;

    fn tee_shirt() -> Product {
        crate::fixtures::product("Tee-shirt Dakar", Subcategory::TShirt, Utc::now())
    }

    fn by() -> Adjuster {
        Adjuster { id: Uuid::from_u128(7), name: "Awa Ndiaye".into() }
    }

    fn raw(color: &str, size: &str, quantity: i64, reason: Option<&str>, note: Option<&str>) -> RawAdjustment {
        RawAdjustment {
            quantities: BTreeMap::from([(color.into(), BTreeMap::from([(size.into(), quantity)]))]),
            reason: reason.map(str::to_owned),
            note: note.map(str::to_owned),
        }
    }

    fn field_of(error: CatalogError) -> &'static str {
        match error {
            CatalogError::Validation { fields, .. } => fields.into_keys().next().unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_adjustment_names_its_reason_and_other_needs_a_note() {
        let product = tee_shirt();
        let color = product.colors[0].as_str().to_owned();
        let size = product.sizes[0].as_str();
        assert_eq!(field_of(raw(&color, size, 3, None, None).check(&product, by()).unwrap_err()), "reason");
        assert_eq!(field_of(raw(&color, size, 3, Some("theft"), None).check(&product, by()).unwrap_err()), "reason");
        assert_eq!(
            field_of(raw(&color, size, 3, Some("other"), Some("  ")).check(&product, by()).unwrap_err()),
            "note"
        );
        let long = "x".repeat(501);
        assert_eq!(
            field_of(raw(&color, size, 3, Some("damaged"), Some(&long)).check(&product, by()).unwrap_err()),
            "note"
        );

        let checked =
            raw(&color, size, 3, Some("other"), Some(" Prêté pour un shooting ")).check(&product, by()).unwrap();
        assert_eq!(checked.reason, StockReason::Other);
        assert_eq!(checked.note, "Prêté pour un shooting");
        assert_eq!(checked.quantities, vec![(product.colors[0].clone(), product.sizes[0], 3)]);
        assert_eq!(checked.by, by());
    }

    #[test]
    fn only_the_products_variants_with_whole_quantities_from_zero() {
        let product = tee_shirt();
        let color = product.colors[0].as_str().to_owned();
        let size = product.sizes[0].as_str();
        assert_eq!(field_of(raw("violet", size, 1, Some("recount"), None).check(&product, by()).unwrap_err()), "stock");
        assert_eq!(field_of(raw(&color, size, -1, Some("recount"), None).check(&product, by()).unwrap_err()), "stock");
        let too_many = i64::from(i32::MAX) + 1;
        assert_eq!(
            field_of(raw(&color, size, too_many, Some("recount"), None).check(&product, by()).unwrap_err()),
            "stock"
        );
        let nothing = RawAdjustment { reason: Some("recount".into()), ..RawAdjustment::default() };
        assert_eq!(field_of(nothing.check(&product, by()).unwrap_err()), "stock");
        assert_eq!(raw(&color, size, 0, Some("found"), None).check(&product, by()).unwrap().quantities[0].2, 0);
    }

    #[test]
    fn reasons_read_back_from_their_codes() {
        for reason in StockReason::ALL {
            assert_eq!(StockReason::parse(reason.as_str()), Some(reason));
        }
        assert_eq!(StockReason::parse("Recount"), None);
    }
}
