//! The customer's orders: checkout, history, cancellation.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use bitik_catalog::RawChoice;
use bitik_common::PageRequest;
use bitik_common::{RawAddress, RawContact};
use bitik_orders::{CheckoutRequest, Order, RawCheckout, RawPlace, ShippingInfo};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
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

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItemDto {
    product_id: Uuid,
    name: String,
    image: String,
    size: String,
    color: String,
    quantity: u32,
    /// Unit price paid, in FCFA.
    price: i64,
}

#[derive(Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ShippingInfoDto {
    #[schema(required = true, pattern = r"\S")]
    first_name: String,
    #[schema(required = true, pattern = r"\S")]
    last_name: String,
    #[schema(required = true, format = Email)]
    email: String,
    /// E.164 (`+221771234567`). A phone kept from before E.164 that does not read as a number is
    /// answered as it was typed.
    #[schema(required = true, pattern = r"\S")]
    phone: String,
    /// Empty for pickup at the shop.
    address: String,
    city: String,
    country: String,
    /// Only orders placed when the form asked for a postcode have one.
    zip_code: String,
    /// The commune delivered to: its code and its name as they were when the order was placed
    /// (empty for pickup at the shop and for orders placed before delivery zones).
    #[schema(example = "medina")]
    commune: String,
    #[schema(example = "Médina")]
    commune_name: String,
    /// The delivery zone whose fee was charged, by code and by name as they were.
    #[schema(example = "dakar-ville")]
    zone: String,
    #[schema(example = "Dakar ville")]
    zone_name: String,
    /// The point de repère a courier finds the customer by.
    #[schema(example = "En face de la pharmacie Guigon")]
    landmark: String,
    /// The customer's delivery instructions.
    notes: String,
}

