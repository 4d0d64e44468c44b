//! The outbox in the back office: every message, the failures first asked for, an order's
//! messages, and sending one again. A message holding a reset link is shown without its body.

use actix_web::{HttpResponse, get, post, web};
use bitik_common::PageRequest;
use bitik_messages::{ADMIN_PAGE_SIZE, Delivery, Message, MessageState};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::{Data, Paginated};
use bitik_api::state::AppState;

/// The most messages one page holds.
const MAX_PAGE_SIZE: u32 = 100;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(of_order).service(resend);
}

#[derive(Deserialize, IntoParams)]
pub struct MessagesParams {
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    page: Option<String>,
    /// 20 by default, 100 at most.
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    limit: Option<String>,
    /// Only the messages in this state.
    #[param(value_type = Option<MessageStateName>)]
    state: Option<String>,
}

/// Where a message is: `not_configured` is « non envoyé : canal non configuré ».
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum MessageStateName {
    Pending,
    Sent,
    Failed,
    NotConfigured,
}

/// A message of the outbox.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageDto {
    id: Uuid,
    /// order_placed, shop_new_order, confirmation_asked, payment_received, order_shipped,
    /// order_delivered, order_cancelled, order_refused, refunded, reset_link, back_in_stock,
    /// chat_reply or login_code.
    #[schema(example = "order_placed")]
    kind: &'static str,
    /// What the kind is called in French.
    #[schema(example = "Commande reçue")]
    kind_label: &'static str,
    #[schema(example = "awa@example.sn")]
    recipient: String,
    subject: String,
    /// The text part, as sent (a reset link's is withheld).
    text: String,
    order_id: Option<Uuid>,
    #[schema(value_type = MessageStateName)]
    state: &'static str,
    /// The state in French; unsent for lack of a channel, it names it (« Non envoyé : WhatsApp
    /// non configuré »).
    #[schema(example = "Envoyé")]
    state_label: &'static str,
    /// Whether « Renvoyer » may send it again: not while pending, never a login code.
    resendable: bool,
    attempts: u32,
    next_attempt_at: DateTime<Utc>,
    /// Why the last attempt failed.
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    /// `email` or `whatsapp`.
    #[schema(example = "whatsapp")]
    channel: &'static str,
    /// On WhatsApp: the approved template it went as; none for an e-mail or free text.
    #[schema(example = "commande_recue")]
    template: Option<String>,
    /// On WhatsApp: the last status Meta reported.
    delivery: Option<DeliveryDto>,
}

/// What Meta reported of a WhatsApp message.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryDto {
    /// `sent`, `delivered`, `read` or `failed`.
    #[schema(example = "read")]
    state: &'static str,
    /// « Envoyé », « Distribué », « Lu », « Non distribué ».
    #[schema(example = "Lu")]
    label: &'static str,
    at: DateTime<Utc>,
    /// Meta's error, for a failure.
    error: Option<String>,
}

impl From<Message> for MessageDto {
    fn from(m: Message) -> Self {
        let (state_label, resendable) = (m.state_label(), m.kind.can_be_resent() && m.state != MessageState::Pending);
        MessageDto {
            id: m.id,
            kind: m.kind.as_str(),
            kind_label: m.kind.label(),
            recipient: m.recipient,
            subject: m.subject,
            text: m.text,
            order_id: m.order_id,
            state: m.state.as_str(),
            state_label,
            resendable,
            attempts: m.attempts,
            next_attempt_at: m.next_attempt_at,
            last_error: m.last_error,
            created_at: m.created_at,
            sent_at: m.sent_at,
            channel: m.channel.as_str(),
            template: m.whatsapp.map(|t| t.name),
            delivery: m.delivery.map(|d| DeliveryDto {
                state: d.state.as_str(),
                label: delivery_label(d.state),
                at: d.at,
                error: d.error,
            }),
        }
    }
}

/// The messages, newest first; `state=failed` lists the failures across orders.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(MessagesParams), responses(
    (status = 200, description = "A page of messages", body = Paginated<MessageDto>),
    (status = 400, description = "A malformed page or an unknown state", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/messages")]
async fn list(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    params: web::Query<MessagesParams>,
) -> Result<HttpResponse, ApiError> {
    let page = PageRequest::parse(params.page.as_deref(), params.limit.as_deref(), ADMIN_PAGE_SIZE, MAX_PAGE_SIZE)?;
    let messages = state.messages.list(params.state.as_deref(), page).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(messages, MessageDto::from)))
}

/// An order's messages, oldest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The order's messages", body = Data<Vec<MessageDto>>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
))]
#[get("/admin/orders/{id}/messages")]
async fn of_order(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.admin_order(*id).await?;
    let messages = state.messages.of_order(order.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(messages.into_iter().map(MessageDto::from).collect::<Vec<_>>())))
}

/// Sends a message again now: a failed one, one written while e-mail was not configured, or a
/// sent one the customer lost.
#[utoipa::path(operation_id = "message.resend", tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Message id")), responses(
    (status = 200, description = "The message, pending again", body = Data<MessageDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "No such message (`message_not_found`)", body = ErrorBody),
    (status = 409, description = "Already waiting to be sent (`message_already_pending`)", body = ErrorBody),
))]
#[post("/admin/messages/{id}/resend")]
async fn resend(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let message = state.messages.resend(*id).await?;
    Ok(HttpResponse::Ok().json(Data::new(MessageDto::from(message))))
}

/// As the back office shows a delivery status: ✓ sent, ✓✓ delivered, read in blue, failed.
fn delivery_label(delivery: Delivery) -> &'static str {
    match delivery {
        Delivery::Sent => "Envoyé",
        Delivery::Delivered => "Distribué",
        Delivery::Read => "Lu",
        Delivery::Failed => "Non distribué",
    }
}
