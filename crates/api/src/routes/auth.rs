//! Accounts and sessions: register, log in and out, the profile, passwords.

use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use bitik_common::{RawAddress, RawContact};
use bitik_identity::{LoginOutcome, NewAccount, ProfileUpdate, Role, Session, TwoFactorPolicy, User};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{AnySession, AuthUser};
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(register)
        .service(login)
        .service(second_step)
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
    /// `null` for an account opened by a code sent to its phone (`loginPhone`).
    email: Option<String>,
    /// The phone the account logs in with by code (E.164), one a code proved; `null` when none.
    login_phone: Option<String>,
    /// E.164 (`+221771234567`); empty when there is none. A phone kept from before E.164 that
    /// does not read as a number is answered as it was typed.
    phone: String,
    address: String,
    city: String,
    zip_code: String,
    country: String,
    /// `customer`, `admin`, `manager`, `seller` or `courier` (docs/roles.md).
    #[schema(example = "customer")]
    role: &'static str,
    /// What the role may do in the back office (`orders.handle`, `money.handle`…), from the
    /// one table of `bitik_identity::permissions`; empty for a customer. The back office shows
    /// each role its own work by it; the server checks it again on every request.
    permissions: Vec<&'static str>,
    active: bool,
    /// Whether logging in asks for a code of an authenticator app after the password.
    two_factor_enabled: bool,
    /// The role must turn two-step login on before anything else (`STAFF_2FA=required`): until
    /// then the session reaches only its set-up (`/auth/2fa/…`), `/auth/me` and logout.
    two_factor_setup_required: bool,
    created_at: DateTime<Utc>,
}

