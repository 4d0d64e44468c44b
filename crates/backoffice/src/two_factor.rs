//! Two-step login for the team (docs/roles.md#two-step-login): a member turning it on (a QR
//! code to scan, a first code, ten recovery codes shown once) and off. The code's step of a
//! login is the storefront's (`bitik_api::routes::auth`); the rules are
//! `bitik_identity::two_factor`'s. Turning it on or off is written to the audit log with the
//! account's change (`user.two_factor_on`, `user.two_factor_off`).

use actix_web::{HttpRequest, HttpResponse, post, web};
use base64::Engine as _;
use bitik_api::auth::{AnySession, AuthUser};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::auth::{SessionDto, UserDto};
use bitik_api::state::AppState;
use bitik_identity::IdentityError;
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(setup).service(enable).service(disable);
}

/// What the authenticator app is shown.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetupDto {
    /// The secret, base32, for typing into the app by hand.
    #[schema(example = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")]
    secret: String,
    /// `otpauth://totp/…`: what the QR code says.
    otpauth_url: String,
    /// The QR code, an SVG picture as a `data:` address for an `<img>`.
    qr_code: String,
}

/// Starts turning two-step login on: a new secret for the app, as a QR code and as text. Asking
/// again replaces the secret not yet confirmed. Open to every member of the team, also while the
/// role must set it up first.
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The secret to scan", body = Data<TwoFactorSetupDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "A customer's account", body = ErrorBody),
        (status = 409, description = "Two-step login is already on (`two_factor_already_enabled`)", body = ErrorBody),
    )
)]
#[post("/auth/2fa/setup")]
async fn setup(state: web::Data<AppState>, AnySession(user): AnySession) -> Result<HttpResponse, ApiError> {
    let setup = state.accounts.start_two_factor(&user).await?;
    let qr_code = qr_data_url(&setup.otpauth_url)?;
    Ok(HttpResponse::Ok().json(Data::new(TwoFactorSetupDto {
        secret: setup.secret,
        otpauth_url: setup.otpauth_url,
        qr_code,
    })))
}

/// The QR code of `text`, drawn as SVG (black on white, a quiet zone around, medium error
/// correction: a phone reads it off a cracked screen), as a `data:` address.
fn qr_data_url(text: &str) -> Result<String, ApiError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| ApiError::internal(anyhow::anyhow!("QR code of the otpauth address: {e}")))?;
    let picture = code.render::<svg::Color>().min_dimensions(232, 232).quiet_zone(true).build();
    Ok(format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(picture)))
}

#[derive(Deserialize, ToSchema)]
pub struct CodeBody {
    /// Six digits of the authenticator app.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 64, pattern = r"\S", example = "123456")]
    code: String,
}

/// Two-step login turned on: a new session, and the recovery codes, shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorEnabledDto {
    #[serde(flatten)]
    session: SessionDto,
    /// Ten codes, each good for one login without the app. Only their hashes are kept: they are
    /// never shown again.
    #[schema(example = json!(["7k2m-q9xp-4hdt-w3cz"]))]
    recovery_codes: Vec<String>,
}

/// Turns two-step login on with the app's first code. Every earlier session ends (one opened
/// with the password alone must not outlive it): the answer carries the new session.
#[utoipa::path(
    tag = "auth",
    operation_id = "user.two_factor_on",
    security(("bearer" = [])),
    request_body = CodeBody,
    responses(
        (status = 200, description = "On: the new session and the recovery codes", body = Data<TwoFactorEnabledDto>),
        (status = 400, description = "No code", body = ErrorBody),
        (status = 401, description = "A wrong code (`invalid_two_factor_code`), or not logged in", body = ErrorBody),
        (status = 403, description = "A customer's account", body = ErrorBody),
        (status = 409, description = "Already on, or no secret to confirm (`two_factor_not_started`)", body = ErrorBody),
    )
)]
#[post("/auth/2fa/enable")]
async fn enable(
    state: web::Data<AppState>,
    AnySession(user): AnySession,
    body: web::Json<CodeBody>,
) -> Result<HttpResponse, ApiError> {
    let enabled = state.accounts.enable_two_factor(&user, &body.code).await?;
    let session = SessionDto::new(enabled.session, state.accounts.two_factor_policy());
    Ok(HttpResponse::Ok().json(Data::new(TwoFactorEnabledDto { session, recovery_codes: enabled.recovery_codes })))
}

#[derive(Deserialize, ToSchema)]
pub struct DisableBody {
    /// The account's password…
    #[serde(default)]
    #[schema(max_length = 1024, format = Password)]
    password: String,
    /// …or a code of the app, or a recovery code.
    #[serde(default)]
    #[schema(max_length = 64)]
    code: String,
}

/// Turns two-step login off, proven by the password or a code. Refused to the roles
/// `STAFF_2FA=required` holds to it. A wrong password or code counts as a password change does.
#[utoipa::path(
    tag = "auth",
    operation_id = "user.two_factor_off",
    security(("bearer" = [])),
    request_body = DisableBody,
    responses(
        (status = 200, description = "Off", body = Data<UserDto>),
        (status = 400, description = "Neither the password nor a code", body = ErrorBody),
        (status = 401, description = "A wrong password or code, or not logged in", body = ErrorBody),
        (status = 409, description = "Not on (`two_factor_not_enabled`), or required for the role (`two_factor_required`)", body = ErrorBody),
        (status = 429, description = "Too many attempts from this account or address", body = ErrorBody),
        (status = 503, description = "Too busy with password work (`server_busy`), or the database does not answer: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[post("/auth/2fa/disable")]
async fn disable(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<DisableBody>,
) -> Result<HttpResponse, ApiError> {
    let reserved = state.limits.password_change(user.id, &state.client(&req)).await?;
    match state.accounts.disable_two_factor(&user, &body.password, &body.code).await {
        // Only a wrong proof counts: it is what a thief holding a session would try.
        Err(error @ (IdentityError::IncorrectCurrentPassword | IdentityError::TwoFactorCodeRefused)) => {
            Err(error.into())
        }
        Err(error) => {
            reserved.give_back().await;
            Err(error.into())
        }
        Ok(user) => {
            reserved.give_back().await;
            Ok(HttpResponse::Ok().json(Data::new(UserDto::new(user, state.accounts.two_factor_policy()))))
        }
    }
}
