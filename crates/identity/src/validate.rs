//! The account forms' rules and their French messages, checked once, here. Names, e-mail,
//! phone and address follow the shop's shared rules (`bitik_common::ContactForm`), in the
//! account forms' words.

use bitik_common::{Contact, ContactForm, FieldErrors, Need};

use crate::error::IdentityError;
use crate::model::{
    AddressEntry, AddressInput, NewAccount, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Profile, ProfileUpdate,
};

/// The account forms' wording of the contact and address rules.
pub(crate) const ACCOUNT_FORM: ContactForm =
    ContactForm { missing: missing_message, invalid_email: "Veuillez saisir un email valide" };

const PASSWORD_TOO_SHORT: &str = "Le mot de passe doit contenir au moins 6 caractères";
const MAX_LABEL_CHARS: usize = 60;

fn missing_message(field: &'static str) -> &'static str {
    match field {
        "firstName" => "Le prénom est requis",
        "lastName" => "Le nom est requis",
        "email" => "L'email est requis",
        "phone" => "Le téléphone est requis",
        "address" => "L'adresse est requise",
        "city" => "La ville est requise",
        _ => "Ce champ est requis",
    }
}

/// The registration form: every field required, a valid e-mail and phone, 6+ characters.
/// Accounts an admin creates follow it too.
pub(crate) fn registration(account: &NewAccount) -> Result<Contact, IdentityError> {
    let mut errors = FieldErrors::default();
    let contact = ACCOUNT_FORM.contact(&mut errors, &account.contact);
    password(&mut errors, "password", &account.password, PASSWORD_TOO_SHORT);
    checked(contact, errors)
}

/// The password rule shared by registration, password change and reset.
pub(crate) fn password(errors: &mut FieldErrors, field: &'static str, password: &str, too_short: &str) {
    let length = password.chars().count();
    if password.is_empty() {
        errors.missing(field, "Le mot de passe est requis");
    } else if length < PASSWORD_MIN_LENGTH {
        errors.fail(field, too_short);
    } else if length > PASSWORD_MAX_LENGTH {
        errors.fail(field, "Le mot de passe ne peut pas dépasser 128 caractères");
    }
}

pub(crate) fn new_password(errors: &mut FieldErrors, field: &'static str, new: &str) {
    password(errors, field, new, PASSWORD_TOO_SHORT);
}

/// Names required; the phone and the address may be left blank.
pub(crate) fn profile(profile: &ProfileUpdate) -> Result<Profile, IdentityError> {
    let mut errors = FieldErrors::default();
    let profile = Profile {
        first_name: ACCOUNT_FORM.name(&mut errors, "firstName", &profile.first_name),
        last_name: ACCOUNT_FORM.name(&mut errors, "lastName", &profile.last_name),
        phone: ACCOUNT_FORM.phone(&mut errors, &profile.phone, Need::Optional),
        address: ACCOUNT_FORM.address(&mut errors, &profile.address, Need::Optional),
    };
    checked(Some(profile), errors)
}

/// Everything but the label, the zip code and the country is required.
pub(crate) fn address(input: &AddressInput) -> Result<AddressEntry, IdentityError> {
    let mut errors = FieldErrors::default();
    errors.max_chars("label", &input.label, MAX_LABEL_CHARS);
    let first_name = ACCOUNT_FORM.name(&mut errors, "firstName", &input.first_name);
    let last_name = ACCOUNT_FORM.name(&mut errors, "lastName", &input.last_name);
    let phone = ACCOUNT_FORM.phone(&mut errors, &input.phone, Need::Required);
    let address = ACCOUNT_FORM.address(&mut errors, &input.address, Need::Required);
    let entry = phone.map(|phone| AddressEntry {
        label: input.label.trim().to_owned(),
        first_name,
        last_name,
        phone,
        address,
        is_default: input.is_default,
    });
    checked(entry, errors)
}

/// The form's value when nothing was found wrong with it.
pub(crate) fn checked<T>(value: Option<T>, errors: FieldErrors) -> Result<T, IdentityError> {
    match value {
        Some(value) if errors.is_empty() => Ok(value),
        _ => Err(IdentityError::validation(errors)),
    }
}

/// Trims a text of a form before it is stored.
pub(crate) fn trimmed(value: &str) -> String {
    value.trim().to_owned()
}
