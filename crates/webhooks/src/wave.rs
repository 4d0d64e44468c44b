//! Wave's webhook (docs/architecture.md, « Payments »): the raw body checked against
//! `Wave-Signature` by the payments service, the way test mode's simulator delivers too.

use actix_web::{HttpRequest, HttpResponse, post, web};
use bitik_payments::WebhookOutcome;

use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;

use crate::WebhookReceived;

/// Wave's signature header.
const SIGNATURE_HEADER: &str = "Wave-Signature";

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(webhook);
}

/// Wave's webhook. The raw body is checked against `Wave-Signature` (HMAC-SHA256 with the
/// webhook secret over timestamp + body, at most 5 minutes old). An event id already handled
/// answers 200 at once. A non-2xx answer asks Wave to deliver again.
#[utoipa::path(tag = "payments",
    params(("Wave-Signature" = String, Header, description = "t=<unix seconds>,v1=<hex>[,v1=<hex>…]")),
    request_body(content = String, content_type = "application/json", description = "Wave's event, byte for byte"),
    responses(
        (status = 200, description = "Handled, or handled before", body = Data<WebhookReceived>),
        (status = 400, description = "Signed, but not a Wave event", body = ErrorBody),
        (status = 401, description = "Missing, wrong or too old signature: nothing done", body = ErrorBody),
        (status = 502, description = "Wave could not be asked to confirm: deliver again", body = ErrorBody),
))]
#[post("/payments/wave/webhook")]
async fn webhook(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let signature = req.headers().get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok());
    receive(&state, signature, &body).await?;
    Ok(HttpResponse::Ok().json(Data::new(WebhookReceived::default())))
}

/// The one way into the payments service for a webhook delivery, Wave's or the simulator's.
pub async fn receive(state: &AppState, signature: Option<&str>, body: &[u8]) -> Result<WebhookOutcome, ApiError> {
    let outcome = state.payments.receive_webhook(signature, body).await?;
    match &outcome {
        WebhookOutcome::Paid { order_id } => tracing::info!(%order_id, "order paid by Wave"),
        WebhookOutcome::Mismatch { order_id, reason } => {
            tracing::error!(%order_id, reason, "a paid Wave session does not match its order: not marked paid")
        }
        WebhookOutcome::UnknownSession => tracing::warn!("a Wave webhook names a session of no order of the shop"),
        _ => {}
    }
    Ok(outcome)
}
