//! Where a cash-on-delivery order stands with its customer, and what may happen next.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::OrderError;

/// A cash-on-delivery order's confirmation; Wave orders have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Confirmation {
    /// Nobody has reached the customer yet.
    Awaiting,
    Confirmed,
    /// Called, nobody answered: the shop tries again.
    NoAnswer,
    WrongNumber,
}

impl Confirmation {
    pub const ALL: [Confirmation; 4] =
        [Confirmation::Awaiting, Confirmation::Confirmed, Confirmation::NoAnswer, Confirmation::WrongNumber];

    pub fn as_str(self) -> &'static str {
        match self {
            Confirmation::Awaiting => "awaiting",
            Confirmation::Confirmed => "confirmed",
            Confirmation::NoAnswer => "no_answer",
            Confirmation::WrongNumber => "wrong_number",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == code)
    }

    /// What an admin may report after trying to reach the customer: anything but `awaiting`.
    pub fn outcome(code: &str) -> Result<Self, OrderError> {
        Self::parse(code.trim()).filter(|c| *c != Confirmation::Awaiting).ok_or(OrderError::UnknownConfirmation)
    }

    /// The state after `outcome` is reported: an order not yet confirmed takes any outcome (a
    /// wrong number may turn out right, a silent phone may answer later); a confirmed one is
    /// settled.
    pub fn after(self, outcome: Confirmation) -> Result<Confirmation, OrderError> {
        match (self, outcome) {
            (Confirmation::Confirmed, _) => Err(OrderError::AlreadyConfirmed),
            (_, Confirmation::Awaiting) => Err(OrderError::UnknownConfirmation),
            (_, outcome) => Ok(outcome),
        }
    }
}

/// One report of the shop's (or the customer's) attempt to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmationAttempt {
    pub outcome: Confirmation,
    /// As shown to people: "Admin Mariama Sow", "Client".
    pub by: String,
    pub by_user: Option<Uuid>,
    pub at: DateTime<Utc>,
}

/// What a cash-on-delivery order carries about its confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderConfirmation {
    pub state: Confirmation,
    /// Oldest first.
    pub attempts: Vec<ConfirmationAttempt>,
    /// Since when the order waits for its confirmation: when it was placed, or reopened.
    pub requested_at: DateTime<Utc>,
    /// When the customer's signed link confirmed it: a link serves once.
    pub link_used_at: Option<DateTime<Utc>>,
}

impl OrderConfirmation {
    pub fn is_confirmed(&self) -> bool {
        self.state == Confirmation::Confirmed
    }
}
