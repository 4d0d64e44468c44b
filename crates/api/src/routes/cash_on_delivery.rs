//! Cash on delivery (docs/rules.md#cash-on-delivery): the shop's calls to confirm an order, the
//! customer's own confirmation (logged in, or through the signed link), a parcel refused at the
//! door back at the shop, the courier of a shipped parcel, and phones' records.

use actix_web::{HttpResponse, get, post, put, web};
use bitik_orders::Actor;
use bitik_orders::cash_on_delivery::PhoneView;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::auth::{AuthUser, Staff, can};
use crate::error::{ApiError, Code, ErrorBody};
use crate::responses::Data;
use crate::routes::admin_orders::AdminOrderDto;
use crate::routes::orders::OrderDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(report_call)
        .service(mark_returned)
        .service(set_courier)
        .service(phone_record)
        .service(decide_for_phone)
        .service(link_state)
        .service(confirm_with_link)
        .service(confirm_mine);
}

fn actor(admin: &bitik_identity::User) -> Actor {
    Actor::admin(admin.id, &admin.first_name, &admin.last_name)
}

#[derive(Deserialize, ToSchema)]
pub struct ConfirmationBody {
    /// What the call gave: `confirmed`, `no_answer` or `wrong_number`.
    #[serde(default)]
    #[schema(value_type = CallOutcome, required = true, example = "confirmed")]
    confirmation: String,
}

/// What an admin reports after calling the customer.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum CallOutcome {
    Confirmed,
    NoAnswer,
    WrongNumber,
}

/// Reports the shop's call about a pending cash-on-delivery order: `confirmed` (it may now be
/// prepared), `no_answer` (try again; every attempt is kept with its time) or `wrong_number`.
/// An order nobody confirms within `COD_CONFIRM_HOURS` is cancelled by the expiry sweep.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), request_body = ConfirmationBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order with the report", body = Data<AdminOrderDto>),
        (status = 400, description = "Unknown outcome (`unknown_confirmation`)", body = ErrorBody),
        (status = 409, description = "Not cash on delivery, already confirmed, or no longer pending", body = ErrorBody),
))]
#[put("/admin/orders/{id}/confirmation")]
async fn report_call(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<ConfirmationBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.report_call(&actor(&admin), *id, &body.confirmation).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// The parcel refused at the door is back at the shop: its units go back to stock, once.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order, returned", body = Data<AdminOrderDto>),
        (status = 409, description = "Not refused (`order_not_refused`) or already returned (`already_returned`)", body = ErrorBody),
))]
#[post("/admin/orders/{id}/returned")]
async fn mark_returned(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.mark_returned(&actor(&admin), *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct CourierBody {
    /// Both blank clears the courier.
    #[schema(max_length = 100, example = "Modou Fall")]
    name: String,
    #[schema(schema_with = crate::schema::optional_phone)]
    phone: String,
}

/// Names who carries a shipped parcel: the customer sees their name and phone with the order.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), request_body = CourierBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order with its courier", body = Data<AdminOrderDto>),
        (status = 400, description = "No name, or not a phone number", body = ErrorBody),
        (status = 409, description = "The order is not shipped (`order_not_shipped`)", body = ErrorBody),
))]
#[put("/admin/orders/{id}/courier")]
async fn set_courier(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<CourierBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.set_courier(*id, &body.name, &body.phone).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// What the shop knows of a phone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneRecordDto {
    /// E.164.
    #[schema(example = "+221771234567")]
    phone: String,
    /// Orders placed with this phone and delivered.
    delivered: u64,
    /// Parcels refused at the door.
    refused: u64,
    /// Orders cancelled before anyone confirmed them.
    cancelled_unconfirmed: u64,
    /// From this many refusals checkout no longer offers cash on delivery (`COD_MAX_REFUSALS`).
    max_refusals: u32,
    /// Whether checkout offers cash on delivery to this phone now.
    cash_on_delivery: bool,
    /// The admin's decision: `true` lifts the refusal rule, `false` blocks cash on delivery,
    /// `null` lets the rule decide.
    cod_allowed: Option<bool>,
    /// The reason the admin wrote.
    note: String,
    updated_by: Option<String>,
    updated_at: Option<DateTime<Utc>>,
}

