use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(health);
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    status: &'static str,
    #[schema(example = "ok")]
    database: &'static str,
}

/// Whether the server and its database answer.
#[utoipa::path(
    tag = "health",
    responses(
        (status = 200, description = "Everything answers", body = Data<Health>),
        (status = 503, description = "The database does not answer", body = ErrorBody),
    )
)]
#[get("/health")]
async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.storage.ping().await.map_err(|e| ApiError::unavailable(anyhow::Error::from_boxed(e)))?;
    Ok(HttpResponse::Ok().json(Data::new(Health { status: "ok", database: "ok" })))
}
