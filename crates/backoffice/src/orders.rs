//! Orders in the back office (administrators only).

use actix_web::{HttpResponse, get, post, put, web};
use bitik_orders::{AdminOrderQuery, DaySales, Order, OrderDashboard, OrderStatus, OrderTrends, TopProduct};
use bitik_payments::RefundAsked;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::{Data, Paginated};
use bitik_api::routes::orders::OrderDto;
use bitik_api::routes::whole::Whole;
use bitik_api::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    // `/admin/orders/stats` before `/admin/orders/{id}`, which would otherwise take it.
    cfg.service(stats)
        .service(list)
        .service(detail)
        .service(change_status)
        .service(record_payment)
        .service(refund)
        .service(check_refund)
        .service(set_tracking_note);
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrdersParams {
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    page: Option<String>,
    /// 10 by default.
    #[param(schema_with = bitik_api::schema::whole_from_one)]
    limit: Option<String>,
    /// pending, processing, shipped, delivered, cancelled or refused.
    #[param(value_type = Option<OrderStatusName>)]
    status: Option<String>,
    /// Cash-on-delivery orders in this confirmation state; `unconfirmed`: every state but
    /// `confirmed` (what the shop still has to confirm).
    #[param(value_type = Option<ConfirmationFilterName>)]
    confirmation: Option<String>,
    /// Only the orders taken on this channel.
    #[param(value_type = Option<bitik_api::routes::orders::SalesChannelName>)]
    channel: Option<String>,
    /// First day (YYYY-MM-DD, Dakar).
    #[param(format = Date)]
    from_date: Option<String>,
    /// Last day, included.
    #[param(format = Date)]
    to_date: Option<String>,
    /// Order number, customer name or phone.
    search: Option<String>,
    /// createdAt (default), total or orderNumber.
    #[param(value_type = Option<AdminOrderSort>)]
    sort: Option<String>,
    /// desc (default) or asc.
    #[param(value_type = Option<bitik_api::routes::catalog::SortOrder>)]
    order: Option<String>,
}

/// Every customer's orders, filtered.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(AdminOrdersParams), responses(
    (status = 200, description = "A page of orders", body = Paginated<OrderDto>),
    (status = 400, description = "A malformed filter", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/orders")]
async fn list(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    params: web::Query<AdminOrdersParams>,
) -> Result<HttpResponse, ApiError> {
    let p = params.into_inner();
    let query = AdminOrderQuery {
        page: p.page,
        limit: p.limit,
        status: p.status,
        confirmation: p.confirmation,
        channel: p.channel,
        from_date: p.from_date,
        to_date: p.to_date,
        search: p.search,
        sort: p.sort,
        order: p.order,
    };
    let page = state.orders.admin_orders(query).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(page, |order| OrderDto::for_staff(order, &state))))
}

