//! What a checkout must contain and how an order is priced: from the catalogue
//! only. Prices, totals or numbers sent by a client are never read.

use std::collections::HashMap;

use bitik_catalog::{Choice, Product, RawChoice, within_line_limit};
use bitik_common::{Contact, ContactForm, FieldErrors, Money, Need, PostalAddress, RawAddress, RawContact};
use uuid::Uuid;

use crate::delivery::Destination;
use crate::delivery::form::is_code;
use crate::error::OrderError;
use crate::model::{OrderLine, PaymentMethod, ShippingInfo};
use crate::promo::PromoLine;
use crate::shipping::ShippingMethod;

/// More distinct lines than any shopper's basket.
pub const MAX_LINES: usize = 50;
/// Longest idempotency key kept; a longer one is ignored, as an absent one is.
const MAX_IDEMPOTENCY_KEY: usize = 100;
/// Longest landmark (« point de repère »), in characters.
pub const MAX_LANDMARK_CHARS: usize = 200;
/// Longest delivery instructions, in characters.
pub const MAX_NOTES_CHARS: usize = 500;

/// A checkout as it arrives.
#[derive(Debug, Clone, Default)]
pub struct RawCheckout {
    pub items: Vec<RawChoice>,
    pub contact: RawContact,
    pub address: RawAddress,
    pub place: RawPlace,
    pub shipping_method: Option<String>,
    pub payment_method: Option<String>,
    pub idempotency_key: Option<String>,
    /// As the shopper typed it; blank is none.
    pub promo_code: Option<String>,
    /// The campaign the visit arrived with (`utm_source`), as the storefront kept it.
    pub source: Option<String>,
}

/// Where in Dakar a parcel goes, as the form sends it: the commune's code from the list, the
/// landmark a courier finds the customer by, and instructions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawPlace {
    pub commune: String,
    pub landmark: String,
    pub notes: String,
}

/// Who receives the order and where, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub contact: Contact,
    pub address: PostalAddress,
    /// The commune's code, read against the zones when the order is placed; `None` for pickup
    /// at the shop.
    pub commune: Option<String>,
    pub landmark: String,
    pub notes: String,
}

/// A checkout that passed every rule of its form: what the order service places.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckoutRequest {
    /// Checked, the same variant asked twice counted together.
    pub choices: Vec<Choice>,
    pub recipient: Recipient,
    pub shipping_method: ShippingMethod,
    pub payment_method: PaymentMethod,
    /// Same key, same order: a repeated submission answers the first one.
    pub idempotency_key: Option<String>,
    /// The promo code typed, trimmed; `None` when blank.
    pub promo_code: Option<String>,
    /// `channel::source`: a campaign's name, or none.
    pub source: Option<String>,
}

impl CheckoutRequest {
    /// The delivery form first, then the delivery and payment methods, then the items: the
    /// first of them that is wrong is what the shopper reads. What the form asks depends on the
    /// method: pickup at the shop needs no address, commune or landmark.
    pub fn parse(raw: RawCheckout) -> Result<Self, OrderError> {
        let method = shipping_method(raw.shipping_method.as_deref());
        let delivered = !matches!(method, Ok(ShippingMethod::Pickup));
        let recipient = recipient(&raw.contact, &raw.address, &raw.place, delivered)?;
        let shipping_method = method?;
        let payment_method = payment_method(raw.payment_method.as_deref())?;
        let choices = choices(&raw.items)?;
        let idempotency_key = raw
            .idempotency_key
            .map(|key| key.trim().to_owned())
            .filter(|key| !key.is_empty() && key.len() <= MAX_IDEMPOTENCY_KEY);
        let promo_code = raw.promo_code.map(|code| code.trim().to_owned()).filter(|code| !code.is_empty());
        let source = crate::channel::source(raw.source.as_deref());
        Ok(CheckoutRequest { choices, recipient, shipping_method, payment_method, idempotency_key, promo_code, source })
    }
}

/// The delivery form's wording of the contact and address rules.
const DELIVERY_FORM: ContactForm =
    ContactForm { missing: |_| "Ce champ est requis", invalid_email: "Veuillez entrer une adresse email valide" };

