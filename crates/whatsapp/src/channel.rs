//! The outbox's WhatsApp channel: a message written as a template (`bitik_messages::WhatsAppTemplate`),
//! or a chat reply in free text, goes to its phone through the Cloud API, and keeps the id Meta gave it, by which its statuses
//! come back. Meta's refusals are read once: a rate limit or no answer is tried again later by the
//! sender; anything else (a number not on WhatsApp, a template not approved) fails the message with
//! Meta's words.

use async_trait::async_trait;
use bitik_common::Phone;
use bitik_messages::{Message, MessageChannel, SendError as OutboxError};

use crate::client::{CloudApi, SendError};
use crate::wire::Outgoing;

#[async_trait]
impl MessageChannel for CloudApi {
    async fn send(&self, message: &Message) -> Result<Option<String>, OutboxError> {
        let phone = Phone::parse(&message.recipient)
            .map_err(|_| OutboxError::Permanent(format!("numéro WhatsApp invalide : {}", message.recipient)))?;
        let outgoing = match &message.whatsapp {
            Some(template) => Outgoing::Template {
                name: &template.name,
                language: crate::LANGUAGE,
                body: template.variables.clone(),
                code_button: None,
                quick_replies: &template.buttons,
            },
            // Free text: Meta refuses it outside the 24 hours after the customer's last message.
            None => Outgoing::Text(&message.text),
        };
        match CloudApi::send(self, &phone, outgoing).await {
            Ok(wamid) => Ok(Some(wamid)),
            Err(error) if error.may_succeed_later() => Err(OutboxError::Transient(error.to_string())),
            Err(error) => Err(OutboxError::Permanent(refusal(&error))),
        }
    }
}

/// Meta's refusal as the back office shows it, in French where it says why.
fn refusal(error: &SendError) -> String {
    if error.recipient_unreachable() {
        return format!("Ce numéro n'est pas sur WhatsApp ({error})");
    }
    if error.window_closed() {
        return format!("Plus de 24 h depuis le dernier message du client : seul un modèle peut partir ({error})");
    }
    error.to_string()
}
