//! Money going back to a customer (docs/rules.md#refunds): a Wave refund asked of Wave, always
//! of the whole amount paid, or a refund of a cash-on-delivery order the shop made itself, in
//! cash or by Wave transfer, of any part of what was paid and not yet refunded.
//!
//! A refund's state follows what is known of it:
//!
//! ```text
//! requested ──► succeeded
//!     │    ╲──► failed
//!     ▼
//!  unknown ───► succeeded | failed   (after asking Wave again)
//! ```
//!
//! `requested` and `unknown` are "in flight": while one exists, no other Wave refund of the order
//! is asked for (the database's unique index says so too). `succeeded` and `failed` are final.

use bitik_common::Money;
use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Longest reason of a refund, in characters (the column's limit too).
pub const MAX_REFUND_REASON: usize = 500;

/// How the money goes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundMethod {
    /// Asked of Wave, on the order's paid checkout session (whole amount).
    Wave,
    /// Handed back in cash by the shop.
    Cash,
    /// Sent by the shop from its own Wave account.
    WaveTransfer,
}

impl RefundMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            RefundMethod::Wave => "wave",
            RefundMethod::Cash => "cash",
            RefundMethod::WaveTransfer => "wave_transfer",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [RefundMethod::Wave, RefundMethod::Cash, RefundMethod::WaveTransfer].into_iter().find(|m| m.as_str() == code)
    }

    /// The methods of a refund the shop records itself (a cash-on-delivery order's).
    pub fn recorded(code: &str) -> Option<Self> {
        Self::parse(code).filter(|m| *m != RefundMethod::Wave)
    }

    pub fn label(self) -> &'static str {
        match self {
            RefundMethod::Wave => "Wave",
            RefundMethod::Cash => "Espèces",
            RefundMethod::WaveTransfer => "Transfert Wave",
        }
    }
}

/// Where a refund stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefundState {
    /// Asked of Wave; no answer yet.
    Requested,
    /// Wave's answer was lost (a timeout, a broken connection): to be checked with Wave.
    Unknown,
    Succeeded,
    /// Wave refused: nothing was refunded.
    Failed,
}

/// Why a refund cannot move to the state asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a refund {from:?} cannot become {to:?}")]
pub struct RefundSettled {
    pub from: RefundState,
    pub to: RefundState,
}

impl RefundState {
    pub const ALL: [RefundState; 4] =
        [RefundState::Requested, RefundState::Unknown, RefundState::Succeeded, RefundState::Failed];

    pub fn as_str(self) -> &'static str {
        match self {
            RefundState::Requested => "requested",
            RefundState::Unknown => "unknown",
            RefundState::Succeeded => "succeeded",
            RefundState::Failed => "failed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == code)
    }

    /// As the back office shows it.
    pub fn label(self) -> &'static str {
        match self {
            RefundState::Requested => "En cours",
            RefundState::Unknown => "À vérifier",
            RefundState::Succeeded => "Effectué",
            RefundState::Failed => "Échoué",
        }
    }

    /// Asked of Wave and not settled: no other Wave refund of the order may start.
    pub fn in_flight(self) -> bool {
        matches!(self, RefundState::Requested | RefundState::Unknown)
    }

    pub fn settled(self) -> bool {
        matches!(self, RefundState::Succeeded | RefundState::Failed)
    }

    /// The state after `to` is learnt: a requested refund may end any way, or become unknown
    /// when Wave's answer is lost; an unknown one ends only by Wave's word; a settled one never
    /// changes again.
    pub fn after(self, to: RefundState) -> Result<RefundState, RefundSettled> {
        use RefundState::*;
        match (self, to) {
            (Requested, Succeeded | Failed | Unknown) | (Unknown, Succeeded | Failed) => Ok(to),
            _ => Err(RefundSettled { from: self, to }),
        }
    }
}

/// One refund of an order, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: Uuid,
    pub order_id: Uuid,
    pub amount: Money,
    pub method: RefundMethod,
    pub state: RefundState,
    pub reason: String,
    /// As shown to people: "Admin Mariama Sow".
    pub requested_by: String,
    pub by_user: Option<Uuid>,
    /// Wave's error code when Wave refused.
    pub error_code: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When it succeeded or failed.
    pub settled_at: Option<DateTime<Utc>>,
}

