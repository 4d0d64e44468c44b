pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("ID de produit invalide")]
    InvalidProductId,
    #[error("Veuillez sélectionner une taille et une couleur")]
    MissingVariant,
    #[error("Cette taille ou cette couleur n'existe pas pour ce produit")]
    UnknownVariant,
    #[error("La quantité doit être au moins de 1")]
    QuantityTooSmall,
    #[error("La quantité doit être un nombre entier")]
    QuantityNotWhole,
    #[error("Stock insuffisant. Seulement {available} disponible(s).")]
    InsufficientStock { available: u32 },
    #[error("Produit non trouvé")]
    ProductNotFound,
    #[error("Article introuvable dans votre panier")]
    ItemNotFound,
    #[error("Trop d'articles à fusionner")]
    TooManyItems,
    #[error("cart storage failed")]
    Repository(#[source] BoxError),
}

impl CartError {
    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        CartError::Repository(error.into())
    }
}
