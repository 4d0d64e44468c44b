//! What a checkout must contain (seed 001 §5) and how an order is priced: from the catalogue
//! only. Prices, totals or numbers sent by a client are never read.

use std::collections::{BTreeMap, HashMap};

use bitik_catalog::{Choice, Product, RawChoice};
use bitik_common::{AmountTooLarge, Email, Money};
use uuid::Uuid;

use crate::error::OrderError;
use crate::model::{OrderLine, PaymentMethod, ShippingInfo};
use crate::shipping::ShippingMethod;

/// More distinct lines than any shopper's basket.
pub const MAX_LINES: usize = 50;

/// A checkout as it arrives.
#[derive(Debug, Clone, Default)]
pub struct CheckoutRequest {
    pub items: Vec<RawChoice>,
    pub shipping: ShippingInfo,
    pub shipping_method: Option<String>,
    pub payment_method: Option<String>,
    pub idempotency_key: Option<String>,
}

const REQUIRED: &str = "Veuillez remplir tous les champs obligatoires";

/// The delivery form: required fields, a valid e-mail, a phone of 8-15 characters of digits,
/// spaces, +, parentheses and hyphens. Returns it trimmed, the country defaulting to Sénégal.
pub fn shipping_info(info: &ShippingInfo) -> Result<ShippingInfo, OrderError> {
    let mut fields: BTreeMap<String, String> = BTreeMap::new();
    let mut fail = |field: &str, message: &str| {
        fields.entry(field.to_owned()).or_insert_with(|| message.to_owned());
    };
    let required = [
        ("firstName", &info.first_name),
        ("lastName", &info.last_name),
        ("email", &info.email),
        ("phone", &info.phone),
        ("address", &info.address),
        ("city", &info.city),
    ];
    for (field, value) in required {
        if value.trim().is_empty() {
            fail(field, "Ce champ est requis");
        }
    }
    let limits = [
        ("firstName", &info.first_name, 100),
        ("lastName", &info.last_name, 100),
        ("address", &info.address, 300),
        ("city", &info.city, 100),
        ("country", &info.country, 100),
        ("zipCode", &info.zip_code, 20),
    ];
    for (field, value, max) in limits {
        if value.trim().chars().count() > max {
            fail(field, &format!("Ce champ ne peut pas dépasser {max} caractères"));
        }
    }
    if !info.email.trim().is_empty() && Email::parse(&info.email).is_err() {
        fail("email", "Veuillez entrer une adresse email valide");
    }
    if !info.phone.trim().is_empty() && !valid_phone(info.phone.trim()) {
        fail("phone", "Veuillez entrer un numéro de téléphone valide");
    }
    if !fields.is_empty() {
        let message = if fields.values().any(|m| m == "Ce champ est requis") {
            REQUIRED.to_owned()
        } else {
            fields.values().next().cloned().unwrap_or_default()
        };
        return Err(OrderError::Validation { message, fields });
    }
    let country = info.country.trim();
    Ok(ShippingInfo {
        first_name: info.first_name.trim().to_owned(),
        last_name: info.last_name.trim().to_owned(),
        email: Email::parse(&info.email).map(Email::into_inner).unwrap_or_default(),
        phone: info.phone.trim().to_owned(),
        address: info.address.trim().to_owned(),
        city: info.city.trim().to_owned(),
        country: if country.is_empty() { "Sénégal".to_owned() } else { country.to_owned() },
        zip_code: info.zip_code.trim().to_owned(),
    })
}

fn valid_phone(phone: &str) -> bool {
    (8..=15).contains(&phone.chars().count())
        && phone.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '(' | ')' | '-'))
}

pub fn shipping_method(code: Option<&str>) -> Result<ShippingMethod, OrderError> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(ShippingMethod::Standard),
        Some(code) => {
            ShippingMethod::parse(code).ok_or_else(|| single("shippingMethod", "Méthode de livraison invalide"))
        }
    }
}

pub fn payment_method(code: Option<&str>) -> Result<PaymentMethod, OrderError> {
    code.map(str::trim)
        .and_then(PaymentMethod::at_checkout)
        .ok_or_else(|| single("paymentMethod", "Veuillez sélectionner une méthode de paiement"))
}

fn single(field: &str, message: &str) -> OrderError {
    OrderError::Validation {
        message: message.to_owned(),
        fields: BTreeMap::from([(field.to_owned(), message.to_owned())]),
    }
}

/// The choices of a checkout, checked, with the same variant asked twice counted together.
pub fn choices(items: &[RawChoice]) -> Result<Vec<Choice>, OrderError> {
    if items.is_empty() {
        return Err(OrderError::EmptyOrder);
    }
    let mut merged: Vec<Choice> = Vec::new();
    for item in items {
        let choice = item.check()?;
        let same = |c: &&mut Choice| {
            c.product_id == choice.product_id
                && c.color.to_lowercase() == choice.color.to_lowercase()
                && c.size.to_uppercase() == choice.size.to_uppercase()
        };
        match merged.iter_mut().find(same) {
            Some(existing) => existing.quantity = existing.quantity.saturating_add(choice.quantity),
            None => merged.push(choice),
        }
    }
    if merged.len() > MAX_LINES {
        return Err(OrderError::TooManyLines);
    }
    Ok(merged)
}

/// Prices each choice from its product as the catalogue has it now. The stock seen here is
/// only a first check: the order's transaction is what takes it.
pub fn lines(choices: &[Choice], products: &HashMap<Uuid, Product>) -> Result<Vec<OrderLine>, OrderError> {
    choices
        .iter()
        .map(|choice| {
            let product = products.get(&choice.product_id).ok_or(OrderError::ProductUnavailable)?;
            let variant = product
                .variant(&choice.color, &choice.size)
                .ok_or_else(|| OrderError::UnknownVariant { name: product.name.clone() })?;
            if choice.quantity > variant.stock {
                return Err(OrderError::OutOfStock {
                    name: product.name.clone(),
                    color: variant.colour.as_str().to_owned(),
                    size: variant.size.as_str().to_owned(),
                    available: variant.stock,
                });
            }
            Ok(OrderLine {
                product_id: product.id,
                name: product.name.clone(),
                image: product.image_for(&variant.colour),
                color: variant.colour.as_str().to_owned(),
                size: variant.size.as_str().to_owned(),
                quantity: choice.quantity,
                unit_price: product.price_paid(),
            })
        })
        .collect()
}

/// Subtotal, delivery fee (free standard delivery from the threshold), discount and total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub subtotal: Money,
    pub shipping_cost: Money,
    pub discount: Money,
    pub total: Money,
}

/// `AmountTooLarge` when a line or the total cannot be counted: the order is refused rather than
/// priced wrong.
pub fn totals(lines: &[OrderLine], method: ShippingMethod) -> Result<Totals, AmountTooLarge> {
    let subtotal = Money::sum(lines.iter().map(OrderLine::total))?;
    let shipping_cost = method.fee_for(subtotal);
    // No promotion codes exist yet: the discount is kept in the order for when they do.
    let discount = Money::ZERO;
    Ok(Totals { subtotal, shipping_cost, discount, total: subtotal.plus(shipping_cost)?.minus(discount)? })
}
