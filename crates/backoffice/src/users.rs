//! Administration of accounts: the users list and form, activation, deletion, reset links,
//! the dashboard's counts. The rules (no admin deleted, no admin demoting or deactivating
//! themselves, sessions ended on deactivation) are the identity crate's.

use actix_web::{HttpResponse, delete, get, post, put, web};
use bitik_common::RawContact;
use bitik_identity::{AdminNewAccount, AdminUserUpdate, TwoFactorPolicy, User, UserListQuery, UserRemoval, UserStats};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::{Data, Paginated};
use bitik_api::routes::auth::UserDto;
use bitik_api::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    // `/admin/users/stats` before `/admin/users/{id}`, which would otherwise take it.
    cfg.service(stats)
        .service(list)
        .service(create)
        .service(detail)
        .service(update)
        .service(set_status)
        .service(remove)
        .service(reset_link);
}

/// An account as the back office sees it: as its owner does, and whether it waits for a reset.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDto {
    #[serde(flatten)]
    user: UserDto,
    /// When the user asked for a password reset not yet answered: support can send a link.
    password_reset_requested_at: Option<DateTime<Utc>>,
}

impl AdminUserDto {
    /// `policy`: `STAFF_2FA`, for whether the account must still set up two-step login.
    fn new(user: User, policy: TwoFactorPolicy) -> Self {
        let password_reset_requested_at = user.password_reset_requested_at;
        AdminUserDto { user: UserDto::new(user, policy), password_reset_requested_at }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UsersParams {
    #[param(schema_with = bitik_api::schema::whole_from_one, example = 1)]
    page: Option<String>,
    /// 10 by default, at most 100.
    #[param(schema_with = bitik_api::schema::whole_from_one, example = 10)]
    limit: Option<String>,
    /// First or last name, e-mail or phone (digits match whatever the spacing).
    #[param(example = "diop")]
    search: Option<String>,
    /// `customer` or `admin`.
    #[param(value_type = Option<AdminRole>, example = "customer")]
    role: Option<String>,
    /// `active` or `inactive`.
    #[param(value_type = Option<AccountStatus>, example = "active")]
    status: Option<String>,
}

/// Accounts, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["customers.manage"])), params(UsersParams), responses(
    (status = 200, description = "A page of accounts", body = Paginated<AdminUserDto>),
    (status = 400, description = "A malformed filter", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/users")]
async fn list(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageCustomers>,
    params: web::Query<UsersParams>,
) -> Result<HttpResponse, ApiError> {
    let p = params.into_inner();
    let query = UserListQuery { page: p.page, limit: p.limit, search: p.search, role: p.role, status: p.status };
    let page = state.accounts.admin_users(query).await?;
    Ok(HttpResponse::Ok()
        .json(Paginated::from_page(page, |user| AdminUserDto::new(user, state.accounts.two_factor_policy()))))
}

/// One account.
#[utoipa::path(tag = "admin", security(("bearer" = ["customers.manage"])), params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, description = "The account", body = Data<AdminUserDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
))]
#[get("/admin/users/{id}")]
async fn detail(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageCustomers>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.admin_user(*id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminUserDto::new(user, state.accounts.two_factor_policy()))))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct NewUserBody {
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    first_name: String,
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    last_name: String,
    #[schema(required = true, format = Email, max_length = 254)]
    email: String,
    #[schema(required = true, schema_with = bitik_api::schema::phone)]
    phone: String,
    #[schema(required = true, min_length = 6, max_length = 128, format = Password)]
    password: String,
    /// `customer` (default) or `admin`.
    #[schema(value_type = Option<AdminRole>, example = "customer")]
    role: Option<String>,
    /// `true` by default.
    #[schema(nullable = true)]
    active: Option<bool>,
}

/// The roles an account can have.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum AdminRole {
    Customer,
    Admin,
}

/// The account filter of the back office's list.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum AccountStatus {
    Active,
    Inactive,
}

/// Creates an account with the registration form's rules and a role.
#[utoipa::path(operation_id = "user.create", tag = "admin", security(("bearer" = ["staff.manage"])), request_body = NewUserBody, responses(
    (status = 201, description = "The account", body = Data<AdminUserDto>),
    (status = 400, description = "The form breaks a rule (French message per field)", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 409, description = "The e-mail has an account: `Un compte existe déjà avec cet email`", body = ErrorBody),
))]
#[post("/admin/users")]
async fn create(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageStaff>,
    body: web::Json<NewUserBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let contact = RawContact { first_name: b.first_name, last_name: b.last_name, email: b.email, phone: b.phone };
    let account = AdminNewAccount { contact, password: b.password, role: b.role, active: b.active };
    let user = state.accounts.admin_create(account).await?;
    Ok(HttpResponse::Created().json(Data::new(AdminUserDto::new(user, state.accounts.two_factor_policy()))))
}

/// Any of the account's fields; those absent stay as they are.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct UpdateUserBody {
    #[schema(max_length = 100, pattern = r"\S")]
    first_name: Option<String>,
    #[schema(max_length = 100, pattern = r"\S")]
    last_name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    email: Option<String>,
    /// Blank clears it.
    #[schema(schema_with = bitik_api::schema::nullable_phone)]
    phone: Option<String>,
    #[schema(max_length = 300)]
    address: Option<String>,
    #[schema(max_length = 100)]
    city: Option<String>,
    #[schema(max_length = 20)]
    zip_code: Option<String>,
    #[schema(max_length = 100)]
    country: Option<String>,
    #[schema(value_type = Option<AdminRole>, example = "customer")]
    role: Option<String>,
    active: Option<bool>,
    /// A new password (6 characters or more); the account's sessions end. `null` or absent: unchanged.
    #[schema(value_type = Option<String>, min_length = 6, max_length = 128, format = Password)]
    password: Option<String>,
}

