//! Login codes on WhatsApp: the authentication template (fixed text « <code> est votre code de
//! vérification », a copy-code button), the code in its body and in its button. Each code Meta
//! takes is recorded in the outbox as sent, without the code: for the month's bill
//! (authentication category) and its ticks.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_identity::login_code::LoginCode;
use bitik_identity::ports::{CodeRecipient, CodeSender};
use bitik_messages::{NewMessage, Outbox};

use crate::client::CloudApi;
use crate::wire::Outgoing;

#[derive(Clone)]
pub struct WhatsAppCodes {
    api: Arc<CloudApi>,
    /// The approved authentication template's name (`WHATSAPP_TEMPLATE_LOGIN_CODE`).
    template: String,
    /// Where each code sent is recorded.
    outbox: Option<Arc<dyn Outbox>>,
}

impl WhatsAppCodes {
    pub fn new(api: Arc<CloudApi>, template: &str) -> Self {
        Self { api, template: template.to_owned(), outbox: None }
    }

    /// The same sender, recording each code sent in `outbox`.
    pub fn recording_in(&self, outbox: Arc<dyn Outbox>) -> Self {
        Self { outbox: Some(outbox), ..self.clone() }
    }
}

#[async_trait]
impl CodeSender for WhatsAppCodes {
    async fn send_code(&self, to: &CodeRecipient, code: &LoginCode) -> Result<(), BoxError> {
        let message = Outgoing::Template {
            name: &self.template,
            language: crate::LANGUAGE,
            body: vec![code.as_str().to_owned()],
            code_button: Some(code.as_str().to_owned()),
            quick_replies: &[],
        };
        let wamid = self.api.send(&to.phone, message).await?;
        if let Some(outbox) = &self.outbox {
            let record = NewMessage::login_code(to.phone.as_str(), &self.template);
            // The code went: a record lost costs a line on the bill, not the customer's login.
            if let Err(error) = outbox.record_sent(&record, Some(&wamid), chrono::Utc::now()).await {
                tracing::warn!(%error, "a login code sent on WhatsApp could not be recorded");
            }
        }
        Ok(())
    }
}