impl UserDto {
    /// `policy`: `STAFF_2FA`, which says whether the user must still set up two-step login.
    pub fn new(user: User, policy: TwoFactorPolicy) -> Self {
        UserDto {
            two_factor_setup_required: policy.setup_required(&user),
            two_factor_enabled: user.two_factor_enabled,
            id: user.id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email.map(bitik_common::Email::into_inner),
            login_phone: user.login_phone.map(bitik_common::Phone::into_inner),
            phone: user.phone,
            address: user.address,
            city: user.city,
            zip_code: user.zip_code,
            country: user.country,
            role: user.role.as_str(),
            permissions: user.role.permissions().into_iter().map(bitik_identity::Permission::as_str).collect(),
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

impl SessionDto {
    pub fn new(session: Session, policy: TwoFactorPolicy) -> Self {
        SessionDto { token: session.token, user: UserDto::new(session.user, policy) }
    }
}

/// A right password of an account that logs in in two steps: no session yet, but the challenge
/// to send back with the code (`POST /auth/2fa`) within five minutes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallengeDto {
    /// Always `true`: the answer is this, not a session.
    two_factor_required: bool,
    /// Opaque; good for one login, five minutes.
    challenge: String,
}

/// What a right password answers: the session, or the second step's challenge.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginDto {
    Session(Box<SessionDto>),
    TwoFactor(TwoFactorChallengeDto),
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
        (status = 429, description = "Too many registrations from this address", body = ErrorBody),
        (status = 503, description = "Too busy with password work (`server_busy`), or the database does not answer: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[post("/auth/register")]
async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    let reserved = state.limits.registration(&state.client(&req)).await?;
    let body = body.into_inner();
    let contact =
        RawContact { first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone };
    let account = NewAccount { contact, password: body.password, role: Role::Customer };
    let session = reserved.unless_untried(state.accounts.register(account).await).await?;
    Ok(HttpResponse::Created().json(Data::new(SessionDto::new(session, state.accounts.two_factor_policy()))))
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

/// Logs in with e-mail and password. Attempts are counted per account and client address, per
/// client address and per account; a successful one is not held against its owner. An account
/// with two-step login on gets `{"twoFactorRequired": true, "challenge"}` instead of a session:
/// the code follows (`POST /auth/2fa`), and only a right code forgets the failures.
#[utoipa::path(
    tag = "auth",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Logged in (`SessionDto`), or the password was right and a code must follow (`TwoFactorChallengeDto`)", body = Data<LoginDto>),
        (status = 400, description = "E-mail or password missing", body = ErrorBody),
        (status = 401, description = "Wrong e-mail or password", body = ErrorBody),
        (status = 403, description = "The account is deactivated", body = ErrorBody),
        (status = 429, description = "Too many failed attempts", body = ErrorBody),
        (status = 503, description = "Too busy with password work (`server_busy`), or the database does not answer: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[post("/auth/login")]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    // Reserved before the password is checked: simultaneous guesses cannot all pass.
    let attempt = state.limits.login(&body.email, &state.client(&req)).await?;
    let answer = match state.accounts.login(&body.email, &body.password).await {
        Ok(LoginOutcome::Session(session)) => {
            attempt.succeeded().await;
            LoginDto::Session(Box::new(SessionDto::new(*session, state.accounts.two_factor_policy())))
        }
        Ok(LoginOutcome::TwoFactorRequired { challenge }) => {
            attempt.halfway().await;
            LoginDto::TwoFactor(TwoFactorChallengeDto { two_factor_required: true, challenge })
        }
        Err(error) => return Err(attempt.failed(error).await.into()),
    };
    Ok(HttpResponse::Ok().json(Data::new(answer)))
}

#[derive(Deserialize, ToSchema)]
pub struct SecondStepBody {
    /// The login's `challenge`.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2048, pattern = r"\S")]
    challenge: String,
    /// Six digits of the authenticator app, or a recovery code (`xxxx-xxxx-xxxx-xxxx`).
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 64, pattern = r"\S", example = "123456")]
    code: String,
}

/// The second step of a login: the challenge a right password got, and a code of the app or a
/// recovery code. Answers the session, as a login does. A code serves once; wrong codes count
/// against the login's limits, as wrong passwords do.
#[utoipa::path(
    tag = "auth",
    request_body = SecondStepBody,
    responses(
        (status = 200, description = "Logged in", body = Data<SessionDto>),
        (status = 400, description = "The challenge or the code is missing", body = ErrorBody),
        (status = 401, description = "A wrong, expired or used code (`invalid_two_factor_code`), or an unknown or expired challenge (`two_factor_challenge_expired`)", body = ErrorBody),
        (status = 403, description = "The account is deactivated", body = ErrorBody),
        (status = 429, description = "Too many failed attempts", body = ErrorBody),
    )
)]
#[post("/auth/2fa")]
async fn second_step(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<SecondStepBody>,
) -> Result<HttpResponse, ApiError> {
    // Read before anything is counted: a forged challenge names no account to count against.
    let pending = state.accounts.second_step(&body.challenge, &body.code)?;
    let attempt = state.limits.login(pending.email(), &state.client(&req)).await?;
    match state.accounts.complete_login(&pending).await {
        Ok(session) => {
            attempt.succeeded().await;
            Ok(HttpResponse::Ok().json(Data::new(SessionDto::new(session, state.accounts.two_factor_policy()))))
        }
        Err(error) => Err(attempt.failed(error).await.into()),
    }
}

/// The logged-in user; also to a session that must set up two-step login first
/// (`twoFactorSetupRequired`).
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = Data<UserDto>),
        (status = 401, description = "Not logged in, or the session ended", body = ErrorBody),
    )
)]
#[get("/auth/me")]
async fn me(state: web::Data<AppState>, AnySession(user): AnySession) -> HttpResponse {
    HttpResponse::Ok().json(Data::new(UserDto::new(user, state.accounts.two_factor_policy())))
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
    /// Legacy, for older clients: the account's own address line. The storefront keeps the
    /// customer's addresses in the address book (`/api/users/addresses`), whose default address
    /// is the profile's. Left out with `city`, `zipCode` and `country`: the stored lines stay.
    #[serde(default)]
    #[schema(max_length = 300)]
    address: Option<String>,
    /// Legacy (see `address`).
    #[serde(default)]
    #[schema(max_length = 100)]
    city: Option<String>,
    /// Legacy (see `address`); Dakar has no postcodes.
    #[serde(default)]
    #[schema(max_length = 20)]
    zip_code: Option<String>,
    /// Legacy (see `address`).
    #[serde(default)]
    #[schema(max_length = 100)]
    country: Option<String>,
}

