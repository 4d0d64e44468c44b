//! The customer's orders: checkout, history, cancellation.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use bitik_catalog::RawChoice;
use bitik_common::PageRequest;
use bitik_common::{RawAddress, RawContact};
use bitik_orders::{CheckoutRequest, RawCheckout, RawPlace};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::auth::{AuthUser, MaybeUser};
use crate::error::{ApiError, ErrorBody};
use crate::order_access::{OrderCustomer, OrderKeyQuery};
use crate::responses::{Data, Paginated};
use crate::routes::cart::AddBody;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(place).service(list).service(detail).service(cancel);
}

pub use crate::routes::order_dto::{ConfirmationName, OrderDto, SalesChannelName};

/// The delivery form as a checkout sends it, with the server's rules (`checkout::recipient`):
/// lengths are counted once trimmed, the phone is a real one (`bitik_common::Phone`). For a
/// delivery (standard or express), `address`, `commune` and `landmark` are required too; pickup
/// at the shop needs none of them. Apart from `ShippingInfoDto` because stored orders keep what
/// older rules let through. A `zipCode` older clients send is not read: Dakar has no postcodes.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckoutShippingInfo {
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    first_name: String,
    #[schema(required = true, max_length = 100, pattern = r"\S")]
    last_name: String,
    #[schema(required = true, format = Email)]
    email: String,
    #[schema(required = true, schema_with = crate::schema::phone)]
    phone: String,
    /// Street, building, quarter. Required for a delivery.
    #[schema(max_length = 300)]
    address: String,
    /// The commune's name when blank.
    #[schema(max_length = 100)]
    city: String,
    /// Sénégal when blank.
    #[schema(max_length = 100)]
    country: String,
    /// A commune's `code` from `GET /api/delivery/zones`; its zone sets the fee. Required for a
    /// delivery; anything else is refused (400, a field error on `commune`).
    #[schema(max_length = 60, example = "medina")]
    commune: String,
    /// The point de repère a courier finds the customer by. Required for a delivery.
    #[schema(max_length = 200, example = "En face de la pharmacie Guigon")]
    landmark: String,
    /// Delivery instructions.
    #[schema(max_length = 500)]
    notes: String,
}

impl CheckoutShippingInfo {
    pub fn into_raw(self) -> (RawContact, RawAddress, RawPlace) {
        let contact =
            RawContact { first_name: self.first_name, last_name: self.last_name, email: self.email, phone: self.phone };
        let address =
            RawAddress { address: self.address, city: self.city, country: self.country, ..RawAddress::default() };
        let spot = RawPlace { commune: self.commune, landmark: self.landmark, notes: self.notes };
        (contact, address, spot)
    }
}

/// A checkout. Prices, totals and order numbers a client may add are ignored: the server
/// prices every line from the catalogue.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceOrderBody {
    #[serde(default)]
    #[schema(required = true, min_items = 1)]
    items: Vec<AddBody>,
    #[serde(default)]
    #[schema(required = true)]
    shipping_info: CheckoutShippingInfo,
    /// Standard when absent, `null` or blank.
    #[schema(schema_with = checkout_shipping, example = "standard")]
    shipping_method: Option<String>,
    /// `wave` or `cash_on_delivery` (`paypal` is read as cash on delivery).
    #[schema(value_type = CheckoutPayment, required = true, example = "cash_on_delivery")]
    payment_method: Option<String>,
    /// A promo code, any case (docs/rules.md#promo-codes); absent, `null` or blank: none. A code
    /// that does not apply refuses the order (409 `promo_code_refused`, or `promo_code_exhausted`
    /// when its uses are all taken): send it again without the code to order without it.
    #[schema(example = "BIENVENUE")]
    #[serde(default)]
    promo_code: Option<String>,
    /// The `utm_source` the visit arrived with, kept on the order: lowercase letters, digits,
    /// `.`, `_`, `-`, 50 at most; anything else is left out (the order is not refused for it).
    #[schema(example = "instagram")]
    #[serde(default)]
    source: Option<String>,
}

/// The delivery methods of a checkout; `null` and blank mean standard.
fn checkout_shipping() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    let codes = ["standard", "express", "pickup", ""].map(serde_json::Value::from);
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(codes.into_iter().chain([serde_json::Value::Null])))
        .build()
}

/// The payment methods of a checkout.
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum CheckoutPayment {
    #[schema(rename = "wave")]
    Wave,
    #[schema(rename = "cash_on_delivery")]
    CashOnDelivery,
    #[schema(rename = "paypal")]
    Paypal,
}

#[derive(Deserialize, IntoParams)]
pub struct PageQuery {
    #[param(schema_with = crate::schema::whole_from_one)]
    page: Option<String>,
    /// 10 by default.
    #[param(schema_with = crate::schema::whole_from_one)]
    limit: Option<String>,
}

