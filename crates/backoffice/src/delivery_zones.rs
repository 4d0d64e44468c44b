//! Delivery zones in the back office (docs/rules.md#delivery): every zone, the zone form, and a
//! zone's removal.

use actix_web::{HttpResponse, delete, get, post, put, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::delivery::{DeliveryZoneDto, listed};
use bitik_api::routes::whole::Whole;
use bitik_api::state::AppState;
use bitik_orders::delivery::{RawCommune, ZoneForm, ZoneRemoval};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(admin_zones).service(create).service(update).service(remove);
}

/// Every zone, inactive ones included.
#[utoipa::path(tag = "admin", security(("bearer" = ["shop.manage"])), responses(
    (status = 200, description = "Every zone", body = Data<Vec<DeliveryZoneDto>>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/delivery/zones")]
async fn admin_zones(state: web::Data<AppState>, _admin: Staff<can::ManageShop>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(listed(state.delivery.all_zones().await?)))
}

#[derive(Serialize, Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct CommuneBody {
    /// Made from the name when blank (`Médina` → `medina`). A checkout or an address names the
    /// commune by it.
    #[schema(max_length = 60, pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$", example = "medina")]
    code: Option<String>,
    #[schema(required = true, max_length = 100, pattern = r"\S", example = "Médina")]
    name: Option<String>,
}

/// The zone form (docs/rules.md#delivery).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ZoneBody {
    /// Read when a zone is created only (a zone's code never changes: orders name it); made from
    /// the name when blank.
    #[schema(max_length = 60, pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$", example = "dakar-ville")]
    code: Option<String>,
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    name: Option<String>,
    /// Standard delivery, in whole FCFA.
    #[schema(value_type = i64, required = true, minimum = 0, maximum = 1_000_000, example = 1500)]
    fee: Option<Whole>,
    /// `null` or absent: express delivery is not offered.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1_000_000, example = 2500)]
    express_fee: Option<Whole>,
    /// `null` or absent: standard delivery is never free.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1_000_000, example = 50000)]
    free_from: Option<Whole>,
    #[schema(required = true, max_length = 60, pattern = r"\S", example = "24 h")]
    delay: Option<String>,
    /// Express delivery's delay: required with `expressFee`, not read without it.
    #[schema(max_length = 60, example = "Le jour même")]
    express_delay: Option<String>,
    /// Absent: unchanged (`true` for a new zone).
    cash_on_delivery: Option<bool>,
    /// Absent: unchanged (`true` for a new zone).
    active: Option<bool>,
    /// The zone's communes, exactly: one left out leaves the zone. Each once.
    #[schema(required = true, min_items = 1, max_items = 200)]
    communes: Vec<CommuneBody>,
}

impl From<ZoneBody> for ZoneForm {
    fn from(b: ZoneBody) -> Self {
        ZoneForm {
            code: b.code,
            name: b.name,
            fee: b.fee.map(|Whole(francs)| francs),
            express_fee: b.express_fee.map(|Whole(francs)| francs),
            free_from: b.free_from.map(|Whole(francs)| francs),
            delay: b.delay,
            express_delay: b.express_delay,
            cash_on_delivery: b.cash_on_delivery,
            active: b.active,
            communes: b.communes.into_iter().map(|c| RawCommune { code: c.code, name: c.name }).collect(),
        }
    }
}

/// Creates a zone with its communes.
#[utoipa::path(operation_id = "delivery_zone.create", tag = "admin", security(("bearer" = ["shop.manage"])), request_body = ZoneBody, responses(
    (status = 201, description = "The zone", body = Data<DeliveryZoneDto>),
    (status = 400, description = "The form's problems, field by field", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 409, description = "A zone has this code (`delivery_zone_exists`), or another zone covers one of the communes (`commune_in_other_zone`)", body = ErrorBody),
))]
#[post("/admin/delivery/zones")]
async fn create(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageShop>,
    body: web::Json<ZoneBody>,
) -> Result<HttpResponse, ApiError> {
    let zone = state.delivery.create(body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Data::new(DeliveryZoneDto::from(zone))))
}

/// Changes a zone: its name, fees, delay, switches (`active: false` deactivates it) and its
/// communes. Orders already placed keep the fee they were charged.
#[utoipa::path(operation_id = "delivery_zone.update", tag = "admin", security(("bearer" = ["shop.manage"])), request_body = ZoneBody,
    params(("code" = String, Path, description = "The zone's code")),
    responses(
        (status = 200, description = "The zone", body = Data<DeliveryZoneDto>),
        (status = 400, description = "The form's problems, field by field", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such zone", body = ErrorBody),
        (status = 409, description = "Another zone covers one of the communes (`commune_in_other_zone`)", body = ErrorBody),
))]
#[put("/admin/delivery/zones/{code}")]
async fn update(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageShop>,
    code: web::Path<String>,
    body: web::Json<ZoneBody>,
) -> Result<HttpResponse, ApiError> {
    let zone = state.delivery.update(&code, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(DeliveryZoneDto::from(zone))))
}

#[derive(Serialize, ToSchema)]
pub struct ZoneRemovalDto {
    deleted: bool,
    deactivated: bool,
    message: &'static str,
}

/// Deletes a zone and its communes; a zone that orders name is deactivated instead (kept for
/// them, offered to nobody), and the answer says so.
#[utoipa::path(operation_id = "delivery_zone.delete", tag = "admin", security(("bearer" = ["shop.manage"])),
    params(("code" = String, Path, description = "The zone's code")),
    responses(
        (status = 200, description = "Deleted or deactivated", body = Data<ZoneRemovalDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such zone", body = ErrorBody),
))]
#[delete("/admin/delivery/zones/{code}")]
async fn remove(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageShop>,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let dto = match state.delivery.remove(&code).await? {
        ZoneRemoval::Deleted => ZoneRemovalDto { deleted: true, deactivated: false, message: "Zone supprimée." },
        _ => ZoneRemovalDto {
            deleted: false,
            deactivated: true,
            message: "Des commandes nomment cette zone : elle a été désactivée au lieu d'être supprimée.",
        },
    };
    Ok(HttpResponse::Ok().json(Data::new(dto)))
}
