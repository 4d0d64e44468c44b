//! The courier's own orders: those given to their account to deliver, and nothing else. Their
//! screen comes with the couriers' work; here the scope: what they read of an order.

use actix_web::{HttpResponse, get, web};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;
use bitik_orders::Order;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(mine).service(one_of_mine);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierLineDto {
    name: String,
    color: String,
    size: String,
    quantity: u32,
}

/// What a courier needs to deliver an order: whom, where, what, and what to collect. No
/// figures of the shop's, no history, no notes of the team's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierOrderDto {
    id: Uuid,
    #[schema(example = "ORD-2612071234")]
    order_number: String,
    #[schema(example = "shipped")]
    status: &'static str,
    first_name: String,
    last_name: String,
    /// E.164.
    phone: String,
    commune_name: String,
    /// The point de repère the courier finds the customer by.
    landmark: String,
    notes: String,
    #[schema(example = "cash_on_delivery")]
    payment_method: &'static str,
    /// Whole FCFA to collect at the door (0 when paid).
    #[schema(example = 12500)]
    amount_to_collect: i64,
    lines: Vec<CourierLineDto>,
}

impl From<Order> for CourierOrderDto {
    fn from(order: Order) -> Self {
        let amount_to_collect = order.amount_due().as_francs();
        let shipping = order.shipping;
        CourierOrderDto {
            id: order.id,
            order_number: order.order_number,
            status: order.status.as_str(),
            first_name: shipping.first_name,
            last_name: shipping.last_name,
            phone: shipping.phone,
            commune_name: shipping.commune_name,
            landmark: shipping.landmark,
            notes: shipping.notes,
            payment_method: order.payment_method.as_str(),
            amount_to_collect,
            lines: order
                .lines
                .into_iter()
                .map(|l| CourierLineDto { name: l.name, color: l.color, size: l.size, quantity: l.quantity })
                .collect(),
        }
    }
}

/// The orders given to the courier to deliver now (in preparation or shipped), oldest first.
#[utoipa::path(tag = "admin", security(("bearer" = ["deliveries.own"])), responses(
    (status = 200, description = "Their orders", body = Data<Vec<CourierOrderDto>>),
))]
#[get("/courier/orders")]
async fn mine(
    state: web::Data<AppState>,
    Staff { user, .. }: Staff<can::DeliverOwnOrders>,
) -> Result<HttpResponse, ApiError> {
    let orders = state.cash_on_delivery.courier_orders(user.id).await?;
    Ok(HttpResponse::Ok().json(Data::new(orders.into_iter().map(CourierOrderDto::from).collect::<Vec<_>>())))
}

/// One of the courier's orders; another courier's, or one given to nobody, is not found.
#[utoipa::path(tag = "admin", security(("bearer" = ["deliveries.own"])),
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order", body = Data<CourierOrderDto>),
        (status = 404, description = "Not one of theirs", body = ErrorBody),
))]
#[get("/courier/orders/{id}")]
async fn one_of_mine(
    state: web::Data<AppState>,
    Staff { user, .. }: Staff<can::DeliverOwnOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.cash_on_delivery.courier_order(user.id, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(CourierOrderDto::from(order))))
}
