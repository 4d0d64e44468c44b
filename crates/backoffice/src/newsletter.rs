//! The newsletter's list, downloaded by the shop.

use actix_web::{HttpResponse, get, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::state::AppState;

use crate::spreadsheet::CsvFile;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(export);
}

/// Every subscriber as CSV (administrators only), oldest first.
#[utoipa::path(operation_id = "newsletter.export", tag = "newsletter", security(("bearer" = ["customers.manage"])), responses(
    (status = 200, description = "email,subscribedAt lines", content_type = "text/csv", body = String),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/newsletter.csv")]
async fn export(state: web::Data<AppState>, _admin: Staff<can::ManageCustomers>) -> Result<HttpResponse, ApiError> {
    let mut csv = CsvFile::new(["email", "subscribedAt"])?;
    for subscriber in state.newsletter.subscribers().await? {
        csv.row([subscriber.email.as_str(), &subscriber.subscribed_at.to_rfc3339()])?;
    }
    csv.download(&state, "newsletter.csv").await
}
