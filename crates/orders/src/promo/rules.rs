//! What a code takes off a basket, or why it takes nothing: pure functions of the code, its
//! uses, the basket and the time.

use bitik_common::Money;
use chrono::{DateTime, Utc};

use super::model::{PromoCode, PromoKind, PromoLine, Usage};

/// Why a code does not apply: the shopper reads the sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromoRefusal {
    /// No such code, or the shop switched it off.
    #[error("Code invalide")]
    Invalid,
    #[error("Ce code n'est pas encore valable")]
    NotYet,
    #[error("Code expiré")]
    Expired,
    /// Its usage limit is reached (by orders not cancelled).
    #[error("Code épuisé : il a atteint sa limite d'utilisation")]
    Exhausted,
    /// Once per customer, and this customer has an order with it.
    #[error("Code déjà utilisé")]
    AlreadyUsed,
    #[error("Montant minimum de {minimum} non atteint")]
    BelowMinimum { minimum: Money },
    /// Every line is on promotion and the code leaves those out.
    #[error("Ce code ne s'applique pas aux articles déjà en promotion")]
    OnlyPromotions,
    #[error("Votre panier est vide")]
    EmptyBasket,
}

/// What a code takes off a basket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    /// The lines the code applies to.
    pub eligible: Money,
    /// Never more than `eligible`; delivery is never part of it.
    pub discount: Money,
}

/// Whether `code` applies now to `lines`, given how often it was used, and what it takes off.
/// The checks go from the code itself to the basket, so the first reason that stands is told.
pub fn quote(code: &PromoCode, usage: Usage, lines: &[PromoLine], now: DateTime<Utc>) -> Result<Quote, PromoRefusal> {
    let fields = &code.fields;
    if !fields.active {
        return Err(PromoRefusal::Invalid);
    }
    if fields.starts_at.is_some_and(|start| now < start) {
        return Err(PromoRefusal::NotYet);
    }
    if fields.ends_at.is_some_and(|end| now >= end) {
        return Err(PromoRefusal::Expired);
    }
    if fields.usage_limit.is_some_and(|limit| usage.total >= limit) {
        return Err(PromoRefusal::Exhausted);
    }
    if fields.once_per_customer && usage.by_customer > 0 {
        return Err(PromoRefusal::AlreadyUsed);
    }
    if lines.is_empty() {
        return Err(PromoRefusal::EmptyBasket);
    }
    let eligible = eligible(lines, fields.includes_promotions);
    if eligible == Money::ZERO {
        return Err(PromoRefusal::OnlyPromotions);
    }
    if let Some(minimum) = fields.min_subtotal
        && eligible < minimum
    {
        return Err(PromoRefusal::BelowMinimum { minimum });
    }
    Ok(Quote { eligible, discount: discount(fields.kind, fields.value, eligible) })
}

/// What the code an order was placed with takes off its lines once the shop corrected them: its
/// use is already the order's, so only the basket's own conditions count (the lines it applies
/// to, its minimum); a basket that no longer meets them gets nothing off.
pub fn requote(code: &PromoCode, lines: &[PromoLine]) -> Money {
    let fields = &code.fields;
    let eligible = eligible(lines, fields.includes_promotions);
    if fields.min_subtotal.is_some_and(|minimum| eligible < minimum) {
        return Money::ZERO;
    }
    discount(fields.kind, fields.value, eligible)
}

/// The lines a code applies to: all of them, or those not on promotion. Amounts of a priced
/// basket are counted already, so their sum is too.
fn eligible(lines: &[PromoLine], includes_promotions: bool) -> Money {
    let francs = lines
        .iter()
        .filter(|line| includes_promotions || !line.on_promotion)
        .map(|line| line.amount.as_francs())
        .fold(0i64, i64::saturating_add);
    Money::francs(francs)
}