impl From<PhoneView> for PhoneRecordDto {
    fn from(view: PhoneView) -> Self {
        let record = view.record;
        let decision = record.decision;
        PhoneRecordDto {
            phone: record.phone,
            delivered: record.delivered,
            refused: record.refused,
            cancelled_unconfirmed: record.cancelled_unconfirmed,
            max_refusals: view.max_refusals,
            cash_on_delivery: view.cash_on_delivery,
            cod_allowed: decision.as_ref().and_then(|d| d.cod_allowed),
            note: decision.as_ref().map(|d| d.note.clone()).unwrap_or_default(),
            updated_by: decision.as_ref().map(|d| d.by.clone()),
            updated_at: decision.map(|d| d.at),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PhonePath {
    /// The phone, E.164 (`+221771234567`) or as written in Senegal.
    #[param(schema_with = crate::schema::phone)]
    phone: String,
}

/// The record of a phone (any way of writing it: `+221771234567`, `77 123 45 67`): its orders
/// delivered, refused and cancelled unconfirmed, and whether it may pay on delivery.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])),
    params(PhonePath),
    responses(
        (status = 200, description = "The phone's record", body = Data<PhoneRecordDto>),
        (status = 400, description = "Not a phone number", body = ErrorBody),
))]
#[get("/admin/phones/{phone}")]
async fn phone_record(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    path: web::Path<PhonePath>,
) -> Result<HttpResponse, ApiError> {
    let view = state.cash_on_delivery.phone_record(&path.phone).await?;
    Ok(HttpResponse::Ok().json(Data::new(PhoneRecordDto::from(view))))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneDecisionBody {
    /// `true` lifts the refusal rule, `false` blocks cash on delivery, `null` lets the rule decide.
    /// Required: a body without it says nothing to decide.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<bool>, required = true)]
    cod_allowed: Option<Option<bool>>,
    /// Why: required with `true` or `false`.
    #[serde(default)]
    #[schema(max_length = 500, example = "Cliente fidèle, refus expliqués")]
    note: String,
}

/// A field that may be `null` but not left out: `Some(None)` is `null`, `None` is absent.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Option<bool>>, D::Error> {
    Option::<bool>::deserialize(deserializer).map(Some)
}

/// Lifts the refusal rule for a phone, blocks it from cash on delivery, or lets the rule decide
/// again, with the reason.
#[utoipa::path(tag = "admin", security(("bearer" = ["customers.manage"])), request_body = PhoneDecisionBody,
    params(PhonePath),
    responses(
        (status = 200, description = "The phone's record", body = Data<PhoneRecordDto>),
        (status = 400, description = "Not a phone number, or a decision without its reason", body = ErrorBody),
))]
#[put("/admin/phones/{phone}")]
async fn decide_for_phone(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::ManageCustomers>,
    path: web::Path<PhonePath>,
    body: web::Json<PhoneDecisionBody>,
) -> Result<HttpResponse, ApiError> {
    let Some(cod_allowed) = body.cod_allowed else {
        return Err(ApiError::field(
            "codAllowed",
            Code::ValidationFailed,
            "Indiquez si le paiement à la livraison est autorisé (true, false ou null).",
        ));
    };
    let view = state.cash_on_delivery.decide_for_phone(&actor(&admin), &path.phone, cod_allowed, &body.note).await?;
    Ok(HttpResponse::Ok().json(Data::new(PhoneRecordDto::from(view))))
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

/// The logged-in customer confirms their own cash-on-delivery order.
#[utoipa::path(tag = "orders", security(("bearer" = [])), params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The confirmed order", body = Data<OrderDto>),
        (status = 404, description = "No such order of this customer", body = ErrorBody),
        (status = 409, description = "Not cash on delivery, already confirmed, or no longer pending", body = ErrorBody),
))]
#[post("/orders/{id}/confirm")]
async fn confirm_mine(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.confirm_by_customer(user.id, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::for_customer(order, &state.config.shop))))
}
