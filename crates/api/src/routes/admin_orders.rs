//! Orders in the back office (administrators only).

use actix_web::{HttpResponse, get, put, web};
use bitik_orders::{Actor, AdminOrderQuery};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;
use validator::Validate;

use crate::auth::AdminUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::{Data, Paginated};
use crate::routes::orders::OrderDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(detail).service(change_status).service(record_payment);
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrdersParams {
    page: Option<String>,
    /// 10 by default.
    limit: Option<String>,
    /// pending, processing, shipped, delivered or cancelled.
    status: Option<String>,
    /// First day (YYYY-MM-DD, Dakar).
    from_date: Option<String>,
    /// Last day, included.
    to_date: Option<String>,
    /// Order number, customer name or phone.
    search: Option<String>,
    /// createdAt (default), total or orderNumber.
    sort: Option<String>,
    /// desc (default) or asc.
    order: Option<String>,
}

fn actor(admin: &bitik_identity::User) -> Actor {
    Actor::admin(admin.id, &admin.first_name, &admin.last_name)
}

/// Every customer's orders, filtered.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(AdminOrdersParams), responses(
    (status = 200, description = "A page of orders", body = Paginated<OrderDto>),
    (status = 400, description = "A malformed filter", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an administrator", body = ErrorBody),
))]
#[get("/admin/orders")]
async fn list(
    state: web::Data<AppState>,
    _admin: AdminUser,
    params: web::Query<AdminOrdersParams>,
) -> Result<HttpResponse, ApiError> {
    let p = params.into_inner();
    let query = AdminOrderQuery {
        page: p.page,
        limit: p.limit,
        status: p.status,
        from_date: p.from_date,
        to_date: p.to_date,
        search: p.search,
        sort: p.sort,
        order: p.order,
    };
    let page = state.orders.admin_orders(query).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(page, OrderDto::from)))
}

/// One order, whoever placed it.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The order", body = Data<OrderDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an administrator", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
))]
#[get("/admin/orders/{id}")]
async fn detail(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<Uuid>) -> Result<HttpResponse, ApiError> {
    let order = state.orders.admin_order(*id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::from(order))))
}

#[derive(Deserialize, Validate, ToSchema)]
pub struct StatusBody {
    #[schema(example = "shipped")]
    #[serde(default)]
    status: String,
    /// Shown in the history (a tracking note, for instance).
    #[validate(length(max = 500, message = "La note ne peut pas dépasser 500 caractères"))]
    note: Option<String>,
}

/// Sets any status; cancelling returns the stock, leaving `cancelled` takes it again.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = StatusBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order after the change", body = Data<OrderDto>),
        (status = 400, description = "Unknown status", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Same status, changed meanwhile, or the stock to reopen is gone", body = ErrorBody),
))]
#[put("/admin/orders/{id}/status")]
async fn change_status(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<Uuid>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    body.validate()?;
    let order = state.orders.change_status(&actor(&admin), *id, &body.status, body.note.as_deref()).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::from(order))))
}

/// Records the cash received for a cash-on-delivery order.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The paid order", body = Data<OrderDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an administrator", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
    (status = 409, description = "Not cash on delivery, already paid, or cancelled", body = ErrorBody),
))]
#[put("/admin/orders/{id}/payment")]
async fn record_payment(
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.record_cash_payment(&actor(&admin), *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::from(order))))
}
