//! The back office's form of a delivery zone, checked once, here, with its French messages.

use bitik_catalog::Slug;
use bitik_common::{FieldErrors, Money};

use super::error::DeliveryError;
use super::zone::{Commune, DeliveryZone};

/// Highest fee the form takes: far above any courier's price, low enough to catch a slip.
pub const MAX_FEE: Money = Money::francs(1_000_000);
/// Longest code of a zone or a commune.
pub const MAX_CODE_CHARS: usize = 60;
const MAX_NAME_CHARS: usize = 100;
const MAX_DELAY_CHARS: usize = 60;
/// More communes than any zone of a country.
pub const MAX_COMMUNES: usize = 200;

/// A commune as the form sends it: a blank code is made from the name (`Médina` → `medina`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawCommune {
    pub code: Option<String>,
    pub name: Option<String>,
}

/// A zone as the form sends it. Absent booleans keep the zone's current value, or are `true`
/// for a new zone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZoneForm {
    /// Read when a zone is created only: a zone's code never changes (orders name it). Made from
    /// the name when blank.
    pub code: Option<String>,
    pub name: Option<String>,
    pub fee: Option<i64>,
    pub express_fee: Option<i64>,
    pub free_from: Option<i64>,
    pub delay: Option<String>,
    /// Required with an express fee, not read without one.
    pub express_delay: Option<String>,
    pub cash_on_delivery: Option<bool>,
    pub active: Option<bool>,
    pub communes: Vec<RawCommune>,
}

impl ZoneForm {
    /// The zone this form makes: a new one (`current` is `None`), or `current` changed.
    pub fn check(self, current: Option<&DeliveryZone>) -> Result<DeliveryZone, DeliveryError> {
        let mut errors = FieldErrors::default();
        let name = text(&mut errors, "name", self.name.as_deref(), MAX_NAME_CHARS, "Le nom de la zone est requis");
        let code = match current {
            Some(zone) => zone.code.clone(),
            None => code(&mut errors, "code", self.code.as_deref(), &name),
        };
        let fee = amount(&mut errors, "fee", self.fee);
        if self.fee.is_none() {
            errors.missing("fee", "Les frais de livraison sont requis");
        }
        let express_fee = self.express_fee.and_then(|fee| amount(&mut errors, "expressFee", Some(fee)));
        let free_from = self.free_from.and_then(|from| amount(&mut errors, "freeFrom", Some(from)));
        let delay =
            text(&mut errors, "delay", self.delay.as_deref(), MAX_DELAY_CHARS, "Le délai de livraison est requis");
        let express_delay = express_fee.is_some().then(|| {
            let missing = "Le délai de la livraison express est requis";
            text(&mut errors, "expressDelay", self.express_delay.as_deref(), MAX_DELAY_CHARS, missing)
        });
        let communes = communes(&mut errors, &self.communes);
        let keep = |form: Option<bool>, current: Option<bool>| form.or(current).unwrap_or(true);
        let zone = DeliveryZone {
            code,
            name,
            fee: fee.unwrap_or(Money::ZERO),
            express_fee,
            free_from,
            delay,
            express_delay,
            cash_on_delivery: keep(self.cash_on_delivery, current.map(|z| z.cash_on_delivery)),
            active: keep(self.active, current.map(|z| z.active)),
            communes,
        };
        errors.finish(DeliveryError::validation)?;
        Ok(zone)
    }
}

/// Trimmed, required, at most `max` characters.
fn text(errors: &mut FieldErrors, field: &'static str, raw: Option<&str>, max: usize, missing: &str) -> String {
    let raw = raw.unwrap_or_default();
    errors.required(field, raw, missing).max_chars(field, raw, max);
    raw.trim().to_owned()
}

