//! Accounts and sessions: register, log in and out, the profile, passwords.

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use bitik_common::{RawAddress, RawContact};
use bitik_identity::{IdentityError, NewAccount, ProfileUpdate, Role, Session, User};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::AuthUser;
use crate::error::{ApiError, Code, ErrorBody};
use crate::rate_limit::{RateLimiter, client_key, email_key};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(register)
        .service(login)
        .service(me)
        .service(update_profile)
        .service(change_password)
        .service(logout)
        .service(forgot_password)
        .service(reset_password);
}

/// A user as the API shows them. The password hash never leaves the server.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    id: uuid::Uuid,
    first_name: String,
    last_name: String,
    email: String,
    /// E.164 (`+221771234567`); empty when there is none. A phone kept from before E.164 that
    /// does not read as a number is answered as it was typed.
    phone: String,
    address: String,
    city: String,
    zip_code: String,
    country: String,
    #[schema(example = "customer")]
    role: &'static str,
    active: bool,
    created_at: DateTime<Utc>,
}

impl From<User> for UserDto {
    fn from(user: User) -> Self {
        UserDto {
            id: user.id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email.into_inner(),
            phone: user.phone,
            address: user.address,
            city: user.city,
            zip_code: user.zip_code,
            country: user.country,
            role: user.role.as_str(),
            active: user.active,
            created_at: user.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionDto {
    token: String,
    user: UserDto,
}

impl From<Session> for SessionDto {
    fn from(session: Session) -> Self {
        SessionDto { token: session.token, user: session.user.into() }
    }
}

/// The registration form; its rules and their French messages are the identity domain's.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterBody {
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S", example = "Awa")]
    first_name: String,
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S", example = "Diop")]
    last_name: String,
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254, example = "awa@example.sn")]
    email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 128, format = Password)]
    password: String,
    #[serde(default)]
    #[schema(required = true, schema_with = crate::schema::phone)]
    phone: String,
}

/// Creates a customer account and logs it in.
#[utoipa::path(
    tag = "auth",
    request_body = RegisterBody,
    responses(
        (status = 201, description = "Registered and logged in", body = Data<SessionDto>),
        (status = 400, description = "A field is missing or invalid", body = ErrorBody),
        (status = 409, description = "The e-mail already has an account", body = ErrorBody),
    )
)]
#[post("/auth/register")]
async fn register(state: web::Data<AppState>, body: web::Json<RegisterBody>) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let contact =
        RawContact { first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone };
    let session =
        state.accounts.register(NewAccount { contact, password: body.password, role: Role::Customer }).await?;
    Ok(HttpResponse::Created().json(Data::new(SessionDto::from(session))))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(default)]
    #[schema(required = true, max_length = 254, pattern = r"\S")]
    email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 1024, format = Password)]
    password: String,
}

/// Logs in with e-mail and password. Failures are counted per e-mail and per client address.
#[utoipa::path(
    tag = "auth",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Logged in", body = Data<SessionDto>),
        (status = 400, description = "E-mail or password missing", body = ErrorBody),
        (status = 401, description = "Wrong e-mail or password", body = ErrorBody),
        (status = 403, description = "The account is deactivated", body = ErrorBody),
        (status = 429, description = "Too many failed attempts", body = ErrorBody),
    )
)]
#[post("/auth/login")]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let email_key = email_key(&body.email);
    let client_key = client_address(&req);
    let limits = &state.limits;
    limited(&limits.login_per_email, &email_key)?;
    limited(&limits.login_per_client, &client_key)?;
    match state.accounts.login(&body.email, &body.password).await {
        Ok(session) => {
            limits.login_per_email.forget(&email_key);
            Ok(HttpResponse::Ok().json(Data::new(SessionDto::from(session))))
        }
        Err(error @ IdentityError::InvalidCredentials) => {
            limits.login_per_email.hit(&email_key);
            limits.login_per_client.hit(&client_key);
            Err(error.into())
        }
        Err(error) => Err(error.into()),
    }
}

