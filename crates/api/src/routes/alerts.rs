//! Back-in-stock alerts (docs/rules.md#back-in-stock): « Me prévenir » on a sold-out variant,
//! the unsubscribe link of their message, and how many wait on each variant for the back office.

use actix_web::{HttpRequest, HttpResponse, post, web};
use bitik_catalog::AlertRequest;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(ask).service(unsubscribe);
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct AlertBody {
    #[schema(example = "noir")]
    color: Option<String>,
    #[schema(example = "M")]
    size: Option<String>,
    #[schema(example = "awa@example.sn", format = Email, max_length = 254)]
    email: Option<String>,
    /// Optional.
    #[schema(example = "+221771234567")]
    phone: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AlertAnswer {
    /// Always true: asking again for the same address and variant is the same success.
    waiting: bool,
    message: &'static str,
}

/// Asks to be told by e-mail when a sold-out variant has stock again. No account is needed; one
/// alert waits per address and variant (asking again answers the same), and it is told once.
#[utoipa::path(
    tag = "catalog",
    request_body = AlertBody,
    params(("id" = String, Path, description = "Product id or slug")),
    responses(
        (status = 201, description = "The alert waits", body = Data<AlertAnswer>),
        (status = 400, description = "A variant the product lacks, or a bad e-mail or phone", body = ErrorBody),
        (status = 404, description = "No such product for sale", body = ErrorBody),
        (status = 409, description = "The variant is in stock: it can be bought now", body = ErrorBody),
        (status = 429, description = "Too many alerts from this client or for this address", body = ErrorBody),
    )
)]
#[post("/products/{id}/alerts")]
async fn ask(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    body: web::Json<AlertBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let email = body.email.clone().unwrap_or_default();
    let _counted = state.limits.stock_alert(&state.client(&req), &email).await?;
    let request = AlertRequest { color: body.color, size: body.size, email: body.email, phone: body.phone };
    state.alerts.ask(&id, request).await?;
    let answer = AlertAnswer {
        waiting: true,
        message: "C'est noté : nous vous écrirons dès que cet article sera de nouveau disponible.",
    };
    Ok(HttpResponse::Created().json(Data::new(answer)))
}

#[derive(Deserialize, ToSchema)]
pub struct UnsubscribeBody {
    /// The token of the message's link (`/alerts/unsubscribe/{token}`).
    token: String,
}

#[derive(Serialize, ToSchema)]
pub struct Unsubscribed {
    unsubscribed: bool,
    message: &'static str,
}

/// Ends every alert still waiting for the address the link was sent to. Following it again is
/// the same success.
#[utoipa::path(
    tag = "catalog",
    request_body = UnsubscribeBody,
    responses(
        (status = 200, description = "No alert waits for that address any more", body = Data<Unsubscribed>),
        (status = 404, description = "No alert was sent with that link", body = ErrorBody),
    )
)]
#[post("/alerts/unsubscribe")]
async fn unsubscribe(state: web::Data<AppState>, body: web::Json<UnsubscribeBody>) -> Result<HttpResponse, ApiError> {
    state.alerts.unsubscribe(&body.token).await?;
    let answer = Unsubscribed {
        unsubscribed: true,
        message: "Vous ne recevrez plus d'alertes de retour en stock à cette adresse.",
    };
    Ok(HttpResponse::Ok().json(Data::new(answer)))
}
