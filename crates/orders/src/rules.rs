//! Who may change an order's status, and what the change does to stock (docs/rules.md#orders).

use crate::model::{Order, OrderStatus, PaymentStatus, StockEffect};

/// A customer may cancel their order while it is pending and unpaid.
pub fn customer_may_cancel(order: &Order) -> bool {
    order.status == OrderStatus::Pending && order.payment_status != PaymentStatus::Paid
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
    }
}
