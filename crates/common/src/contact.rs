//! Who someone is and how to reach them: names, e-mail and phone, as the shop's forms ask for
//! them (registration, profile, address book, the back office's accounts, checkout). The rules
//! are written once, here; each form words its problems its own way ([`ContactForm`]).

use crate::email::Email;
use crate::fields::FieldErrors;
use crate::phone::Phone;

/// Longest first or last name, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// Whether a form asks for a field or only offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Required,
    Optional,
}

/// How a form words the problems of these fields: the rules are the same in every form, the
/// sentences are the ones each form has always shown.
#[derive(Debug, Clone, Copy)]
pub struct ContactForm {
    /// What a required field left blank says, by the field's name.
    pub missing: fn(&'static str) -> &'static str,
    /// What an e-mail that cannot be one says.
    pub invalid_email: &'static str,
}

/// Names, e-mail and phone as a form sends them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawContact {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

/// A contact that passed the rules: trimmed names, a real phone and, where the form asks for one
/// or it was given, a real e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub first_name: String,
    pub last_name: String,
    pub email: Option<Email>,
    pub phone: Phone,
}

impl ContactForm {
    /// Names and phone required, the e-mail as `email` says (a customer by their phone has
    /// none). `None` when one is wrong (each problem is in `errors`).
    pub fn contact(&self, errors: &mut FieldErrors, raw: &RawContact, email: Need) -> Option<Contact> {
        let first_name = self.name(errors, "firstName", &raw.first_name);
        let last_name = self.name(errors, "lastName", &raw.last_name);
        let email = match email {
            Need::Optional if raw.email.trim().is_empty() => Ok(None),
            _ => self.email(errors, &raw.email).map(Some).ok_or(()),
        };
        let phone = self.phone(errors, &raw.phone, Need::Required);
        Some(Contact { first_name, last_name, email: email.ok()?, phone: phone? })
    }

    /// A first or last name: required, 100 characters at most. Trimmed.
    pub fn name(&self, errors: &mut FieldErrors, field: &'static str, raw: &str) -> String {
        errors.required(field, raw, (self.missing)(field)).max_chars(field, raw, MAX_NAME_CHARS);
        raw.trim().to_owned()
    }

    /// A required e-mail address.
    pub fn email(&self, errors: &mut FieldErrors, raw: &str) -> Option<Email> {
        errors.required("email", raw, (self.missing)("email"));
        if raw.trim().is_empty() {
            return None;
        }
        Email::parse(raw).map_err(|_| errors.fail("email", self.invalid_email)).ok()
    }

    /// A phone ([`Phone`]). `None` when it is blank (a problem if it is required) or wrong.
    pub fn phone(&self, errors: &mut FieldErrors, raw: &str, need: Need) -> Option<Phone> {
        if raw.chars().count() > Phone::MAX_TYPED_CHARS {
            errors.fail("phone", Phone::INVALID);
            return None;
        }
        if raw.trim().is_empty() {
            if need == Need::Required {
                errors.missing("phone", (self.missing)("phone"));
            }
            return None;
        }
        Phone::parse(raw).map_err(|_| errors.fail("phone", Phone::INVALID)).ok()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const ACCOUNT: ContactForm = ContactForm {
        missing: |field| match field {
            "firstName" => "Le prénom est requis",
            "phone" => "Le téléphone est requis",
            "address" => "L'adresse est requise",
            _ => "Ce champ est requis",
        },
        invalid_email: "Veuillez saisir un email valide",
    };

    fn awa() -> RawContact {
        RawContact {
            first_name: "  Awa ".into(),
            last_name: "Diop".into(),
            email: " Awa@Example.SN".into(),
            phone: "77.123.45.67".into(),
        }
    }

    #[test]
    fn a_complete_contact_is_trimmed_and_parsed() {
        let mut errors = FieldErrors::default();
        let contact = ACCOUNT.contact(&mut errors, &awa(), Need::Required).unwrap();
        assert!(errors.is_empty());
        assert_eq!((contact.first_name.as_str(), contact.last_name.as_str()), ("Awa", "Diop"));
        assert_eq!(contact.email.as_ref().map(Email::as_str), Some("awa@example.sn"));
        assert_eq!(contact.phone.as_str(), "+221771234567");
    }

    #[test]
    fn an_optional_email_may_be_left_blank_but_not_wrong() {
        let blank = RawContact { email: "  ".into(), ..awa() };
        let mut errors = FieldErrors::default();
        let contact = ACCOUNT.contact(&mut errors, &blank, Need::Optional).unwrap();
        assert_eq!((contact.email, errors.is_empty()), (None, true));
        assert_eq!(ACCOUNT.contact(&mut errors, &blank, Need::Required), None);
        assert_eq!(errors.get("email"), Some("Ce champ est requis"));
        let mut errors = FieldErrors::default();
        assert_eq!(ACCOUNT.contact(&mut errors, &RawContact { email: "awa@".into(), ..awa() }, Need::Optional), None);
        assert_eq!(errors.get("email"), Some("Veuillez saisir un email valide"));
    }

    #[test]
    fn each_field_gets_its_own_message_in_the_forms_words() {
        let raw = RawContact {
            first_name: " ".into(),
            last_name: "D".repeat(101),
            email: "awa@".into(),
            phone: "abc".into(),
        };
        let mut errors = FieldErrors::default();
        assert_eq!(ACCOUNT.contact(&mut errors, &raw, Need::Optional), None);
        assert_eq!(errors.get("firstName"), Some("Le prénom est requis"));
        assert_eq!(errors.get("lastName"), Some("Ce champ ne peut pas dépasser 100 caractères"));
        assert_eq!(errors.get("email"), Some("Veuillez saisir un email valide"));
        assert_eq!(errors.get("phone"), Some("Veuillez entrer un numéro de téléphone valide"));
        assert_eq!(errors.missing_fields().collect::<Vec<_>>(), ["firstName"]);
    }

    #[test]
    fn a_blank_phone_is_missing_only_where_it_is_required() {
        let mut errors = FieldErrors::default();
        assert_eq!(ACCOUNT.phone(&mut errors, "  ", Need::Optional), None);
        assert!(errors.is_empty());
        assert_eq!(ACCOUNT.phone(&mut errors, "", Need::Required), None);
        assert_eq!(errors.get("phone"), Some("Le téléphone est requis"));
        let mut errors = FieldErrors::default();
        assert_eq!(ACCOUNT.phone(&mut errors, "12", Need::Optional), None);
        assert_eq!(errors.get("phone"), Some(Phone::INVALID));
    }

    #[test]
    fn a_phone_field_longer_than_a_phone_is_refused_even_blank() {
        let mut errors = FieldErrors::default();
        assert_eq!(ACCOUNT.phone(&mut errors, &" ".repeat(Phone::MAX_TYPED_CHARS + 1), Need::Optional), None);
        assert_eq!(errors.get("phone"), Some(Phone::INVALID), "over the documented length");
    }
}
