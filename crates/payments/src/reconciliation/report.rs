//! The report's arithmetic: pure functions of the shop's records and of Wave's answers.

use std::collections::{BTreeMap, HashMap};

use bitik_common::Money;
use bitik_orders::PaymentMethod;
use bitik_orders::stats::{dakar_day, days_between};
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::error::ReportError;
use super::model::{
    CashOwedItem, DayFigures, MethodFigures, OpenWaveOrder, PaidOrder, PaymentReport, ReportFacts, UnmarkedWavePayment,
    WaveCheck, WaveComparison, WaveMismatch, WaveReported, WaveTransaction,
};
use super::period::Period;
use crate::model::{CURRENCY, WaveSession};

/// What Wave said, gathered by the service.
#[derive(Debug, Clone, PartialEq)]
pub struct WaveFindings {
    /// Wave's word on each paid Wave order of the period; an order without one is unchecked.
    pub checks: HashMap<Uuid, WaveCheck>,
    pub unmarked: Vec<UnmarkedWavePayment>,
    /// The days whose transactions Wave gave.
    pub transactions: BTreeMap<NaiveDate, Vec<WaveTransaction>>,
    pub comparison: WaveComparison,
}

/// Whether Wave shows the payment the shop recorded for `order`, from the sessions Wave
/// answered for it (the session the shop holds, and those found by its `client_reference`).
pub fn check_paid_order(order: &PaidOrder, sessions: &[WaveSession]) -> WaveCheck {
    let reference = order.id.to_string();
    let ours: Vec<&WaveSession> = sessions
        .iter()
        .filter(|s| s.client_reference.as_deref() == Some(&reference) || Some(&s.id) == order.session_id.as_ref())
        .collect();
    let succeeded: Vec<&&WaveSession> = ours.iter().filter(|s| s.succeeded()).collect();
    // An order may be paid in more than one session (the balance a correction left): Wave's
    // payments of it, together, are what the shop received.
    let in_francs: i64 = succeeded.iter().filter(|s| s.currency == CURRENCY).map(|s| s.amount.as_francs()).sum();
    if let Some(paid) = succeeded.iter().find(|s| s.currency != CURRENCY) {
        let reason = format!("Wave montre un paiement en {} au lieu de {CURRENCY}.", paid.currency);
        return WaveCheck::Mismatch { reason, received: None };
    }
    if !succeeded.is_empty() {
        let received = Money::francs(in_francs);
        if received == order.total {
            return WaveCheck::Confirmed { amount: order.total };
        }
        let reason = format!("Wave montre un paiement de {received} au lieu de {}.", order.total);
        return WaveCheck::Mismatch { reason, received: Some(received) };
    }
    let reason = match ours.first() {
        None => "Wave ne connaît aucune session pour cette commande.".to_owned(),
        Some(_) => "Aucune session Wave de cette commande n'a réussi.".to_owned(),
    };
    WaveCheck::Mismatch { reason, received: None }
}

/// A session Wave shows as succeeded for an order the shop did not mark paid.
pub fn unmarked_payment(order: &OpenWaveOrder, sessions: &[WaveSession]) -> Option<UnmarkedWavePayment> {
    let reference = order.id.to_string();
    sessions.iter().find(|s| s.client_reference.as_deref() == Some(&reference) && s.succeeded()).map(|s| {
        UnmarkedWavePayment {
            order_id: order.id,
            order_number: order.number.clone(),
            order_status: order.status,
            total: order.total,
            session_id: s.id.clone(),
            amount: s.amount,
            completed_at: s.completed_at,
        }
    })
}

fn add(total: &mut Money, amount: Money) -> Result<(), ReportError> {
    *total = total.plus(amount)?;
    Ok(())
}

fn add_figures(total: &mut MethodFigures, day: &MethodFigures) -> Result<(), ReportError> {
    total.orders_paid += day.orders_paid;
    total.unverified += day.unverified;
    add(&mut total.expected, day.expected)?;
    add(&mut total.received, day.received)?;
    add(&mut total.refunds, day.refunds)?;
    total.net = total.received.minus(total.refunds)?;
    Ok(())
}

fn reported(transactions: &[WaveTransaction]) -> Result<WaveReported, ReportError> {
    let mut day = WaveReported::default();
    for t in transactions.iter().filter(|t| t.is_payment()) {
        add(&mut day.payments, t.amount)?;
        add(&mut day.fees, t.fee)?;
    }
    day.net = day.payments.minus(day.fees)?;
    Ok(day)
}

