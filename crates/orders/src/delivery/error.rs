use std::collections::BTreeMap;

use bitik_common::{BoxError, FieldErrors};

/// What the back office's zone screens can be told.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// The zone form's problems: field name (as the API spells it) → French message.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<&'static str, String> },
    #[error("Zone de livraison introuvable")]
    NotFound,
    #[error("Une zone de livraison porte déjà ce code.")]
    CodeTaken,
    #[error("La commune {commune} appartient déjà à la zone {zone}.")]
    CommuneTaken { commune: String, zone: String },
    #[error("delivery zone storage failed")]
    Repository(#[source] BoxError),
}

impl DeliveryError {
    /// A missing required field is summed up as one sentence, otherwise the first problem found
    /// is the message.
    pub fn validation(errors: FieldErrors) -> Self {
        let message = match errors.missing_fields().next() {
            Some(_) => "Veuillez remplir tous les champs obligatoires".to_owned(),
            None => errors.first_message().unwrap_or_default().to_owned(),
        };
        DeliveryError::Validation { message, fields: errors.into_map() }
    }
}
