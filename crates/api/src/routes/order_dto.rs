//! An order as the API answers it, to its customer and to the back office: its lines, delivery,
//! payment, history, confirmation, courier and refunds, with what the rules allow next.

use bitik_orders::{Order, ShippingInfo};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::state::AppState;

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
    /// The promo code it was placed with, as the shop spelled it; `null`: none.
    #[schema(example = "BIENVENUE")]
    promo_code: Option<String>,
    #[schema(value_type = SalesChannelName, example = "web")]
    channel: &'static str,
    /// « Site web », « WhatsApp », « Instagram »…
    #[schema(example = "Site web")]
    channel_label: &'static str,
    /// The campaign a storefront visit arrived with (`utm_source`), lowercase; `null`: none.
    #[schema(example = "instagram")]
    source: Option<String>,
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

/// Where an order was taken: the storefront (`web`) or a conversation a seller turned into one.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum SalesChannelName {
    Web,
    Whatsapp,
    Instagram,
    Facebook,
    Tiktok,
    Phone,
    Boutique,
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
            channel: order.channel.as_str(),
            channel_label: order.channel.label(),
            source: order.source,
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