/// The report of `period` as of `now`: each day's figures per method, the period's totals, and
/// the lists that need attention.
///
/// A payment counts on the Dakar day the shop marked it paid, a refund on the day it was made
/// (whatever the day of its payment), a Wave payment the shop did not mark on the day Wave
/// completed it. Wave's column holds what Wave confirms and what left the Wave wallet (Wave
/// refunds and Wave transfers); the cash column, the cash recorded and the cash handed back.
pub fn build(
    period: Period,
    now: DateTime<Utc>,
    facts: &ReportFacts,
    wave: WaveFindings,
) -> Result<PaymentReport, ReportError> {
    let mut days: BTreeMap<NaiveDate, DayFigures> = period
        .days()
        .map(|date| {
            (date, DayFigures { date, wave: Default::default(), cash: Default::default(), wave_reported: None })
        })
        .collect();
    let mut not_confirmed = Vec::new();
    for order in &facts.paid {
        let Some(day) = days.get_mut(&dakar_day(order.paid_at)) else { continue };
        match order.method {
            PaymentMethod::Wave => {
                day.wave.orders_paid += 1;
                add(&mut day.wave.expected, order.total)?;
                match wave.checks.get(&order.id) {
                    Some(WaveCheck::Confirmed { amount }) => add(&mut day.wave.received, *amount)?,
                    Some(WaveCheck::Mismatch { reason, received }) => {
                        if let Some(amount) = received {
                            add(&mut day.wave.received, *amount)?;
                        }
                        not_confirmed.push(WaveMismatch {
                            order_id: order.id,
                            order_number: order.number.clone(),
                            total: order.total,
                            paid_at: order.paid_at,
                            session_id: order.session_id.clone(),
                            reason: reason.clone(),
                        });
                    }
                    Some(WaveCheck::Unchecked { .. }) | None => day.wave.unverified += 1,
                }
            }
            PaymentMethod::CashOnDelivery => {
                day.cash.orders_paid += 1;
                add(&mut day.cash.expected, order.total)?;
                add(&mut day.cash.received, order.total)?;
            }
            // Card payments ended before Wave and cash on delivery: no till holds them.
            PaymentMethod::Card => {}
        }
    }
    for payment in &wave.unmarked {
        if let Some(day) = payment.completed_at.and_then(|at| days.get_mut(&dakar_day(at))) {
            add(&mut day.wave.received, payment.amount)?;
        }
    }
    for refund in &facts.refunds {
        let Some(day) = days.get_mut(&dakar_day(refund.settled_at)) else { continue };
        let till = if refund.means.from_wave_wallet() { &mut day.wave } else { &mut day.cash };
        add(&mut till.refunds, refund.amount)?;
    }
    let mut total_wave = MethodFigures::default();
    let mut total_cash = MethodFigures::default();
    let mut total_reported: Option<WaveReported> = None;
    for day in days.values_mut() {
        day.wave.net = day.wave.received.minus(day.wave.refunds)?;
        day.cash.net = day.cash.received.minus(day.cash.refunds)?;
        if let Some(transactions) = wave.transactions.get(&day.date) {
            let figures = reported(transactions)?;
            let total = total_reported.get_or_insert_with(WaveReported::default);
            add(&mut total.payments, figures.payments)?;
            add(&mut total.fees, figures.fees)?;
            total.net = total.payments.minus(total.fees)?;
            day.wave_reported = Some(figures);
        }
        add_figures(&mut total_wave, &day.wave)?;
        add_figures(&mut total_cash, &day.cash)?;
    }
    not_confirmed.sort_by_key(|m| m.paid_at);
    let mut unmarked = wave.unmarked;
    unmarked.sort_by(|a, b| a.completed_at.cmp(&b.completed_at).then_with(|| a.order_number.cmp(&b.order_number)));
    let mut cash_not_recorded: Vec<CashOwedItem> = facts
        .cash_owed
        .iter()
        .map(|owed| CashOwedItem { owed: owed.clone(), age_days: days_between(owed.delivered_at, now).max(0) })
        .collect();
    cash_not_recorded.sort_by_key(|a| a.owed.delivered_at);
    Ok(PaymentReport {
        period,
        generated_at: now,
        days: days.into_values().collect(),
        total_wave,
        total_cash,
        total_wave_reported: total_reported,
        wave: wave.comparison,
        wave_not_confirmed: not_confirmed,
        wave_not_marked: unmarked,
        cash_not_recorded,
    })
}
