//! Refunds (docs/rules.md#refunds): a paid Wave order is refunded by Wave, in full, on its paid
//! checkout session; a paid cash-on-delivery order gets a refund the shop records itself (cash
//! or Wave transfer, any part of what is left). A refund is stored before Wave is asked, so that
//! a lost answer leaves a refund « à vérifier » that blocks any other, and the check asks Wave.

use std::sync::Arc;
use std::time::Duration;

use bitik_common::{FieldErrors, Money};
use bitik_orders::refund::{MAX_REFUND_REASON, refundable, refunded_total};
use bitik_orders::{
    Actor, ActorKind, NewRefund, Order, OrderRepository, OrderStatus, PaymentMethod, PaymentStatus, Refund,
    RefundMethod, RefundState, StatusChange,
};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::PaymentError;
use crate::model::Payment;
use crate::ports::{
    CashRefundOutcome, GatewayError, PaymentRepository, RefundOutcome, RefundRepository, WaveGateway, WaveRefundStart,
};
use crate::service::Clock;

/// A refund asked of Wave this recently may still be waiting for Wave's answer: it is not
/// checked yet (the Wave client's own time limit is shorter).
pub const REQUEST_GRACE: Duration = Duration::from_secs(60);

/// How long an admin is asked to wait when Wave limits us without saying for how long.
const DEFAULT_RETRY_AFTER: Duration = Duration::from_secs(5);

/// Wave's error code kept on a refund the check found Wave does not show.
pub const NOT_REFUNDED_AT_WAVE: &str = "not-refunded";

/// What the admin sent: `{"reason"}` for a Wave order, `{"amount", "method", "reason"}` for a
/// cash-on-delivery order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefundAsked {
    pub amount: Option<i64>,
    pub method: Option<String>,
    pub reason: Option<String>,
}

/// The order after a refund, and whether Wave's answer was lost (the refund is « à vérifier »).
#[derive(Debug, Clone, PartialEq)]
pub struct RefundDone {
    pub order: Order,
    pub to_check: bool,
}

pub struct RefundService {
    orders: Arc<dyn OrderRepository>,
    payments: Arc<dyn PaymentRepository>,
    refunds: Arc<dyn RefundRepository>,
    gateway: Arc<dyn WaveGateway>,
    clock: Clock,
}