/// A refund about to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRefund {
    pub order_id: Uuid,
    pub amount: Money,
    pub method: RefundMethod,
    pub reason: String,
    pub requested_by: String,
    pub by_user: Option<Uuid>,
    pub at: DateTime<Utc>,
}

/// What the succeeded refunds of `refunds` come to.
pub fn refunded_total(refunds: &[Refund]) -> Money {
    let francs = refunds.iter().filter(|r| r.state == RefundState::Succeeded).map(|r| r.amount.as_francs()).sum();
    Money::francs(francs)
}

/// What is left to refund of an order that already gave back `refunded`: what was paid
/// (`Order::amount_paid`: its total, or what a correction left) less that, never below zero.
pub fn refundable(paid: Money, refunded: Money) -> Money {
    Money::francs((paid.as_francs() - refunded.as_francs()).max(0))
}

/// Whether a recorded refund of `amount`, after `refunded` already given back, gives the whole
/// of what was paid back: the order's payment then reads `refunded`.
pub fn refunds_in_full(paid: Money, refunded: Money, amount: Money) -> bool {
    refunded.as_francs() + amount.as_francs() >= paid.as_francs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use RefundState::*;

    #[test]
    fn a_requested_refund_ends_any_way_and_an_unknown_one_only_by_waves_word() {
        assert_eq!(Requested.after(Succeeded), Ok(Succeeded));
        assert_eq!(Requested.after(Failed), Ok(Failed));
        assert_eq!(Requested.after(Unknown), Ok(Unknown));
        assert_eq!(Unknown.after(Succeeded), Ok(Succeeded));
        assert_eq!(Unknown.after(Failed), Ok(Failed));
        assert!(Unknown.after(Unknown).is_err());
        assert!(Unknown.after(Requested).is_err());
        for settled in [Succeeded, Failed] {
            for to in RefundState::ALL {
                assert!(settled.after(to).is_err(), "{settled:?} never becomes {to:?}");
            }
        }
    }

    #[test]
    fn only_requested_and_unknown_are_in_flight() {
        assert!(Requested.in_flight() && Unknown.in_flight());
        assert!(!Succeeded.in_flight() && !Failed.in_flight());
        for state in RefundState::ALL {
            assert_eq!(RefundState::parse(state.as_str()), Some(state));
        }
    }

    fn refund(amount: i64, state: RefundState) -> Refund {
        Refund {
            id: Uuid::nil(),
            order_id: Uuid::nil(),
            amount: Money::francs(amount),
            method: RefundMethod::Cash,
            state,
            reason: "x".into(),
            requested_by: "Admin".into(),
            by_user: None,
            error_code: None,
            created_at: Utc::now(),
            settled_at: None,
        }
    }

    #[test]
    fn only_succeeded_refunds_count_and_what_is_left_is_never_negative() {
        let refunds = [refund(2_000, Succeeded), refund(5_000, Failed), refund(1_000, Succeeded)];
        assert_eq!(refunded_total(&refunds), Money::francs(3_000));
        assert_eq!(refundable(Money::francs(10_000), Money::francs(3_000)), Money::francs(7_000));
        assert_eq!(refundable(Money::francs(10_000), Money::francs(12_000)), Money::francs(0));
        assert!(refunds_in_full(Money::francs(10_000), Money::francs(3_000), Money::francs(7_000)));
        assert!(!refunds_in_full(Money::francs(10_000), Money::francs(3_000), Money::francs(6_999)));
    }

    #[test]
    fn a_recorded_refund_is_in_cash_or_by_wave_transfer() {
        assert_eq!(RefundMethod::recorded("cash"), Some(RefundMethod::Cash));
        assert_eq!(RefundMethod::recorded("wave_transfer"), Some(RefundMethod::WaveTransfer));
        assert_eq!(RefundMethod::recorded("wave"), None);
        assert_eq!(RefundMethod::recorded("card"), None);
    }
}
