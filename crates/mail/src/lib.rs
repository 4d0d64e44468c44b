//! E-mail through SMTP (`lettre`, on tokio with rustls): the [`MessageChannel`] the sender uses
//! when `SMTP_URL` is set. The relay's answer decides whether a failure is worth another try: a
//! 5xx refusal (or an address that cannot be written) is permanent, anything else (4xx, the
//! relay unreachable, a timeout, TLS) is transient.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_identity::login_code::LoginCode;
use bitik_identity::ports::{CodeRecipient, CodeSender};
use bitik_messages::templates::Templates;
use bitik_messages::{Message, MessageChannel, Rendered, SendError};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use uuid::Uuid;

/// How long one conversation with the relay may take: the sender holds the message's row
/// meanwhile.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// Why the mail settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailConfigError {
    #[error(
        "SMTP_URL is not a usable SMTP address (smtp://user:password@host:587?tls=required, smtps://…, smtp://127.0.0.1:2525): {0}"
    )]
    Url(String),
    #[error("MAIL_FROM is not an e-mail address (« Bitik Dakar <boutique@bitik.sn> » or boutique@bitik.sn): {0}")]
    From(String),
}

pub struct SmtpChannel {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpChannel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry a password: it is never shown.
        f.debug_struct("SmtpChannel").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl SmtpChannel {
    /// From lettre's URL form: `smtp://user:pass@host:587?tls=required` (STARTTLS),
    /// `smtps://user:pass@host:465` (TLS from the start), `smtp://127.0.0.1:2525` (plain, for
    /// a relay on this machine).
    pub fn from_url(url: &str, from: &str) -> Result<Self, MailConfigError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailConfigError::Url(e.to_string()))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let from = from.parse::<Mailbox>().map_err(|e| MailConfigError::From(e.to_string()))?;
        Ok(Self { transport, from })
    }

    /// Sends `rendered` to `recipient` now, outside the outbox (a login code is never stored);
    /// `id` names it in its Message-ID.
    pub async fn send_now(&self, id: Uuid, recipient: &str, rendered: &Rendered) -> Result<(), SendError> {
        let email = self.write(id, recipient, &rendered.subject, &rendered.text, &rendered.html)?;
        self.transport.send(email).await.map(drop).map_err(classify)
    }

    fn email(&self, message: &Message) -> Result<lettre::Message, SendError> {
        self.write(message.id, &message.recipient, &message.subject, &message.text, &message.html)
    }

    fn write(
        &self,
        id: Uuid,
        recipient: &str,
        subject: &str,
        text: &str,
        html: &str,
    ) -> Result<lettre::Message, SendError> {
        let to = recipient
            .parse::<Mailbox>()
            .map_err(|e| SendError::Permanent(format!("adresse du destinataire invalide : {e}")))?;
        // Quoted-printable: French text stays readable in the raw message, and any relay takes it.
        let part = |content: &str| {
            Body::new_with_encoding(content.to_owned(), ContentTransferEncoding::QuotedPrintable)
                .map_err(|_| SendError::Permanent("message impossible à encoder".to_owned()))
        };
        // The outbox's id: a message sent again (the server stopped between the relay's answer and
        // the outbox's record of it) keeps its Message-ID, which mail clients show once.
        let message_id = format!("<{id}@{}>", self.from.email.domain());
        lettre::Message::builder()
            .message_id(Some(message_id))
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .multipart(
                MultiPart::alternative()
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(part(text)?))
                    .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(part(html)?)),
            )
            .map_err(|e| SendError::Permanent(format!("message impossible à écrire : {e}")))
    }
}

/// Whether the relay's error is worth another try.
fn classify(error: lettre::transport::smtp::Error) -> SendError {
    let said = error.to_string();
    if error.is_permanent() { SendError::Permanent(said) } else { SendError::Transient(said) }
}

#[async_trait]
impl MessageChannel for SmtpChannel {
    async fn send(&self, message: &Message) -> Result<Option<String>, SendError> {
        let email = self.email(message)?;
        self.transport.send(email).await.map(|_| None).map_err(classify)
    }
}

