//! The WhatsApp Business Cloud API over HTTPS (`POST /{phone-number-id}/messages`, a bearer
//! token, JSON). Every call has a time limit. Meta's refusals are `{"error": {"code", "message",
//! "error_data": {"details"}}}`; a timeout, a 5xx or an unreadable answer is an unknown outcome.

use std::time::Duration;

use bitik_common::Phone;
use reqwest::StatusCode;

use crate::wire::{ErrorJson, Outgoing, SentJson};

/// How long one call to the Cloud API may take, unless configured otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Graph's address with the version the shapes were written against (`WHATSAPP_API_BASE`).
pub const DEFAULT_API_BASE: &str = "https://graph.facebook.com/v21.0";

/// Meta's error codes the shop acts on (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).
pub mod meta_codes {
    /// The recipient cannot receive it: not on WhatsApp, or an old app.
    pub const UNDELIVERABLE: i64 = 131026;
    /// Too many messages to one person in a short time.
    pub const PAIR_RATE_LIMIT: i64 = 131056;
    /// The business's throughput or its spam limit.
    pub const RATE_LIMIT: i64 = 130429;
    pub const SPAM_RATE_LIMIT: i64 = 131048;
    /// The template's name or language is not approved.
    pub const TEMPLATE_MISSING: i64 = 132001;
    /// Free text more than 24 hours after the customer's last message.
    pub const OUTSIDE_WINDOW: i64 = 131047;
    /// Its parameters do not fit the approved template.
    pub const TEMPLATE_PARAMETERS: i64 = 132000;
}

/// Why a message was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Meta answered with a refusal: sending the same again will not help, except after a
    /// rate limit (see [`SendError::may_succeed_later`]).
    #[error("WhatsApp refused the message ({status}, code {code}): {message}")]
    Refused { status: u16, code: i64, message: String },
    /// No answer, a 5xx, or an answer that could not be read: the message may or may not be out.
    #[error("WhatsApp's answer is unknown: {0}")]
    Unknown(String),
}

impl SendError {
    /// A rate limit, or nothing known: trying again later may succeed.
    pub fn may_succeed_later(&self) -> bool {
        match self {
            SendError::Unknown(_) => true,
            SendError::Refused { status, code, .. } => {
                *status == 429
                    || matches!(
                        *code,
                        meta_codes::RATE_LIMIT | meta_codes::PAIR_RATE_LIMIT | meta_codes::SPAM_RATE_LIMIT
                    )
            }
        }
    }

    /// Free text refused: the customer's 24-hour window is closed.
    pub fn window_closed(&self) -> bool {
        matches!(self, SendError::Refused { code: meta_codes::OUTSIDE_WINDOW, .. })
    }

    /// The recipient is not on WhatsApp.
    pub fn recipient_unreachable(&self) -> bool {
        matches!(self, SendError::Refused { code: meta_codes::UNDELIVERABLE, .. })
    }
}

/// The shop's number on the Cloud API.
pub struct CloudApi {
    http: reqwest::Client,
    messages_url: String,
    token: String,
}

impl CloudApi {
    /// `base` is Graph's address with its version (`https://graph.facebook.com/v21.0`);
    /// `timeout` bounds each whole call.
    pub fn new(base: &str, phone_number_id: &str, token: &str, timeout: Duration) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout.min(Duration::from_secs(5)))
            .user_agent(concat!("bitik/", env!("CARGO_PKG_VERSION")))
            .build()?;
        let messages_url = format!("{}/{}/messages", base.trim_end_matches('/'), phone_number_id);
        Ok(Self { http, messages_url, token: token.to_owned() })
    }

    /// Sends one message; `Ok` holds the id Meta gave it (`wamid.…`), which its statuses name.
    pub async fn send(&self, to: &Phone, message: Outgoing<'_>) -> Result<String, SendError> {
        let body = message.to_json(recipient(to));
        let response = self
            .http
            .post(&self.messages_url)
            .bearer_auth(&self.token)
            .json(&body)
            .send()
            .await
            .map_err(|e| SendError::Unknown(describe(&e)))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| SendError::Unknown(describe(&e)))?;
        if status.is_success() {
            let sent: SentJson =
                serde_json::from_slice(&body).map_err(|e| SendError::Unknown(format!("unreadable answer: {e}")))?;
            return sent
                .messages
                .into_iter()
                .next()
                .map(|m| m.id)
                .ok_or_else(|| SendError::Unknown("no message id".into()));
        }
        Err(refusal(status, &body))
    }
}

/// The Cloud API's `to`: the E.164 number without its `+`.
fn recipient(phone: &Phone) -> &str {
    phone.as_str().trim_start_matches('+')
}

fn refusal(status: StatusCode, body: &[u8]) -> SendError {
    if status.is_server_error() {
        return SendError::Unknown(format!("{status}"));
    }
    match serde_json::from_slice::<ErrorJson>(body) {
        Ok(ErrorJson { error }) => {
            let details = error.error_data.and_then(|data| data.details).unwrap_or_default();
            let message = if details.is_empty() { error.message } else { format!("{} ({details})", error.message) };
            SendError::Refused { status: status.as_u16(), code: error.code, message }
        }
        Err(_) => SendError::Refused { status: status.as_u16(), code: 0, message: format!("{status}") },
    }
}

/// reqwest's error with its causes, as a log reads it.
fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
