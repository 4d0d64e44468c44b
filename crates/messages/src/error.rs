use bitik_common::BoxError;

/// Why a channel could not deliver a message.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// Worth trying again later: the relay is unreachable, busy or answered 4xx.
    #[error("{0}")]
    Transient(String),
    /// Never going to work as written: the address or the message was refused (5xx).
    #[error("{0}")]
    Permanent(String),
}

/// What the back office's use of the outbox can fail with.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    #[error("Message introuvable")]
    NotFound,
    #[error("Ce message est déjà en attente d'envoi.")]
    AlreadyPending,
    #[error("État de message inconnu (pending, sent, failed ou not_configured).")]
    UnknownState,
    #[error("Mois invalide : attendu sous la forme AAAA-MM (par exemple 2026-12).")]
    InvalidMonth,
    #[error("Un code de connexion ne se renvoie pas : le client en demande un nouveau.")]
    NotResendable,
    #[error("Conversation introuvable.")]
    NoConversation,
    #[error("Écrivez votre réponse.")]
    EmptyReply,
    #[error("Votre réponse dépasse 4 096 caractères.")]
    ReplyTooLong,
    #[error(
        "Plus de 24 h depuis le dernier message de ce client : WhatsApp n'accepte plus qu'un modèle approuvé. Écrivez-lui quand il vous aura répondu."
    )]
    WindowClosed,
    #[error("Les messages sont momentanément indisponibles.")]
    Repository(#[source] BoxError),
}
