//! The back office's form of a promo code, checked once, here, with its French messages. Dates
//! are Dakar's (GMT all year, no summer time): `2026-12-24` starts at midnight as a start and
//! includes the whole day as an end; `2026-12-24T18:00` is 18 h in Dakar; an offset is read.

use bitik_catalog::MAX_PRICE;
use bitik_common::{FieldErrors, Money};
use chrono::{DateTime, Days, NaiveDate, NaiveDateTime, Utc};

use super::error::PromoError;
use super::model::{NewPromoCode, PromoKind};

const MIN_CODE_CHARS: usize = 3;
const MAX_CODE_CHARS: usize = 30;
/// More orders than the shop takes in years: a bound that catches a slip of the keyboard.
pub const MAX_USAGE_LIMIT: i64 = 1_000_000;

/// A code as the form sends it. Absent booleans keep the code's current value; for a new code
/// they are `false` (`oncePerCustomer`, `includesPromotions`) and `true` (`active`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromoForm {
    pub code: Option<String>,
    pub kind: Option<String>,
    pub value: Option<i64>,
    pub min_subtotal: Option<i64>,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub usage_limit: Option<i64>,
    pub once_per_customer: Option<bool>,
    pub includes_promotions: Option<bool>,
    pub active: Option<bool>,
}

impl PromoForm {
    /// The code this form makes: a new one (`current` is `None`), or `current` changed.
    pub fn check(self, current: Option<&NewPromoCode>) -> Result<NewPromoCode, PromoError> {
        let mut errors = FieldErrors::default();
        let code = code(&mut errors, self.code.as_deref());
        let kind = kind(&mut errors, self.kind.as_deref());
        let value = value(&mut errors, kind, self.value);
        let min_subtotal = self.min_subtotal.and_then(|francs| min_subtotal(&mut errors, francs));
        let starts_at = date(&mut errors, "startsAt", self.starts_at.as_deref(), Bound::Start);
        let ends_at = date(&mut errors, "endsAt", self.ends_at.as_deref(), Bound::End);
        if let (Some(start), Some(end)) = (starts_at, ends_at)
            && end <= start
        {
            errors.fail("endsAt", "La date de fin doit venir après la date de début");
        }
        let usage_limit = self.usage_limit.and_then(|limit| usage_limit(&mut errors, limit));
        let keep = |form: Option<bool>, current: Option<bool>, new: bool| form.or(current).unwrap_or(new);
        errors.finish(PromoError::validation)?;
        Ok(NewPromoCode {
            code,
            kind: kind.unwrap_or(PromoKind::Percent),
            value: value.unwrap_or_default(),
            min_subtotal,
            starts_at,
            ends_at,
            usage_limit,
            once_per_customer: keep(self.once_per_customer, current.map(|c| c.once_per_customer), false),
            includes_promotions: keep(self.includes_promotions, current.map(|c| c.includes_promotions), false),
            active: keep(self.active, current.map(|c| c.active), true),
        })
    }
}

/// Letters, digits, `-` and `_`, 3 to 30 of them; kept in upper case, so that a shopper may type
/// it in any case.
fn code(errors: &mut FieldErrors, raw: Option<&str>) -> String {
    let code = raw.unwrap_or_default().trim().to_uppercase();
    if code.is_empty() {
        errors.missing("code", "Le code est requis");
    } else if !(MIN_CODE_CHARS..=MAX_CODE_CHARS).contains(&code.chars().count())
        || !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        errors.fail("code", "Le code doit faire 3 à 30 caractères : lettres, chiffres, - ou _");
    }
    code
}

fn kind(errors: &mut FieldErrors, raw: Option<&str>) -> Option<PromoKind> {
    let kind = raw.map(str::trim).and_then(PromoKind::parse);
    if kind.is_none() {
        errors.fail("kind", "Choisissez un pourcentage (percent) ou un montant fixe (fixed)");
    }
    kind
}

/// A percentage from 1 to 100, or an amount from 1 franc to the highest price.
fn value(errors: &mut FieldErrors, kind: Option<PromoKind>, value: Option<i64>) -> Option<i64> {
    let Some(value) = value else {
        errors.missing("value", "La valeur de la réduction est requise");
        return None;
    };
    match kind {
        Some(PromoKind::Percent) if !(1..=100).contains(&value) => {
            errors.fail("value", "Le pourcentage doit être compris entre 1 et 100");
        }
        Some(PromoKind::Fixed) if !(1..=MAX_PRICE.as_francs()).contains(&value) => {
            errors.fail("value", format!("Le montant doit être compris entre 1 et {MAX_PRICE}"));
        }
        _ => {}
    }
    Some(value)
}

fn min_subtotal(errors: &mut FieldErrors, francs: i64) -> Option<Money> {
    if !(0..=MAX_PRICE.as_francs()).contains(&francs) {
        errors.fail("minSubtotal", format!("Le montant minimum doit être compris entre 0 et {MAX_PRICE}"));
        return None;
    }
    Some(Money::francs(francs))
}

