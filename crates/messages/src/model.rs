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
    /// To a customer on WhatsApp: staff's free-text answer, or the shop's answer to a tapped
    /// button, within the 24 hours after the customer's last message.
    ChatReply,
    /// To a phone on WhatsApp: a login code, recorded once Meta took it (for what it costs and
    /// its ticks) without the code, which is never kept.
    LoginCode,
}

impl MessageKind {
    pub const ALL: [MessageKind; 13] = [
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
        MessageKind::ChatReply,
        MessageKind::LoginCode,
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
            MessageKind::ChatReply => "chat_reply",
            MessageKind::LoginCode => "login_code",
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
            MessageKind::ChatReply => "Réponse WhatsApp",
            MessageKind::LoginCode => "Code de connexion",
        }
    }

    /// Whether its body holds a credential (a reset link): never shown in the back office nor
    /// logged. (A login code is recorded without its code.)
    pub fn is_secret(self) -> bool {
        self == MessageKind::ResetLink
    }

    /// Whether « Renvoyer » may send it again: a login code is good once and for 10 minutes,
    /// so the customer asks for a new one instead.
    pub fn can_be_resent(self) -> bool {
        self != MessageKind::LoginCode
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
            MessageState::NotConfigured => "Non envoyé : canal non configuré",
        }
    }
}

/// How a message reaches its recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// To an e-mail address, through `SMTP_URL`.
    Email,
    /// To a phone (E.164) on WhatsApp, as an approved template (`crates/whatsapp`).
    WhatsApp,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::WhatsApp => "whatsapp",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Channel::Email, Channel::WhatsApp].into_iter().find(|c| c.as_str() == code)
    }
}

/// Meta's pricing category of a template: what a sent message costs depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// About an order the customer placed (received, confirmed, shipped…).
    Utility,
    /// A login code.
    Authentication,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Utility => "utility",
            Category::Authentication => "authentication",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [Category::Utility, Category::Authentication].into_iter().find(|c| c.as_str() == code)
    }

    /// As the back office names it.
    pub fn label(self) -> &'static str {
        match self {
            Category::Utility => "Utilitaire",
            Category::Authentication => "Authentification",
        }
    }
}

/// A message on WhatsApp: the approved template's name and its body's variables, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatsAppTemplate {
    pub name: String,
    pub variables: Vec<String>,
    pub category: Category,
    /// The payloads of its quick-reply buttons, in order: what comes back when one is tapped.
    pub buttons: Vec<String>,
}

/// What Meta says became of a message sent on WhatsApp, in the order it usually happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Delivery {
    Sent,
    Delivered,
    Read,
    /// Meta could not deliver it (a number not on WhatsApp…): its error is kept.
    Failed,
}

impl Delivery {
    pub const ALL: [Delivery; 4] = [Delivery::Sent, Delivery::Delivered, Delivery::Read, Delivery::Failed];

    pub fn as_str(self) -> &'static str {
        match self {
            Delivery::Sent => "sent",
            Delivery::Delivered => "delivered",
            Delivery::Read => "read",
            Delivery::Failed => "failed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == code)
    }

    /// Whether a status reported after this one tells something new: Meta's webhooks may come
    /// late and out of order (a « read » before its « delivered »), and never go back; a failure
    /// is final.
    pub fn is_overtaken_by(self, next: Delivery) -> bool {
        self != Delivery::Failed && next > self
    }
}

/// The last status Meta reported for a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryStatus {
    pub state: Delivery,
    pub at: DateTime<Utc>,
    /// Meta's error, for a failure: its code and title.
    pub error: Option<String>,
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
    /// An e-mail address, or a phone in E.164 for WhatsApp.
    pub recipient: String,
    pub order_id: Option<Uuid>,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub channel: Channel,
    /// On WhatsApp: the template it is sent as (`text` is what the customer reads, for the back
    /// office); `None` for an e-mail, and for free text on WhatsApp (a chat reply).
    pub whatsapp: Option<WhatsAppTemplate>,
    /// The staff member who wrote it (a chat reply).
    pub author_id: Option<Uuid>,
}

impl NewMessage {
    /// An e-mail.
    pub fn new(kind: MessageKind, recipient: &str, order_id: Option<Uuid>, rendered: Rendered) -> Self {
        NewMessage {
            kind,
            recipient: recipient.trim().to_owned(),
            order_id,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            channel: Channel::Email,
            whatsapp: None,
            author_id: None,
        }
    }

    /// A login code Meta took for `phone`, as the outbox records it: its template and category,
    /// neither the code nor its variables.
    pub fn login_code(phone: &str, template: &str) -> Self {
        let template = WhatsAppTemplate {
            name: template.to_owned(),
            variables: Vec::new(),
            category: Category::Authentication,
            buttons: Vec::new(),
        };
        let text = "Code de connexion envoyé sur WhatsApp (le code n'est pas gardé).".to_owned();
        NewMessage::whatsapp(MessageKind::LoginCode, phone, None, template, text)
    }

    /// A WhatsApp message to `phone` (E.164), sent as `template`; `text` is what it reads as.
    pub fn whatsapp(
        kind: MessageKind,
        phone: &str,
        order_id: Option<Uuid>,
        template: WhatsAppTemplate,
        text: String,
    ) -> Self {
        NewMessage {
            kind,
            recipient: phone.trim().to_owned(),
            order_id,
            subject: String::new(),
            html: String::new(),
            text,
            channel: Channel::WhatsApp,
            whatsapp: Some(template),
            author_id: None,
        }
    }

    /// Free text on WhatsApp to `phone`, which only goes within the 24 hours after the
    /// customer's last message; `author_id` is the staff member who wrote it, if one did.
    pub fn chat_reply(phone: &str, order_id: Option<Uuid>, text: &str, author_id: Option<Uuid>) -> Self {
        NewMessage {
            kind: MessageKind::ChatReply,
            recipient: phone.trim().to_owned(),
            order_id,
            subject: String::new(),
            html: String::new(),
            text: text.trim().to_owned(),
            channel: Channel::WhatsApp,
            whatsapp: None,
            author_id,
        }
    }
}

impl Message {
    /// Its state in French; a message kept unsent says which channel the shop lacks.
    pub fn state_label(&self) -> &'static str {
        match (self.state, self.channel) {
            (MessageState::NotConfigured, Channel::Email) => "Non envoyé : e-mail non configuré",
            (MessageState::NotConfigured, Channel::WhatsApp) => "Non envoyé : WhatsApp non configuré",
            (state, _) => state.label(),
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
    pub channel: Channel,
    /// On WhatsApp: its template; `None` for an e-mail or free text.
    pub whatsapp: Option<WhatsAppTemplate>,
    /// The staff member who wrote it (a chat reply).
    pub author_id: Option<Uuid>,
    /// On WhatsApp, once sent: Meta's id of it (wamid), which its statuses name.
    pub provider_id: Option<String>,
    /// On WhatsApp: the last status Meta reported.
    pub delivery: Option<DeliveryStatus>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delivery_status_moves_forward_only_and_a_failure_is_final() {
        use Delivery::*;
        assert!(Sent.is_overtaken_by(Delivered) && Sent.is_overtaken_by(Read) && Delivered.is_overtaken_by(Read));
        assert!(!Read.is_overtaken_by(Delivered), "a late « delivered » after « read » tells nothing");
        assert!(!Delivered.is_overtaken_by(Sent) && !Read.is_overtaken_by(Read));
        assert!(Read.is_overtaken_by(Failed), "Meta may still report a failure");
        assert!(!Failed.is_overtaken_by(Read) && !Failed.is_overtaken_by(Failed));
    }
}
