//! Cash on delivery in the back office (docs/rules.md#cash-on-delivery): the shop's calls to
//! confirm an order, a parcel refused at the door back at the shop, the courier of a shipped
//! parcel, and phones' records.

use actix_web::{HttpResponse, get, post, put, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, Code, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;
use bitik_orders::cash_on_delivery::{Courier, PhoneView};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::orders::AdminOrderDto;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(report_call)
        .service(mark_returned)
        .service(set_courier)
        .service(phone_record)
        .service(decide_for_phone);
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
#[utoipa::path(operation_id = "order.confirmation", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = ConfirmationBody,
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
    let order = state.cash_on_delivery.report_call(&crate::actor(&admin), *id, &body.confirmation).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// The parcel refused at the door is back at the shop: its units go back to stock, once.
#[utoipa::path(operation_id = "order.returned", tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")),
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
    let order = state.cash_on_delivery.mark_returned(&crate::actor(&admin), *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct CourierBody {
    /// A courier of the team (an active account with the role `courier`): their name and phone
    /// are the account's, and the order is among theirs (`GET /api/courier/orders`). Without it,
    /// `name` and `phone` name a courier outside the team; all blank clears the courier.
    #[serde(rename = "courierId")]
    #[schema(value_type = Option<Uuid>)]
    courier_id: Option<Uuid>,
    #[schema(max_length = 100, example = "Modou Fall")]
    name: String,
    #[schema(schema_with = bitik_api::schema::optional_phone)]
    phone: String,
}

/// Names who carries a shipped parcel: the customer sees their name and phone with the order.
#[utoipa::path(operation_id = "order.courier", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = CourierBody,
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
    let order = match body.courier_id {
        Some(account) => {
            let courier = state.accounts.courier(account).await?;
            let name = format!("{} {}", courier.first_name, courier.last_name);
            let courier = Courier::of_account(account, &name, &courier.phone)?;
            state.cash_on_delivery.assign_courier(*id, courier).await?
        }
        None => state.cash_on_delivery.set_courier(*id, &body.name, &body.phone).await?,
    };
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
    #[param(schema_with = bitik_api::schema::phone)]
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
#[utoipa::path(operation_id = "phone.decision", tag = "admin", security(("bearer" = ["customers.manage"])), request_body = PhoneDecisionBody,
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
    let view =
        state.cash_on_delivery.decide_for_phone(&crate::actor(&admin), &path.phone, cod_allowed, &body.note).await?;
    Ok(HttpResponse::Ok().json(Data::new(PhoneRecordDto::from(view))))
}
