//! Cash on delivery (docs/rules.md#cash-on-delivery): the shop's calls to confirm an order, the
//! customer's own confirmation (logged in, or through the signed link), a parcel refused at the
//! door back at the shop, the courier of a shipped parcel, and phones' records.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ApiError, ErrorBody};
use crate::order_access::{OrderCustomer, OrderKeyQuery};
use crate::responses::Data;
use crate::routes::orders::OrderDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(link_state).service(confirm_with_link).service(confirm_mine);
}

#[derive(Deserialize, ToSchema)]
pub struct ConfirmLinkBody {
    /// The token of the link `/confirm/{token}` the shop sent.
    #[serde(default)]
    #[schema(required = true, example = "0f2c…")]
    token: String,
}

/// What the holder of a confirmation link is told: the order, not its customer's details.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedDto {
    #[schema(example = "ORD-2611271234")]
    order_number: String,
    #[schema(value_type = crate::routes::orders::ConfirmationName, example = "confirmed")]
    confirmation: &'static str,
}

/// Where the order of a confirmation link stands, for its page to say so before anyone taps:
/// already confirmed (by the shop's call, say), still to confirm, or past confirming.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkStateDto {
    #[schema(example = "ORD-2611271234")]
    order_number: String,
    /// `null` for an order that is no longer paid on delivery.
    #[schema(value_type = Option<crate::routes::orders::ConfirmationName>, example = "awaiting")]
    confirmation: Option<&'static str>,
    /// Whether the link may confirm it now.
    confirmable: bool,
}

/// The state of the order a signed link names (nothing changes by opening it: link previews
/// and scanners open pages too).
#[utoipa::path(tag = "orders",
    params(("token" = String, Path, description = "The token of the link `/confirm/{token}`")),
    responses(
        (status = 200, description = "Where the order stands", body = Data<LinkStateDto>),
        (status = 404, description = "Not a link of this shop (`invalid_confirmation_link`)", body = ErrorBody),
))]
#[get("/orders/confirm/{token}")]
async fn link_state(state: web::Data<AppState>, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.order_of_link(&token).await?;
    let used = order.confirmation.as_ref().is_some_and(|c| c.link_used_at.is_some());
    let confirmable = !used && bitik_orders::cash_on_delivery::check_confirmable(&order).is_ok();
    let confirmation = order.confirmation.as_ref().map(|c| c.state.as_str());
    Ok(HttpResponse::Ok().json(Data::new(LinkStateDto { order_number: order.order_number, confirmation, confirmable })))
}

/// The customer confirms their cash-on-delivery order through the signed link the shop sent
/// (no login: the link is the credential, for that order only, and serves once).
#[utoipa::path(tag = "orders", request_body = ConfirmLinkBody, responses(
    (status = 200, description = "Confirmed", body = Data<ConfirmedDto>),
    (status = 404, description = "Not a link of this shop (`invalid_confirmation_link`)", body = ErrorBody),
    (status = 409, description = "Link already used, order already confirmed, or no longer pending", body = ErrorBody),
))]
#[post("/orders/confirm")]
async fn confirm_with_link(
    state: web::Data<AppState>,
    body: web::Json<ConfirmLinkBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.confirm_by_link(&body.token).await?;
    let confirmation = order.confirmation.as_ref().map_or("confirmed", |c| c.state.as_str());
    Ok(HttpResponse::Ok().json(Data::new(ConfirmedDto { order_number: order.order_number, confirmation })))
}

/// The customer confirms their own cash-on-delivery order: logged in, or with the order's key.
#[utoipa::path(tag = "orders", security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), OrderKeyQuery),
    responses(
        (status = 200, description = "The confirmed order", body = Data<OrderDto>),
        (status = 401, description = "Neither logged in nor a key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or not this order's key", body = ErrorBody),
        (status = 409, description = "Not cash on delivery, already confirmed, or no longer pending", body = ErrorBody),
))]
#[post("/orders/{id}/confirm")]
async fn confirm_mine(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of(&state, *id).await?;
    let order = state.cash_on_delivery.confirm_by_customer(owner, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::for_customer(order, &state))))
}
