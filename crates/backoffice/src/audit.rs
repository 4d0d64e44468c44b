//! « Journal »: the audit log of the team's changes (docs/roles.md#the-audit-log), filtered by
//! person, action, target and period, as pages or as CSV.

use actix_web::{HttpResponse, get, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Paginated;
use bitik_api::state::AppState;
use bitik_identity::audit::{AuditEvent, RawAuditFilter};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::spreadsheet::CsvFile;

pub fn routes(cfg: &mut web::ServiceConfig) {
    // `/admin/audit.csv` is a path of its own: no order needed.
    cfg.service(list).service(export);
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// The person's account id.
    #[param(value_type = Option<String>, format = Uuid)]
    actor: Option<String>,
    /// An action code: `product.update`, `order.status`, `refund.create`, `user.role`…
    #[param(example = "stock.adjust", max_length = 64, pattern = r"^[a-z0-9._-]*$")]
    action: Option<String>,
    /// `order`, `product`, `user`, `promo_code`, `delivery_zone`, `phone`, `message`, `file`…
    #[param(example = "product", max_length = 64, pattern = r"^[a-z0-9._-]*$")]
    target_type: Option<String>,
    #[param(max_length = 100)]
    target_id: Option<String>,
    /// First day, `YYYY-MM-DD` (Dakar, GMT).
    #[param(value_type = Option<String>, format = Date)]
    from: Option<String>,
    /// Last day, included.
    #[param(value_type = Option<String>, format = Date)]
    to: Option<String>,
    #[param(schema_with = bitik_api::schema::whole_from_one, example = 1)]
    page: Option<String>,
    /// 50 by default, at most 200.
    #[param(schema_with = bitik_api::schema::whole_from_one, example = 50)]
    limit: Option<String>,
}

impl AuditParams {
    fn raw(&self) -> RawAuditFilter {
        RawAuditFilter {
            actor: self.actor.clone(),
            action: self.action.clone(),
            target_type: self.target_type.clone(),
            target_id: self.target_id.clone(),
            from: self.from.clone(),
            to: self.to.clone(),
            page: self.page.clone(),
            limit: self.limit.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ActorDto {
    id: Uuid,
    email: String,
    /// Their role at that moment.
    #[schema(example = "seller")]
    role: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct TargetDto {
    #[serde(rename = "type")]
    #[schema(example = "order")]
    kind: String,
    id: String,
    /// The order's number, the product's name, the account's e-mail…
    #[schema(example = "ORD-2612071234")]
    label: String,
}

/// One field, before and after (`null` where there was none).
#[derive(Serialize, ToSchema)]
pub struct ChangeDto {
    #[schema(example = "status")]
    field: String,
    /// Any JSON value: a number, a text, true or false, an object, or null where there was none.
    #[schema(value_type = Value)]
    before: Value,
    #[schema(value_type = Value)]
    after: Value,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEventDto {
    id: i64,
    at: DateTime<Utc>,
    actor: ActorDto,
    #[schema(example = "order.status")]
    action: String,
    target: TargetDto,
    changes: Vec<ChangeDto>,
    ip: String,
    request_id: String,
}

impl From<AuditEvent> for AuditEventDto {
    fn from(entry: AuditEvent) -> Self {
        let event = entry.event;
        AuditEventDto {
            id: entry.id,
            at: entry.at,
            actor: ActorDto { id: event.actor.id, email: event.actor.email, role: event.actor.role.as_str() },
            action: event.action,
            target: TargetDto { kind: event.target.kind, id: event.target.id, label: event.target.label },
            changes: event
                .changes
                .into_iter()
                .map(|c| ChangeDto { field: c.field, before: c.before, after: c.after })
                .collect(),
            ip: event.ip,
            request_id: event.request_id,
        }
    }
}

/// The team's changes, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["staff.manage"])), params(AuditParams), responses(
    (status = 200, description = "A page of entries", body = Paginated<AuditEventDto>),
    (status = 400, description = "A malformed filter", body = ErrorBody),
))]
#[get("/admin/audit")]
async fn list(
    state: web::Data<AppState>,
    _owner: Staff<can::ManageStaff>,
    params: web::Query<AuditParams>,
) -> Result<HttpResponse, ApiError> {
    let page = state.audit.list(&params.raw()).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(page, AuditEventDto::from)))
}

const CSV_HEADER: [&str; 11] = [
    "at",
    "actorEmail",
    "actorRole",
    "action",
    "targetType",
    "targetId",
    "targetLabel",
    "field",
    "before",
    "after",
    "requestId",
];

/// The same entries as CSV (the newest 10 000), one row per field changed.
#[utoipa::path(tag = "admin", operation_id = "audit.export", security(("bearer" = ["staff.manage"])), params(AuditParams), responses(
    (status = 200, description = "The entries", content_type = "text/csv", body = String),
    (status = 400, description = "A malformed filter", body = ErrorBody),
))]
#[get("/admin/audit.csv")]
async fn export(
    state: web::Data<AppState>,
    _owner: Staff<can::ManageStaff>,
    params: web::Query<AuditParams>,
) -> Result<HttpResponse, ApiError> {
    let entries = state.audit.export(&params.raw()).await?;
    let mut csv = CsvFile::new(CSV_HEADER)?;
    for entry in entries {
        let event = &entry.event;
        let at = entry.at.to_rfc3339();
        let fields: Vec<(String, String, String)> = if event.changes.is_empty() {
            vec![(String::new(), String::new(), String::new())]
        } else {
            event.changes.iter().map(|c| (c.field.clone(), shown(&c.before), shown(&c.after))).collect()
        };
        for (field, before, after) in fields {
            csv.row([
                at.as_str(),
                &event.actor.email,
                event.actor.role.as_str(),
                &event.action,
                &event.target.kind,
                &event.target.id,
                &event.target.label,
                &field,
                &before,
                &after,
                &event.request_id,
            ])?;
        }
    }
    csv.download(&state, "journal.csv").await
}

/// A value as a cell: text as it is, anything else as JSON, nothing for `null`.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
