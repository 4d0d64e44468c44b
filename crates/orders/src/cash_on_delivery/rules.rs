//! What may happen to a cash-on-delivery order's confirmation, given the order.

use chrono::{DateTime, Utc};

use super::confirmation::{Confirmation, OrderConfirmation};
use crate::error::OrderError;
use crate::model::{Order, OrderStatus, PaymentMethod};

/// How an order placed with `method` starts: cash on delivery waits for its confirmation, other
/// methods have none.
pub fn initial_confirmation(method: PaymentMethod) -> Option<Confirmation> {
    (method == PaymentMethod::CashOnDelivery).then_some(Confirmation::Awaiting)
}

/// The order's confirmation, if it may be confirmed now: a pending cash-on-delivery order that
/// is not confirmed yet.
pub fn check_confirmable(order: &Order) -> Result<&OrderConfirmation, OrderError> {
    let confirmation = order.confirmation.as_ref().ok_or(OrderError::NoConfirmation)?;
    if confirmation.is_confirmed() {
        return Err(OrderError::AlreadyConfirmed);
    }
    if order.status != OrderStatus::Pending || order.payment_method != PaymentMethod::CashOnDelivery {
        return Err(OrderError::NotConfirmable);
    }
    Ok(confirmation)
}

/// Whether a pending order still unconfirmed `hours` after it was asked for is to be cancelled.
pub fn expired(order: &Order, now: DateTime<Utc>, hours: u32) -> bool {
    let waiting = order.confirmation.as_ref().filter(|c| !c.is_confirmed());
    order.status == OrderStatus::Pending
        && waiting.is_some_and(|c| now - c.requested_at >= chrono::Duration::hours(i64::from(hours)))
}
