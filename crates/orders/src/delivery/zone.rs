//! A delivery zone and the fee rules of an order delivered there (docs/rules.md#delivery).

use bitik_common::{FieldErrors, Money};

use crate::error::OrderError;
use crate::model::PaymentMethod;
use crate::shipping::ShippingMethod;

/// A commune a zone covers. Its code is what a checkout and an address name it by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commune {
    pub code: String,
    pub name: String,
}

/// An area the shop delivers to, at one fee, in one delay, with or without cash on delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryZone {
    pub code: String,
    pub name: String,
    /// Standard delivery.
    pub fee: Money,
    /// `None`: express delivery is not offered in the zone.
    pub express_fee: Option<Money>,
    /// Standard delivery is free from this subtotal; `None`: never free.
    pub free_from: Option<Money>,
    /// As shoppers read it: « 24 h », « 2 à 4 jours ouvrés ».
    pub delay: String,
    /// Express delivery's own delay (« Le jour même »); `Some` exactly when it is offered.
    pub express_delay: Option<String>,
    pub cash_on_delivery: bool,
    /// An inactive zone is kept for the orders that name it; nobody can order to it.
    pub active: bool,
    pub communes: Vec<Commune>,
}

impl DeliveryZone {
    /// Whether standard delivery of an order of `subtotal` (the lines at the prices paid) is free.
    pub fn is_free_for(&self, subtotal: Money) -> bool {
        self.free_from.is_some_and(|from| subtotal >= from)
    }

    /// What delivery by `method` costs in this zone for an order of `subtotal`. Express where the
    /// zone offers none is refused, never charged at another fee.
    pub fn fee_for(&self, method: ShippingMethod, subtotal: Money) -> Result<Money, OrderError> {
        match method {
            ShippingMethod::Pickup => Ok(Money::ZERO),
            ShippingMethod::Standard if self.is_free_for(subtotal) => Ok(Money::ZERO),
            ShippingMethod::Standard => Ok(self.fee),
            ShippingMethod::Express => self.express_fee.ok_or_else(|| self.no_express()),
        }
    }

    /// Refuses what the zone does not offer: express without an express fee, cash on delivery
    /// where it is off.
    pub fn check(&self, method: ShippingMethod, payment: PaymentMethod) -> Result<(), OrderError> {
        if method == ShippingMethod::Express && self.express_fee.is_none() {
            return Err(self.no_express());
        }
        if payment == PaymentMethod::CashOnDelivery && !self.cash_on_delivery {
            let message = format!(
                "Le paiement à la livraison n'est pas proposé dans la zone {} : veuillez payer avec Wave.",
                self.name
            );
            return Err(OrderError::validation(FieldErrors::of("paymentMethod", message)));
        }
        Ok(())
    }

    fn no_express(&self) -> OrderError {
        let message = format!(
            "La livraison express n'est pas proposée dans la zone {} : choisissez la livraison standard.",
            self.name
        );
        OrderError::validation(FieldErrors::of("shippingMethod", message))
    }
}

/// Where a checkout's parcel goes: the shop's counter, or a commune of a zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Pickup,
    Commune { zone: Box<DeliveryZone>, commune: Commune },
}

impl Destination {
    /// The fee of delivery by `method` for an order of `subtotal`: pickup at the shop is free.
    pub fn fee_for(&self, method: ShippingMethod, subtotal: Money) -> Result<Money, OrderError> {
        match self {
            Destination::Pickup => Ok(Money::ZERO),
            Destination::Commune { zone, .. } => zone.fee_for(method, subtotal),
        }
    }

