//! Phone numbers: read as people type them, kept in E.164, shown as they are dialled in Senegal;
//! and searching by phone whatever spacing was typed or stored.

use phonenumber::country::Id;
use phonenumber::{Mode, PhoneNumber};
use serde::Serialize;

/// Where a number written without its country code is from.
const HOME_REGION: Id = Id::SN;
const HOME_COUNTRY_CODE: u16 = 221;

/// A phone number that exists in its country's numbering plan (libphonenumber's metadata),
/// held in E.164: `+221771234567`. A number without a country code is Senegalese; any other
/// country's is written in international form (`+33 6 12 34 56 78`, `0033 6…`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Phone(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid phone number")]
pub struct InvalidPhone;

impl Phone {
    /// The message a form shows for a phone that is not one.
    pub const INVALID: &'static str = "Veuillez entrer un numéro de téléphone valide";

    /// The most characters a form's phone field takes, spaces included: longer than any number
    /// written out with its spaces, so what is longer is not read at all, even blank.
    pub const MAX_TYPED_CHARS: usize = 30;

    /// Reads a number typed with any spaces, dots, dashes or parentheses between its digits,
    /// with or without `+221`/`00221`. Letters are refused rather than read as a keypad's
    /// (libphonenumber would take `77 ABC…` for `77 222…`), and so is an extension.
    pub fn parse(raw: &str) -> Result<Self, InvalidPhone> {
        // A number copied from a French text keeps its no-break spaces (U+00A0, U+202F).
        let typed: String =
            raw.trim().chars().map(|c| if matches!(c, '\u{a0}' | '\u{202f}') { ' ' } else { c }).collect();
        let typed = typed.as_str();
        let phone_like = typed.chars().count() <= Self::MAX_TYPED_CHARS
            && typed.chars().all(|c| c.is_ascii_digit() || c == ' ' || "+-.()".contains(c));
        if !phone_like {
            return Err(InvalidPhone);
        }
        let number = phonenumber::parse(Some(HOME_REGION), typed).map_err(|_| InvalidPhone)?;
        if !number.is_valid() || number.extension().is_some() {
            return Err(InvalidPhone);
        }
        Ok(Phone(number.format().mode(Mode::E164).to_string()))
    }

    /// `+221771234567`: how phones are stored and answered.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }

    /// As it is dialled from Senegal: `77 123 45 67` for a Senegalese number, the international
    /// form (`+33 6 12 34 56 78`) for another country's, whose national form is not dialled here.
    pub fn national(&self) -> String {
        let number = self.number();
        let mode = if number.code().value() == HOME_COUNTRY_CODE { Mode::National } else { Mode::International };
        number.format().mode(mode).to_string()
    }

    /// The country the number belongs to, as ISO 3166 letters (`SN`, `CI`, `FR`).
    pub fn country(&self) -> Option<String> {
        self.number().country().id().map(|id| id.as_ref().to_owned())
    }

    /// Whether `letters` name a country of the numbering plans (`SN`, `CI`): upper case, two letters.
    pub fn is_country(letters: &str) -> bool {
        letters.parse::<Id>().is_ok()
    }

    fn number(&self) -> PhoneNumber {
        phonenumber::parse(None, &self.0).expect("a Phone holds a number that was read already")
    }
}

impl std::fmt::Display for Phone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Shortest run of digits worth matching against phones: fewer would match nearly everyone.
const MIN_PHONE_DIGITS: usize = 3;

