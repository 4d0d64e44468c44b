//! Wave payments: opening a checkout session for an order, its status, giving it up. Wave's
//! webhook, and test mode's simulator, are `bitik-webhooks`'. Only the server decides that an
//! order is paid (the payments domain).

use actix_web::{HttpResponse, get, post, web};
use bitik_payments::{OpenedSession, PaymentState, PaymentView};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::error::{ApiError, ErrorBody};
use crate::order_access::{OrderCustomer, OrderKeyQuery};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(init).service(status).service(order_status).service(cancel);
}

/// The order to pay. Return addresses a client may send are ignored: the server sends Wave's
/// shopper back to its own `/payment-success` and `/payment-error` pages.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitBody {
    #[schema(value_type = Uuid, required = true, example = "0b9e7d5c-3c1a-4b8e-9a55-2f6f1d9c4e21")]
    order_id: Option<String>,
}

/// A checkout session ready for the shopper.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSessionDto {
    #[schema(example = "cos-18qq25rgr100a")]
    session_id: String,
    order_id: Uuid,
    /// Where the shopper pays: Wave's page, or the simulator's page in test mode.
    #[schema(example = "https://pay.wave.com/c/cos-18qq25rgr100a?a=25000&c=XOF&m=Bitik%20Dakar")]
    checkout_url: String,
    /// The order's total in FCFA, as the server computed it.
    #[schema(example = 25000)]
    amount: i64,
    #[schema(example = "XOF")]
    currency: String,
    /// Always `pending` for a session just opened or reused.
    #[schema(example = "pending")]
    status: &'static str,
    expires_at: DateTime<Utc>,
    #[schema(example = "Bitik Dakar")]
    business_name: String,
    /// True in test mode: show "Mode de test activé : le paiement est simulé."
    is_mock: bool,
}

impl From<OpenedSession> for PaymentSessionDto {
    fn from(opened: OpenedSession) -> Self {
        let session = opened.session;
        PaymentSessionDto {
            session_id: session.id,
            order_id: opened.order_id,
            checkout_url: session.launch_url,
            amount: session.amount.as_francs(),
            currency: session.currency,
            status: PaymentState::Pending.as_str(),
            expires_at: session.expires_at,
            business_name: session.business_name,
            is_mock: opened.is_mock,
        }
    }
}

/// Why Wave refused the last attempt to pay, as Wave says it.
#[derive(Serialize, ToSchema)]
pub struct LastErrorDto {
    code: String,
    message: String,
}

/// Where a payment stands, decided by the server.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentStatusDto {
    session_id: String,
    order_id: Uuid,
    #[schema(example = "ORD-1234561234")]
    order_number: String,
    /// `paid`, `pending`, `cancelled`, `expired` or `not_found` (Wave no longer knows the session).
    #[schema(example = "paid")]
    status: &'static str,
    /// The order's status: `processing` once paid.
    #[schema(example = "processing")]
    order_status: &'static str,
    paid_at: Option<DateTime<Utc>>,
    #[schema(example = 25000)]
    amount: i64,
    #[schema(example = "XOF")]
    currency: String,
    checkout_url: String,
    expires_at: DateTime<Utc>,
    is_mock: bool,
    last_error: Option<LastErrorDto>,
}

impl From<PaymentView> for PaymentStatusDto {
    fn from(view: PaymentView) -> Self {
        let payment = view.payment;
        let session = payment.session;
        PaymentStatusDto {
            session_id: session.id,
            order_id: payment.order_id,
            order_number: view.order_number,
            status: view.state.as_str(),
            order_status: view.order_status.as_str(),
            paid_at: view.paid_at,
            amount: session.amount.as_francs(),
            currency: session.currency,
            checkout_url: session.launch_url,
            expires_at: session.expires_at,
            is_mock: payment.is_mock,
            last_error: session.last_error.map(|e| LastErrorDto { code: e.code, message: e.message }),
        }
    }
}

#[derive(Deserialize, IntoParams)]
pub struct StatusQuery {
    /// `true` when the shopper is back from Wave: Wave is asked again unless it was asked in
    /// the last 3 seconds. Otherwise what Wave said is reused for 60 seconds.
    #[serde(default, deserialize_with = "blank_is_absent")]
    refresh: Option<bool>,
}

/// `?refresh=` is absent, as every blank query value of the API (`allowEmptyValue`).
fn blank_is_absent<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    match Option::<String>::deserialize(deserializer)?.as_deref() {
        None | Some("") => Ok(None),
        Some("true") => Ok(Some(true)),
        Some("false") => Ok(Some(false)),
        Some(other) => Err(serde::de::Error::invalid_value(serde::de::Unexpected::Str(other), &"true or false")),
    }
}