    /// The zone's refusals ([`DeliveryZone::check`]); the shop's counter takes every method.
    pub fn check(&self, method: ShippingMethod, payment: PaymentMethod) -> Result<(), OrderError> {
        match self {
            Destination::Pickup => Ok(()),
            Destination::Commune { zone, .. } => zone.check(method, payment),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The seeded city zone: 1 500, express 2 500, free from 50 000, cash on delivery.
    pub(crate) fn dakar() -> DeliveryZone {
        DeliveryZone {
            code: "dakar-ville".into(),
            name: "Dakar ville".into(),
            fee: Money::francs(1_500),
            express_fee: Some(Money::francs(2_500)),
            free_from: Some(Money::francs(50_000)),
            delay: "24 h".into(),
            express_delay: Some("Le jour même".into()),
            cash_on_delivery: true,
            active: true,
            communes: vec![Commune { code: "medina".into(), name: "Médina".into() }],
        }
    }

    /// The regions: 3 500, no express, never free, Wave only.
    pub(crate) fn regions() -> DeliveryZone {
        DeliveryZone {
            code: "regions".into(),
            name: "Régions".into(),
            fee: Money::francs(3_500),
            express_fee: None,
            free_from: None,
            delay: "2 à 4 jours ouvrés".into(),
            express_delay: None,
            cash_on_delivery: false,
            active: true,
            communes: vec![Commune { code: "thies".into(), name: "Thiès".into() }],
        }
    }

    fn field_message(error: OrderError, field: &str) -> String {
        match error {
            OrderError::Validation { fields, .. } => fields[field].clone(),
            other => panic!("expected a field error on {field}, got {other:?}"),
        }
    }

    #[test]
    fn standard_delivery_costs_the_zone_fee_and_is_free_from_its_threshold() {
        let zone = dakar();
        assert_eq!(zone.fee_for(ShippingMethod::Standard, Money::francs(49_999)).unwrap(), Money::francs(1_500));
        assert_eq!(zone.fee_for(ShippingMethod::Standard, Money::francs(50_000)).unwrap(), Money::ZERO);
        assert_eq!(regions().fee_for(ShippingMethod::Standard, Money::francs(900_000)).unwrap(), Money::francs(3_500));
    }

    #[test]
    fn express_costs_its_own_fee_whatever_the_subtotal_and_is_refused_where_not_offered() {
        assert_eq!(dakar().fee_for(ShippingMethod::Express, Money::francs(80_000)).unwrap(), Money::francs(2_500));
        let refused = regions().fee_for(ShippingMethod::Express, Money::francs(10_000)).unwrap_err();
        assert_eq!(
            field_message(refused, "shippingMethod"),
            "La livraison express n'est pas proposée dans la zone Régions : choisissez la livraison standard."
        );
        assert!(regions().check(ShippingMethod::Express, PaymentMethod::Wave).is_err());
    }

    #[test]
    fn pickup_at_the_shop_is_free_and_takes_any_payment() {
        assert_eq!(Destination::Pickup.fee_for(ShippingMethod::Pickup, Money::francs(1_000)).unwrap(), Money::ZERO);
        assert!(Destination::Pickup.check(ShippingMethod::Pickup, PaymentMethod::CashOnDelivery).is_ok());
        let regions = Destination::Commune {
            zone: Box::new(regions()),
            commune: Commune { code: "thies".into(), name: "Thiès".into() },
        };
        assert_eq!(regions.fee_for(ShippingMethod::Pickup, Money::francs(1_000)).unwrap(), Money::ZERO);
    }

    #[test]
    fn cash_on_delivery_is_refused_where_the_zone_takes_none() {
        assert!(dakar().check(ShippingMethod::Standard, PaymentMethod::CashOnDelivery).is_ok());
        assert!(regions().check(ShippingMethod::Standard, PaymentMethod::Wave).is_ok());
        let refused = regions().check(ShippingMethod::Standard, PaymentMethod::CashOnDelivery).unwrap_err();
        assert_eq!(
            field_message(refused, "paymentMethod"),
            "Le paiement à la livraison n'est pas proposé dans la zone Régions : veuillez payer avec Wave."
        );
    }

    #[test]
    fn a_zone_without_threshold_is_never_free_and_a_zero_threshold_always_is() {
        let mut zone = dakar();
        zone.free_from = None;
        assert!(!zone.is_free_for(Money::francs(10_000_000)));
        zone.free_from = Some(Money::ZERO);
        assert_eq!(zone.fee_for(ShippingMethod::Standard, Money::francs(500)).unwrap(), Money::ZERO);
        assert_eq!(zone.fee_for(ShippingMethod::Express, Money::francs(500)).unwrap(), Money::francs(2_500));
    }
}