/// The digits of a search made only of what people type in phone numbers (digits, spaces,
/// `+ - ( ) .`), when there are enough of them to mean something: `+221 77-123 45 67` →
/// `221771234567`. Matched against the digits of stored phones (`+221771234567`), so
/// `771234567` and `77 123 45 67` find it too.
pub fn phone_digits(search: &str) -> Option<String> {
    let phone_like = search.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    (phone_like && digits.len() >= MIN_PHONE_DIGITS).then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e164(raw: &str) -> Result<String, InvalidPhone> {
        Phone::parse(raw).map(Phone::into_inner)
    }

    #[test]
    fn senegalese_mobiles_with_or_without_the_country_code_and_any_separators() {
        for prefix in ["70", "75", "76", "77", "78"] {
            let expected = format!("+221{prefix}1234567");
            for typed in [
                format!("{prefix}1234567"),
                format!("{prefix} 123 45 67"),
                format!("{prefix}.123.45.67"),
                format!("{prefix}-123-45-67"),
                format!("+221 {prefix} 123 45 67"),
                format!("+221{prefix}1234567"),
                format!("00221 {prefix} 123 45 67"),
                format!("(+221) {prefix}-123-45-67"),
                format!("  {prefix} 123 45 67  "),
                // Copied from a French page: no-break spaces.
                format!("{prefix}\u{a0}123\u{a0}45\u{a0}67"),
                format!("+221\u{202f}{prefix}\u{202f}123\u{202f}45\u{202f}67"),
            ] {
                assert_eq!(e164(&typed), Ok(expected.clone()), "{typed:?}");
            }
        }
    }

    #[test]
    fn senegalese_landlines() {
        assert_eq!(e164("33 821 23 45"), Ok("+221338212345".to_owned()));
        assert_eq!(e164("+221 33 821 23 45"), Ok("+221338212345".to_owned()));
        assert_eq!(e164("00221.33.821.23.45"), Ok("+221338212345".to_owned()));
    }

    #[test]
    fn other_countries_in_international_form() {
        assert_eq!(e164("+33 6 12 34 56 78"), Ok("+33612345678".to_owned()));
        assert_eq!(e164("0033 6 12 34 56 78"), Ok("+33612345678".to_owned()));
        assert_eq!(e164("+1 (202) 555-0143"), Ok("+12025550143".to_owned()));
        assert_eq!(e164("+212 6 12 34 56 78"), Ok("+212612345678".to_owned()));
    }

    #[test]
    fn refuses_what_is_not_a_phone() {
        for junk in [
            "",
            "   ",
            "abc",
            "12",
            "77 123 45 6",
            "77 123 45 678",
            "77 ABC 45 67",
            "77 123 45 67 abc",
            "tel:+221771234567",
            "77 123 45 67 ext. 12",
            "+221 77 123 45 67 12 34 56 78 90",
            "7 7 1 2 3 4 5 6 7 7 1 2 3 4 5 6 7",
            "+221 12 345 67 89",
            "06 12 34 56 78",
            "+999 123 456 789",
        ] {
            assert_eq!(e164(junk), Err(InvalidPhone), "{junk:?}");
        }
    }

    #[test]
    fn shown_as_dialled_from_senegal() {
        assert_eq!(Phone::parse("+221771234567").unwrap().national(), "77 123 45 67");
        assert_eq!(Phone::parse("338212345").unwrap().national(), "33 821 23 45");
        assert_eq!(Phone::parse("+33612345678").unwrap().national(), "+33 6 12 34 56 78");
        assert_eq!(Phone::parse("77.123.45.67").unwrap().to_string(), "+221771234567");
    }

    #[test]
    fn a_search_that_reads_like_a_phone_gives_its_digits() {
        assert_eq!(phone_digits("+221 77-123 45 67"), Some("221771234567".to_owned()));
        assert_eq!(phone_digits("(77) 123"), Some("77123".to_owned()));
        assert_eq!(phone_digits("ORD-1234"), None, "an order number is not a phone");
        assert_eq!(phone_digits("Awa"), None);
        assert_eq!(phone_digits("77"), None, "too short to mean anything");
    }

    #[test]
    fn every_way_of_typing_a_stored_phone_finds_it() {
        let stored_digits: String = Phone::parse("77 123 45 67").unwrap().as_str().chars().skip(1).collect();
        for search in ["77 123 45 67", "771234567", "+221771234567", "77.123.45.67"] {
            let digits = phone_digits(search).unwrap();
            assert!(stored_digits.contains(&digits), "{search:?}");
        }
    }
}
