use bitik_common::BoxError;
use std::collections::BTreeMap;

/// What can go wrong in the catalogue, with the French sentence a shopper or an admin reads.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// Missing, or hidden from shoppers because it is inactive.
    #[error("Produit non trouvé")]
    NotFound,

    /// A listing parameter that cannot be understood (`limit=abc`, `sort=bogus`). `field` is the
    /// parameter's name as the client sent it.
    #[error("{message}")]
    InvalidQuery { field: &'static str, message: String },

    /// A product form breaking the shop's rules: one French message per field (camelCase names),
    /// and `message` summing them up in the shop's words.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<&'static str, String> },

    /// A back-in-stock alert asked on a variant that can be bought now.
    #[error("Cet article est disponible : vous pouvez le commander dès maintenant.")]
    InStock,

    /// An unsubscribe link no alert was sent with.
    #[error("Ce lien de désinscription n'est pas valable.")]
    AlertNotFound,

    /// A product file (CSV import) with rows breaking the product form's rules: nothing is written.
    #[error("{}", import_summary(.rows.len()))]
    InvalidImport { rows: Vec<RowError> },

    /// The storage failed. The cause stays reachable through `source()` so the API can tell an
    /// unreachable database (503) from a bug (500).
    #[error("the catalogue's storage failed")]
    Repository(#[source] BoxError),
}

fn import_summary(problems: usize) -> String {
    match problems {
        1 => "Le fichier contient une erreur : rien n'a été importé.".to_owned(),
        n => format!("Le fichier contient {n} erreurs : rien n'a été importé."),
    }
}

impl CatalogError {
    pub fn invalid_query(field: &'static str, message: impl Into<String>) -> Self {
        CatalogError::InvalidQuery { field, message: message.into() }
    }

    /// A form error about one field.
    pub fn invalid_field(field: &'static str, message: &str) -> Self {
        CatalogError::Validation { message: message.to_owned(), fields: BTreeMap::from([(field, message.to_owned())]) }
    }

    pub fn repository(cause: impl Into<BoxError>) -> Self {
        CatalogError::Repository(cause.into())
    }
}

/// What is wrong with one cell, as the admin reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// The line of the file (the header is line 1).
    pub row: u64,
    pub column: String,
    pub message: String,
}
