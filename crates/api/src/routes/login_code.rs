//! Logging in with a code sent to the phone (docs/rules.md#login-by-code): `POST
//! /auth/code` sends one, `POST /auth/code/verify` opens the session. Neither tells whether the
//! phone has an account: the same answer, at the same speed (the code goes out after the answer).

use actix_web::{HttpRequest, HttpResponse, post, web};
use bitik_identity::CodeChannel;
use bitik_identity::code_login::{read_code, read_phone};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::routes::auth::SessionDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(send_code).service(verify_code);
}

/// What the shopper reads after asking for a code on WhatsApp, whatever the phone.
pub const CODE_SENT: &str =
    "Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé. Il est valable 10 minutes.";
/// The same when codes go by e-mail.
pub const CODE_SENT_BY_EMAIL: &str = "Si ce numéro est celui d'un compte avec une adresse e-mail, un code de connexion vient d'y être envoyé. Il est valable 10 minutes.";

#[derive(Deserialize, ToSchema)]
pub struct LoginCodeBody {
    /// A phone of the shop's countries (`LOGIN_CODE_COUNTRIES`), national or international form.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::schema::phone)]
    phone: String,
}

#[derive(Serialize, ToSchema)]
pub struct LoginCodeSent {
    #[schema(
        example = "Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé. Il est valable 10 minutes."
    )]
    message: &'static str,
}

/// Sends a 6-digit login code to the phone on WhatsApp (without WhatsApp, by e-mail to the
/// account the phone names), replacing its last. Same answer whether or not the phone has an
/// account.
#[utoipa::path(
    tag = "auth",
    request_body = LoginCodeBody,
    responses(
        (status = 202, description = "A code is on its way, if the phone can receive one", body = Data<LoginCodeSent>),
        (status = 400, description = "Not a phone, or a phone outside the shop's countries", body = ErrorBody),
        (status = 409, description = "The shop has no way to send codes (`login_code_unavailable`)", body = ErrorBody),
        (status = 429, description = "Too many codes asked for this phone, this address or its numbers, or five wrong codes within the hour: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[post("/auth/code")]
async fn send_code(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginCodeBody>,
) -> Result<HttpResponse, ApiError> {
    let phone = read_phone(&body.phone)?;
    available(&state)?;
    let reserved = state.limits.login_code(&phone, &state.client(&req)).await?;
    let code = reserved.unless_untried(state.accounts.new_login_code(&phone).await).await?;
    actix_web::rt::spawn(async move {
        if let Err(error) = code.deliver().await {
            tracing::warn!(error = %anyhow::Error::from(error), "a login code could not be sent");
        }
    });
    let message = match state.accounts.login_code_channel() {
        Some(CodeChannel::Email) => CODE_SENT_BY_EMAIL,
        _ => CODE_SENT,
    };
    Ok(HttpResponse::Accepted().json(Data::new(LoginCodeSent { message })))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginCodeVerifyBody {
    #[serde(default)]
    #[schema(required = true, schema_with = crate::schema::phone)]
    phone: String,
    /// The six digits received, spaces or dashes allowed (`042 917`).
    #[serde(default)]
    #[schema(required = true, max_length = 20, pattern = r"^\s*[0-9][0-9 -]*\s*$", example = "042917")]
    code: String,
}

/// Opens the session of the phone's account with the code it received, opening the account
/// the first time (a customer with neither e-mail nor password). A code serves once and dies at
/// its fifth wrong try.
#[utoipa::path(
    tag = "auth",
    path = "/auth/code/verify",
    request_body = LoginCodeVerifyBody,
    responses(
        (status = 200, description = "Logged in", body = Data<SessionDto>),
        (status = 400, description = "Not a phone, or not six digits", body = ErrorBody),
        (status = 401, description = "A wrong code (`invalid_login_code`), or one expired, used or dead from wrong tries (`login_code_expired`)", body = ErrorBody),
        (status = 403, description = "The account is deactivated, or a member of the team's (who logs in with a password)", body = ErrorBody),
        (status = 409, description = "The shop has no way to send codes (`login_code_unavailable`)", body = ErrorBody),
        (status = 429, description = "Too many codes tried from this address", body = ErrorBody),
    )
)]
#[post("/auth/code/verify")]
async fn verify_code(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginCodeVerifyBody>,
) -> Result<HttpResponse, ApiError> {
    let phone = read_phone(&body.phone)?;
    read_code(&body.code)?;
    available(&state)?;
    let reserved = state.limits.code_try(&state.client(&req)).await?;
    let session = reserved.unless_untried(state.accounts.login_with_code(&phone, &body.code).await).await?;
    Ok(HttpResponse::Ok().json(Data::new(SessionDto::new(session, state.accounts.two_factor_policy()))))
}

/// Forms are read first (a form error is a form error, whatever the shop's settings), then
/// whether the shop can send codes at all.
fn available(state: &AppState) -> Result<(), ApiError> {
    if state.accounts.login_codes_available() {
        Ok(())
    } else {
        Err(bitik_identity::IdentityError::LoginCodesUnavailable.into())
    }
}
