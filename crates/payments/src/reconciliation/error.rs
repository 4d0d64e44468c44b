use bitik_common::{AmountTooLarge, BoxError};

/// Why a report cannot be made, in the back office's French.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// `field` is `from` or `to`.
    #[error("Date invalide ({field}) : utilisez le format AAAA-MM-JJ.")]
    InvalidDate { field: &'static str },
    #[error("La date de début ({from}) est après la date de fin ({to}).")]
    FromAfterTo { from: String, to: String },
    #[error("La période ne peut pas dépasser {max} jours : choisissez des dates plus proches.")]
    TooLong { max: i64 },
    #[error(transparent)]
    AmountTooLarge(#[from] AmountTooLarge),
    #[error("report storage failed")]
    Repository(#[source] BoxError),
}

impl ReportError {
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ReportError::InvalidDate { field } => Some(field),
            ReportError::FromAfterTo { .. } | ReportError::TooLong { .. } => Some("to"),
            _ => None,
        }
    }
}
