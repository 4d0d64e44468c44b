use actix_web::{HttpResponse, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(subscribe);
}

#[derive(Deserialize, Validate, ToSchema)]
pub struct SubscribeBody {
    #[validate(length(max = 254, message = "Veuillez entrer une adresse email valide"))]
    #[schema(example = "awa@example.sn")]
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
    )
)]
#[post("/newsletter")]
async fn subscribe(state: web::Data<AppState>, body: web::Json<SubscribeBody>) -> Result<HttpResponse, ApiError> {
    body.validate()?;
    let email = state.newsletter.subscribe(&body.email).await?;
    Ok(HttpResponse::Created().json(Data::new(Subscription { email: email.into_inner(), subscribed: true })))
}
