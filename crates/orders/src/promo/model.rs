use bitik_common::Money;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// What a code takes off: a percentage of the eligible lines, or an amount in FCFA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoKind {
    Percent,
    Fixed,
}

impl PromoKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PromoKind::Percent => "percent",
            PromoKind::Fixed => "fixed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "percent" => Some(PromoKind::Percent),
            "fixed" => Some(PromoKind::Fixed),
            _ => None,
        }
    }
}

/// A code as the back office made it, checked by [`crate::promo::PromoForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPromoCode {
    /// Upper case: codes are read whatever their case.
    pub code: String,
    pub kind: PromoKind,
    /// A percentage (1 to 100) or whole francs.
    pub value: i64,
    /// The eligible subtotal below which the code is refused; `None`: no minimum.
    pub min_subtotal: Option<Money>,
    /// From when, until when (excluded); `None`: no limit.
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    /// Orders that may use it in all; `None`: no limit.
    pub usage_limit: Option<u32>,
    /// One order per customer at most.
    pub once_per_customer: bool,
    /// Whether it also takes off lines already on promotion.
    pub includes_promotions: bool,
    pub active: bool,
}

/// A stored code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCode {
    pub id: Uuid,
    pub fields: NewPromoCode,
    pub created_at: DateTime<Utc>,
}

/// A code with what it did, for the back office.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCodeStats {
    pub code: PromoCode,
    /// Orders that name it and are not cancelled.
    pub uses: u32,
    /// The totals of those orders that count as revenue (`crate::stats`: paid or delivered).
    pub revenue: Money,
    /// What it took off those orders.
    pub discounts: Money,
}

/// How often a code was used: in all, and by one customer (orders not cancelled).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub total: u32,
    pub by_customer: u32,
}

/// A line of a basket as the rules read it: its amount at the price paid, and whether that price
/// is a promotion's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PromoLine {
    pub amount: Money,
    pub on_promotion: bool,
}

/// The code an order is placed with. Its transaction reads the code's limits again under the
/// code's lock: a change the back office made meanwhile counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedPromo {
    pub id: Uuid,
    /// As the shop spells it: the order keeps it.
    pub code: String,
}

impl From<&PromoCode> for AppliedPromo {
    fn from(code: &PromoCode) -> Self {
        AppliedPromo { id: code.id, code: code.fields.code.clone() }
    }
}
