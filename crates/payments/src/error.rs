use bitik_common::BoxError;
use std::time::Duration;

/// What a shopper (or Wave) is told when a payment request cannot be carried out, in the shop's
/// French.
#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("ID de commande requis")]
    OrderIdRequired,
    #[error("ID de commande invalide")]
    InvalidOrderId,
    /// No such order, or another customer's.
    #[error("Commande introuvable")]
    OrderNotFound,
    /// No such session, or another customer's.
    #[error("Session de paiement non trouvée")]
    SessionNotFound,
    #[error("Cette commande ne se paie pas par Wave.")]
    NotWaveOrder,
    #[error("Cette commande est déjà payée.")]
    AlreadyPaid,
    #[error("Cette commande ne peut plus être payée.")]
    NotPayable,
    /// The order waited longer than a session lives: its stock is about to go back.
    #[error("Votre session de paiement a expiré. Veuillez réessayer.")]
    SessionExpired,
    /// Wave refused to open a session, or its answer is unknown (a later try finds the session
    /// if Wave did open it).
    #[error("Erreur lors de l'initialisation du paiement. Veuillez réessayer.")]
    InitFailed(#[source] crate::ports::GatewayError),
    /// Wave could not be asked (timeout, 5xx, network).
    #[error("Erreur réseau, impossible de vérifier le statut du paiement")]
    GatewayUnavailable(#[source] crate::ports::GatewayError),
    #[error("Le service de paiement Wave est très sollicité. Veuillez réessayer dans quelques instants.")]
    RateLimited { retry_after: Duration },
    /// A webhook delivery without a good signature.
    #[error("Signature Wave invalide.")]
    InvalidSignature(String),
    /// A correctly signed webhook delivery that is not a readable event.
    #[error("Réponse invalide du serveur")]
    InvalidEvent(String),
    #[error("payment storage failed")]
    Repository(#[source] BoxError),
}

impl PaymentError {
    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        PaymentError::Repository(error.into())
    }
}
