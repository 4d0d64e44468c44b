//! Administration of accounts.

use actix_web::{HttpResponse, post, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::AdminUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(reset_link);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    /// The one-time link to send to the customer (by WhatsApp), valid one hour.
    url: String,
    expires_at: DateTime<Utc>,
}

/// Creates a one-time password-reset link for a user.
#[utoipa::path(tag = "admin", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 201, description = "The link", body = Data<ResetLink>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
))]
#[post("/admin/users/{id}/reset-link")]
async fn reset_link(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let token = state.accounts.create_reset_token(*id, Some(admin.id)).await?;
    let url = format!("{}/reset-password/{token}", state.config.public_url);
    let expires_at = Utc::now() + bitik_identity::service::RESET_LINK_LIFETIME;
    Ok(HttpResponse::Created().json(Data::new(ResetLink { url, expires_at })))
}
