use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(subscribe);
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