impl RefundService {
    pub fn new(
        orders: Arc<dyn OrderRepository>,
        payments: Arc<dyn PaymentRepository>,
        refunds: Arc<dyn RefundRepository>,
        gateway: Arc<dyn WaveGateway>,
    ) -> Self {
        Self { orders, payments, refunds, gateway, clock: Arc::new(Utc::now) }
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    /// Refunds the order as its payment method wants. Bad input and an order that cannot be
    /// refunded change nothing.
    pub async fn refund(&self, actor: &Actor, order_id: Uuid, asked: RefundAsked) -> Result<RefundDone, PaymentError> {
        let order = self.find(order_id).await?;
        match order.payment_method {
            // A Wave order's money goes back through Wave, whole; the shop may instead record a
            // refund it made itself (the difference a correction owes back, by Wave transfer).
            PaymentMethod::Wave if asked.method.is_none() => self.refund_by_wave(actor, order, asked).await,
            PaymentMethod::Wave | PaymentMethod::CashOnDelivery => self.record(actor, order, asked).await,
            PaymentMethod::Card => Err(PaymentError::NotRefundable),
        }
    }

    /// Asks Wave to refund the whole of a paid Wave order, once: the refund is stored as
    /// requested first (the order's only Wave refund in flight), then Wave's answer settles it.
    async fn refund_by_wave(
        &self,
        actor: &Actor,
        order: Order,
        asked: RefundAsked,
    ) -> Result<RefundDone, PaymentError> {
        paid(&order)?;
        let mut errors = FieldErrors::default();
        let reason = reason_of(&asked, &mut errors);
        if let Some(amount) = asked.amount
            && amount != order.amount_paid.as_francs()
        {
            let message = format!("Un remboursement Wave rend toujours la totalité payée ({}).", order.amount_paid);
            errors.fail("amount", &message);
        }
        errors.finish(validation)?;
        let payment = self.paid_session(order.id).await?;
        // Wave refunds a session whole: an order paid in two sessions (a correction's balance)
        // is refunded by the shop itself, recorded.
        if payment.session.amount != order.amount_paid {
            return Err(PaymentError::PaidInParts);
        }
        let new = NewRefund {
            order_id: order.id,
            amount: order.amount_paid,
            method: RefundMethod::Wave,
            reason,
            requested_by: actor.label.clone(),
            by_user: actor.user_id,
            at: self.now(),
        };
        let refund = match self.refunds.start_wave(new).await.map_err(PaymentError::repository)? {
            WaveRefundStart::Started(refund) => refund,
            WaveRefundStart::InFlight(_) => return Err(PaymentError::RefundInProgress),
            WaveRefundStart::AlreadyRefunded => return Err(PaymentError::AlreadyRefunded),
            WaveRefundStart::NotPaid => return Err(PaymentError::NotRefundable),
        };
        match self.gateway.refund_session(&payment.session.id).await {
            Ok(()) => {
                let entry = wave_entry(&refund, order.status, None, self.now());
                self.settle(&refund, RefundOutcome::Succeeded { entry }).await?;
                Ok(RefundDone { order: self.find(order.id).await?, to_check: false })
            }
            Err(GatewayError::Unknown(_)) => {
                self.settle(&refund, RefundOutcome::Unknown).await?;
                Ok(RefundDone { order: self.find(order.id).await?, to_check: true })
            }
            Err(refusal) => {
                let (code, error) = refused(refusal);
                self.settle(&refund, RefundOutcome::Failed { code }).await?;
                Err(error)
            }
        }
    }

    /// Asks Wave whether the order's refund in flight was made: Wave's own word on the session
    /// settles it, never what the shop believes.
    pub async fn check(&self, actor: &Actor, order_id: Uuid) -> Result<Order, PaymentError> {
        let order = self.find(order_id).await?;
        let refund = order
            .refunds
            .iter()
            .rev()
            .find(|r| r.method == RefundMethod::Wave && r.state.in_flight())
            .cloned()
            .ok_or(PaymentError::NoRefundToCheck)?;
        let now = self.now();
        let young = (now - refund.created_at).to_std().map_or(true, |age| age < REQUEST_GRACE);
        if refund.state == RefundState::Requested && young {
            return Err(PaymentError::RefundInProgress);
        }
        let payment = self.paid_session(order.id).await?;
        let outcome = match self.gateway.session_refunded(&payment.session.id).await {
            Ok(true) => RefundOutcome::Succeeded { entry: wave_entry(&refund, order.status, Some(actor), now) },
            Ok(false) => RefundOutcome::Failed { code: NOT_REFUNDED_AT_WAVE.to_owned() },
            Err(GatewayError::NotFound) => RefundOutcome::Failed { code: "checkout-session-not-found".to_owned() },
            Err(GatewayError::RateLimited { retry_after }) => {
                return Err(PaymentError::RateLimited { retry_after: retry_after.unwrap_or(DEFAULT_RETRY_AFTER) });
            }
            Err(error) => return Err(PaymentError::GatewayUnavailable(error)),
        };
        self.settle(&refund, outcome).await?;
        self.find(order.id).await
    }

    /// Records the shop's own refund of a paid cash-on-delivery order: at most what was paid
    /// less what was refunded before (checked again under the order's lock).
    async fn record(&self, actor: &Actor, order: Order, asked: RefundAsked) -> Result<RefundDone, PaymentError> {
        paid(&order)?;
        let mut errors = FieldErrors::default();
        let reason = reason_of(&asked, &mut errors);
        let method = match asked.method.as_deref().map(str::trim) {
            None | Some("") => {
                errors.fail("method", "Choisissez comment l'argent est rendu : espèces ou transfert Wave.");
                None
            }
            Some(code) => {
                let method = RefundMethod::recorded(code);
                if method.is_none() {
                    errors.fail("method", "Mode de remboursement inconnu : cash (espèces) ou wave_transfer.");
                }
                method
            }
        };
        let left = refundable(order.amount_paid, refunded_total(&order.refunds));
        let amount = match asked.amount {
            None => {
                errors.fail("amount", "Indiquez le montant à rembourser.");
                None
            }
            Some(francs) if francs < 1 => {
                errors.fail("amount", "Le montant à rembourser doit être d'au moins 1 FCFA.");
                None
            }
            Some(francs) if francs > left.as_francs() => {
                errors.fail("amount", too_much(left));
                None
            }
            Some(francs) => Some(Money::francs(francs)),
        };
        errors.finish(validation)?;
        let (Some(method), Some(amount)) = (method, amount) else { return Err(PaymentError::NotRefundable) };
        let at = self.now();
        // Its reason is the shop's: internal, like every note the team writes.
        let note = format!("Remboursement ({}) de {amount} : {reason}", method.label().to_lowercase());
        let entry = StatusChange::new(order.status, note, actor, at);
        let new = NewRefund {
            order_id: order.id,
            amount,
            method,
            reason,
            requested_by: actor.label.clone(),
            by_user: actor.user_id,
            at,
        };
        match self.refunds.record_cash(new, entry).await.map_err(PaymentError::repository)? {
            CashRefundOutcome::Recorded(order) => Ok(RefundDone { order: *order, to_check: false }),
            CashRefundOutcome::TooMuch { left } => Err(validation(FieldErrors::of("amount", too_much(left)))),
            CashRefundOutcome::NotPaid => Err(PaymentError::NotRefundable),
        }
    }

    async fn settle(&self, refund: &Refund, outcome: RefundOutcome) -> Result<(), PaymentError> {
        // `None`: settled meanwhile by someone else, whose word stands.
        self.refunds.settle(refund.id, outcome, self.now()).await.map_err(PaymentError::repository)?;
        Ok(())
    }

    /// The Wave session that paid the order: the one a Wave refund is made and checked on.
    async fn paid_session(&self, order_id: Uuid) -> Result<Payment, PaymentError> {
        self.payments
            .paid_session_of(order_id)
            .await
            .map_err(PaymentError::repository)?
            .ok_or(PaymentError::NoPaidSession)
    }

    async fn find(&self, id: Uuid) -> Result<Order, PaymentError> {
        self.orders.find(id).await.map_err(PaymentError::repository)?.ok_or(PaymentError::OrderNotFound)
    }
}

/// Only money received is refunded (a whole payment, or the part paid before a correction left a
/// balance); a refunded order says so.
fn paid(order: &Order) -> Result<(), PaymentError> {
    match order.payment_status {
        PaymentStatus::Refunded => Err(PaymentError::AlreadyRefunded),
        _ if order.amount_paid > bitik_common::Money::ZERO => Ok(()),
        _ => Err(PaymentError::NotRefundable),
    }
}

fn reason_of(asked: &RefundAsked, errors: &mut FieldErrors) -> String {
    let reason = asked.reason.as_deref().map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        errors.fail("reason", "Indiquez la raison du remboursement.");
    }
    errors.max_chars_worded("reason", reason, MAX_REFUND_REASON, "La raison ne peut pas dépasser 500 caractères.");
    reason.to_owned()
}