/// Login codes by e-mail, when the shop is not on WhatsApp: to the e-mail of the account the
/// phone names (`bitik_identity::CodeChannel::Email`), at once and never through the outbox.
pub struct MailCodes {
    channel: Arc<SmtpChannel>,
    templates: Templates,
}

impl MailCodes {
    pub fn new(channel: Arc<SmtpChannel>, templates: Templates) -> Self {
        Self { channel, templates }
    }
}

#[async_trait]
impl CodeSender for MailCodes {
    async fn send_code(&self, to: &CodeRecipient, code: &LoginCode) -> Result<(), BoxError> {
        let Some(email) = &to.email else { return Ok(()) };
        let rendered = self.templates.login_code(code.as_str());
        self.channel.send_now(Uuid::new_v4(), email.as_str(), &rendered).await.map_err(Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_message_sent_again_keeps_its_message_id() {
        let channel = SmtpChannel::from_url("smtp://127.0.0.1:2525", "Bitik Dakar <boutique@bitik.sn>").unwrap();
        let message = message("awa@example.sn");
        let headers = |email: lettre::Message| String::from_utf8(email.formatted()).unwrap();
        let first = headers(channel.email(&message).unwrap());
        let again = headers(channel.email(&message).unwrap());
        let id = format!("Message-ID: <{}@bitik.sn>", message.id);
        assert!(first.contains(&id), "{first}");
        assert!(again.contains(&id), "{again}");
    }

    // The transport's pool lives on tokio: it is built inside a runtime, as the server does.
    #[tokio::test]
    async fn the_url_forms_of_lettre_are_read() {
        for url in [
            "smtp://127.0.0.1:2525",
            "smtp://user:pass@relay.example.sn:587?tls=required",
            "smtps://user:pass@relay.example.sn",
        ] {
            assert!(SmtpChannel::from_url(url, "Bitik Dakar <boutique@bitik.sn>").is_ok(), "{url}");
        }
        assert!(matches!(SmtpChannel::from_url("http://relay", "boutique@bitik.sn"), Err(MailConfigError::Url(_))));
        assert!(matches!(
            SmtpChannel::from_url("smtp://127.0.0.1:2525", "pas une adresse"),
            Err(MailConfigError::From(_))
        ));
    }

    #[tokio::test]
    async fn the_password_of_the_url_is_never_shown() {
        let channel = SmtpChannel::from_url("smtp://user:s3cret@relay.example.sn:587", "boutique@bitik.sn").unwrap();
        assert!(!format!("{channel:?}").contains("s3cret"));
    }

    fn message(recipient: &str) -> Message {
        let now = chrono::Utc::now();
        Message {
            id: uuid::Uuid::new_v4(),
            kind: bitik_messages::MessageKind::OrderPlaced,
            recipient: recipient.into(),
            subject: "Commande reçue".into(),
            text: "Bonjour".into(),
            html: "<p>Bonjour</p>".into(),
            order_id: None,
            state: bitik_messages::MessageState::Pending,
            attempts: 0,
            next_attempt_at: now,
            last_error: None,
            created_at: now,
            sent_at: None,
            channel: bitik_messages::Channel::Email,
            whatsapp: None,
            author_id: None,
            provider_id: None,
            delivery: None,
        }
    }

    #[tokio::test]
    async fn an_address_that_cannot_be_written_is_refused_for_good() {
        let channel = SmtpChannel::from_url("smtp://127.0.0.1:9", "boutique@bitik.sn").unwrap();
        assert!(matches!(channel.send(&message("pas une adresse")).await, Err(SendError::Permanent(_))));
    }

    #[tokio::test]
    async fn a_relay_that_does_not_answer_is_tried_again_later() {
        // Port 9 (discard) has no SMTP server here: the connection is refused.
        let channel = SmtpChannel::from_url("smtp://127.0.0.1:9", "boutique@bitik.sn").unwrap();
        assert!(matches!(channel.send(&message("awa@example.sn")).await, Err(SendError::Transient(_))));
    }
}
