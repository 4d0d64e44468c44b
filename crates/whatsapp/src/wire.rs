//! The Cloud API's JSON, as Meta documents it (../docs: third-wave notes).

use serde::Deserialize;
use serde_json::{Value, json};

/// What the shop sends.
#[derive(Debug, Clone, PartialEq)]
pub enum Outgoing<'a> {
    /// An approved template (`type: template`), its body's variables in order; `code_button`
    /// is an authentication template's copy-code button, which repeats the code;
    /// `quick_replies` the payloads of its quick-reply buttons, in order.
    Template {
        name: &'a str,
        language: &'a str,
        body: Vec<String>,
        code_button: Option<String>,
        quick_replies: &'a [String],
    },
    /// Free text, within the 24 hours after the customer's last message.
    Text(&'a str),
}

impl Outgoing<'_> {
    pub(crate) fn to_json(&self, to: &str) -> Value {
        match self {
            Outgoing::Template { name, language, body, code_button, quick_replies } => {
                let text = |value: &String| json!({ "type": "text", "text": value });
                let mut components = Vec::new();
                if !body.is_empty() {
                    components.push(json!({ "type": "body", "parameters": body.iter().map(text).collect::<Vec<_>>() }));
                }
                if let Some(code) = code_button {
                    components.push(json!({
                        "type": "button", "sub_type": "url", "index": "0", "parameters": [text(code)]
                    }));
                }
                for (index, payload) in quick_replies.iter().enumerate() {
                    components.push(json!({
                        "type": "button", "sub_type": "quick_reply", "index": index.to_string(),
                        "parameters": [{ "type": "payload", "payload": payload }]
                    }));
                }
                json!({
                    "messaging_product": "whatsapp",
                    "recipient_type": "individual",
                    "to": to,
                    "type": "template",
                    "template": { "name": name, "language": { "code": language }, "components": components },
                })
            }
            Outgoing::Text(body) => json!({
                "messaging_product": "whatsapp",
                "recipient_type": "individual",
                "to": to,
                "type": "text",
                "text": { "preview_url": false, "body": body },
            }),
        }
    }
}

/// `{"messaging_product": "whatsapp", "contacts": [...], "messages": [{"id": "wamid.…"}]}`
#[derive(Debug, Deserialize)]
pub(crate) struct SentJson {
    pub messages: Vec<SentMessage>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct SentMessage {
    pub id: String,
}

/// `{"error": {"message", "type", "code", "error_data": {"details"}, "fbtrace_id"}}`
#[derive(Debug, Deserialize)]
pub(crate) struct ErrorJson {
    pub error: MetaError,
}

#[derive(Debug, Deserialize)]
pub(crate) struct MetaError {
    #[serde(default)]
    pub message: String,
    pub code: i64,
    pub error_data: Option<ErrorData>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ErrorData {
    pub details: Option<String>,
}