fn too_much(left: Money) -> String {
    if left.as_francs() == 0 {
        return "Tout ce qui a été payé a déjà été remboursé.".to_owned();
    }
    format!("Le montant dépasse ce qui reste à rembourser : {left} au plus.")
}

fn validation(errors: FieldErrors) -> PaymentError {
    let message = errors.first_message().unwrap_or_default().to_owned();
    PaymentError::Validation { message, fields: errors.into_map() }
}

/// The history entry of a Wave refund made: the admin who asked and why, and who found it
/// made when a check did.
fn wave_entry(refund: &Refund, status: OrderStatus, checked_by: Option<&Actor>, at: DateTime<Utc>) -> StatusChange {
    let checked = checked_by.map(|a| format!(" (confirmé auprès de Wave par {})", a.label)).unwrap_or_default();
    // A refund leaves the order's status as it is (the repository writes the entry under the
    // status the order has when it is written). Its reason is internal.
    let by = Actor { user_id: refund.by_user, label: refund.requested_by.clone(), kind: ActorKind::Staff };
    StatusChange::new(status, format!("Remboursement Wave de {} : {}{checked}", refund.amount, refund.reason), &by, at)
}

/// Wave's refusal as its error code and what the admin is told.
fn refused(error: GatewayError) -> (String, PaymentError) {
    match error {
        GatewayError::NotFound => {
            let code = "checkout-session-not-found".to_owned();
            (code.clone(), PaymentError::RefundRefused { code })
        }
        GatewayError::Rejected { code, .. } => (code.clone(), PaymentError::RefundRefused { code }),
        GatewayError::RateLimited { retry_after } => (
            "rate-limited".to_owned(),
            PaymentError::RateLimited { retry_after: retry_after.unwrap_or(DEFAULT_RETRY_AFTER) },
        ),
        GatewayError::Unknown(why) => {
            ("unknown".to_owned(), PaymentError::GatewayUnavailable(GatewayError::Unknown(why)))
        }
    }
}