impl From<ShippingInfo> for ShippingInfoDto {
    fn from(s: ShippingInfo) -> Self {
        ShippingInfoDto {
            first_name: s.first_name,
            last_name: s.last_name,
            email: s.email,
            phone: s.phone,
            address: s.address,
            city: s.city,
            country: s.country,
            zip_code: s.zip_code,
            commune: s.commune_code,
            commune_name: s.commune_name,
            zone: s.zone_code,
            zone_name: s.zone_name,
            landmark: s.landmark,
            notes: s.notes,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInfoDto {
    #[schema(example = "pending")]
    status: &'static str,
    /// Where the payment stands in the customer's words, by the order's real state
    /// (`bitik_orders::customer_view::payment_label`): « À payer à la livraison », « Payée à la
    /// livraison », « Non payée : colis refusé », « En attente de paiement », « Payée »…
    #[schema(example = "À payer à la livraison")]
    label: &'static str,
    #[schema(example = "cash_on_delivery")]
    payment_method: &'static str,
    paid_at: Option<DateTime<Utc>>,
}

/// An entry of the history. The customer's order carries the status changes and the notes meant
/// for them, signed « L'équipe <shop> » when the team made them; the back office's carries every
/// entry as it was written.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryDto {
    status: &'static str,
    date: DateTime<Utc>,
    by: String,
    note: String,
    /// Whether the customer reads the note (« visible par le client »).
    customer_visible: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    id: Uuid,
    order_number: String,
    created_at: DateTime<Utc>,
    #[schema(example = "pending")]
    status: &'static str,
    items: Vec<OrderItemDto>,
    subtotal: i64,
    shipping_cost: i64,
    /// What the promo code took off the lines (never delivery): `total = subtotal + shippingCost − discount`.
    discount: i64,
    total: i64,
    /// The promo code it was placed with, as the shop spells it; `null`: none.
    #[schema(example = "BIENVENUE")]
    promo_code: Option<String>,
    shipping_info: ShippingInfoDto,
    #[schema(example = "standard")]
    shipping_method: &'static str,
    #[schema(example = "cash_on_delivery")]
    payment_method: &'static str,
    payment_info: PaymentInfoDto,
    tracking_note: String,
    status_history: Vec<HistoryDto>,
    /// Whether its customer may still cancel it (`bitik_orders::rules`: pending and unpaid).
    cancellable: bool,
    /// Cash on delivery only: where the order stands with its customer; `null` for Wave.
    #[schema(value_type = Option<ConfirmationName>, example = "awaiting")]
    confirmation: Option<&'static str>,
    /// Every report of a call (or of the customer's confirmation), oldest first.
    confirmation_attempts: Vec<ConfirmationAttemptDto>,
    /// Whether its customer may confirm it now: a pending cash-on-delivery order not confirmed yet.
    confirmable: bool,
    /// Who carries the shipped parcel.
    courier: Option<CourierDto>,
    /// When the parcel refused at the door came back to the shop (its units back in stock).
    returned_at: Option<DateTime<Utc>>,
    /// Money given back, oldest first, whatever became of it.
    refunds: Vec<RefundDto>,
    /// What the succeeded refunds gave back, whole francs.
    refunded_amount: i64,
    /// What the customer paid so far: the total once paid; less while a correction left a
    /// balance due, more when a correction lowered the total of a paid order.
    amount_paid: i64,
    /// What is left to pay (at the door for cash on delivery, by Wave otherwise).
    amount_due: i64,
    /// Paid beyond the total and not given back yet: owed back to the customer.
    overpaid: i64,
    /// Whether its customer may pay it at the door instead (`POST /api/orders/{id}/cash-on-delivery`):
    /// a pending Wave order nobody paid. The zone and the phone are checked when asked.
    switch_to_cash: bool,
    /// Whether its « Facture » can be had (`GET …/invoice`): once the sale is made (paid, or
    /// delivered).
    invoiceable: bool,
    /// Whether its customer may pay it with Wave now: `pay` (« Payer avec Wave »: an unpaid
    /// Wave order that has not expired), `switch_from_cash` (« Payer maintenant avec Wave »: a
    /// cash-on-delivery order not yet shipped), `pay_balance` (« Payer le reste avec Wave »: what
    /// a correction added to a paid order, `amountDue`), or `null`.
    #[schema(value_type = Option<String>, example = "pay")]
    pay_with_wave: Option<&'static str>,
    /// The order's own page, opened without logging in (`/orders/{id}?k=…`): what its customer
    /// keeps when they ordered by phone, and what every message links to.
    #[schema(
        example = "https://bitik.sn/orders/7d1e0f3a-5b2c-4e8f-9a61-0c2b3d4e5f60?k=4f9c2a7e1b3d5f6081a2c3e4d5f60718"
    )]
    order_url: Option<String>,
}

/// A refund of the order.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDto {
    id: Uuid,
    #[schema(example = 25000)]
    amount: i64,
    /// `wave` (asked of Wave), `cash` or `wave_transfer` (made by the shop).
    #[schema(example = "wave")]
    method: &'static str,
    /// `requested`, `unknown` (« à vérifier »: Wave's answer was lost), `succeeded` or `failed`.
    #[schema(example = "succeeded")]
    state: &'static str,
    reason: String,
    /// As the history shows people: « Admin Mariama Sow ».
    by: String,
    /// Wave's error code when Wave refused.
    error_code: Option<String>,
    created_at: DateTime<Utc>,
    settled_at: Option<DateTime<Utc>>,
}

