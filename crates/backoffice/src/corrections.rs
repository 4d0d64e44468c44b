//! Corrections of an order before it leaves, by staff (docs/rules.md#corrections): its delivery
//! details, its items, and a Wave order nobody paid switched to cash on delivery.

use actix_web::{HttpResponse, post, put, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::cart::AddBody;
use bitik_api::routes::order_corrections::close_old_sessions;
use bitik_api::routes::orders::CheckoutShippingInfo;
use bitik_api::state::AppState;
use bitik_catalog::RawChoice;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::orders::AdminOrderDto;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(correct_delivery).service(correct_items).service(switch_to_cash);
}

/// Corrects the delivery details of an order that has not left (pending or processing): the
/// checkout's delivery form, checked by its rules. The fee is the new commune's zone's for the
/// order's method and lines, and the total follows; a paid order keeps what was paid, the rest
/// due by Wave (`payWithWave: "pay_balance"`) or the difference owed back (`overpaid`). The
/// change is in the order's history, which its customer reads.
#[utoipa::path(operation_id = "order.delivery", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = CheckoutShippingInfo,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order corrected", body = Data<AdminOrderDto>),
        (status = 400, description = "A field of the form (its message on the field), a commune off the list, express or cash on delivery where the new zone offers none", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Shipped already (`order_not_correctable`), changed meanwhile (`order_changed`), or cash on delivery refused to the new phone", body = ErrorBody),
))]
#[put("/admin/orders/{id}/delivery")]
async fn correct_delivery(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<CheckoutShippingInfo>,
) -> Result<HttpResponse, ApiError> {
    let (contact, address, place) = body.into_inner().into_raw();
    let order = state.orders.correct_delivery(&crate::actor(&admin), *id, contact, address, place).await?;
    close_old_sessions(&state, &order).await;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// The whole new list of an order's items.
#[derive(Deserialize, ToSchema)]
pub struct ItemsBody {
    #[serde(default)]
    #[schema(required = true, min_items = 1)]
    items: Vec<AddBody>,
}

/// Replaces the items of an order not in preparation yet (pending): `items` is the whole new
/// list, with checkout's rules (at most 10 units of a variant, a variant that exists, a product
/// on sale for a new line). A line kept keeps the price it was sold at; a new one takes today's.
/// Units move by the difference in one transaction: a variant short of units refuses the whole
/// change (409). Delivery fee, discount (the order's code, on the new lines) and total are
/// recomputed; a paid order keeps what was paid.
#[utoipa::path(operation_id = "order.items", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = ItemsBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order corrected", body = Data<AdminOrderDto>),
        (status = 400, description = "No items, or an invalid item", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "In preparation or later (`order_not_correctable`), not enough stock, a product no longer sold, more than 10 units of a variant, or changed meanwhile", body = ErrorBody),
))]
#[put("/admin/orders/{id}/items")]
async fn correct_items(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<ItemsBody>,
) -> Result<HttpResponse, ApiError> {
    let items: Vec<RawChoice> = body.into_inner().items.into_iter().map(RawChoice::from).collect();
    let order = state.orders.correct_items(&crate::actor(&admin), *id, &items).await?;
    close_old_sessions(&state, &order).await;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// Staff switch an unpaid pending Wave order to cash on delivery, where its zone takes cash and
/// its phone may; it then waits for its customer's confirmation like any cash order (the
/// request to confirm is sent).
#[utoipa::path(operation_id = "order.cash_on_delivery", tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order, to be paid at the door", body = Data<AdminOrderDto>),
        (status = 400, description = "Cash on delivery not taken in the order's zone", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not an unpaid pending Wave order (`not_switchable_to_cash`), or cash on delivery refused to its phone (`cash_on_delivery_refused`)", body = ErrorBody),
))]
#[post("/admin/orders/{id}/cash-on-delivery")]
async fn switch_to_cash(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.switch_to_cash(&crate::actor(&admin), *id, None).await?;
    close_old_sessions(&state, &order).await;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}
