//! Who may change an order's status, and what the change does to stock (docs/rules.md#orders).

use crate::error::OrderError;
use crate::model::{Order, OrderStatus, PaymentMethod, PaymentStatus, StatusChange, StockEffect};

/// A customer may cancel their order while it is pending and unpaid.
pub fn customer_may_cancel(order: &Order) -> bool {
    order.status == OrderStatus::Pending && order.payment_status != PaymentStatus::Paid
}

/// The shop may record cash received for a cash-on-delivery order not paid yet, once it is
/// delivered: the cash changes hands at the door (one order, or every order of a courier's round).
pub fn check_cash_receivable(order: &Order) -> Result<(), OrderError> {
    if order.payment_method != PaymentMethod::CashOnDelivery {
        return Err(OrderError::NotCashOnDelivery);
    }
    if order.payment_status == PaymentStatus::Paid {
        return Err(OrderError::AlreadyPaid);
    }
    match order.status {
        OrderStatus::Delivered => Ok(()),
        OrderStatus::Cancelled => Err(OrderError::CancelledOrder),
        _ => Err(OrderError::NotDelivered),
    }
}

/// An admin may set any status from any other. Entering `cancelled` returns the
/// stock; leaving it takes the stock again, which fails when it is gone. A cancelled order is
/// therefore never re-opened without its units.
pub fn stock_effect(from: OrderStatus, to: OrderStatus) -> StockEffect {
    match (from == OrderStatus::Cancelled, to == OrderStatus::Cancelled) {
        (false, true) => StockEffect::Return,
        (true, false) => StockEffect::Take,
        _ => StockEffect::None,
    }
}

/// What an admin's "any status from any other" leaves out (docs/rules.md#cash-on-delivery):
/// a cash-on-delivery order is prepared, shipped or delivered only once its customer confirmed
/// it; only a shipped parcel can be refused at the door; and a refused parcel back at the shop
/// closes its order (its stock came back with it).
pub fn check_change(order: &Order, to: OrderStatus) -> Result<(), OrderError> {
    if order.returned_at.is_some() {
        return Err(OrderError::ReturnedOrderClosed);
    }
    if to == OrderStatus::Refused && order.status != OrderStatus::Shipped {
        return Err(OrderError::RefusalNeedsShipping);
    }
    let fulfilled = matches!(to, OrderStatus::Processing | OrderStatus::Shipped | OrderStatus::Delivered);
    let unconfirmed = order.confirmation.as_ref().is_some_and(|c| !c.is_confirmed());
    if fulfilled && unconfirmed {
        return Err(OrderError::NotConfirmed);
    }
    Ok(())
}

/// Whether giving back the whole of what was paid cancels the order: it does while the order
/// was not delivered (its units go back to stock with the cancellation, in the refund's
/// transaction). A refund after delivery is a return and leaves status and stock alone; a refused
/// parcel's units come back when it does; a cancelled order is cancelled already.
pub fn refund_in_full_cancels(status: OrderStatus) -> bool {
    matches!(status, OrderStatus::Pending | OrderStatus::Processing | OrderStatus::Shipped)
}

/// The history entry of the cancellation a refund in full makes, by the refund's author: the
/// customer reads why their order is cancelled.
pub fn cancellation_by_refund(refund_entry: &StatusChange) -> StatusChange {
    StatusChange {
        status: OrderStatus::Cancelled,
        note: "Commande annulée : remboursée en totalité".to_owned(),
        note_visible: true,
        // Just after the refund's own entry: a history is read in time order.
        at: refund_entry.at + chrono::Duration::microseconds(1),
        ..refund_entry.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancelling_returns_stock_and_reopening_takes_it() {
        use OrderStatus::*;
        assert_eq!(stock_effect(Pending, Cancelled), StockEffect::Return);
        assert_eq!(stock_effect(Shipped, Cancelled), StockEffect::Return);
        assert_eq!(stock_effect(Cancelled, Processing), StockEffect::Take);
        assert_eq!(stock_effect(Pending, Delivered), StockEffect::None);
        assert_eq!(stock_effect(Cancelled, Cancelled), StockEffect::None);
        assert_eq!(stock_effect(Shipped, Refused), StockEffect::None, "a refused parcel is not back yet");
        assert_eq!(stock_effect(Refused, Cancelled), StockEffect::Return);
    }

    #[test]
    fn a_refund_in_full_cancels_only_what_was_not_delivered() {
        use OrderStatus::*;
        for status in [Pending, Processing, Shipped] {
            assert!(refund_in_full_cancels(status), "{status:?}");
        }
        for status in [Delivered, Refused, Cancelled] {
            assert!(!refund_in_full_cancels(status), "{status:?}");
        }
    }
}
