//! An order's invoice, for the shop.

use actix_web::{HttpResponse, get, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::invoices::InvoiceDto;
use bitik_api::state::AppState;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(of_order);
}

/// Any order's invoice, for the shop, issued now if it has none yet.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The invoice", body = Data<InvoiceDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not paid nor delivered yet (`order_not_invoiceable`)", body = ErrorBody),
))]
#[get("/admin/orders/{id}/invoice")]
async fn of_order(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.admin_order(*id).await?;
    let invoice = state.orders.invoice_of(&order, &state.config.shop).await?;
    Ok(HttpResponse::Ok().json(Data::new(InvoiceDto::new(order.id, invoice))))
}
