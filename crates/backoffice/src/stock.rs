//! Stock set by hand, with its reason (`bitik_catalog::stock_adjustment`), and the movements it
//! left on the product.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, get, put, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::products::AdminProductDto;
use bitik_api::routes::whole::Whole;
use bitik_api::state::AppState;
use bitik_catalog::{Adjuster, RawAdjustment, StockMovement};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(adjust).service(movements);
}

#[derive(Deserialize, ToSchema)]
pub struct StockBody {
    /// colour → size → quantity, for the variants counted (the others keep theirs).
    #[schema(value_type = BTreeMap<String, BTreeMap<String, i64>>)]
    stock: BTreeMap<String, BTreeMap<String, Whole>>,
    /// Why: `recount`, `damaged`, `found` or `other` (which needs a note).
    #[serde(default)]
    #[schema(value_type = StockReasonName, required = true)]
    reason: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500, example = "Deux t-shirts tachés au déballage")]
    note: Option<String>,
}

/// Why stock was set by hand.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum StockReasonName {
    Recount,
    Damaged,
    Found,
    Other,
}

impl StockBody {
    fn into_raw(self) -> RawAdjustment {
        RawAdjustment { quantities: crate::products::wholes(self.stock), reason: self.reason, note: self.note }
    }
}

/// Sets the quantities of the variants counted, with the reason: each change is kept as a
/// movement (before, after, reason, who, when). A sale meanwhile of another variant is kept.
#[utoipa::path(tag = "admin", operation_id = "stock.adjust", security(("bearer" = ["stock.adjust"])), request_body = StockBody,
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "The product", body = Data<AdminProductDto>),
        (status = 400, description = "No reason, `other` without a note, a negative quantity or a variant the product lacks", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[put("/products/{id}/stock")]
async fn adjust(
    state: web::Data<AppState>,
    Staff { user, .. }: Staff<can::AdjustStock>,
    id: web::Path<Uuid>,
    body: web::Json<StockBody>,
) -> Result<HttpResponse, ApiError> {
    let by = Adjuster { id: user.id, name: format!("{} {}", user.first_name, user.last_name).trim().to_owned() };
    let product = state.catalog.adjust_stock(*id, body.into_inner().into_raw(), by).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminProductDto::from(product))))
}

/// A variant's quantity set by hand.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockMovementDto {
    id: Uuid,
    #[schema(example = "noir")]
    color: String,
    #[schema(example = "M")]
    size: String,
    before: u32,
    after: u32,
    #[schema(value_type = StockReasonName)]
    reason: &'static str,
    /// The reason as the back office names it.
    #[schema(example = "Article abîmé")]
    reason_label: &'static str,
    note: String,
    /// Who set it.
    by: String,
    at: DateTime<Utc>,
}

impl From<StockMovement> for StockMovementDto {
    fn from(movement: StockMovement) -> Self {
        StockMovementDto {
            id: movement.id,
            color: movement.color.as_str().to_owned(),
            size: movement.size.as_str().to_owned(),
            before: movement.before,
            after: movement.after,
            reason: movement.reason.as_str(),
            reason_label: movement.reason.label(),
            note: movement.note,
            by: movement.by.name,
            at: movement.at,
        }
    }
}

/// The product's stock set by hand, newest first (the last 100).
#[utoipa::path(tag = "admin", security(("bearer" = ["stock.adjust"])),
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "Its movements", body = Data<Vec<StockMovementDto>>),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[get("/admin/products/{id}/stock-movements")]
async fn movements(
    state: web::Data<AppState>,
    _staff: Staff<can::AdjustStock>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let movements = state.catalog.stock_movements(*id).await?;
    Ok(HttpResponse::Ok().json(Data::new(movements.into_iter().map(StockMovementDto::from).collect::<Vec<_>>())))
}
