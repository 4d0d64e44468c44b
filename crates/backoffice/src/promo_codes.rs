//! Promo codes in the back office (docs/rules.md#promo-codes): the list with what each brought,
//! the form.

use actix_web::{HttpResponse, get, post, put, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::whole::Whole;
use bitik_api::state::AppState;
use bitik_orders::promo::{PromoCode, PromoCodeStats, PromoForm};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(create).service(update);
}

/// A promo code. Amounts are whole FCFA; dates are instants (Dakar is on GMT all year).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCodeDto {
    id: Uuid,
    /// In upper case; shoppers may type it in any case.
    #[schema(example = "BIENVENUE")]
    code: String,
    #[schema(value_type = PromoKindName, example = "percent")]
    kind: &'static str,
    /// A percentage (1 to 100) or an amount in FCFA.
    #[schema(example = 10)]
    value: i64,
    /// `null`: no minimum.
    #[schema(example = 20000)]
    min_subtotal: Option<i64>,
    /// `null`: no limit.
    starts_at: Option<DateTime<Utc>>,
    /// The first instant the code no longer applies; `null`: no limit.
    ends_at: Option<DateTime<Utc>>,
    /// Orders that may use it in all; `null`: no limit.
    usage_limit: Option<u32>,
    once_per_customer: bool,
    /// Whether it takes off lines already on promotion too.
    includes_promotions: bool,
    active: bool,
    created_at: DateTime<Utc>,
}

/// What a code takes off.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum PromoKindName {
    Percent,
    Fixed,
}

impl From<PromoCode> for PromoCodeDto {
    fn from(code: PromoCode) -> Self {
        let f = code.fields;
        PromoCodeDto {
            id: code.id,
            code: f.code,
            kind: f.kind.as_str(),
            value: f.value,
            min_subtotal: f.min_subtotal.map(|m| m.as_francs()),
            starts_at: f.starts_at,
            ends_at: f.ends_at,
            usage_limit: f.usage_limit,
            once_per_customer: f.once_per_customer,
            includes_promotions: f.includes_promotions,
            active: f.active,
            created_at: code.created_at,
        }
    }
}

/// A code with what it did.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCodeStatsDto {
    #[serde(flatten)]
    code: PromoCodeDto,
    /// Orders placed with it and not cancelled.
    uses: u32,
    /// The totals of those orders that count as revenue (paid, or delivered), in FCFA.
    revenue: i64,
    /// What it took off those orders, in FCFA.
    discounts: i64,
}

impl From<PromoCodeStats> for PromoCodeStatsDto {
    fn from(stats: PromoCodeStats) -> Self {
        PromoCodeStatsDto {
            code: stats.code.into(),
            uses: stats.uses,
            revenue: stats.revenue.as_francs(),
            discounts: stats.discounts.as_francs(),
        }
    }
}

/// The code form (docs/rules.md#promo-codes). Absent or `null` limits mean no limit.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct PromoCodeBody {
    /// 3 to 30 letters, digits, `-` or `_`, any case; spaces around it are dropped.
    #[schema(value_type = String, required = true, pattern = r"^\s*[A-Za-z0-9_-]{3,30}\s*$", example = "bienvenue")]
    code: Option<String>,
    #[schema(value_type = PromoKindName, required = true, example = "percent")]
    kind: Option<String>,
    /// 1 to 100 for `percent`; whole FCFA (1 to 100 000 000) for `fixed`.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 100_000_000, example = 10)]
    value: Option<Whole>,
    /// The subtotal of the lines the code applies to below which it is refused.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 100_000_000, example = 20000)]
    min_subtotal: Option<Whole>,
    /// `2026-12-24` (from midnight), `2026-12-24T18:00` (Dakar time), or with an offset.
    #[schema(value_type = Option<String>, example = "2026-12-24")]
    starts_at: Option<String>,
    /// `2026-12-31` (the whole day included), `2026-12-31T18:00` (Dakar time), or with an offset.
    #[schema(value_type = Option<String>, example = "2026-12-31")]
    ends_at: Option<String>,
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1_000_000, example = 100)]
    usage_limit: Option<Whole>,
    /// Absent: unchanged (`false` for a new code).
    once_per_customer: Option<bool>,
    /// Absent: unchanged (`false` for a new code).
    includes_promotions: Option<bool>,
    /// Absent: unchanged (`true` for a new code).
    active: Option<bool>,
}

impl From<PromoCodeBody> for PromoForm {
    fn from(b: PromoCodeBody) -> Self {
        let francs = |w: Option<Whole>| w.map(|Whole(n)| n);
        PromoForm {
            code: b.code,
            kind: b.kind,
            value: francs(b.value),
            min_subtotal: francs(b.min_subtotal),
            starts_at: b.starts_at,
            ends_at: b.ends_at,
            usage_limit: francs(b.usage_limit),
            once_per_customer: b.once_per_customer,
            includes_promotions: b.includes_promotions,
            active: b.active,
        }
    }
}

/// Every code with its uses and the revenue it brought, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["promo_codes.manage"])), responses(
    (status = 200, description = "Every code", body = Data<Vec<PromoCodeStatsDto>>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/promo-codes")]
async fn list(state: web::Data<AppState>, _admin: Staff<can::ManagePromoCodes>) -> Result<HttpResponse, ApiError> {
    let codes = state.promos.list().await?;
    Ok(HttpResponse::Ok().json(Data::new(codes.into_iter().map(PromoCodeStatsDto::from).collect::<Vec<_>>())))
}

/// Creates a code.
#[utoipa::path(operation_id = "promo_code.create", tag = "admin", security(("bearer" = ["promo_codes.manage"])), request_body = PromoCodeBody, responses(
    (status = 201, description = "The code", body = Data<PromoCodeDto>),
    (status = 400, description = "The form's problems, field by field", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 409, description = "A code has this name, whatever its case (`promo_code_exists`)", body = ErrorBody),
))]
#[post("/admin/promo-codes")]
async fn create(
    state: web::Data<AppState>,
    _admin: Staff<can::ManagePromoCodes>,
    body: web::Json<PromoCodeBody>,
) -> Result<HttpResponse, ApiError> {
    let code = state.promos.create(body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(Data::new(PromoCodeDto::from(code))))
}

/// Changes a code: every field as the form sends it (a limit left out is removed). Orders
/// already placed keep the discount they were given.
#[utoipa::path(operation_id = "promo_code.update", tag = "admin", security(("bearer" = ["promo_codes.manage"])), request_body = PromoCodeBody,
    params(("id" = Uuid, Path, description = "The code's id")),
    responses(
        (status = 200, description = "The code", body = Data<PromoCodeDto>),
        (status = 400, description = "The form's problems, field by field", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such code", body = ErrorBody),
        (status = 409, description = "Another code has this name (`promo_code_exists`)", body = ErrorBody),
))]
#[put("/admin/promo-codes/{id}")]
async fn update(
    state: web::Data<AppState>,
    _admin: Staff<can::ManagePromoCodes>,
    id: web::Path<Uuid>,
    body: web::Json<PromoCodeBody>,
) -> Result<HttpResponse, ApiError> {
    let code = state.promos.update(*id, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(PromoCodeDto::from(code))))
}
