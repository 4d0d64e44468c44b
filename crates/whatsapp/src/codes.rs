//! Login codes on WhatsApp: the authentication template (fixed text « <code> est votre code de
//! vérification », a copy-code button), the code in its body and in its button.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_identity::login_code::LoginCode;
use bitik_identity::ports::{CodeRecipient, CodeSender};

use crate::client::CloudApi;
use crate::wire::Outgoing;

pub struct WhatsAppCodes {
    api: Arc<CloudApi>,
    /// The approved authentication template's name (`WHATSAPP_TEMPLATE_LOGIN_CODE`).
    template: String,
}

impl WhatsAppCodes {
    pub fn new(api: Arc<CloudApi>, template: &str) -> Self {
        Self { api, template: template.to_owned() }
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
        self.api.send(&to.phone, message).await.map(drop).map_err(Into::into)
    }
}