fn usage_limit(errors: &mut FieldErrors, limit: i64) -> Option<u32> {
    match u32::try_from(limit) {
        Ok(limit) if (1..=MAX_USAGE_LIMIT).contains(&i64::from(limit)) => Some(limit),
        _ => {
            errors.fail("usageLimit", "La limite d'utilisation doit être comprise entre 1 et 1 000 000");
            None
        }
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Start,
    End,
}

/// Blank is no limit. A day alone starts at its first instant, or ends with its last.
fn date(errors: &mut FieldErrors, field: &'static str, raw: Option<&str>, bound: Bound) -> Option<DateTime<Utc>> {
    let raw = raw.map(str::trim).filter(|raw| !raw.is_empty())?;
    let read = if let Ok(day) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let day = match bound {
            Bound::Start => Some(day),
            Bound::End => day.checked_add_days(Days::new(1)),
        };
        day.and_then(|day| day.and_hms_opt(0, 0, 0)).map(|at| at.and_utc())
    } else if let Ok(at) = DateTime::parse_from_rfc3339(raw) {
        Some(at.with_timezone(&Utc))
    } else {
        ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"]
            .iter()
            .find_map(|format| NaiveDateTime::parse_from_str(raw, format).ok())
            .map(|at| at.and_utc())
    };
    if read.is_none() {
        errors.fail(field, "Date invalide : AAAA-MM-JJ ou AAAA-MM-JJTHH:MM, heure de Dakar");
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> PromoForm {
        PromoForm {
            code: Some(" noel-2026 ".into()),
            kind: Some("percent".into()),
            value: Some(15),
            ..PromoForm::default()
        }
    }

    fn fields_of(error: PromoError) -> Vec<(&'static str, String)> {
        match error {
            PromoError::Validation { fields, .. } => fields.into_iter().collect(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_code_is_kept_in_upper_case_with_no_limits_when_none_are_given() {
        let code = form().check(None).unwrap();
        assert_eq!(code.code, "NOEL-2026");
        assert_eq!((code.kind, code.value), (PromoKind::Percent, 15));
        assert_eq!((code.min_subtotal, code.starts_at, code.ends_at, code.usage_limit), (None, None, None, None));
        assert_eq!((code.once_per_customer, code.includes_promotions, code.active), (false, false, true));
    }

    #[test]
    fn a_day_alone_is_dakar_s_whole_day_and_a_time_is_dakar_s_time() {
        let mut dated = form();
        dated.starts_at = Some("2026-12-24".into());
        dated.ends_at = Some("2026-12-26".into());
        let code = dated.clone().check(None).unwrap();
        assert_eq!(code.starts_at.unwrap().to_rfc3339(), "2026-12-24T00:00:00+00:00");
        assert_eq!(code.ends_at.unwrap().to_rfc3339(), "2026-12-27T00:00:00+00:00", "the 26th is included");
        dated.starts_at = Some("2026-12-24T18:30".into());
        dated.ends_at = Some("2026-12-25T01:00:00+01:00".into());
        let code = dated.check(None).unwrap();
        assert_eq!(code.starts_at.unwrap().to_rfc3339(), "2026-12-24T18:30:00+00:00");
        assert_eq!(code.ends_at.unwrap().to_rfc3339(), "2026-12-25T00:00:00+00:00");
    }

    #[test]
    fn each_mistake_is_told_on_its_field() {
        let bad = PromoForm {
            code: Some("a b".into()),
            kind: Some("gift".into()),
            value: Some(0),
            min_subtotal: Some(-1),
            starts_at: Some("2026-12-24".into()),
            ends_at: Some("2026-12-23".into()),
            usage_limit: Some(0),
            ..PromoForm::default()
        };
        let fields = fields_of(bad.check(None).unwrap_err());
        let named: Vec<&str> = fields.iter().map(|(field, _)| *field).collect();
        assert_eq!(named, ["code", "endsAt", "kind", "minSubtotal", "usageLimit"]);
        let mut percent = form();
        percent.value = Some(101);
        assert_eq!(
            fields_of(percent.check(None).unwrap_err()),
            [("value", "Le pourcentage doit être compris entre 1 et 100".to_owned())]
        );
        let mut fixed = form();
        fixed.kind = Some("fixed".into());
        fixed.value = Some(0);
        assert_eq!(fields_of(fixed.check(None).unwrap_err())[0].0, "value");
        let mut dated = form();
        dated.starts_at = Some("24/12/2026".into());
        assert_eq!(fields_of(dated.check(None).unwrap_err())[0].0, "startsAt");
    }

    #[test]
    fn absent_switches_keep_the_code_s_current_ones() {
        let mut current = form().check(None).unwrap();
        current.active = false;
        current.once_per_customer = true;
        let changed = form().check(Some(&current)).unwrap();
        assert!(!changed.active && changed.once_per_customer);
        let mut on = form();
        on.active = Some(true);
        assert!(on.check(Some(&current)).unwrap().active);
    }
}
