//! The Cloud API's webhook (third-wave notes): `GET` subscribes with `hub.verify_token`; each
//! `POST` is signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>` and
//! carries `entry[].changes[].value` with `metadata.phone_number_id`, `contacts`, `messages[]`
//! and `statuses[]`. Events for another number of the same Meta app are left out.

use bitik_common::Phone;
use bitik_messages::conversations::{Inbound, InboundKind, WebhookEvents, WebhookReader};
use bitik_messages::{Delivery, DeliveryStatus};
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

pub struct CloudWebhook {
    app_secret: String,
    verify_token: String,
    phone_number_id: String,
}

impl CloudWebhook {
    pub fn new(app_secret: &str, verify_token: &str, phone_number_id: &str) -> Self {
        Self {
            app_secret: app_secret.to_owned(),
            verify_token: verify_token.to_owned(),
            phone_number_id: phone_number_id.to_owned(),
        }
    }
}

/// `a == b` in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl WebhookReader for CloudWebhook {
    fn subscription_valid(&self, mode: &str, verify_token: &str) -> bool {
        mode == "subscribe"
            && !self.verify_token.is_empty()
            && same(verify_token.as_bytes(), self.verify_token.as_bytes())
    }

    fn signed(&self, signature: Option<&str>, body: &[u8]) -> bool {
        let Some(hex_mac) = signature.and_then(|s| s.trim().strip_prefix("sha256=")) else { return false };
        let Ok(given) = hex::decode(hex_mac) else { return false };
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(self.app_secret.as_bytes()) else { return false };
        mac.update(body);
        mac.verify_slice(&given).is_ok()
    }

    fn read(&self, body: &[u8]) -> Result<WebhookEvents, String> {
        let payload: Payload = serde_json::from_slice(body).map_err(|e| format!("unreadable webhook: {e}"))?;
        let mut events = WebhookEvents::default();
        let values = payload.entry.into_iter().flat_map(|entry| entry.changes).map(|change| change.value);
        for value in values.filter(|v| v.metadata.phone_number_id == self.phone_number_id) {
            let name_of = |wa_id: &str| {
                value.contacts.iter().find(|c| c.wa_id == wa_id).map(|c| c.profile.name.clone()).unwrap_or_default()
            };
            for message in &value.messages {
                if let Some(inbound) = inbound(message, name_of(&message.from)) {
                    events.messages.push(inbound);
                }
            }
            events.statuses.extend(value.statuses.iter().filter_map(status));
        }
        Ok(events)
    }
}

/// Meta's `timestamp`: Unix seconds, as a string.
fn time(timestamp: &str) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(timestamp.trim().parse().ok()?, 0)
}

fn inbound(message: &IncomingJson, profile_name: String) -> Option<Inbound> {
    let phone = Phone::parse(&format!("+{}", message.from.trim_start_matches('+'))).ok()?;
    let (kind, body, payload) = match message.kind.as_str() {
        "text" => (InboundKind::Text, message.text.as_ref()?.body.clone(), None),
        "button" => {
            let button = message.button.as_ref()?;
            (InboundKind::Button, button.text.clone(), Some(button.payload.clone()))
        }
        "interactive" => {
            let reply = message.interactive.as_ref()?.button_reply.as_ref()?;
            (InboundKind::Button, reply.title.clone(), Some(reply.id.clone()))
        }
        other => (InboundKind::Other, format!("({})", other_words(other)), None),
    };
    Some(Inbound {
        provider_id: message.id.clone(),
        phone,
        profile_name,
        kind,
        body,
        payload,
        sent_at: time(&message.timestamp)?,
    })
}

/// What the back office shows for what it does not keep.
fn other_words(kind: &str) -> &'static str {
    match kind {
        "image" => "photo",
        "audio" => "message vocal",
        "video" => "vidéo",
        "document" => "document",
        "location" => "position",
        "sticker" => "autocollant",
        "contacts" => "contact",
        "reaction" => "réaction",
        _ => "message non pris en charge",
    }
}

fn status(json: &StatusJson) -> Option<(String, DeliveryStatus)> {
    let state = Delivery::parse(&json.status)?;
    let error = json.errors.first().map(|e| {
        let details = e.error_data.as_ref().and_then(|d| d.details.clone()).unwrap_or_default();
        let title = if e.title.is_empty() { &e.message } else { &e.title };
        if details.is_empty() { format!("{} : {title}", e.code) } else { format!("{} : {title} ({details})", e.code) }
    });
    Some((json.id.clone(), DeliveryStatus { state, at: time(&json.timestamp)?, error }))
}

#[derive(Deserialize)]
struct Payload {
    #[serde(default)]
    entry: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    changes: Vec<Change>,
}

#[derive(Deserialize)]
struct Change {
    value: Value,
}

#[derive(Deserialize)]
struct Value {
    metadata: Metadata,
    #[serde(default)]
    contacts: Vec<Contact>,
    #[serde(default)]
    messages: Vec<IncomingJson>,
    #[serde(default)]
    statuses: Vec<StatusJson>,
}

#[derive(Deserialize)]
struct Metadata {
    phone_number_id: String,
}

#[derive(Deserialize)]
struct Contact {
    wa_id: String,
    #[serde(default)]
    profile: Profile,
}