/// A percentage rounded down to the franc (the shop never gives more than it says), or the
/// amount; never more than what it applies to.
fn discount(kind: PromoKind, value: i64, eligible: Money) -> Money {
    let eligible = eligible.as_francs();
    let off = match kind {
        // In i128: a basket near the i64 limit times 100 does not fit in i64.
        PromoKind::Percent => (i128::from(eligible) * i128::from(value) / 100) as i64,
        PromoKind::Fixed => value,
    };
    Money::francs(off.clamp(0, eligible))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use uuid::Uuid;

    use super::*;
    use crate::promo::model::NewPromoCode;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
    }

    fn code(kind: PromoKind, value: i64) -> PromoCode {
        PromoCode {
            id: Uuid::nil(),
            fields: NewPromoCode {
                code: "NOEL".into(),
                kind,
                value,
                min_subtotal: None,
                starts_at: None,
                ends_at: None,
                usage_limit: None,
                once_per_customer: false,
                includes_promotions: false,
                active: true,
            },
            created_at: now(),
        }
    }

    fn line(francs: i64, on_promotion: bool) -> PromoLine {
        PromoLine { amount: Money::francs(francs), on_promotion }
    }

    fn off(code: &PromoCode, lines: &[PromoLine]) -> Result<i64, PromoRefusal> {
        quote(code, Usage::default(), lines, now()).map(|q| q.discount.as_francs())
    }

    #[test]
    fn a_percentage_is_rounded_down_to_the_franc() {
        assert_eq!(off(&code(PromoKind::Percent, 10), &[line(12_345, false)]), Ok(1_234));
        assert_eq!(off(&code(PromoKind::Percent, 100), &[line(12_345, false)]), Ok(12_345));
    }

    #[test]
    fn a_fixed_amount_never_takes_off_more_than_the_eligible_lines() {
        assert_eq!(off(&code(PromoKind::Fixed, 5_000), &[line(20_000, false)]), Ok(5_000));
        assert_eq!(off(&code(PromoKind::Fixed, 5_000), &[line(3_000, false)]), Ok(3_000));
    }

    #[test]
    fn lines_on_promotion_are_left_out_unless_the_code_includes_them() {
        let lines = [line(10_000, false), line(30_000, true)];
        let mut percent = code(PromoKind::Percent, 10);
        assert_eq!(
            quote(&percent, Usage::default(), &lines, now()).unwrap(),
            Quote { eligible: Money::francs(10_000), discount: Money::francs(1_000) }
        );
        percent.fields.includes_promotions = true;
        assert_eq!(off(&percent, &lines), Ok(4_000));
        percent.fields.includes_promotions = false;
        assert_eq!(off(&percent, &[line(30_000, true)]), Err(PromoRefusal::OnlyPromotions));
    }

    #[test]
    fn the_minimum_is_of_the_eligible_lines_and_said_in_francs() {
        let mut fixed = code(PromoKind::Fixed, 2_000);
        fixed.fields.min_subtotal = Some(Money::francs(20_000));
        assert_eq!(off(&fixed, &[line(20_000, false)]), Ok(2_000), "the minimum itself is enough");
        let refusal = off(&fixed, &[line(19_999, false), line(50_000, true)]).unwrap_err();
        assert_eq!(refusal.to_string(), "Montant minimum de 20 000 FCFA non atteint");
    }

    #[test]
    fn the_dates_bound_the_code_the_end_excluded() {
        let mut dated = code(PromoKind::Percent, 10);
        dated.fields.starts_at = Some(now() + chrono::Duration::seconds(1));
        assert_eq!(off(&dated, &[line(1_000, false)]), Err(PromoRefusal::NotYet));
        dated.fields.starts_at = Some(now());
        dated.fields.ends_at = Some(now());
        let refusal = off(&dated, &[line(1_000, false)]).unwrap_err();
        assert_eq!((refusal.clone(), refusal.to_string()), (PromoRefusal::Expired, "Code expiré".to_owned()));
        dated.fields.ends_at = Some(now() + chrono::Duration::seconds(1));
        assert_eq!(off(&dated, &[line(1_000, false)]), Ok(100));
    }

    #[test]
    fn a_code_switched_off_is_invalid() {
        let mut off_code = code(PromoKind::Percent, 10);
        off_code.fields.active = false;
        assert_eq!(off(&off_code, &[line(1_000, false)]), Err(PromoRefusal::Invalid));
    }

    #[test]
    fn the_usage_limit_and_once_per_customer_count_orders_not_cancelled() {
        let mut limited = code(PromoKind::Percent, 10);
        limited.fields.usage_limit = Some(2);
        let lines = [line(1_000, false)];
        let used = |total, by_customer| quote(&limited, Usage { total, by_customer }, &lines, now());
        assert!(used(1, 0).is_ok());
        assert_eq!(used(2, 0), Err(PromoRefusal::Exhausted));
        limited.fields.once_per_customer = true;
        let used = |total, by_customer| quote(&limited, Usage { total, by_customer }, &lines, now());
        let refusal = used(1, 1).unwrap_err();
        assert_eq!((refusal.clone(), refusal.to_string()), (PromoRefusal::AlreadyUsed, "Code déjà utilisé".into()));
        assert!(used(1, 0).is_ok());
    }

    #[test]
    fn an_empty_basket_takes_no_code() {
        assert_eq!(off(&code(PromoKind::Fixed, 1_000), &[]), Err(PromoRefusal::EmptyBasket));
    }
}
