//! Back-in-stock alerts in the back office: who waits for what.

use actix_web::{HttpResponse, get, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(waiting);
}

#[derive(Serialize, ToSchema)]
pub struct WaitingDto {
    #[schema(example = "noir")]
    color: String,
    #[schema(example = "M")]
    size: String,
    /// Shoppers waiting for this variant.
    count: u64,
}

/// How many shoppers wait for each variant of a product (variants nobody waits for left out).
#[utoipa::path(tag = "admin", security(("bearer" = ["products.manage"])),
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "Alerts waiting, per variant", body = Data<Vec<WaitingDto>>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[get("/admin/products/{id}/alerts")]
async fn waiting(
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    _admin: Staff<can::ManageProducts>,
) -> Result<HttpResponse, ApiError> {
    let waiting = state.alerts.waiting(*id).await?;
    let dto: Vec<WaitingDto> =
        waiting.into_iter().map(|w| WaitingDto { color: w.color, size: w.size, count: w.count }).collect();
    Ok(HttpResponse::Ok().json(Data::new(dto)))
}
