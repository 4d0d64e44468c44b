//! Corrections of an order before it leaves (docs/rules.md#corrections): staff correct its
//! delivery details and its items; a Wave order nobody paid becomes one paid at the door, by its
//! customer or by staff. Prices are the server's; what a correction changes of what is left to
//! pay, Wave sessions opened for the old amount are closed.

use actix_web::{HttpResponse, post, web};
use bitik_orders::{Actor, Order};
use uuid::Uuid;

use crate::error::{ApiError, ErrorBody};
use crate::order_access::{OrderCustomer, OrderKeyQuery};
use crate::responses::Data;
use crate::routes::orders::OrderDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(switch_mine_to_cash);
}

/// What is left to pay changed: a Wave session opened for the old amount must not be paid.
/// Best effort: the correction stands whatever Wave answers.
pub async fn close_old_sessions(state: &AppState, order: &Order) {
    if let Err(error) = state.payments.close_open_sessions(order.id).await {
        tracing::warn!(order = %order.order_number, error = %error, "the order's open Wave sessions were not closed");
    }
}

/// The customer pays their unpaid pending Wave order at the door instead, where its zone takes
/// cash and their phone may (`switchToCash` on the order says when it is offered).
#[utoipa::path(tag = "orders", security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), OrderKeyQuery),
    responses(
        (status = 200, description = "The order, to be paid at the door", body = Data<OrderDto>),
        (status = 400, description = "Cash on delivery not taken in the order's zone", body = ErrorBody),
        (status = 401, description = "Neither logged in nor a key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or not this order's key", body = ErrorBody),
        (status = 409, description = "Not an unpaid pending Wave order (`not_switchable_to_cash`), or cash on delivery refused to this phone (`cash_on_delivery_refused`)", body = ErrorBody),
))]
#[post("/orders/{id}/cash-on-delivery")]
async fn switch_mine_to_cash(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of(&state, *id).await?;
    let order = state.orders.switch_to_cash(&Actor::customer(owner), *id, Some(owner)).await?;
    close_old_sessions(&state, &order).await;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::for_customer(order, &state))))
}