/// Changes an account. An administrator cannot demote or deactivate themselves; deactivating or
/// setting a password ends the account's sessions.
#[utoipa::path(operation_id = "user.update", tag = "admin", security(("bearer" = ["staff.manage"])), request_body = UpdateUserBody,
    params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, description = "The account", body = Data<AdminUserDto>),
        (status = 400, description = "A field breaks a rule", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "E-mail taken, or demoting or deactivating oneself", body = ErrorBody),
))]
#[put("/admin/users/{id}")]
async fn update(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::ManageStaff>,
    id: web::Path<Uuid>,
    body: web::Json<UpdateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let update = AdminUserUpdate {
        first_name: b.first_name,
        last_name: b.last_name,
        email: b.email,
        phone: b.phone,
        address: b.address,
        city: b.city,
        zip_code: b.zip_code,
        country: b.country,
        role: b.role,
        active: b.active,
        password: b.password,
    };
    let user = state.accounts.admin_update(&admin, *id, update).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminUserDto::new(user, state.accounts.two_factor_policy()))))
}

#[derive(Deserialize, ToSchema)]
pub struct StatusBody {
    /// `false` deactivates: the user's sessions end and they cannot log in.
    #[schema(value_type = bool, required = true)]
    active: Option<bool>,
}

/// Activates or deactivates an account.
#[utoipa::path(operation_id = "user.status", tag = "admin", security(("bearer" = ["staff.manage"])), request_body = StatusBody,
    params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, description = "The account", body = Data<AdminUserDto>),
        (status = 400, description = "`active` missing", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "Deactivating oneself", body = ErrorBody),
))]
#[put("/admin/users/{id}/status")]
async fn set_status(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::ManageStaff>,
    id: web::Path<Uuid>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let message = "Le statut (active) doit valoir true ou false.";
    let active =
        body.active.ok_or_else(|| ApiError::validation(message, [("active".to_owned(), message.to_owned())].into()))?;
    let user = state.accounts.set_user_active(&admin, *id, active).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminUserDto::new(user, state.accounts.two_factor_policy()))))
}

#[derive(Serialize, ToSchema)]
pub struct UserRemovalDto {
    deleted: bool,
    deactivated: bool,
    message: &'static str,
}

/// Deletes a customer's account; one that orders name is deactivated instead, and the answer
/// says so. An administrator's account is never deleted.
#[utoipa::path(operation_id = "user.delete", tag = "admin", security(("bearer" = ["staff.manage"])), params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 200, description = "Deleted or deactivated", body = Data<UserRemovalDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "An administrator's account", body = ErrorBody),
))]
#[delete("/admin/users/{id}")]
async fn remove(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageStaff>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let dto = match state.accounts.delete_user(*id).await? {
        UserRemoval::Deleted => {
            UserRemovalDto { deleted: true, deactivated: false, message: "Utilisateur supprimé avec succès" }
        }
        _ => UserRemovalDto {
            deleted: false,
            deactivated: true,
            message: "Ce client a des commandes : son compte a été désactivé au lieu d'être supprimé.",
        },
    };
    Ok(HttpResponse::Ok().json(Data::new(dto)))
}

/// Whole-percent change; `null` when there was nothing before to compare with.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserTrendsDto {
    new_users: Option<i64>,
}

/// The dashboard's counts of accounts; months are Dakar's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStatsDto {
    /// Every account, administrators included.
    total_users: u64,
    total_customers: u64,
    /// Created this month so far.
    new_users: u64,
    /// Created over the same stretch of last month.
    previous_month_new_users: u64,
    trends: UserTrendsDto,
}

impl From<UserStats> for UserStatsDto {
    fn from(s: UserStats) -> Self {
        UserStatsDto {
            total_users: s.total,
            total_customers: s.customers,
            new_users: s.new_this_month,
            previous_month_new_users: s.new_previous_month,
            trends: UserTrendsDto { new_users: s.new_users_trend() },
        }
    }
}

/// How many accounts, and how many new this month against the last.
#[utoipa::path(tag = "admin", security(("bearer" = ["figures.read"])), responses(
    (status = 200, description = "The counts", body = Data<UserStatsDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/users/stats")]
async fn stats(state: web::Data<AppState>, _admin: Staff<can::ReadFigures>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(Data::new(UserStatsDto::from(state.accounts.user_stats().await?))))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    /// The one-time link to send to the customer (by WhatsApp), valid one hour.
    url: String,
    expires_at: DateTime<Utc>,
}

/// Creates a one-time password-reset link for a user.
#[utoipa::path(operation_id = "user.reset_link", tag = "admin", security(("bearer" = ["staff.manage"])),
    params(("id" = Uuid, Path, description = "User id")),
    responses(
        (status = 201, description = "The link", body = Data<ResetLink>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
))]
#[post("/admin/users/{id}/reset-link")]
async fn reset_link(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::ManageStaff>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let token = state.accounts.create_reset_token(*id, Some(admin.id)).await?;
    let url = format!("{}/reset-password/{token}", state.config.public_url);
    let expires_at = Utc::now() + bitik_identity::service::RESET_LINK_LIFETIME;
    Ok(HttpResponse::Created().json(Data::new(ResetLink { url, expires_at })))
}