/// The delivery form. Names and phone always, an e-mail if the customer has one; for a delivery, the street address, the
/// commune (a code of the list: whether it is one is the zones' to say) and the landmark too. The
/// city may be left blank (the commune names it); the postcode is not read (Dakar has none); the
/// country is Sénégal unless another is given.
pub fn recipient(
    contact: &RawContact,
    address: &RawAddress,
    place: &RawPlace,
    delivered: bool,
) -> Result<Recipient, OrderError> {
    let need = if delivered { Need::Required } else { Need::Optional };
    let mut errors = FieldErrors::default();
    let contact = DELIVERY_FORM.contact(&mut errors, contact, Need::Optional);
    let address = PostalAddress {
        address: DELIVERY_FORM.street(&mut errors, &address.address, need),
        city: DELIVERY_FORM.city(&mut errors, &address.city, Need::Optional),
        zip_code: String::new(),
        country: DELIVERY_FORM.country(&mut errors, &address.country),
    };
    let commune = if delivered { commune(&mut errors, &place.commune) } else { None };
    if delivered {
        errors.required("landmark", &place.landmark, (DELIVERY_FORM.missing)("landmark"));
    }
    errors.max_chars("landmark", &place.landmark, MAX_LANDMARK_CHARS);
    errors.max_chars("notes", &place.notes, MAX_NOTES_CHARS);
    let (landmark, notes) = (place.landmark.trim().to_owned(), place.notes.trim().to_owned());
    match contact {
        Some(contact) if errors.is_empty() => Ok(Recipient { contact, address, commune, landmark, notes }),
        _ => Err(OrderError::validation(errors)),
    }
}

/// Refused when the commune is not a code of the list.
pub const UNKNOWN_COMMUNE: &str = "Veuillez choisir une commune de la liste";

/// A code shaped as the list's are; which commune it names is the zones' to say.
fn commune(errors: &mut FieldErrors, raw: &str) -> Option<String> {
    let code = raw.trim();
    if code.is_empty() {
        errors.missing("commune", (DELIVERY_FORM.missing)("commune"));
        return None;
    }
    if !is_code(code) {
        errors.fail("commune", UNKNOWN_COMMUNE);
        return None;
    }
    Some(code.to_owned())
}

impl From<Recipient> for ShippingInfo {
    fn from(recipient: Recipient) -> Self {
        let Recipient { contact, address, landmark, notes, .. } = recipient;
        ShippingInfo {
            first_name: contact.first_name,
            last_name: contact.last_name,
            email: contact.email.map(|email| email.into_inner()).unwrap_or_default(),
            phone: contact.phone.into_inner(),
            address: address.address,
            city: address.city,
            country: address.country,
            zip_code: address.zip_code,
            landmark,
            notes,
            ..ShippingInfo::default()
        }
    }
}

impl ShippingInfo {
    /// The zone and commune it goes to, by code and by name as they are now: the order keeps
    /// them. A city left blank is the commune's.
    pub fn delivered_to(mut self, destination: &Destination) -> Self {
        if let Destination::Commune { zone, commune } = destination {
            self.zone_code.clone_from(&zone.code);
            self.zone_name.clone_from(&zone.name);
            self.commune_code.clone_from(&commune.code);
            self.commune_name.clone_from(&commune.name);
            if self.city.is_empty() {
                self.city.clone_from(&commune.name);
            }
        }
        self
    }
}

pub fn shipping_method(code: Option<&str>) -> Result<ShippingMethod, OrderError> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(ShippingMethod::Standard),
        Some(code) => ShippingMethod::parse(code)
            .ok_or_else(|| OrderError::invalid("shippingMethod", "Méthode de livraison invalide")),
    }
}

pub fn payment_method(code: Option<&str>) -> Result<PaymentMethod, OrderError> {
    code.map(str::trim)
        .and_then(PaymentMethod::at_checkout)
        .ok_or_else(|| OrderError::invalid("paymentMethod", "Veuillez sélectionner une méthode de paiement"))
}

/// The choices of a checkout, checked, with the same variant asked twice counted together: no
/// more than [`bitik_catalog::MAX_LINE_QUANTITY`] units of it in all.
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
    for choice in &merged {
        within_line_limit(choice.quantity)?;
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
                    color: variant.color.as_str().to_owned(),
                    size: variant.size.as_str().to_owned(),
                    available: variant.stock,
                });
            }
            Ok(OrderLine {
                product_id: product.id,
                name: product.name.clone(),
                image: product.image_for(&variant.color),
                color: variant.color.as_str().to_owned(),
                size: variant.size.as_str().to_owned(),
                quantity: choice.quantity,
                unit_price: product.price_paid(),
            })
        })
        .collect()
}

/// Subtotal, delivery fee (the destination's rule), discount and total.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub subtotal: Money,
    pub shipping_cost: Money,
    pub discount: Money,
    pub total: Money,
}

/// `AmountTooLarge` when a line or the total cannot be counted: the order is refused rather than
/// priced wrong. The fee is the destination's for `method` and this subtotal.
pub fn totals(lines: &[OrderLine], method: ShippingMethod, destination: &Destination) -> Result<Totals, OrderError> {
    let subtotal = Money::sum(lines.iter().map(OrderLine::total))?;
    let shipping_cost = destination.fee_for(method, subtotal)?;
    let total = subtotal.plus(shipping_cost)?;
    Ok(Totals { subtotal, shipping_cost, discount: Money::ZERO, total })
}

