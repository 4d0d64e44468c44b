use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Staff, can};
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::spreadsheet::CsvFile;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(subscribe).service(export);
}

#[derive(Deserialize, ToSchema)]
pub struct SubscribeBody {
    #[schema(example = "awa@example.sn")]
    #[schema(format = Email, max_length = 254)]
    email: String,
}

#[derive(Serialize, ToSchema)]
pub struct Subscription {
    email: String,
    subscribed: bool,
}

/// Subscribes an e-mail to the newsletter. Subscribing again is a success too.
#[utoipa::path(
    tag = "newsletter",
    request_body = SubscribeBody,
    responses(
        (status = 201, description = "Subscribed", body = Data<Subscription>),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many subscriptions from this address", body = ErrorBody),
    )
)]
#[post("/newsletter")]
async fn subscribe(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<SubscribeBody>,
) -> Result<HttpResponse, ApiError> {
    let _counted = state.limits.subscription(&state.client(&req)).await?;
    let email = state.newsletter.subscribe(&body.email).await?;
    Ok(HttpResponse::Created().json(Data::new(Subscription { email: email.into_inner(), subscribed: true })))
}

/// Every subscriber as CSV (administrators only), oldest first.
#[utoipa::path(tag = "newsletter", security(("bearer" = ["customers.manage"])), responses(
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
    csv.into_response("newsletter.csv")
}
