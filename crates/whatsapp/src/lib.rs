//! WhatsApp Business Cloud API: the client of the shop's number (`client.rs`), the messages'
//! JSON (`wire.rs`), login codes sent by the authentication template (`codes.rs`, the identity
//! domain's `CodeSender`), the outbox's messages sent as templates or free text (`channel.rs`, the
//! messages domain's `MessageChannel`), and the webhook that brings customers' messages and the
//! statuses of the shop's (`webhook.rs`, the messages domain's `WebhookReader`).

mod channel;
mod client;
mod codes;
mod webhook;
mod wire;

pub use client::{CloudApi, DEFAULT_API_BASE, DEFAULT_TIMEOUT, SendError, meta_codes};
pub use codes::WhatsAppCodes;
pub use webhook::CloudWebhook;
pub use wire::Outgoing;

/// The templates' language, as Meta names French.
pub const LANGUAGE: &str = "fr";

#[cfg(test)]
mod client_tests;
