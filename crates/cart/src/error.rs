use bitik_common::BoxError;

#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error(transparent)]
    Choice(#[from] bitik_catalog::ChoiceError),
    #[error("Cette taille ou cette couleur n'existe pas pour ce produit")]
    UnknownVariant,
    #[error("Stock insuffisant. Seulement {available} disponible(s).")]
    InsufficientStock { available: u32 },
    #[error("Produit non trouvé")]
    ProductNotFound,
    #[error("Article introuvable dans votre panier")]
    ItemNotFound,
    #[error("Trop d'articles à fusionner")]
    TooManyItems,
    /// « Montant trop élevé. »: a line or the cart's total past what an amount can hold.
    #[error(transparent)]
    AmountTooLarge(#[from] bitik_common::AmountTooLarge),
    #[error("cart storage failed")]
    Repository(#[source] BoxError),
}

impl CartError {
    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        CartError::Repository(error.into())
    }
}
