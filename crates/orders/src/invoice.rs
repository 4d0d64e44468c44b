//! An order's « Facture » (docs/rules.md#invoices): issued once the sale is made (the order is
//! paid, or delivered), numbered in one sequence without gaps, and kept as it was issued: a
//! correction or a refund after it changes the order, never the invoice.

use async_trait::async_trait;
use bitik_common::{BoxError, Money, Shop};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::customer_view::payment_label;
use crate::error::OrderError;
use crate::model::{Order, OrderStatus, PaymentStatus};

/// An issued invoice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// The sequence's number, from 1, without gaps.
    pub number: i64,
    pub issued_at: DateTime<Utc>,
    pub content: InvoiceContent,
}

impl Invoice {
    /// As it is printed: « FAC-000042 ».
    pub fn display_number(&self) -> String {
        format!("FAC-{:06}", self.number)
    }
}

/// What the invoice says, as it was when issued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceContent {
    pub seller: Party,
    pub customer: Party,
    pub order_number: String,
    pub ordered_at: DateTime<Utc>,
    pub lines: Vec<InvoiceLine>,
    /// Whole francs.
    pub subtotal: i64,
    pub shipping_cost: i64,
    /// « Livraison standard », « Retrait en boutique ».
    pub shipping: String,
    pub discount: i64,
    pub promo_code: Option<String>,
    pub total: i64,
    /// « Wave », « Paiement à la livraison ».
    pub payment_method: String,
    /// Where the payment stood: « Payée », « Payée à la livraison ».
    pub payment_state: String,
    pub amount_paid: i64,
}

/// Who sells or buys: a name and how to reach them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub name: String,
    /// One line each: street, commune and landmark, for a customer delivered to.
    pub address: Vec<String>,
    pub phone: String,
    pub email: String,
    /// The seller's registration numbers (RCCM, NINEA; `SHOP_LEGAL_ID`); empty for a customer.
    pub legal_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceLine {
    pub name: String,
    pub color: String,
    pub size: String,
    pub quantity: u32,
    pub unit_price: i64,
    pub total: i64,
}

/// An invoice is issued once the sale is made: the order paid (or paid and refunded since), or
/// delivered (cash paid at the door).
pub fn check_invoiceable(order: &Order) -> Result<(), OrderError> {
    let paid = matches!(order.payment_status, PaymentStatus::Paid | PaymentStatus::Refunded);
    if paid || order.status == OrderStatus::Delivered { Ok(()) } else { Err(OrderError::NotInvoiceable) }
}

/// The order as its invoice says it, sold by `shop`.
pub fn content_of(order: &Order, shop: &Shop) -> Result<InvoiceContent, OrderError> {
    let info = &order.shipping;
    let place = [info.commune_name.as_str(), info.city.as_str()].into_iter().find(|p| !p.is_empty()).unwrap_or("");
    let address = [info.address.clone(), place.to_owned(), landmark(&info.landmark)]
        .into_iter()
        .filter(|line| !line.is_empty())
        .collect();
    let lines = order
        .lines
        .iter()
        .map(|line| {
            Ok(InvoiceLine {
                name: line.name.clone(),
                color: line.color.clone(),
                size: line.size.clone(),
                quantity: line.quantity,
                unit_price: line.unit_price.as_francs(),
                total: line.total()?.as_francs(),
            })
        })
        .collect::<Result<Vec<_>, OrderError>>()?;
    Ok(InvoiceContent {
        seller: Party {
            name: shop.name.clone(),
            address: vec![shop.address.clone()].into_iter().filter(|a| !a.is_empty()).collect(),
            phone: shop.phone.clone(),
            email: shop.email.clone(),
            legal_id: shop.legal_id.clone(),
        },
        customer: Party {
            name: format!("{} {}", info.first_name, info.last_name).trim().to_owned(),
            address,
            phone: info.phone.clone(),
            email: info.email.clone(),
            legal_id: String::new(),
        },
        order_number: order.order_number.clone(),
        ordered_at: order.created_at,
        lines,
        subtotal: order.subtotal.as_francs(),
        shipping_cost: order.shipping_cost.as_francs(),
        shipping: order.shipping_method.label().to_owned(),
        discount: order.discount.as_francs(),
        promo_code: order.promo_code.clone(),
        total: order.total.as_francs(),
        payment_method: order.payment_method.label().to_owned(),
        payment_state: payment_label(order).to_owned(),
        amount_paid: paid_of(order).as_francs(),
    })
}

fn landmark(text: &str) -> String {
    if text.is_empty() { String::new() } else { format!("Point de repère : {text}") }
}

/// What was paid: what the order records, or its total for a cash order delivered before the
/// shop recorded the cash.
fn paid_of(order: &Order) -> Money {
    if order.amount_paid == Money::ZERO && order.status == OrderStatus::Delivered {
        order.total
    } else {
        order.amount_paid
    }
}

/// Where invoices are kept.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait InvoiceRepository: Send + Sync {
    async fn find(&self, order_id: Uuid) -> Result<Option<Invoice>, BoxError>;

    /// The order's invoice: the one issued already, or this one issued now with the next number
    /// of the sequence, in one transaction (a number is never skipped nor given twice).
    async fn issue(&self, order_id: Uuid, content: InvoiceContent, at: DateTime<Utc>) -> Result<Invoice, BoxError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PaymentMethod;
    use crate::service_tests::placed;

    fn shop() -> Shop {
        Shop {
            name: "Bitik Dakar".into(),
            address: "Sicap Liberté 6, Dakar".into(),
            legal_id: "RCCM SN-DKR-2024-B-12345 · NINEA 009876543".into(),
            ..Shop::default()
        }
    }

    #[test]
    fn an_invoice_comes_with_the_sale() {
        use OrderStatus::*;
        use PaymentStatus as P;
        for (status, method, payment, invoiceable) in [
            (Pending, PaymentMethod::CashOnDelivery, P::Pending, false),
            (Shipped, PaymentMethod::CashOnDelivery, P::Pending, false),
            (Delivered, PaymentMethod::CashOnDelivery, P::Pending, true),
            (Processing, PaymentMethod::Wave, P::Paid, true),
            (Cancelled, PaymentMethod::Wave, P::Refunded, true),
            (Cancelled, PaymentMethod::Wave, P::Pending, false),
        ] {
            let order = placed(status, method, payment);
            assert_eq!(check_invoiceable(&order).is_ok(), invoiceable, "{status:?} {payment:?}");
        }
    }

    #[test]
    fn it_says_who_sold_what_to_whom_for_how_much() {
        let mut order = placed(OrderStatus::Delivered, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
        order.shipping.commune_name = "Médina".into();
        order.shipping.landmark = "Près de la mosquée".into();
        let content = content_of(&order, &shop()).unwrap();
        assert_eq!(content.seller.legal_id, "RCCM SN-DKR-2024-B-12345 · NINEA 009876543");
        assert_eq!(content.lines[0].total, 24_000);
        assert_eq!((content.subtotal, content.shipping_cost, content.total), (24_000, 1_000, 25_000));
        assert!(content.customer.address.contains(&"Point de repère : Près de la mosquée".to_owned()));
        assert_eq!((content.payment_state.as_str(), content.amount_paid), ("Payée à la livraison", 25_000));
        let invoice = Invoice { number: 42, issued_at: Utc::now(), content };
        assert_eq!(invoice.display_number(), "FAC-000042");
    }
}
