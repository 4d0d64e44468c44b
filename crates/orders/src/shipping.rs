//! Delivery methods and their fees: the one source the cart, checkout and the delivery page use
//! (docs/rules.md#delivery).

use bitik_common::Money;

/// Standard delivery is free from this subtotal (the product page's promise).
pub const FREE_DELIVERY_THRESHOLD: Money = Money::francs(50_000);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShippingMethod {
    Standard,
    Express,
    Pickup,
}

impl ShippingMethod {
    pub const ALL: [ShippingMethod; 3] = [ShippingMethod::Standard, ShippingMethod::Express, ShippingMethod::Pickup];

    pub fn as_str(self) -> &'static str {
        match self {
            ShippingMethod::Standard => "standard",
            ShippingMethod::Express => "express",
            ShippingMethod::Pickup => "pickup",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            ShippingMethod::Standard => "Livraison standard",
            ShippingMethod::Express => "Livraison express",
            ShippingMethod::Pickup => "Retrait en boutique",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            ShippingMethod::Standard => "Parcelles Assainies, 1-2 jours",
            ShippingMethod::Express => "Zones environnantes, 1-2 jours",
            ShippingMethod::Pickup => "En boutique, 9h-19h du lundi au samedi",
        }
    }

    /// The fee before any free-delivery rule.
    pub fn base_fee(self) -> Money {
        match self {
            ShippingMethod::Standard => Money::francs(1_000),
            ShippingMethod::Express => Money::francs(2_000),
            ShippingMethod::Pickup => Money::ZERO,
        }
    }

    /// Whether the free-delivery threshold applies to this method.
    pub fn free_from_threshold(self) -> bool {
        self == ShippingMethod::Standard
    }

    /// What the shopper pays for delivery of an order of `subtotal`.
    pub fn fee_for(self, subtotal: Money) -> Money {
        if self.free_from_threshold() && subtotal >= FREE_DELIVERY_THRESHOLD { Money::ZERO } else { self.base_fee() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_follow_the_shops_rules() {
        assert_eq!(ShippingMethod::Standard.fee_for(Money::francs(49_999)), Money::francs(1_000));
        assert_eq!(ShippingMethod::Standard.fee_for(Money::francs(50_000)), Money::ZERO);
        assert_eq!(ShippingMethod::Express.fee_for(Money::francs(80_000)), Money::francs(2_000));
        assert_eq!(ShippingMethod::Pickup.fee_for(Money::francs(1_000)), Money::ZERO);
    }

    #[test]
    fn methods_read_their_codes() {
        for method in ShippingMethod::ALL {
            assert_eq!(ShippingMethod::parse(method.as_str()), Some(method));
        }
        assert_eq!(ShippingMethod::parse("drone"), None);
    }
}
