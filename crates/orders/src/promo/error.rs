use std::collections::BTreeMap;

use bitik_common::{BoxError, FieldErrors};

use super::rules::PromoRefusal;

/// What the back office's code screens and the cart's check can be told.
#[derive(Debug, thiserror::Error)]
pub enum PromoError {
    /// The code form's problems: field name (as the API spells it) → French message.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<&'static str, String> },
    #[error("Code promo introuvable")]
    NotFound,
    #[error("Un code promo porte déjà ce nom.")]
    CodeTaken,
    /// The code does not apply to this basket: the reason is the shopper's to read.
    #[error(transparent)]
    Refused(#[from] PromoRefusal),
    #[error("promo code storage failed")]
    Repository(#[source] BoxError),
}

impl PromoError {
    pub fn validation(errors: FieldErrors) -> Self {
        let message = match errors.missing_fields().next() {
            Some(_) => "Veuillez remplir tous les champs obligatoires".to_owned(),
            None => errors.first_message().unwrap_or_default().to_owned(),
        };
        PromoError::Validation { message, fields: errors.into_map() }
    }

    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        PromoError::Repository(error.into())
    }
}
