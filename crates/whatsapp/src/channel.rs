//! The outbox's WhatsApp channel: a message written as a template (`bitik_messages::WhatsAppTemplate`)
//! goes to its phone through the Cloud API, and keeps the id Meta gave it, by which its statuses
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
        let Some(template) = &message.whatsapp else {
            return Err(OutboxError::Permanent("message sans modèle WhatsApp".to_owned()));
        };
        let phone = Phone::parse(&message.recipient)
            .map_err(|_| OutboxError::Permanent(format!("numéro WhatsApp invalide : {}", message.recipient)))?;
        let outgoing = Outgoing::Template {
            name: &template.name,
            language: crate::LANGUAGE,
            body: template.variables.clone(),
            code_button: None,
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
    error.to_string()
}
