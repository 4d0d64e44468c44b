//! What the shop knows of a phone number: how its cash-on-delivery parcels ended, and the
//! admin's word on whether it may still pay at the door.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// An admin's decision about a phone, with the reason they wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneOverride {
    /// `Some(true)` lifts the refusal rule, `Some(false)` blocks cash on delivery, `None` lets
    /// the rule decide (the note stays).
    pub cod_allowed: Option<bool>,
    pub note: String,
    pub by: String,
    pub by_user: Option<Uuid>,
    pub at: DateTime<Utc>,
}

/// Counted from the orders placed with the phone (E.164).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneRecord {
    pub phone: String,
    pub delivered: u64,
    pub refused: u64,
    /// Cancelled before anyone confirmed them (by the expiry, the customer or the shop).
    pub cancelled_unconfirmed: u64,
    pub decision: Option<PhoneOverride>,
}

impl PhoneRecord {
    /// A phone the shop has never seen.
    pub fn blank(phone: &str) -> Self {
        PhoneRecord { phone: phone.to_owned(), delivered: 0, refused: 0, cancelled_unconfirmed: 0, decision: None }
    }

    /// Whether checkout offers cash on delivery to this phone: the admin's decision when there
    /// is one, else fewer than `max_refusals` parcels refused at the door.
    pub fn cash_on_delivery_allowed(&self, max_refusals: u32) -> bool {
        match self.decision.as_ref().and_then(|d| d.cod_allowed) {
            Some(allowed) => allowed,
            None => self.refused < u64::from(max_refusals),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(refused: u64, cod_allowed: Option<bool>) -> PhoneRecord {
        PhoneRecord {
            refused,
            decision: Some(PhoneOverride {
                cod_allowed,
                note: "Client connu".into(),
                by: "Admin Mariama Sow".into(),
                by_user: None,
                at: Utc::now(),
            }),
            ..PhoneRecord::blank("+221771234567")
        }
    }

    #[test]
    fn the_refusal_rule_refuses_from_the_limit_unless_an_admin_decided() {
        assert!(PhoneRecord::blank("+221771234567").cash_on_delivery_allowed(2));
        assert!(record(1, None).cash_on_delivery_allowed(2), "one refusal: still allowed");
        assert!(!record(2, None).cash_on_delivery_allowed(2), "two refusals: no more");
        assert!(!record(5, None).cash_on_delivery_allowed(2));
        assert!(record(2, Some(true)).cash_on_delivery_allowed(2), "lifted by an admin");
        assert!(!record(0, Some(false)).cash_on_delivery_allowed(2), "blocked by an admin");
        assert!(record(2, None).cash_on_delivery_allowed(3), "the limit is the shop's setting");
    }
}