/// One order, whoever placed it, with the customer's confirmation link while it waits for it.
#[utoipa::path(tag = "admin", security(("bearer" = ["orders.handle"])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The order", body = Data<AdminOrderDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
))]
#[get("/admin/orders/{id}")]
async fn detail(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.admin_order(*id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// An order as the back office sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderDto {
    #[serde(flatten)]
    order: OrderDto,
    /// The signed link that lets the customer confirm without a call (single use), while the
    /// order waits for its confirmation; `null` otherwise.
    #[schema(example = "https://bitik.sn/confirm/0f2c…")]
    confirmation_link: Option<String>,
    /// What the shop's WhatsApp click-to-chat buttons say: the text of the matching message.
    chat: ChatTextsDto,
}

/// The words of the click-to-chat buttons of an order (docs/messages.md).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderChatTexts)]
pub struct ChatTextsDto {
    /// The text of the customer's message the order's state calls for now (the latest refund,
    /// else its status shipped / delivered / cancelled / refused, else Wave's payment, else the
    /// order placed).
    #[schema(example = "Bonjour Awa,\n\nMerci pour votre commande chez Bitik Dakar…")]
    customer: String,
    /// The text of the request to confirm a cash-on-delivery order, with its signed link, while
    /// the order waits for its confirmation; `null` otherwise.
    confirmation: Option<String>,
}

impl AdminOrderDto {
    pub fn new(state: &AppState, order: Order) -> Self {
        let confirmation_link = state.cash_on_delivery.confirmation_link(&order);
        let chat = state.notices.chat(&order);
        let chat = ChatTextsDto { customer: chat.customer, confirmation: chat.confirmation };
        AdminOrderDto { order: OrderDto::for_staff(order, state), confirmation_link, chat }
    }
}

/// Named apart from the accounts' `StatusBody` (`{active}`): one name in the document is one schema.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderStatusBody)]
pub struct StatusBody {
    #[serde(default)]
    #[schema(value_type = OrderStatusName, required = true, example = "shipped")]
    status: String,
    /// Kept in the history; internal unless `customerVisible`.
    note: Option<String>,
    /// « visible par le client »: the customer reads the note on their order page (default:
    /// internal).
    #[serde(default)]
    customer_visible: bool,
}

/// The back office's order sorts.
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum AdminOrderSort {
    #[schema(rename = "createdAt")]
    CreatedAt,
    #[schema(rename = "total")]
    Total,
    #[schema(rename = "orderNumber")]
    OrderNumber,
}

/// The statuses of an order in the OpenAPI document: the names of `OrderStatus::ALL`, so that a
/// status added to the domain is listed here too.
pub struct OrderStatusName;

impl utoipa::PartialSchema for OrderStatusName {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("The statuses of an order."))
            .enum_values(Some(OrderStatus::ALL.map(OrderStatus::as_str)))
            .into()
    }
}

impl ToSchema for OrderStatusName {}

/// The back office's confirmation filters.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum ConfirmationFilterName {
    Awaiting,
    Confirmed,
    NoAnswer,
    WrongNumber,
    Unconfirmed,
}

/// Sets any status; cancelling returns the stock, leaving `cancelled` takes it again. A
/// cash-on-delivery order is prepared, shipped or delivered only once confirmed; only a shipped
/// order is `refused`; a refused parcel marked returned changes no more.
#[utoipa::path(operation_id = "order.status", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = StatusBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order after the change", body = Data<AdminOrderDto>),
        (status = 400, description = "Unknown status", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Same status, changed meanwhile, the stock to reopen is gone, not confirmed yet (`order_not_confirmed`), refused but not shipped (`order_not_shipped`), or returned (`order_returned`)", body = ErrorBody),
))]
#[put("/admin/orders/{id}/status")]
async fn change_status(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<StatusBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state
        .orders
        .change_status(&crate::actor(&admin), *id, &body.status, body.note.as_deref(), body.customer_visible)
        .await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// Records the cash received for a cash-on-delivery order.
#[utoipa::path(operation_id = "payment.record", tag = "admin", security(("bearer" = ["money.handle"])), params(("id" = Uuid, Path, description = "Order id")), responses(
    (status = 200, description = "The paid order", body = Data<AdminOrderDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "No such order", body = ErrorBody),
    (status = 409, description = "Not cash on delivery, already paid, or cancelled", body = ErrorBody),
))]
#[put("/admin/orders/{id}/payment")]
async fn record_payment(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleMoney>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.record_cash_payment(&crate::actor(&admin), *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// A refund: `{"reason"}` for a Wave order (Wave refunds the whole amount), `{"amount",
/// "method", "reason"}` for a cash-on-delivery order.
#[derive(Deserialize, ToSchema)]
pub struct RefundBody {
    /// Whole francs; a cash-on-delivery order's refund only, at most what was paid less what
    /// was refunded before. A Wave order's refund is its total (another amount is refused).
    #[schema(value_type = Option<i64>, minimum = 1, example = 5000)]
    amount: Option<Whole>,
    /// A cash-on-delivery order's refund only: `cash` or `wave_transfer`.
    #[schema(example = "cash")]
    method: Option<String>,
    /// Shown in the order's history, up to 500 characters.
    #[schema(required = true, max_length = 500, example = "Article défectueux")]
    reason: Option<String>,
}

/// Refunds a paid order. A Wave order is refunded by Wave, in full, on its paid session, once:
/// a second request while one is in flight answers 409, and when Wave's answer is lost the
/// refund is left `unknown` (« à vérifier », 202) until checked. A cash-on-delivery order gets
/// the refund the shop made itself, of any part of what is left. A refund that gives back the
/// whole of what was paid for an order not delivered yet cancels it and returns its stock, in the
/// refund's transaction; after delivery (a return) status and stock stay.
#[utoipa::path(operation_id = "refund.create", tag = "admin", security(("bearer" = ["money.handle"])), request_body = RefundBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "Refunded: the order with its refunds", body = Data<AdminOrderDto>),
        (status = 202, description = "Wave's answer was lost: the refund is to be checked", body = Data<AdminOrderDto>),
        (status = 400, description = "A missing reason, a wrong amount or method", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "Not paid (`order_not_refundable`), refunded (`already_refunded`), a Wave refund in flight (`refund_in_progress`), or Wave refused (`wave_refund_refused`): nothing changed", body = ErrorBody),
        (status = 429, description = "Wave asks us to slow down (see Retry-After)", body = ErrorBody),
))]
#[post("/admin/orders/{id}/refund")]
async fn refund(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleMoney>,
    id: web::Path<Uuid>,
    body: web::Json<RefundBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let asked = RefundAsked { amount: body.amount.map(|w| w.0), method: body.method, reason: body.reason };
    let done = state.refunds.refund(&crate::actor(&admin), *id, asked).await?;
    let mut answer = if done.to_check { HttpResponse::Accepted() } else { HttpResponse::Ok() };
    Ok(answer.json(Data::new(AdminOrderDto::new(&state, done.order))))
}

