//! What the shop may correct in an order before it leaves (docs/rules.md#corrections): its
//! delivery details until it ships, its items until it is prepared, and a Wave order not paid yet
//! switched to cash on delivery. Prices, fees and totals are the server's, as at checkout; a paid
//! order whose total changes keeps what was paid, and the difference is due (a Wave link) or owed
//! back (a refund).

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use uuid::Uuid;

use crate::checkout::Totals;
use crate::error::OrderError;
use crate::model::{Order, OrderLine, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo, StatusChange};
use crate::ports::Transition;

/// Delivery details are corrected until the parcel leaves the shop.
pub fn check_delivery_correctable(order: &Order) -> Result<(), OrderError> {
    match order.status {
        OrderStatus::Pending | OrderStatus::Processing => Ok(()),
        _ => Err(OrderError::DeliveryNotCorrectable),
    }
}

/// Items are corrected until the shop starts preparing the parcel (`processing`).
pub fn check_items_correctable(order: &Order) -> Result<(), OrderError> {
    match order.status {
        OrderStatus::Pending => Ok(()),
        _ => Err(OrderError::ItemsNotCorrectable),
    }
}

/// A Wave order nobody paid, still pending, may be paid at the door instead (where the zone takes
/// cash and the phone may: the service asks).
pub fn check_switch_to_cash(order: &Order) -> Result<(), OrderError> {
    let unpaid = matches!(order.payment_status, PaymentStatus::Pending | PaymentStatus::Failed)
        && order.amount_paid == Money::ZERO;
    if order.payment_method == PaymentMethod::Wave && order.status == OrderStatus::Pending && unpaid {
        Ok(())
    } else {
        Err(OrderError::NotSwitchableToCash)
    }
}

/// The payment status of an order whose total became `total`, for what was paid of it: paid
/// while it covers the total (more is owed back), a balance due when it does not; unpaid stays
/// as it was.
pub fn payment_status_for(current: PaymentStatus, amount_paid: Money, total: Money) -> PaymentStatus {
    if amount_paid == Money::ZERO || current == PaymentStatus::Refunded {
        current
    } else if amount_paid >= total {
        PaymentStatus::Paid
    } else {
        PaymentStatus::Pending
    }
}

/// What a correction was computed from: the repository applies it only to the order as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub status: OrderStatus,
    pub total: Money,
    pub amount_paid: Money,
}

impl Seen {
    pub fn of(order: &Order) -> Self {
        Seen { status: order.status, total: order.total, amount_paid: order.amount_paid }
    }
}

/// An order's new prices: its totals and its payment status for what was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Repriced {
    pub totals: Totals,
    pub payment_status: PaymentStatus,
}

/// The corrections' writes. Each locks the order's row, checks it is still as `seen`, and
/// writes all or nothing with its history entry (`Transition::Stale` when it changed meanwhile).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait OrderCorrections: Send + Sync {
    /// Replaces the delivery details (the zone and commune by code and by name as they are now)
    /// and the prices.
    async fn correct_delivery(
        &self,
        id: Uuid,
        seen: Seen,
        shipping: ShippingInfo,
        prices: Repriced,
        entry: StatusChange,
    ) -> Result<Transition, BoxError>;

    /// Replaces the lines and the prices. Each variant's units move by the difference, in the
    /// variants' one order, as a checkout takes them: a variant short of units refuses the whole
    /// correction (`Transition::OutOfStock`), and nothing is written.
    async fn replace_lines(
        &self,
        id: Uuid,
        seen: Seen,
        lines: Vec<OrderLine>,
        prices: Repriced,
        entry: StatusChange,
    ) -> Result<Transition, BoxError>;

    /// If the order is still pending, paid with Wave and unpaid: makes it a cash-on-delivery
    /// order awaiting its confirmation since `entry.at`, and asks the customer to confirm.
    async fn switch_to_cash(&self, id: Uuid, entry: StatusChange) -> Result<Transition, BoxError>;
}