/// What the shop's forms name things by: lowercase letters without accents, digits, single
/// hyphens between them.
pub fn is_code(raw: &str) -> bool {
    !raw.is_empty()
        && raw.len() <= MAX_CODE_CHARS
        && raw
            .split('-')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// The code typed, or the name's when left blank.
fn code(errors: &mut FieldErrors, field: &'static str, raw: Option<&str>, name: &str) -> String {
    let typed = raw.map(str::trim).unwrap_or_default();
    let code = if typed.is_empty() {
        let made: String = Slug::from_name(name).as_str().chars().take(MAX_CODE_CHARS).collect();
        made.trim_end_matches('-').to_owned()
    } else {
        typed.to_owned()
    };
    if !is_code(&code) {
        errors.fail(
            field,
            "Le code ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (60 au plus)",
        );
    }
    code
}

/// Whole francs from 0 to [`MAX_FEE`].
fn amount(errors: &mut FieldErrors, field: &'static str, raw: Option<i64>) -> Option<Money> {
    let francs = raw?;
    if francs < 0 {
        errors.fail(field, "Un montant doit être positif ou nul");
    } else if francs > MAX_FEE.as_francs() {
        errors.fail(field, format!("Un montant ne peut pas dépasser {MAX_FEE}"));
    }
    Some(Money::francs(francs))
}

/// At least one commune, each named, none twice.
fn communes(errors: &mut FieldErrors, raw: &[RawCommune]) -> Vec<Commune> {
    if raw.is_empty() {
        errors.missing("communes", "Ajoutez au moins une commune");
    } else if raw.len() > MAX_COMMUNES {
        errors.fail("communes", format!("Une zone compte au plus {MAX_COMMUNES} communes"));
    }
    let mut communes: Vec<Commune> = Vec::with_capacity(raw.len());
    for commune in raw {
        let name = commune.name.as_deref().unwrap_or_default().trim();
        if name.is_empty() {
            errors.missing("communes", "Chaque commune a besoin d'un nom");
            continue;
        }
        if name.chars().count() > MAX_NAME_CHARS {
            errors.fail("communes", format!("Le nom d'une commune ne peut pas dépasser {MAX_NAME_CHARS} caractères"));
            continue;
        }
        let mut found = FieldErrors::default();
        let code = code(&mut found, "communes", commune.code.as_deref(), name);
        if let Some(message) = found.first_message() {
            errors.fail("communes", format!("{name} : {message}"));
            continue;
        }
        if communes.iter().any(|c| c.code == code) {
            errors.fail("communes", format!("La commune {name} figure deux fois dans la liste"));
            continue;
        }
        communes.push(Commune { code, name: name.to_owned() });
    }
    communes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ZoneForm {
        ZoneForm {
            code: None,
            name: Some(" Dakar ville ".into()),
            fee: Some(1_500),
            express_fee: Some(2_500),
            free_from: Some(50_000),
            delay: Some("24 h".into()),
            express_delay: Some(" Le jour même ".into()),
            cash_on_delivery: None,
            active: None,
            communes: vec![
                RawCommune { code: None, name: Some("Médina".into()) },
                RawCommune { code: Some("fann-point-e-amitie".into()), name: Some("Fann-Point E-Amitié".into()) },
            ],
        }
    }

    fn fields(error: DeliveryError) -> std::collections::BTreeMap<&'static str, String> {
        match error {
            DeliveryError::Validation { fields, .. } => fields,
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_new_zone_takes_its_code_from_its_name_and_is_active_with_cash_on_delivery() {
        let zone = form().check(None).unwrap();
        assert_eq!((zone.code.as_str(), zone.name.as_str()), ("dakar-ville", "Dakar ville"));
        assert_eq!(zone.communes[0], Commune { code: "medina".into(), name: "Médina".into() });
        assert_eq!(zone.communes[1].code, "fann-point-e-amitie");
        assert_eq!(
            (zone.fee, zone.express_fee, zone.free_from),
            (Money::francs(1_500), Some(Money::francs(2_500)), Some(Money::francs(50_000)))
        );
        assert!(zone.active && zone.cash_on_delivery);
    }

    #[test]
    fn a_changed_zone_keeps_its_code_and_the_switches_not_sent() {
        let mut current = form().check(None).unwrap();
        current.active = false;
        current.cash_on_delivery = false;
        let changed =
            ZoneForm { code: Some("autre".into()), fee: Some(2_000), ..form() }.check(Some(&current)).unwrap();
        assert_eq!(changed.code, "dakar-ville", "orders name the zone by its code");
        assert_eq!(changed.fee, Money::francs(2_000));
        assert!(!changed.active && !changed.cash_on_delivery);
        let reopened = ZoneForm { active: Some(true), ..form() }.check(Some(&current)).unwrap();
        assert!(reopened.active);
    }

    #[test]
    fn no_express_and_no_threshold_are_allowed() {
        let zone = ZoneForm { express_fee: None, free_from: None, ..form() }.check(None).unwrap();
        assert_eq!((zone.express_fee, zone.free_from), (None, None));
        assert_eq!(zone.express_delay, None, "no express, no express delay, whatever was sent");
    }

    #[test]
    fn express_says_its_own_delay() {
        let zone = form().check(None).unwrap();
        assert_eq!((zone.delay.as_str(), zone.express_delay.as_deref()), ("24 h", Some("Le jour même")));
        let silent = ZoneForm { express_delay: Some("  ".into()), ..form() }.check(None).unwrap_err();
        assert_eq!(fields(silent)["expressDelay"], "Le délai de la livraison express est requis");
        let long = ZoneForm { express_delay: Some("x".repeat(61)), ..form() }.check(None).unwrap_err();
        assert!(fields(long).contains_key("expressDelay"));
    }

    #[test]
    fn every_problem_is_named_in_french() {
        let blank = ZoneForm::default().check(None).unwrap_err();
        let message = blank.to_string();
        let missing = fields(blank);
        assert_eq!(message, "Veuillez remplir tous les champs obligatoires");
        assert_eq!(missing["name"], "Le nom de la zone est requis");
        assert_eq!(missing["fee"], "Les frais de livraison sont requis");
        assert_eq!(missing["delay"], "Le délai de livraison est requis");
        assert_eq!(missing["communes"], "Ajoutez au moins une commune");

        let wrong = ZoneForm {
            code: Some("Dakar Ville".into()),
            fee: Some(-1),
            express_fee: Some(1_000_001),
            free_from: Some(-5),
            ..form()
        };
        let wrong = fields(wrong.check(None).unwrap_err());
        assert!(wrong["code"].starts_with("Le code ne peut contenir que des lettres minuscules"));
        assert_eq!(wrong["fee"], "Un montant doit être positif ou nul");
        assert_eq!(wrong["expressFee"], "Un montant ne peut pas dépasser 1 000 000 FCFA");
        assert_eq!(wrong["freeFrom"], "Un montant doit être positif ou nul");
    }

    #[test]
    fn a_commune_twice_or_without_a_name_is_refused() {
        let mut twice = form();
        twice.communes.push(RawCommune { code: None, name: Some("  Médina ".into()) });
        assert_eq!(
            fields(twice.check(None).unwrap_err())["communes"],
            "La commune Médina figure deux fois dans la liste"
        );
        let mut unnamed = form();
        unnamed.communes.push(RawCommune { code: Some("x".into()), name: None });
        assert_eq!(fields(unnamed.check(None).unwrap_err())["communes"], "Chaque commune a besoin d'un nom");
        let mut bad_code = form();
        bad_code.communes.push(RawCommune { code: Some("Yoff!".into()), name: Some("Yoff".into()) });
        assert!(fields(bad_code.check(None).unwrap_err())["communes"].starts_with("Yoff : Le code"));
    }

    #[test]
    fn codes_are_lowercase_words_joined_by_single_hyphens() {
        for good in ["medina", "keur-massar-nord", "hlm", "zone-4"] {
            assert!(is_code(good), "{good}");
        }
        for bad in ["", "Médina", "medina-", "-medina", "keur--massar", "a b", &"a".repeat(61)] {
            assert!(!is_code(bad), "{bad}");
        }
    }
}