/// Places an order from the items sent, priced by the server, its delivery fee by the zone of
/// its commune (standard, free from the zone's threshold; express where the zone offers it;
/// pickup at the shop free). Cash on delivery is refused where the zone takes none (400 on
/// `paymentMethod`), express where the zone offers none (400 on `shippingMethod`). Send an
/// `Idempotency-Key` header to make a repeated submission answer the first order (changing
/// nothing more).
///
/// Logged in, the order is the account's and the units ordered leave its cart (lines not
/// ordered stay). Without a session it is the customer's of its phone (the account a login code
/// opens, made now if the phone has none, as it would be by a code), an e-mail optional, and the
/// browser's cart is the one ordered: the answer's `orderUrl` opens its page from then on. The
/// limits count per account (so per phone) and per address either way.
#[utoipa::path(tag = "orders", security((), ("bearer" = [])), request_body = PlaceOrderBody,
    params(("Idempotency-Key" = Option<String>, Header, description = "Same key, same order")),
    responses(
        (status = 201, description = "The order", body = Data<OrderDto>),
        (status = 400, description = "Empty order, invalid form or item, a commune off the list, express or cash on delivery where the zone offers none", body = ErrorBody),
        (status = 401, description = "A session sent but expired or refused", body = ErrorBody),
        (status = 403, description = "The phone's account was deactivated by the shop", body = ErrorBody),
        (status = 409, description = "A promo code that does not apply (`promo_code_refused`) or whose uses are all taken (`promo_code_exhausted`), not enough stock, a product no longer sold, more than 10 units of a variant (`quantity_limit`), 3 orders awaiting payment already on the account or the phone (`too_many_open_orders`), an amount the shop cannot count (`amount_too_large`), or cash on delivery no longer offered to this phone (`cash_on_delivery_refused`)", body = ErrorBody),
        (status = 429, description = "Too many orders from this account, phone or address", body = ErrorBody),
))]
#[post("/orders")]
async fn place(
    req: HttpRequest,
    state: web::Data<AppState>,
    MaybeUser(session): MaybeUser,
    body: web::Json<PlaceOrderBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let key = req.headers().get("Idempotency-Key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let (contact, address, spot) = body.shipping_info.into_raw();
    // The form first: a form refused for its content uses up no allowance and opens no account.
    let request = CheckoutRequest::parse(RawCheckout {
        items: body.items.into_iter().map(RawChoice::from).collect(),
        contact,
        address,
        place: spot,
        shipping_method: body.shipping_method,
        payment_method: body.payment_method,
        idempotency_key: key,
        promo_code: body.promo_code,
        source: body.source,
    })?;
    let order = match session {
        // The lines ordered leave the customer's cart with the order itself (`OrderRepository::place`).
        Some(user) => {
            let _counted = state.limits.order(user.id, &state.client(&req)).await?;
            state.orders.place(user.id, request).await?
        }
        None => {
            let contact = &request.recipient.contact;
            let names = (contact.first_name.as_str(), contact.last_name.as_str());
            let customer = state.accounts.customer_of_phone(&contact.phone, names).await?;
            let _counted = state.limits.order(customer.id, &state.client(&req)).await?;
            state.orders.place_without_login(customer.id, request).await?
        }
    };
    Ok(HttpResponse::Created().json(Data::new(OrderDto::for_customer(order, &state))))
}

/// The customer's orders, newest first.
#[utoipa::path(tag = "orders", security(("bearer" = [])), params(PageQuery), responses(
    (status = 200, description = "A page of orders", body = Paginated<OrderDto>),
    (status = 400, description = "Malformed page or limit", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
))]
#[get("/orders")]
async fn list(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = PageRequest::parse(query.page.as_deref(), query.limit.as_deref(), 10, bitik_orders::MAX_PAGE_SIZE)?;
    let orders = state.orders.orders_of(user.id, page).await?;
    Ok(HttpResponse::Ok().json(Paginated::from_page(orders, |o| OrderDto::for_customer(o, &state))))
}

/// One of the customer's orders, or the order its key (`k`, from `orderUrl`) opens without
/// logging in.
#[utoipa::path(tag = "orders", security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), OrderKeyQuery),
    responses(
        (status = 200, description = "The order", body = Data<OrderDto>),
        (status = 401, description = "Neither logged in nor a key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or not this order's key", body = ErrorBody),
))]
#[get("/orders/{id}")]
async fn detail(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of(&state, *id).await?;
    let order = state.orders.order_of(owner, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::for_customer(order, &state))))
}

/// Cancels the order while it is pending and unpaid; its stock goes back. By its owner, or
/// with the order's key.
#[utoipa::path(tag = "orders", security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), OrderKeyQuery),
    responses(
        (status = 200, description = "The cancelled order", body = Data<OrderDto>),
        (status = 401, description = "Neither logged in nor a key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or not this order's key", body = ErrorBody),
        (status = 409, description = "No longer cancellable", body = ErrorBody),
))]
#[post("/orders/{id}/cancel")]
async fn cancel(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of(&state, *id).await?;
    let order = state.orders.cancel_by_customer(owner, *id).await?;
    Ok(HttpResponse::Ok().json(Data::new(OrderDto::for_customer(order, &state))))
}