/// Asks Wave whether the order's refund « à vérifier » was made (Wave's session, not the
/// shop's record, decides): it becomes `succeeded` (the order `refunded`) or `failed`.
#[utoipa::path(operation_id = "refund.check", tag = "admin", security(("bearer" = ["money.handle"])),
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order with its refund settled", body = Data<AdminOrderDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
        (status = 409, description = "No refund to check (`no_refund_to_check`), or one asked of Wave moments ago (`refund_in_progress`)", body = ErrorBody),
        (status = 429, description = "Wave asks us to slow down (see Retry-After)", body = ErrorBody),
        (status = 502, description = "Wave could not be asked: the refund stays to be checked", body = ErrorBody),
))]
#[post("/admin/orders/{id}/refund/check")]
async fn check_refund(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleMoney>,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let order = state.refunds.check(&crate::actor(&admin), *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackingBody {
    /// What the admin knows of the parcel's journey; `""` clears it.
    #[schema(example = "Remis à Tiak-Tiak, réf. 4411")]
    #[serde(default)]
    tracking_note: String,
}

/// Sets the order's tracking note, typed by the admin (nothing is ever generated).
#[utoipa::path(operation_id = "order.tracking", tag = "admin", security(("bearer" = ["orders.handle"])), request_body = TrackingBody,
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order with its note", body = Data<AdminOrderDto>),
        (status = 400, description = "A note longer than 500 characters", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such order", body = ErrorBody),
))]
#[put("/admin/orders/{id}/tracking")]
async fn set_tracking_note(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleOrders>,
    id: web::Path<Uuid>,
    body: web::Json<TrackingBody>,
) -> Result<HttpResponse, ApiError> {
    let order = state.orders.set_tracking_note(*id, &body.tracking_note).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminOrderDto::new(&state, order))))
}

/// An order as the dashboard lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentOrderDto {
    id: Uuid,
    #[schema(example = "ORD-1234561234")]
    order_number: String,
    #[schema(example = "Awa Diop")]
    customer_name: String,
    total: i64,
    #[schema(example = "pending")]
    status: &'static str,
    #[schema(example = "pending")]
    payment_status: &'static str,
    #[schema(example = "cash_on_delivery")]
    payment_method: &'static str,
    created_at: DateTime<Utc>,
}