impl Totals {
    /// With a promo code's discount: never more than the subtotal, never taken off delivery.
    pub fn discounted(self, discount: Money) -> Result<Totals, OrderError> {
        let discount = discount.min(self.subtotal).max(Money::ZERO);
        let total = self.subtotal.plus(self.shipping_cost).and_then(|sum| sum.minus(discount))?;
        Ok(Totals { discount, total, ..self })
    }
}

/// The lines as the promo rules read them: each line's amount, and whether its price is a
/// promotion's (as [`Product::price_paid`] decides it).
pub fn promo_lines(lines: &[OrderLine], products: &HashMap<Uuid, Product>) -> Result<Vec<PromoLine>, OrderError> {
    lines
        .iter()
        .map(|line| {
            let on_promotion = products
                .get(&line.product_id)
                .is_some_and(|product| product.on_promotion && product.promo_price.is_some());
            Ok(PromoLine { amount: line.total()?, on_promotion })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn raw(phone: &str) -> RawCheckout {
        RawCheckout {
            items: vec![RawChoice {
                product_id: Some(Uuid::nil().to_string()),
                quantity: Some(Ok(1)),
                size: Some("M".into()),
                color: Some("noir".into()),
            }],
            contact: RawContact {
                first_name: " Awa ".into(),
                last_name: "Diop".into(),
                email: "Awa@Example.sn".into(),
                phone: phone.into(),
            },
            address: RawAddress { address: "Unité 15, villa 210".into(), ..RawAddress::default() },
            place: RawPlace {
                commune: "parcelles-assainies".into(),
                landmark: " Près de la mosquée ".into(),
                notes: String::new(),
            },
            shipping_method: None,
            payment_method: Some("paypal".into()),
            idempotency_key: Some("  ".into()),
            promo_code: Some("   ".into()),
            source: None,
        }
    }

    fn refusal(error: OrderError) -> (String, BTreeMap<&'static str, String>) {
        match error {
            OrderError::Validation { message, fields } => (message, fields),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn the_raw_checkout_becomes_methods_and_checked_values_once() {
        let request = CheckoutRequest::parse(raw("77.123.45.67")).unwrap();
        assert_eq!(request.shipping_method, ShippingMethod::Standard, "absent means standard");
        assert_eq!(request.payment_method, PaymentMethod::CashOnDelivery, "paypal means cash on delivery");
        assert_eq!(request.idempotency_key, None, "a blank key is no key");
        assert_eq!(request.promo_code, None, "a blank code is no code");
        assert_eq!(request.choices.len(), 1);
        let shipping = ShippingInfo::from(request.recipient);
        assert_eq!(shipping.phone, "+221771234567");
        assert_eq!((shipping.first_name.as_str(), shipping.email.as_str()), ("Awa", "awa@example.sn"));
        assert_eq!(shipping.country, "Sénégal");
    }

    #[test]
    fn a_customer_by_their_phone_needs_no_email_but_a_typed_one_must_be_right() {
        let mut request = raw("77 123 45 67");
        request.contact.email = "  ".into();
        let shipping = ShippingInfo::from(CheckoutRequest::parse(request.clone()).unwrap().recipient);
        assert_eq!((shipping.email.as_str(), shipping.phone.as_str()), ("", "+221771234567"));
        request.contact.email = "awa@".into();
        let (message, fields) = refusal(CheckoutRequest::parse(request).unwrap_err());
        assert_eq!(message, "Veuillez entrer une adresse email valide");
        assert_eq!(fields.keys().copied().collect::<Vec<_>>(), ["email"]);
    }

    #[test]
    fn senegalese_numbers_as_they_are_written_and_foreign_ones_in_international_form() {
        for (typed, stored) in [
            ("+221 77 123 45 67", "+221771234567"),
            ("77 123 45 67", "+221771234567"),
            ("00221 33 821 23 45", "+221338212345"),
            ("+33 6 12 34 56 78", "+33612345678"),
        ] {
            let request = CheckoutRequest::parse(raw(typed)).unwrap_or_else(|e| panic!("{typed}: {e}"));
            assert_eq!(request.recipient.contact.phone.as_str(), stored);
        }
    }

    #[test]
    fn what_is_not_a_phone_is_refused_in_french() {
        for junk in ["abc", "12", "77 123 45 6x"] {
            let (message, fields) = refusal(CheckoutRequest::parse(raw(junk)).unwrap_err());
            assert_eq!(message, "Veuillez entrer un numéro de téléphone valide", "{junk}");
            assert_eq!(fields.into_iter().collect::<Vec<_>>(), [("phone", message.clone())]);
        }
    }

    #[test]
    fn a_missing_field_sums_up_as_one_sentence_and_other_problems_by_the_first_found() {
        let mut blank = raw("abc");
        blank.place.landmark = " ".into();
        let (message, fields) = refusal(CheckoutRequest::parse(blank).unwrap_err());
        assert_eq!(message, "Veuillez remplir tous les champs obligatoires");
        assert_eq!(fields["landmark"], "Ce champ est requis");
        assert_eq!(fields["phone"], "Veuillez entrer un numéro de téléphone valide");
        let mut wrong = raw("abc");
        wrong.contact.email = "awa@".into();
        let (message, _) = refusal(CheckoutRequest::parse(wrong).unwrap_err());
        assert_eq!(message, "Veuillez entrer une adresse email valide", "the e-mail comes before the phone");
    }

    #[test]
    fn a_variant_is_ordered_ten_at_most_even_when_asked_in_several_lines() {
        let line = |quantity| RawChoice { quantity: Some(Ok(quantity)), ..raw("77 123 45 67").items[0].clone() };
        let mut request = raw("77 123 45 67");
        request.items = vec![line(10)];
        assert_eq!(CheckoutRequest::parse(request.clone()).unwrap().choices[0].quantity, 10);
        for items in [vec![line(11)], vec![line(6), line(5)]] {
            request.items = items;
            let error = CheckoutRequest::parse(request.clone()).unwrap_err();
            assert!(matches!(error, OrderError::Choice(bitik_catalog::ChoiceError::QuantityLimit)), "{error:?}");
        }
    }

    #[test]
    fn the_delivery_form_is_checked_before_the_methods_and_the_items() {
        let mut request = raw("abc");
        request.shipping_method = Some("drone".into());
        request.items.clear();
        let (_, fields) = refusal(CheckoutRequest::parse(request.clone()).unwrap_err());
        assert!(fields.contains_key("phone"));
        request.contact.phone = "77 123 45 67".into();
        let (message, _) = refusal(CheckoutRequest::parse(request.clone()).unwrap_err());
        assert_eq!(message, "Méthode de livraison invalide");
        request.shipping_method = Some("express".into());
        assert!(matches!(CheckoutRequest::parse(request), Err(OrderError::EmptyOrder)));
    }

    #[test]
    fn a_delivery_needs_a_street_a_commune_of_the_list_and_a_landmark_but_no_city_or_postcode() {
        let mut request = raw("77 123 45 67");
        request.address.zip_code = "12500".into();
        let recipient = CheckoutRequest::parse(request).unwrap().recipient;
        assert_eq!(recipient.commune.as_deref(), Some("parcelles-assainies"));
        assert_eq!(recipient.landmark, "Près de la mosquée");
        assert_eq!(recipient.address.zip_code, "", "Dakar has no postcodes: the field is not read");

        let mut blank = raw("77 123 45 67");
        blank.address.address = String::new();
        blank.place = RawPlace::default();
        let (message, fields) = refusal(CheckoutRequest::parse(blank).unwrap_err());
        assert_eq!(message, "Veuillez remplir tous les champs obligatoires");
        assert_eq!(fields.keys().copied().collect::<Vec<_>>(), ["address", "commune", "landmark"]);
        assert!(fields.values().all(|m| m == "Ce champ est requis"));
    }

    #[test]
    fn a_commune_that_cannot_be_a_code_of_the_list_is_refused_on_its_field() {
        for junk in ["Médina", "medina; DROP", "-", &"a".repeat(61)] {
            let mut request = raw("77 123 45 67");
            request.place.commune = junk.into();
            let (message, fields) = refusal(CheckoutRequest::parse(request).unwrap_err());
            assert_eq!(message, UNKNOWN_COMMUNE, "{junk}");
            assert_eq!(fields["commune"], UNKNOWN_COMMUNE);
        }
    }

    #[test]
    fn landmark_and_notes_have_their_lengths() {
        let mut request = raw("77 123 45 67");
        request.place.landmark = "é".repeat(200);
        request.place.notes = "n".repeat(500);
        assert!(CheckoutRequest::parse(request.clone()).is_ok(), "characters are counted, not bytes");
        request.place.landmark.push('é');
        request.place.notes.push('n');
        let (_, fields) = refusal(CheckoutRequest::parse(request).unwrap_err());
        assert_eq!(fields["landmark"], "Ce champ ne peut pas dépasser 200 caractères");
        assert_eq!(fields["notes"], "Ce champ ne peut pas dépasser 500 caractères");
    }

    #[test]
    fn pickup_at_the_shop_needs_neither_address_nor_commune_nor_landmark() {
        let mut request = raw("77 123 45 67");
        request.shipping_method = Some("pickup".into());
        request.address = RawAddress::default();
        request.place = RawPlace { commune: "n'importe quoi".into(), ..RawPlace::default() };
        let recipient = CheckoutRequest::parse(request).unwrap().recipient;
        assert_eq!(recipient.commune, None, "nothing is delivered: no commune is read");
        assert_eq!(recipient.address.address, "");
    }
}