impl ProfileBody {
    /// The legacy address lines, when a client sent any of them.
    fn address(&mut self) -> Option<RawAddress> {
        let (address, city, zip_code, country) =
            (self.address.take(), self.city.take(), self.zip_code.take(), self.country.take());
        if address.is_none() && city.is_none() && zip_code.is_none() && country.is_none() {
            return None;
        }
        Some(RawAddress {
            address: address.unwrap_or_default(),
            city: city.unwrap_or_default(),
            zip_code: zip_code.unwrap_or_default(),
            country: country.unwrap_or_default(),
        })
    }
}

/// Updates the profile: names and phone. The e-mail cannot be changed (an `email` field is
/// ignored); the legacy address lines are changed only when sent.
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
    let mut body = body.into_inner();
    let address = body.address();
    let profile = ProfileUpdate { first_name: body.first_name, last_name: body.last_name, phone: body.phone, address };
    let user = state.accounts.update_profile(user.id, profile).await?;
    Ok(HttpResponse::Ok().json(Data::new(UserDto::new(user, state.accounts.two_factor_policy()))))
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
        (status = 429, description = "Too many changes from this account or address", body = ErrorBody),
        (status = 503, description = "Too busy with password work (`server_busy`), or the database does not answer: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[put("/auth/password")]
async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<PasswordBody>,
) -> Result<HttpResponse, ApiError> {
    let reserved = state.limits.password_change(user.id, &state.client(&req)).await?;
    let changed = state.accounts.change_password(user.id, &body.current_password, &body.new_password).await;
    let session = reserved.unless_untried(changed).await?;
    Ok(HttpResponse::Ok().json(Data::new(SessionDto::new(session, state.accounts.two_factor_policy()))))
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
async fn logout(state: web::Data<AppState>, AnySession(user): AnySession) -> Result<HttpResponse, ApiError> {
    state.accounts.logout(user.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(Done { message: "Vous êtes déconnecté." })))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForgotBody {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    /// Send the reset link to this address now (when the shop sends e-mail: `GET /shop`'s
    /// `resetByEmail`), rather than noting the request for the shop's support.
    #[serde(default)]
    by_email: bool,
}

/// Asks for a password reset: the link by e-mail (`byEmail`), or a request the shop's support
/// answers. The answer is the same whether or not the e-mail has an account.
#[utoipa::path(
    tag = "auth",
    request_body = ForgotBody,
    responses(
        (status = 200, description = "Request noted", body = Data<Done>),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 409, description = "`byEmail` while the shop sends no e-mail (`mail_not_configured`)", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    )
)]
#[post("/auth/forgot-password")]
async fn forgot_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<ForgotBody>,
) -> Result<HttpResponse, ApiError> {
    if body.by_email {
        if !state.accounts.resets_by_email() {
            return Err(bitik_identity::IdentityError::MailNotConfigured.into());
        }
        let _counted = state.limits.reset_by_email(&state.client(&req), &body.email).await?;
        state.accounts.email_reset_link(&body.email).await?;
        let message = "Si un compte existe avec cette adresse, un lien de réinitialisation vient d'y être envoyé. Il est valable une heure.";
        return Ok(HttpResponse::Ok().json(Data::new(Done { message })));
    }
    let _counted = state.limits.password_reset(&state.client(&req)).await?;
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
        (status = 503, description = "Too busy with password work (`server_busy`), or the database does not answer: try again after `Retry-After`", body = ErrorBody),
    )
)]
#[post("/auth/reset-password/{token}")]
async fn reset_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    let reserved = state.limits.password_reset(&state.client(&req)).await?;
    reserved.unless_untried(state.accounts.reset_password(&token, &body.password).await).await?;
    let message = "Mot de passe mis à jour avec succès";
    Ok(HttpResponse::Ok().json(Data::new(Done { message })))
}