/// Where a cash-on-delivery order stands with its customer.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum ConfirmationName {
    Awaiting,
    Confirmed,
    NoAnswer,
    WrongNumber,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationAttemptDto {
    at: DateTime<Utc>,
    /// `confirmed`, `no_answer` or `wrong_number`.
    #[schema(example = "no_answer")]
    outcome: &'static str,
    /// As the history shows people: « Admin Mariama Sow », « Client ».
    by: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierDto {
    #[schema(example = "Modou Fall")]
    name: String,
    /// E.164.
    #[schema(example = "+221770001122")]
    phone: String,
}

impl OrderDto {
    /// The order as its customer reads it (`bitik_orders::customer_view`): never an internal
    /// note, a refund's reason, the confirmation's calls or a staff member's name.
    pub fn for_customer(order: Order, state: &AppState) -> Self {
        let team = bitik_orders::customer_view::team_label(&state.config.shop.name);
        let url = state.orders.url_of(order.id);
        Self::build(bitik_orders::customer_view::for_customer(order, &team), url)
    }

    /// The order as the back office reads it: everything, names and internal notes included.
    pub fn for_staff(order: Order, state: &AppState) -> Self {
        let url = state.orders.url_of(order.id);
        Self::build(order, url)
    }

    fn build(order: Order, order_url: Option<String>) -> Self {
        let cancellable = bitik_orders::rules::customer_may_cancel(&order);
        let pay_with_wave = bitik_payments::wave_offer(&order, Utc::now()).ok().map(|offer| offer.as_str());
        let refunded_amount = bitik_orders::refund::refunded_total(&order.refunds).as_francs();
        let confirmable = bitik_orders::cash_on_delivery::check_confirmable(&order).is_ok();
        let payment_label = bitik_orders::customer_view::payment_label(&order);
        let (amount_paid, amount_due, overpaid) =
            (order.amount_paid.as_francs(), order.amount_due().as_francs(), order.overpaid().as_francs());
        let switch_to_cash = bitik_orders::corrections::check_switch_to_cash(&order).is_ok();
        let invoiceable = bitik_orders::invoice::check_invoiceable(&order).is_ok();
        let (confirmation, confirmation_attempts) = match order.confirmation {
            Some(c) => (
                Some(c.state.as_str()),
                c.attempts
                    .into_iter()
                    .map(|a| ConfirmationAttemptDto { at: a.at, outcome: a.outcome.as_str(), by: a.by })
                    .collect(),
            ),
            None => (None, Vec::new()),
        };
        OrderDto {
            id: order.id,
            order_number: order.order_number,
            created_at: order.created_at,
            status: order.status.as_str(),
            items: order
                .lines
                .into_iter()
                .map(|l| OrderItemDto {
                    product_id: l.product_id,
                    name: l.name,
                    image: l.image,
                    size: l.size,
                    color: l.color,
                    quantity: l.quantity,
                    price: l.unit_price.as_francs(),
                })
                .collect(),
            subtotal: order.subtotal.as_francs(),
            shipping_cost: order.shipping_cost.as_francs(),
            discount: order.discount.as_francs(),
            total: order.total.as_francs(),
            promo_code: order.promo_code,
            shipping_info: ShippingInfoDto::from(order.shipping),
            shipping_method: order.shipping_method.as_str(),
            payment_method: order.payment_method.as_str(),
            payment_info: PaymentInfoDto {
                status: order.payment_status.as_str(),
                label: payment_label,
                payment_method: order.payment_method.as_str(),
                paid_at: order.paid_at,
            },
            tracking_note: order.tracking_note,
            status_history: order
                .history
                .into_iter()
                .map(|h| HistoryDto {
                    status: h.status.as_str(),
                    date: h.at,
                    by: h.by,
                    note: h.note,
                    customer_visible: h.note_visible,
                })
                .collect(),
            cancellable,
            confirmation,
            confirmation_attempts,
            confirmable,
            courier: order.courier.map(|c| CourierDto { name: c.name, phone: c.phone }),
            returned_at: order.returned_at,
            refunds: order
                .refunds
                .into_iter()
                .map(|r| RefundDto {
                    id: r.id,
                    amount: r.amount.as_francs(),
                    method: r.method.as_str(),
                    state: r.state.as_str(),
                    reason: r.reason,
                    by: r.requested_by,
                    error_code: r.error_code,
                    created_at: r.created_at,
                    settled_at: r.settled_at,
                })
                .collect(),
            refunded_amount,
            amount_paid,
            amount_due,
            overpaid,
            switch_to_cash,
            invoiceable,
            pay_with_wave,
            order_url,
        }
    }
}

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
