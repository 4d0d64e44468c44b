//! How a parcel travels: delivered (standard or express), or picked up at the shop. What each
//! costs is the delivery zone's (`crate::delivery`, docs/rules.md#delivery).

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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_read_their_codes() {
        for method in ShippingMethod::ALL {
            assert_eq!(ShippingMethod::parse(method.as_str()), Some(method));
        }
        assert_eq!(ShippingMethod::parse("drone"), None);
    }
}
