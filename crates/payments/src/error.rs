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
    // Refunds (docs/rules.md#refunds).
    /// A form's problems: field name (as the API spells it) → French message.
    #[error("{message}")]
    Validation { message: String, fields: std::collections::BTreeMap<&'static str, String> },
    #[error("Seule une commande payée peut être remboursée.")]
    NotRefundable,
    #[error("Cette commande est déjà remboursée.")]
    AlreadyRefunded,
    #[error("Un remboursement Wave de cette commande est déjà en cours : vérifiez-le auprès de Wave avant tout autre.")]
    RefundInProgress,
    /// A paid Wave order whose paid session the shop does not know (an order marked paid by hand).
    #[error(
        "Aucun paiement Wave de cette commande n'est connu de la boutique : remboursez-la depuis le portail Wave Business."
    )]
    NoPaidSession,
    /// Paid in two Wave sessions (a correction's balance): Wave refunds one session whole.
    #[error(
        "Cette commande a été payée en plusieurs fois : enregistrez le remboursement fait par la boutique (transfert Wave ou espèces)."
    )]
    PaidInParts,
    #[error("Aucun remboursement de cette commande n'est à vérifier.")]
    NoRefundToCheck,
    /// Wave refused the refund: nothing was refunded and the order is unchanged.
    #[error("{}", refusal_message(code))]
    RefundRefused { code: String },
    #[error("payment storage failed")]
    Repository(#[source] BoxError),
}

impl PaymentError {
    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        PaymentError::Repository(error.into())
    }
}

/// What the back office reads when Wave refuses a refund, by Wave's error code.
pub fn refusal_message(code: &str) -> &'static str {
    match code {
        "checkout-refund-failed" => {
            "Wave a refusé le remboursement : ce paiement ne peut pas être remboursé (déjà remboursé, ou pas encore réglé chez Wave). Rien n'a été remboursé."
        }
        "checkout-session-not-found" => {
            "Wave ne retrouve pas la session de paiement de cette commande. Rien n'a été remboursé."
        }
        "request-validation-error" => "Wave a jugé la demande de remboursement invalide. Rien n'a été remboursé.",
        "unauthorized-wallet" => {
            "La clé Wave de la boutique n'a pas le droit de rembourser sur ce portefeuille : vérifiez ses droits dans le portail Wave Business. Rien n'a été remboursé."
        }
        _ => {
            "Wave a refusé le remboursement. Rien n'a été remboursé : réessayez plus tard, ou remboursez depuis le portail Wave Business."
        }
    }
}