/// The logged-in user.
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = Data<UserDto>),
        (status = 401, description = "Not logged in, or the session ended", body = ErrorBody),
    )
)]
#[get("/auth/me")]
async fn me(AuthUser(user): AuthUser) -> HttpResponse {
    HttpResponse::Ok().json(Data::new(UserDto::from(user)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileBody {
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    first_name: String,
    #[serde(default)]
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    last_name: String,
    #[serde(default)]
    #[schema(schema_with = crate::schema::optional_phone)]
    phone: String,
    #[serde(default)]
    #[schema(max_length = 300)]
    address: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    city: String,
    #[serde(default)]
    #[schema(max_length = 20)]
    zip_code: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    country: String,
}

/// Updates the profile. The e-mail cannot be changed (an `email` field is ignored).
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The updated user", body = Data<UserDto>),
        (status = 400, description = "A required field is missing", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
    )
)]
#[put("/auth/profile")]
async fn update_profile(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<ProfileBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let address = RawAddress { address: body.address, city: body.city, zip_code: body.zip_code, country: body.country };
    let profile = ProfileUpdate { first_name: body.first_name, last_name: body.last_name, phone: body.phone, address };
    let user = state.accounts.update_profile(user.id, profile).await?;
    Ok(HttpResponse::Ok().json(Data::new(UserDto::from(user))))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 1024, format = Password)]
    current_password: String,
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 128, format = Password)]
    new_password: String,
}

/// Changes the password. Every other session ends; the answer carries a new token.
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Changed; a new session", body = Data<SessionDto>),
        (status = 400, description = "The new password is too short", body = ErrorBody),
        (status = 401, description = "The current password is wrong, or not logged in", body = ErrorBody),
    )
)]
#[put("/auth/password")]
async fn change_password(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<PasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let session = state.accounts.change_password(user.id, &body.current_password, &body.new_password).await?;
    Ok(HttpResponse::Ok().json(Data::new(SessionDto::from(session))))
}

#[derive(Serialize, ToSchema)]
pub struct Done {
    #[schema(example = "Vous êtes déconnecté.")]
    message: &'static str,
}

/// Logs out everywhere: every token issued so far stops working.
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Logged out", body = Data<Done>),
        (status = 401, description = "Not logged in", body = ErrorBody),
    )
)]
#[post("/auth/logout")]
async fn logout(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    state.accounts.logout(user.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(Done { message: "Vous êtes déconnecté." })))
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotBody {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
}

/// Asks for a password reset. The answer is the same whether or not the e-mail has an account.
#[utoipa::path(
    tag = "auth",
    request_body = ForgotBody,
    responses(
        (status = 200, description = "Request noted", body = Data<Done>),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/auth/forgot-password")]
async fn forgot_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<ForgotBody>,
) -> Result<HttpResponse, ApiError> {
    count_reset_attempt(&req, &state)?;
    state.accounts.request_password_reset(&body.email).await?;
    let message = "Si un compte existe avec cet email, notre équipe vous enverra un lien de réinitialisation.";
    Ok(HttpResponse::Ok().json(Data::new(Done { message })))
}

#[derive(Deserialize, ToSchema)]
pub struct ResetBody {
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 128, format = Password)]
    password: String,
}

/// Sets a new password with a one-time reset link's token.
#[utoipa::path(
    tag = "auth",
    request_body = ResetBody,
    params(("token" = String, Path, description = "The token of the reset link")),
    responses(
        (status = 200, description = "Password changed", body = Data<Done>),
        (status = 400, description = "Password too short or too long", body = ErrorBody),
        (status = 404, description = "No such link: unknown, used or expired (`invalid_reset_token`)", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    )
)]
#[post("/auth/reset-password/{token}")]
async fn reset_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    count_reset_attempt(&req, &state)?;
    state.accounts.reset_password(&token, &body.password).await?;
    let message = "Mot de passe mis à jour avec succès";
    Ok(HttpResponse::Ok().json(Data::new(Done { message })))
}

/// Who the limits count against: see [`crate::rate_limit::client_key`].
fn client_address(req: &HttpRequest) -> String {
    let trusted = req.app_data::<web::Data<AppState>>().map(|s| s.config.trusted_proxies.as_slice()).unwrap_or(&[]);
    let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok());
    client_key(req.peer_addr().map(|a| a.ip()), forwarded, trusted)
}

/// Every reset request or attempt counts against the client address, successful or not:
/// nobody needs many, and a guesser needs very many.
fn count_reset_attempt(req: &HttpRequest, state: &AppState) -> Result<(), ApiError> {
    let client = client_address(req);
    limited(&state.limits.reset_per_client, &client)?;
    state.limits.reset_per_client.hit(&client);
    Ok(())
}

fn limited(limiter: &RateLimiter, key: &str) -> Result<(), ApiError> {
    limiter.check(key).map_err(too_many)
}

fn too_many(wait: Duration) -> ApiError {
    let minutes = wait.as_secs().div_ceil(60).max(1);
    let message =
        format!("Trop de tentatives. Veuillez réessayer dans {minutes} minute{}.", if minutes > 1 { "s" } else { "" });
    ApiError::new(Code::TooManyRequests, message).with_retry_after(wait)
}
