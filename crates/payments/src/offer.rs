//! Whether, and how, a shopper may pay an order with Wave now (docs/rules.md#payments): the one
//! rule behind « Payer avec Wave » on the order page and the payment's own start.

use bitik_orders::{Order, OrderStatus, PaymentMethod, PaymentStatus};
use chrono::{DateTime, Utc};

use crate::error::PaymentError;
use crate::model::SESSION_LIFETIME;

/// Whether the shopper may pay `order` with Wave now, and how: a pending, unpaid Wave order that
/// has not waited longer than a session lives, or a cash-on-delivery order not yet shipped and
/// unpaid, which becomes a Wave order when Wave's payment arrives (docs/rules.md#payments).
pub fn wave_offer(order: &Order, now: DateTime<Utc>) -> Result<WaveOffer, PaymentError> {
    match order.payment_status {
        PaymentStatus::Paid => return Err(PaymentError::AlreadyPaid),
        PaymentStatus::Refunded => return Err(PaymentError::NotPayable),
        PaymentStatus::Pending | PaymentStatus::Failed => {}
    }
    // A paid order whose total a correction raised: the rest is paid with Wave until it leaves
    // the shop's hands (no session lifetime applies: its stock is already the customer's).
    if order.payment_method == PaymentMethod::Wave && order.has_balance_due() {
        return match order.status {
            OrderStatus::Pending | OrderStatus::Processing | OrderStatus::Shipped => Ok(WaveOffer::PayBalance),
            _ => Err(PaymentError::NotPayable),
        };
    }
    match order.payment_method {
        PaymentMethod::Wave if order.status != OrderStatus::Pending => Err(PaymentError::NotPayable),
        PaymentMethod::Wave if order_too_old(order, now) => Err(PaymentError::SessionExpired),
        PaymentMethod::Wave => Ok(WaveOffer::Pay),
        PaymentMethod::CashOnDelivery if matches!(order.status, OrderStatus::Pending | OrderStatus::Processing) => {
            Ok(WaveOffer::SwitchFromCash)
        }
        PaymentMethod::CashOnDelivery => Err(PaymentError::NotPayable),
        PaymentMethod::Card => Err(PaymentError::NotWaveOrder),
    }
}

/// How an order may be paid with Wave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaveOffer {
    /// « Payer avec Wave »: a Wave order not paid yet.
    Pay,
    /// « Payer maintenant avec Wave »: a cash-on-delivery order, which becomes a Wave order.
    SwitchFromCash,
    /// « Payer le reste avec Wave »: what a correction added to a paid order.
    PayBalance,
}

impl WaveOffer {
    pub fn as_str(self) -> &'static str {
        match self {
            WaveOffer::Pay => "pay",
            WaveOffer::SwitchFromCash => "switch_from_cash",
            WaveOffer::PayBalance => "pay_balance",
        }
    }
}

/// An order that waited longer than a session lives gets no new session: its stock is held for
/// that long only, and the sweep is about to return it.
pub(crate) fn order_too_old(order: &Order, now: DateTime<Utc>) -> bool {
    (now - order.created_at).to_std().is_ok_and(|age| age >= SESSION_LIFETIME)
}