/// What the history says of a change of lines: each line gone and each line come, « T-shirt
/// Teranga (noir, M) × 1 ».
pub fn lines_changed(before: &[OrderLine], after: &[OrderLine]) -> String {
    let describe = |l: &OrderLine| format!("{} ({}, {}) × {}", l.name, l.color, l.size, l.quantity);
    let same = |a: &OrderLine, b: &OrderLine| {
        a.product_id == b.product_id && a.color == b.color && a.size == b.size && a.quantity == b.quantity
    };
    let gone: Vec<String> = before.iter().filter(|b| !after.iter().any(|a| same(a, b))).map(describe).collect();
    let came: Vec<String> = after.iter().filter(|a| !before.iter().any(|b| same(a, b))).map(describe).collect();
    let mut parts = Vec::new();
    if !gone.is_empty() {
        parts.push(format!("retiré {}", gone.join(", ")));
    }
    if !came.is_empty() {
        parts.push(format!("ajouté {}", came.join(", ")));
    }
    format!("Articles modifiés : {}", parts.join(" ; "))
}

/// What a correction leaves to settle, said in the history: a balance to pay or money owed back.
pub fn money_note(amount_paid: Money, total: Money) -> Option<String> {
    if amount_paid == Money::ZERO || amount_paid == total {
        return None;
    }
    if amount_paid < total {
        let due = Money::francs(total.as_francs() - amount_paid.as_francs());
        Some(format!("reste {due} à payer"))
    } else {
        let back = Money::francs(amount_paid.as_francs() - total.as_francs());
        Some(format!("{back} à rembourser"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service_tests::placed;
    use OrderStatus::*;

    #[test]
    fn delivery_until_it_ships_items_until_it_is_prepared() {
        for (status, delivery, items) in [
            (Pending, true, true),
            (Processing, true, false),
            (Shipped, false, false),
            (Delivered, false, false),
            (Cancelled, false, false),
            (Refused, false, false),
        ] {
            let order = placed(status, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
            assert_eq!(check_delivery_correctable(&order).is_ok(), delivery, "{status:?}");
            assert_eq!(check_items_correctable(&order).is_ok(), items, "{status:?}");
        }
    }

    #[test]
    fn only_an_unpaid_pending_wave_order_switches_to_cash() {
        assert!(check_switch_to_cash(&placed(Pending, PaymentMethod::Wave, PaymentStatus::Pending)).is_ok());
        assert!(check_switch_to_cash(&placed(Pending, PaymentMethod::Wave, PaymentStatus::Failed)).is_ok());
        for (status, method, payment) in [
            (Processing, PaymentMethod::Wave, PaymentStatus::Paid),
            (Pending, PaymentMethod::CashOnDelivery, PaymentStatus::Pending),
            (Cancelled, PaymentMethod::Wave, PaymentStatus::Pending),
        ] {
            assert!(check_switch_to_cash(&placed(status, method, payment)).is_err(), "{status:?} {method:?}");
        }
        let mut balance = placed(Pending, PaymentMethod::Wave, PaymentStatus::Pending);
        balance.amount_paid = Money::francs(1_000);
        assert!(check_switch_to_cash(&balance).is_err(), "part of it was paid with Wave");
    }

    #[test]
    fn what_was_paid_decides_the_payment_status_after_a_new_total() {
        use PaymentStatus as P;
        let f = Money::francs;
        assert_eq!(payment_status_for(P::Pending, Money::ZERO, f(30_000)), P::Pending, "nothing paid");
        assert_eq!(payment_status_for(P::Paid, f(25_000), f(23_500)), P::Paid, "more paid than due");
        assert_eq!(payment_status_for(P::Paid, f(25_000), f(26_500)), P::Pending, "a balance is due");
        assert_eq!(payment_status_for(P::Pending, f(25_000), f(25_000)), P::Paid, "back to the total");
        assert_eq!(payment_status_for(P::Refunded, f(25_000), f(20_000)), P::Refunded);
        assert_eq!(money_note(f(25_000), f(26_500)).as_deref(), Some("reste 1 500 FCFA à payer"));
        assert_eq!(money_note(f(25_000), f(23_500)).as_deref(), Some("1 500 FCFA à rembourser"));
        assert_eq!(money_note(Money::ZERO, f(23_500)), None);
    }

    #[test]
    fn the_history_names_the_lines_gone_and_come() {
        let order = placed(Pending, PaymentMethod::CashOnDelivery, PaymentStatus::Pending);
        let before = order.lines.clone();
        let mut after = before.clone();
        after[0].size = "L".into();
        assert_eq!(
            lines_changed(&before, &after),
            "Articles modifiés : retiré T-shirt Teranga (noir, M) × 2 ; ajouté T-shirt Teranga (noir, L) × 2"
        );
    }
}
