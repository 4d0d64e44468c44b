//! The cap on orders awaiting payment (docs/rules.md#orders): placing an order takes its units
//! off the shelf, so an account, or a phone, may hold only a few orders nobody has paid yet.
//! Otherwise free accounts could hold the whole stock with orders no one means to pay.

use crate::model::{Order, OrderStatus, PaymentStatus};

/// Orders awaiting payment one account, and one phone, may hold; the next checkout is refused.
pub const MAX_OPEN_UNPAID_ORDERS: u32 = 3;

/// The statuses in which an unpaid order still holds its units and may still be paid: `pending`
/// (a Wave order awaiting its payment, a cash-on-delivery order not yet confirmed), `processing`
/// and `shipped` (cash on delivery is paid at the door). A cancelled order gave its units back,
/// a delivered one is over.
pub const OPEN_STATUSES: [OrderStatus; 3] = [OrderStatus::Pending, OrderStatus::Processing, OrderStatus::Shipped];

/// Whether an order in this status and payment counts against the cap.
pub fn is_open_unpaid(status: OrderStatus, payment: PaymentStatus) -> bool {
    OPEN_STATUSES.contains(&status) && payment != PaymentStatus::Paid
}

impl Order {
    /// Neither paid nor finished: it counts against [`MAX_OPEN_UNPAID_ORDERS`].
    pub fn is_open_unpaid(&self) -> bool {
        is_open_unpaid(self.status, self.payment_status)
    }
}

/// Whose orders awaiting payment stood in the way of a new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenOrdersOf {
    /// The customer's account.
    Account,
    /// The phone the new order is to be delivered to, whatever the accounts that used it.
    Phone,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpaid_orders_count_until_they_are_cancelled_or_delivered() {
        use OrderStatus::*;
        for status in [Pending, Processing, Shipped] {
            for payment in [PaymentStatus::Pending, PaymentStatus::Failed, PaymentStatus::Refunded] {
                assert!(is_open_unpaid(status, payment), "{status:?} {payment:?}");
            }
            assert!(!is_open_unpaid(status, PaymentStatus::Paid), "{status:?} paid");
        }
        for status in [Cancelled, Delivered] {
            assert!(!is_open_unpaid(status, PaymentStatus::Pending), "{status:?}");
        }
    }
}
