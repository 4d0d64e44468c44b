//! Where a parcel goes: the street address, city, zip code and country of the shop's forms
//! (profile, address book, the back office's accounts, checkout), with their rules, once.

use crate::contact::{ContactForm, Need};
use crate::fields::FieldErrors;

/// The country of an address left without one.
pub const HOME_COUNTRY: &str = "Sénégal";

const MAX_STREET_CHARS: usize = 300;
const MAX_CITY_CHARS: usize = 100;
const MAX_ZIP_CODE_CHARS: usize = 20;
const MAX_COUNTRY_CHARS: usize = 100;

/// An address as a form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawAddress {
    pub address: String,
    pub city: String,
    pub zip_code: String,
    pub country: String,
}

/// An address that passed the rules: trimmed, within its lengths, with a country.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostalAddress {
    /// Street, building, landmark: the line a courier reads.
    pub address: String,
    pub city: String,
    pub zip_code: String,
    pub country: String,
}

impl ContactForm {
    /// `need` says whether the street address and the city are required (address book,
    /// checkout) or may stay blank (profile). The zip code and the country never are.
    pub fn address(&self, errors: &mut FieldErrors, raw: &RawAddress, need: Need) -> PostalAddress {
        PostalAddress {
            address: self.street(errors, &raw.address, need),
            city: self.city(errors, &raw.city, need),
            zip_code: self.zip_code(errors, &raw.zip_code),
            country: self.country(errors, &raw.country),
        }
    }

    pub fn street(&self, errors: &mut FieldErrors, raw: &str, need: Need) -> String {
        self.text(errors, "address", raw, need, MAX_STREET_CHARS)
    }

    pub fn city(&self, errors: &mut FieldErrors, raw: &str, need: Need) -> String {
        self.text(errors, "city", raw, need, MAX_CITY_CHARS)
    }

    pub fn zip_code(&self, errors: &mut FieldErrors, raw: &str) -> String {
        self.text(errors, "zipCode", raw, Need::Optional, MAX_ZIP_CODE_CHARS)
    }

    /// [`HOME_COUNTRY`] when left blank.
    pub fn country(&self, errors: &mut FieldErrors, raw: &str) -> String {
        let country = self.text(errors, "country", raw, Need::Optional, MAX_COUNTRY_CHARS);
        if country.is_empty() { HOME_COUNTRY.to_owned() } else { country }
    }

    fn text(&self, errors: &mut FieldErrors, field: &'static str, raw: &str, need: Need, max: usize) -> String {
        if need == Need::Required {
            errors.required(field, raw, (self.missing)(field));
        }
        errors.max_chars(field, raw, max);
        raw.trim().to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::tests::ACCOUNT;

    fn medina() -> RawAddress {
        RawAddress { address: " Rue 22 x 15, Médina ".into(), city: "Dakar".into(), ..RawAddress::default() }
    }

    #[test]
    fn trimmed_and_in_senegal_unless_said_otherwise() {
        let mut errors = FieldErrors::default();
        let address = ACCOUNT.address(&mut errors, &medina(), Need::Required);
        assert!(errors.is_empty());
        assert_eq!(address.address, "Rue 22 x 15, Médina");
        assert_eq!((address.zip_code.as_str(), address.country.as_str()), ("", "Sénégal"));
        let abroad = RawAddress { country: " France ".into(), ..medina() };
        assert_eq!(ACCOUNT.address(&mut errors, &abroad, Need::Required).country, "France");
    }

    #[test]
    fn street_and_city_are_required_only_where_the_form_needs_them() {
        let mut errors = FieldErrors::default();
        ACCOUNT.address(&mut errors, &RawAddress::default(), Need::Optional);
        assert!(errors.is_empty());
        ACCOUNT.address(&mut errors, &RawAddress::default(), Need::Required);
        assert_eq!(errors.get("address"), Some("L'adresse est requise"));
        assert!(errors.has("city"));
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn every_field_has_its_length() {
        let long = RawAddress {
            address: "a".repeat(301),
            city: "c".repeat(101),
            zip_code: "9".repeat(21),
            country: "p".repeat(101),
        };
        let mut errors = FieldErrors::default();
        ACCOUNT.address(&mut errors, &long, Need::Optional);
        assert_eq!(errors.get("address"), Some("Ce champ ne peut pas dépasser 300 caractères"));
        assert_eq!(errors.get("city"), Some("Ce champ ne peut pas dépasser 100 caractères"));
        assert_eq!(errors.get("zipCode"), Some("Ce champ ne peut pas dépasser 20 caractères"));
        assert_eq!(errors.get("country"), Some("Ce champ ne peut pas dépasser 100 caractères"));
    }
}
