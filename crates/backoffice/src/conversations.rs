//! WhatsApp conversations in the back office (docs/messages.md#conversations): the list of
//! customers who wrote, one conversation with what the shop sent, staff's answer within the
//! 24-hour window, and what customers wrote about an order.

use actix_web::{HttpResponse, get, post, web};
use bitik_common::PageRequest;
use bitik_messages::ADMIN_PAGE_SIZE;
use bitik_messages::conversations::{ConversationSummary, Entry, Received, Thread};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::{Data, Paginated};
use bitik_api::state::AppState;

use crate::messages::MessageDto;

const MAX_PAGE_SIZE: u32 = 100;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(conversation).service(reply).service(of_order);
}

#[derive(Deserialize, IntoParams)]
pub struct ConversationsParams {
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    page: Option<String>,
    /// 20 by default, 100 at most.
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    limit: Option<String>,
}

/// An order, as a conversation names it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRef {
    id: Uuid,
    #[schema(example = "ORD-2612070042")]
    order_number: String,
}

fn order_ref(order: Option<(Uuid, String)>) -> Option<OrderRef> {
    order.map(|(id, order_number)| OrderRef { id, order_number })
}

/// What a customer wrote.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedDto {
    id: Uuid,
    #[schema(example = "+221771234567")]
    phone: String,
    profile_name: String,
    /// `text`, `button` (a tapped quick reply: its label) or `other` (a photo, a voice note…).
    #[schema(example = "text")]
    kind: &'static str,
    text: String,
    order_id: Option<Uuid>,
    sent_at: DateTime<Utc>,
    seen: bool,
}

impl From<Received> for ReceivedDto {
    fn from(r: Received) -> Self {
        ReceivedDto {
            id: r.id,
            phone: r.phone,
            profile_name: r.profile_name,
            kind: r.kind.as_str(),
            text: r.body,
            order_id: r.order_id,
            sent_at: r.sent_at,
            seen: r.seen_at.is_some(),
        }
    }
}

/// A customer's conversation in the list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationDto {
    #[schema(example = "+221771234567")]
    phone: String,
    profile_name: String,
    last: ReceivedDto,
    /// The customer's messages not opened yet.
    unseen: u32,
    latest_order: Option<OrderRef>,
}

impl From<ConversationSummary> for ConversationDto {
    fn from(c: ConversationSummary) -> Self {
        ConversationDto {
            phone: c.phone,
            profile_name: c.profile_name,
            last: c.last.into(),
            unseen: c.unseen,
            latest_order: order_ref(c.latest_order),
        }
    }
}

/// One message of a conversation: the customer's (`received`) or the shop's (`sent`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryDto {
    at: DateTime<Utc>,
    received: Option<ReceivedDto>,
    sent: Option<MessageDto>,
}

/// A conversation with one phone, oldest first.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadDto {
    phone: String,
    entries: Vec<EntryDto>,
    /// Until when free text may be sent: 24 hours after the customer's last message.
    window_closes_at: Option<DateTime<Utc>>,
    /// Whether staff may answer in free text now.
    window_open: bool,
    latest_order: Option<OrderRef>,
}

impl ThreadDto {
    fn new(thread: Thread, now: DateTime<Utc>) -> Self {
        let entries = thread
            .entries
            .into_iter()
            .map(|entry| match entry {
                Entry::Received(r) => EntryDto { at: r.sent_at, received: Some(r.into()), sent: None },
                Entry::Sent(m) => EntryDto { at: m.created_at, received: None, sent: Some((*m).into()) },
            })
            .collect();
        ThreadDto {
            phone: thread.phone,
            entries,
            window_closes_at: thread.window_closes_at,
            window_open: thread.window_closes_at.is_some_and(|closes| now < closes),
            latest_order: order_ref(thread.latest_order),
        }
    }
}

/// The customers who wrote on WhatsApp, the latest first, with their unread messages.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(ConversationsParams), responses(
    (status = 200, description = "A page of conversations", body = Paginated<ConversationDto>),
    (status = 400, description = "A malformed page", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/conversations")]
async fn list(
    state: web::Data<AppState>,
    _staff: Staff<can::HandleOrders>,
    params: web::Query<ConversationsParams>,
) -> Result<HttpResponse, ApiError> {
    let page = PageRequest::parse(params.page.as_deref(), params.limit.as_deref(), ADMIN_PAGE_SIZE, MAX_PAGE_SIZE)?;
    let conversations = state.conversations.list(page).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(conversations, ConversationDto::from)))
}

/// The conversation with a phone (E.164): its messages are marked read.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("phone" = String, Path, description = "The customer's phone, E.164")), responses(
    (status = 200, description = "The conversation", body = Data<ThreadDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "Not a phone (`conversation_not_found`)", body = ErrorBody),
))]
#[get("/admin/conversations/{phone}")]
async fn conversation(
    state: web::Data<AppState>,
    _staff: Staff<can::HandleOrders>,
    phone: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let thread = state.conversations.thread(&phone).await?;
    Ok(HttpResponse::Ok().json(Data::new(ThreadDto::new(thread, Utc::now()))))
}

#[derive(Deserialize, ToSchema)]
pub struct ReplyBody {
    /// Free text, 4 096 characters at most, not blank.
    #[schema(max_length = 4096, pattern = r"\S", example = "Oui, la robe existe en M. Je vous la mets de côté ?")]
    text: String,
}

/// Staff's answer in free text, sent on WhatsApp within 24 hours of the customer's last message.
#[utoipa::path(operation_id = "conversation.reply", tag = "admin", security(("bearer" = ["orders.handle"])), params(("phone" = String, Path, description = "The customer's phone, E.164")), request_body = ReplyBody, responses(
    (status = 201, description = "Written to the outbox, on its way", body = Data<MessageDto>),
    (status = 400, description = "Empty or too long (`validation_failed`)", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "This phone never wrote (`conversation_not_found`)", body = ErrorBody),
    (status = 409, description = "More than 24 hours since its last message (`whatsapp_window_closed`)", body = ErrorBody),
))]
#[post("/admin/conversations/{phone}/reply")]
async fn reply(
    state: web::Data<AppState>,
    staff: Staff<can::HandleOrders>,
    phone: web::Path<String>,
    body: web::Json<ReplyBody>,
) -> Result<HttpResponse, ApiError> {
    let message = state.conversations.reply(staff.user.id, &phone, &body.text).await?;
    Ok(HttpResponse::Created().json(Data::new(MessageDto::from(message))))
}

/// What customers wrote on WhatsApp about an order, oldest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The customer's messages about the order", body = Data<Vec<ReceivedDto>>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
))]
#[get("/admin/orders/{id}/whatsapp")]
async fn of_order(
    state: web::Data<AppState>,
    _staff: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.admin_order(*id).await?;
    let received = state.conversations.of_order(order.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(received.into_iter().map(ReceivedDto::from).collect::<Vec<_>>())))
}