/// Opens (or reuses) a Wave checkout session for the customer's pending, unpaid Wave order,
/// for the order's total as the server computed it.
#[utoipa::path(tag = "payments", security((), ("bearer" = [])), request_body = InitBody, params(OrderKeyQuery),
    responses(
        (status = 200, description = "The session to pay", body = Data<PaymentSessionDto>),
        (status = 400, description = "Missing or invalid order id", body = ErrorBody),
        (status = 401, description = "Neither logged in nor the order's key", body = ErrorBody),
        (status = 404, description = "No such order of this customer", body = ErrorBody),
        (status = 409, description = "Not a Wave order, already paid, no longer payable, or too old", body = ErrorBody),
        (status = 429, description = "Wave asks us to slow down (see Retry-After)", body = ErrorBody),
        (status = 502, description = "Wave refused or did not answer: try again", body = ErrorBody),
))]
#[post("/payments/wave/init")]
async fn init(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    body: web::Json<InitBody>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of_typed(&state, body.order_id.as_deref()).await?;
    let opened = state.payments.init(owner, body.order_id.as_deref()).await?;
    Ok(HttpResponse::Ok().json(Data::new(PaymentSessionDto::from(opened))))
}

/// Where one of the customer's sessions stands. A session Wave reports paid makes the order
/// paid (processing) before answering.
#[utoipa::path(tag = "payments", security((), ("bearer" = [])),
    params(("sessionId" = String, Path, description = "Wave session id (cos-…)"), StatusQuery, OrderKeyQuery),
    responses(
        (status = 200, description = "The payment's status", body = Data<PaymentStatusDto>),
        (status = 401, description = "Neither logged in nor the order's key", body = ErrorBody),
        (status = 404, description = "No such session of this customer", body = ErrorBody),
        (status = 502, description = "Wave could not be asked", body = ErrorBody),
))]
#[get("/payments/wave/status/{sessionId}")]
async fn status(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    session_id: web::Path<String>,
    query: web::Query<StatusQuery>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of_session(&state, &session_id).await?;
    let view = state.payments.status(owner, &session_id, query.refresh.unwrap_or(false)).await?;
    Ok(HttpResponse::Ok().json(Data::new(PaymentStatusDto::from(view))))
}

/// The same for the most recent session of one of the customer's orders, for a shopper back
/// from Wave who knows only the order (`/payment-success?orderId=…`).
#[utoipa::path(tag = "payments", security((), ("bearer" = [])),
    params(("orderId" = Uuid, Path, description = "Order id"), StatusQuery, OrderKeyQuery),
    responses(
        (status = 200, description = "The payment's status", body = Data<PaymentStatusDto>),
        (status = 401, description = "Neither logged in nor the order's key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or no session for it", body = ErrorBody),
        (status = 502, description = "Wave could not be asked", body = ErrorBody),
))]
#[get("/payments/wave/orders/{orderId}/status")]
async fn order_status(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    order_id: web::Path<String>,
    query: web::Query<StatusQuery>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of_typed(&state, Some(&order_id)).await?;
    let view = state.payments.status_of_order(owner, Some(&order_id), query.refresh.unwrap_or(false)).await?;
    Ok(HttpResponse::Ok().json(Data::new(PaymentStatusDto::from(view))))
}

/// Gives the session up: Wave expires it. The order stays pending and unpaid; a session paid
/// meanwhile answers `paid`.
#[utoipa::path(tag = "payments", security((), ("bearer" = [])),
    params(("sessionId" = String, Path, description = "Wave session id (cos-…)"), OrderKeyQuery),
    responses(
        (status = 200, description = "The payment's status afterwards", body = Data<PaymentStatusDto>),
        (status = 401, description = "Neither logged in nor the order's key", body = ErrorBody),
        (status = 404, description = "No such session of this customer", body = ErrorBody),
        (status = 429, description = "Wave asks us to slow down (see Retry-After)", body = ErrorBody),
        (status = 502, description = "Wave could not be asked", body = ErrorBody),
))]
#[post("/payments/wave/cancel/{sessionId}")]
async fn cancel(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    session_id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of_session(&state, &session_id).await?;
    let view = state.payments.cancel(owner, &session_id).await?;
    Ok(HttpResponse::Ok().json(Data::new(PaymentStatusDto::from(view))))
}