impl From<Order> for RecentOrderDto {
    fn from(order: Order) -> Self {
        let name = format!("{} {}", order.shipping.first_name, order.shipping.last_name);
        RecentOrderDto {
            id: order.id,
            order_number: order.order_number,
            customer_name: name.trim().to_owned(),
            total: order.total.as_francs(),
            status: order.status.as_str(),
            payment_status: order.payment_status.as_str(),
            payment_method: order.payment_method.as_str(),
            created_at: order.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopProductDto {
    product_id: Uuid,
    name: String,
    slug: String,
    /// The product's first picture, if it has one.
    image: Option<String>,
    active: bool,
    units_sold: u64,
    /// What those lines came to, whole francs.
    sales_amount: i64,
}

impl From<TopProduct> for TopProductDto {
    fn from(p: TopProduct) -> Self {
        TopProductDto {
            product_id: p.product_id,
            name: p.name,
            slug: p.slug,
            image: p.image,
            active: p.active,
            units_sold: p.units_sold,
            sales_amount: p.sales_amount.as_francs(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DaySalesDto {
    /// A day in Dakar.
    #[schema(value_type = String, example = "2026-11-22")]
    date: NaiveDate,
    orders: u64,
    revenue: i64,
}

impl From<DaySales> for DaySalesDto {
    fn from(d: DaySales) -> Self {
        DaySalesDto { date: d.date, orders: d.orders, revenue: d.revenue.as_francs() }
    }
}

/// Whole-percent changes; `null` when the previous period had nothing to compare with.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTrendsDto {
    today_orders: Option<i64>,
    today_revenue: Option<i64>,
    month_orders: Option<i64>,
    month_revenue: Option<i64>,
}

impl From<OrderTrends> for OrderTrendsDto {
    fn from(t: OrderTrends) -> Self {
        OrderTrendsDto {
            today_orders: t.today_orders,
            today_revenue: t.today_revenue,
            month_orders: t.month_orders,
            month_revenue: t.month_revenue,
        }
    }
}

/// The dashboard's figures about orders. Days and months are Dakar's; an order counts unless
/// cancelled or refused; revenue counts orders paid or delivered, by the day they were placed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatsDto {
    today_orders: u64,
    yesterday_orders: u64,
    today_revenue: i64,
    yesterday_revenue: i64,
    pending_orders: u64,
    /// Pending cash-on-delivery orders not confirmed yet.
    awaiting_confirmation: u64,
    month_orders: u64,
    previous_month_orders: u64,
    month_revenue: i64,
    /// Over the same stretch of last month as this month has run so far.
    previous_month_revenue: i64,
    trends: OrderTrendsDto,
    recent_orders: Vec<RecentOrderDto>,
    top_products: Vec<TopProductDto>,
    /// 30 days, oldest first, the last one today.
    sales_by_day: Vec<DaySalesDto>,
}

impl From<OrderDashboard> for OrderStatsDto {
    fn from(d: OrderDashboard) -> Self {
        let f = d.figures;
        OrderStatsDto {
            today_orders: f.today_orders,
            yesterday_orders: f.yesterday_orders,
            today_revenue: f.today_revenue.as_francs(),
            yesterday_revenue: f.yesterday_revenue.as_francs(),
            pending_orders: f.pending_orders,
            awaiting_confirmation: f.awaiting_confirmation,
            month_orders: f.month_orders,
            previous_month_orders: f.previous_month_orders,
            month_revenue: f.month_revenue.as_francs(),
            previous_month_revenue: f.previous_month_revenue.as_francs(),
            trends: d.trends.into(),
            recent_orders: d.recent_orders.into_iter().map(RecentOrderDto::from).collect(),
            top_products: d.top_products.into_iter().map(TopProductDto::from).collect(),
            sales_by_day: d.sales_by_day.into_iter().map(DaySalesDto::from).collect(),
        }
    }
}

/// The dashboard: today's and this month's figures against the previous period, the latest
/// orders, best sellers and daily sales over 30 days.
#[utoipa::path(tag = "admin", security(("bearer" = ["figures.read"])), responses(
    (status = 200, description = "The figures", body = Data<OrderStatsDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/orders/stats")]
async fn stats(state: web::Data<AppState>, _admin: Staff<can::ReadFigures>) -> Result<HttpResponse, ApiError> {
    let dashboard = state.orders.dashboard().await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderStatsDto::from(dashboard))))
}
