use chrono::{DateTime, Utc};
use uuid::Uuid;

/// What a message is about: one per event that sends one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// To the customer: the order as placed.
    OrderPlaced,
    /// To the shop (`SHOP_EMAIL`): a new order to look at.
    ShopNewOrder,
    /// To the customer: the signed link that confirms a cash-on-delivery order.
    ConfirmationAsked,
    /// To the customer: Wave's payment received.
    PaymentReceived,
    OrderShipped,
    OrderDelivered,
    OrderCancelled,
    OrderRefused,
    /// To the customer: money given back.
    Refunded,
    /// To the account's owner: a one-time link to set a new password.
    ResetLink,
    /// To a shopper who asked to be told: a sold-out variant has stock again.
    BackInStock,
}

impl MessageKind {
    pub const ALL: [MessageKind; 11] = [
        MessageKind::OrderPlaced,
        MessageKind::ShopNewOrder,
        MessageKind::ConfirmationAsked,
        MessageKind::PaymentReceived,
        MessageKind::OrderShipped,
        MessageKind::OrderDelivered,
        MessageKind::OrderCancelled,
        MessageKind::OrderRefused,
        MessageKind::Refunded,
        MessageKind::ResetLink,
        MessageKind::BackInStock,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MessageKind::OrderPlaced => "order_placed",
            MessageKind::ShopNewOrder => "shop_new_order",
            MessageKind::ConfirmationAsked => "confirmation_asked",
            MessageKind::PaymentReceived => "payment_received",
            MessageKind::OrderShipped => "order_shipped",
            MessageKind::OrderDelivered => "order_delivered",
            MessageKind::OrderCancelled => "order_cancelled",
            MessageKind::OrderRefused => "order_refused",
            MessageKind::Refunded => "refunded",
            MessageKind::ResetLink => "reset_link",
            MessageKind::BackInStock => "back_in_stock",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == code)
    }

    /// As the back office names it.
    pub fn label(self) -> &'static str {
        match self {
            MessageKind::OrderPlaced => "Commande reçue",
            MessageKind::ShopNewOrder => "Nouvelle commande (boutique)",
            MessageKind::ConfirmationAsked => "Demande de confirmation",
            MessageKind::PaymentReceived => "Paiement reçu",
            MessageKind::OrderShipped => "Commande expédiée",
            MessageKind::OrderDelivered => "Commande livrée",
            MessageKind::OrderCancelled => "Commande annulée",
            MessageKind::OrderRefused => "Colis refusé",
            MessageKind::Refunded => "Remboursement",
            MessageKind::ResetLink => "Lien de réinitialisation",
            MessageKind::BackInStock => "Retour en stock",
        }
    }

    /// Whether its body holds a credential (a reset link): never shown in the back office nor logged.
    pub fn is_secret(self) -> bool {
        self == MessageKind::ResetLink
    }
}

/// Where a message is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageState {
    /// To be sent at `next_attempt_at` (now, or after a failed attempt).
    Pending,
    Sent,
    /// Given up: refused by the relay, or every attempt failed.
    Failed,
    /// No e-mail is configured (`SMTP_URL`): written and readable in the back office, not sent.
    NotConfigured,
}

impl MessageState {
    pub const ALL: [MessageState; 4] =
        [MessageState::Pending, MessageState::Sent, MessageState::Failed, MessageState::NotConfigured];

    pub fn as_str(self) -> &'static str {
        match self {
            MessageState::Pending => "pending",
            MessageState::Sent => "sent",
            MessageState::Failed => "failed",
            MessageState::NotConfigured => "not_configured",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            MessageState::Pending => "En attente d'envoi",
            MessageState::Sent => "Envoyé",
            MessageState::Failed => "Échec de l'envoi",
            MessageState::NotConfigured => "Non envoyé : e-mail non configuré",
        }
    }
}

/// A message's words: its subject, its text part and its HTML part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// A message to write to the outbox, with the event that causes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub kind: MessageKind,
    /// An e-mail address.
    pub recipient: String,
    pub order_id: Option<Uuid>,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl NewMessage {
    pub fn new(kind: MessageKind, recipient: &str, order_id: Option<Uuid>, rendered: Rendered) -> Self {
        NewMessage {
            kind,
            recipient: recipient.trim().to_owned(),
            order_id,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
        }
    }
}

/// A message of the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: Uuid,
    pub kind: MessageKind,
    pub recipient: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub order_id: Option<Uuid>,
    pub state: MessageState,
    /// Attempts made to send it.
    pub attempts: u32,
    /// When the sender takes it next, while pending.
    pub next_attempt_at: DateTime<Utc>,
    /// Why the last attempt failed, as the channel said it.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}