#[derive(Deserialize, Default)]
struct Profile {
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
struct IncomingJson {
    from: String,
    id: String,
    timestamp: String,
    #[serde(rename = "type")]
    kind: String,
    text: Option<TextJson>,
    button: Option<ButtonJson>,
    interactive: Option<InteractiveJson>,
}

#[derive(Deserialize)]
struct TextJson {
    body: String,
}

#[derive(Deserialize)]
struct ButtonJson {
    #[serde(default)]
    payload: String,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
struct InteractiveJson {
    button_reply: Option<ButtonReply>,
}

#[derive(Deserialize)]
struct ButtonReply {
    id: String,
    title: String,
}

#[derive(Deserialize)]
struct StatusJson {
    id: String,
    status: String,
    timestamp: String,
    #[serde(default)]
    errors: Vec<StatusError>,
}

#[derive(Deserialize)]
struct StatusError {
    code: i64,
    #[serde(default)]
    title: String,
    #[serde(default)]
    message: String,
    error_data: Option<super::wire::ErrorData>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn webhook() -> CloudWebhook {
        CloudWebhook::new("the-app-secret", "the-verify-token", "1234567890")
    }

    fn sign(body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(b"the-app-secret").unwrap();
        mac.update(body);
        format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn only_the_app_secret_s_signature_of_these_very_bytes_is_accepted() {
        let body = br#"{"object":"whatsapp_business_account","entry":[]}"#;
        let webhook = webhook();
        assert!(webhook.signed(Some(&sign(body)), body));
        assert!(!webhook.signed(Some(&sign(body)), br#"{"object":"whatsapp_business_account","entry":[ ]}"#));
        assert!(!webhook.signed(None, body));
        assert!(!webhook.signed(Some(sign(body).trim_start_matches("sha256=")), body), "its prefix is required");
        assert!(!webhook.signed(Some("sha256=zz"), body));
        let other = CloudWebhook::new("another-secret", "t", "1");
        assert!(!other.signed(Some(&sign(body)), body));
        assert!(webhook.subscription_valid("subscribe", "the-verify-token"));
        assert!(!webhook.subscription_valid("subscribe", "the-verify-toke"));
        assert!(!webhook.subscription_valid("unsubscribe", "the-verify-token"));
    }

    #[test]
    fn messages_and_statuses_are_read_in_the_shop_s_words_and_other_numbers_left_out() {
        let body = json!({ "object": "whatsapp_business_account", "entry": [{ "id": "WABA", "changes": [
            { "field": "messages", "value": {
                "messaging_product": "whatsapp",
                "metadata": { "display_phone_number": "221770000000", "phone_number_id": "1234567890" },
                "contacts": [{ "profile": { "name": "Awa Diop" }, "wa_id": "221771234567" }],
                "messages": [
                    { "from": "221771234567", "id": "wamid.IN1", "timestamp": "1765130400", "type": "text",
                      "text": { "body": "La robe existe en M ?" } },
                    { "from": "221771234567", "id": "wamid.IN2", "timestamp": "1765130460", "type": "button",
                      "context": { "from": "221770000000", "id": "wamid.OUT" },
                      "button": { "payload": "confirmer:abc", "text": "Je confirme" } },
                    { "from": "221771234567", "id": "wamid.IN3", "timestamp": "1765130470", "type": "image",
                      "image": { "id": "media", "mime_type": "image/jpeg" } }
                ],
                "statuses": [
                    { "id": "wamid.OUT", "status": "read", "timestamp": "1765130500", "recipient_id": "221771234567" },
                    { "id": "wamid.OUT2", "status": "failed", "timestamp": "1765130501", "recipient_id": "221770000001",
                      "errors": [{ "code": 131026, "title": "Message undeliverable",
                                   "error_data": { "details": "not on WhatsApp" } }] }
                ]
            }},
            { "field": "messages", "value": {
                "metadata": { "phone_number_id": "999" },
                "messages": [{ "from": "221771234567", "id": "wamid.OTHER", "timestamp": "1765130400",
                               "type": "text", "text": { "body": "not ours" } }]
            }}
        ]}]});
        let events = webhook().read(body.to_string().as_bytes()).unwrap();
        let said: Vec<_> = events
            .messages
            .iter()
            .map(|m| (m.provider_id.as_str(), m.kind, m.body.as_str(), m.payload.as_deref()))
            .collect();
        assert_eq!(
            said,
            [
                ("wamid.IN1", InboundKind::Text, "La robe existe en M ?", None),
                ("wamid.IN2", InboundKind::Button, "Je confirme", Some("confirmer:abc")),
                ("wamid.IN3", InboundKind::Other, "(photo)", None),
            ]
        );
        assert_eq!(events.messages[0].phone.as_str(), "+221771234567");
        assert_eq!(events.messages[0].profile_name, "Awa Diop");
        assert_eq!(events.messages[0].sent_at, DateTime::from_timestamp(1_765_130_400, 0).unwrap());
        assert_eq!(events.statuses[0].0, "wamid.OUT");
        assert_eq!((events.statuses[0].1.state, events.statuses[0].1.error.as_deref()), (Delivery::Read, None));
        assert_eq!(
            (events.statuses[1].1.state, events.statuses[1].1.error.as_deref()),
            (Delivery::Failed, Some("131026 : Message undeliverable (not on WhatsApp)"))
        );
        assert!(webhook().read(b"not json").is_err());
    }
}
