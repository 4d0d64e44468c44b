//! An order's « Facture » (docs/rules.md#invoices), for its customer and for the shop: issued
//! on the first request once the sale is made, the same invoice every time after.

use actix_web::{HttpResponse, get, web};
use bitik_orders::invoice::{Invoice, InvoiceLine, Party};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ApiError, ErrorBody};
use crate::order_access::{OrderCustomer, OrderKeyQuery};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(mine);
}

/// Who sells or buys.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceParty)]
pub struct PartyDto {
    name: String,
    /// One line each.
    address: Vec<String>,
    phone: String,
    email: String,
    /// The seller's registration numbers (`SHOP_LEGAL_ID`: RCCM, NINEA); empty for the customer.
    legal_id: String,
}

impl From<Party> for PartyDto {
    fn from(p: Party) -> Self {
        PartyDto { name: p.name, address: p.address, phone: p.phone, email: p.email, legal_id: p.legal_id }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceLineDto {
    name: String,
    color: String,
    size: String,
    quantity: u32,
    /// Whole francs.
    unit_price: i64,
    total: i64,
}

impl From<InvoiceLine> for InvoiceLineDto {
    fn from(l: InvoiceLine) -> Self {
        InvoiceLineDto {
            name: l.name,
            color: l.color,
            size: l.size,
            quantity: l.quantity,
            unit_price: l.unit_price,
            total: l.total,
        }
    }
}

/// An invoice as it was issued. Amounts are whole francs (FCFA).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDto {
    /// As printed: « FAC-000042 ».
    #[schema(example = "FAC-000042")]
    number: String,
    /// Its place in the one sequence, from 1, without gaps.
    sequence: i64,
    issued_at: DateTime<Utc>,
    seller: PartyDto,
    customer: PartyDto,
    order_id: Uuid,
    #[schema(example = "ORD-2612061234")]
    order_number: String,
    ordered_at: DateTime<Utc>,
    lines: Vec<InvoiceLineDto>,
    subtotal: i64,
    shipping_cost: i64,
    /// « Livraison standard », « Retrait en boutique ».
    shipping: String,
    discount: i64,
    promo_code: Option<String>,
    total: i64,
    /// « Wave », « Paiement à la livraison ».
    payment_method: String,
    /// Where the payment stood when issued: « Payée », « Payée à la livraison ».
    payment_state: String,
    amount_paid: i64,
}

impl InvoiceDto {
    pub fn new(order_id: Uuid, invoice: Invoice) -> Self {
        let number = invoice.display_number();
        let c = invoice.content;
        InvoiceDto {
            number,
            sequence: invoice.number,
            issued_at: invoice.issued_at,
            seller: c.seller.into(),
            customer: c.customer.into(),
            order_id,
            order_number: c.order_number,
            ordered_at: c.ordered_at,
            lines: c.lines.into_iter().map(InvoiceLineDto::from).collect(),
            subtotal: c.subtotal,
            shipping_cost: c.shipping_cost,
            shipping: c.shipping,
            discount: c.discount,
            promo_code: c.promo_code,
            total: c.total,
            payment_method: c.payment_method,
            payment_state: c.payment_state,
            amount_paid: c.amount_paid,
        }
    }
}

/// The customer's invoice of their order, issued now if it has none yet: by its owner, or with
/// the order's key.
#[utoipa::path(tag = "orders", security((), ("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), OrderKeyQuery),
    responses(
        (status = 200, description = "The invoice", body = Data<InvoiceDto>),
        (status = 401, description = "Neither logged in nor a key", body = ErrorBody),
        (status = 404, description = "No such order of this customer, or not this order's key", body = ErrorBody),
        (status = 409, description = "Not paid nor delivered yet (`order_not_invoiceable`)", body = ErrorBody),
))]
#[get("/orders/{id}/invoice")]
async fn mine(
    state: web::Data<AppState>,
    customer: OrderCustomer,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let owner = customer.owner_of(&state, *id).await?;
    let order = state.orders.order_of(owner, *id).await?;
    let invoice = state.orders.invoice_of(&order, &state.config.shop).await?;
    Ok(HttpResponse::Ok().json(Data::new(InvoiceDto::new(order.id, invoice))))
}
