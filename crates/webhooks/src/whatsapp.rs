//! WhatsApp's webhook (docs/messages.md#the-webhook): Meta's subscription check, then each
//! signed delivery: statuses of the shop's messages, customers' messages kept once, and a tap
//! on a confirmation's button confirming or cancelling its order, answered on WhatsApp.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use bitik_common::BoxError;
use bitik_messages::conversations::{Inbound, InboundKind, WebhookReader};
use serde::Deserialize;
use utoipa::IntoParams;

use bitik_api::error::{ApiError, Code, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;

use crate::WebhookReceived;

/// Meta's signature header.
const SIGNATURE_HEADER: &str = "X-Hub-Signature-256";

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(subscribe).service(webhook);
}

#[derive(Deserialize, IntoParams)]
pub struct Subscription {
    #[serde(rename = "hub.mode")]
    #[param(rename = "hub.mode")]
    mode: Option<String>,
    #[serde(rename = "hub.verify_token")]
    #[param(rename = "hub.verify_token")]
    verify_token: Option<String>,
    #[serde(rename = "hub.challenge")]
    #[param(rename = "hub.challenge")]
    challenge: Option<String>,
}

/// Meta's verification of the webhook's address: the challenge back as text when the token is
/// `WHATSAPP_VERIFY_TOKEN`.
#[utoipa::path(tag = "whatsapp", params(Subscription), responses(
    (status = 200, description = "The challenge, as text", body = String, content_type = "text/plain"),
    (status = 403, description = "Not the shop's token, or the webhook is not configured", body = ErrorBody),
))]
#[get("/webhooks/whatsapp")]
async fn subscribe(state: web::Data<AppState>, query: web::Query<Subscription>) -> Result<HttpResponse, ApiError> {
    let reader = state.whatsapp_webhook.as_ref().ok_or_else(refused)?;
    let (mode, token) = (query.mode.as_deref().unwrap_or(""), query.verify_token.as_deref().unwrap_or(""));
    match &query.challenge {
        Some(challenge) if reader.subscription_valid(mode, token) => {
            Ok(HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(challenge.clone()))
        }
        _ => Err(refused()),
    }
}

fn refused() -> ApiError {
    ApiError::new(Code::Forbidden, "Abonnement refusé.")
}

/// One delivery of Meta's events, byte for byte. An unsigned or wrongly signed body changes
/// nothing (401); a message Meta delivers again is kept once and acted on once.
#[utoipa::path(tag = "whatsapp",
    params(("X-Hub-Signature-256" = String, Header, description = "sha256=<hex HMAC-SHA256(app secret, raw body)>")),
    request_body(content = String, content_type = "application/json", description = "Meta's events, byte for byte"),
    responses(
        (status = 200, description = "Handled, or handled before", body = Data<WebhookReceived>),
        (status = 401, description = "Missing or wrong signature: nothing done", body = ErrorBody),
        (status = 503, description = "Not recorded: Meta delivers again", body = ErrorBody),
))]
#[post("/webhooks/whatsapp")]
async fn webhook(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let signature = req.headers().get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok());
    let reader = state.whatsapp_webhook.as_deref().filter(|reader| reader.signed(signature, &body));
    let Some(reader) = reader else {
        return Err(ApiError::new(Code::Unauthorized, "Signature du webhook WhatsApp invalide."));
    };
    handle(&state, reader, &body).await.map_err(|error| {
        tracing::error!(error = %error, "a WhatsApp webhook could not be recorded: Meta delivers it again");
        ApiError::new(Code::ServiceUnavailable, "Webhook non enregistré : réessayez.")
    })?;
    Ok(HttpResponse::Ok().json(Data::new(WebhookReceived::default())))
}

async fn handle(state: &AppState, reader: &dyn WebhookReader, body: &[u8]) -> Result<(), BoxError> {
    let events = match reader.read(body) {
        Ok(events) => events,
        // Signed by Meta but not understood: asking again would not help.
        Err(error) => {
            tracing::warn!(error, "a signed WhatsApp webhook could not be read");
            return Ok(());
        }
    };
    for (provider_id, status) in events.statuses {
        state.messages.record_delivery(&provider_id, status).await?;
    }
    for inbound in &events.messages {
        receive(state, inbound).await?;
    }
    Ok(())
}

/// Keeps a customer's message once; a tapped confirmation button acts on its order and is
/// answered.
async fn receive(state: &AppState, inbound: &Inbound) -> Result<(), BoxError> {
    let Some(received) = state.conversations.receive(inbound, None).await? else { return Ok(()) };
    let Some(payload) = inbound.payload.as_deref().filter(|_| inbound.kind == InboundKind::Button) else {
        return Ok(());
    };
    let answer = state.cash_on_delivery.answer_button(payload, &inbound.phone).await?;
    if let Some(order) = answer.order() {
        tracing::info!(order_id = %order.id, "a WhatsApp button was answered");
    }
    if let Some(text) = answer.text() {
        state.conversations.answer(&received, &text).await?;
    }
    Ok(())
}
