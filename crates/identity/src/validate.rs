//! The account forms' rules and their French messages, checked once, here. Names, e-mail,
//! phone and address follow the shop's shared rules (`bitik_common::ContactForm`), in the
//! account forms' words.

use bitik_common::{Contact, ContactForm, Email, FieldErrors, Need, PostalAddress};

use crate::error::IdentityError;
use crate::model::{
    AddressEntry, AddressInput, NewAccount, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Profile, ProfileUpdate,
};

/// The account forms' wording of the contact and address rules.
pub(crate) const ACCOUNT_FORM: ContactForm =
    ContactForm { missing: missing_message, invalid_email: "Veuillez saisir un email valide" };

const PASSWORD_TOO_SHORT: &str = "Le mot de passe doit contenir au moins 6 caractères";
const MAX_LABEL_CHARS: usize = 60;
const MAX_LANDMARK_CHARS: usize = 200;
/// Longest commune code of the delivery zones.
const MAX_COMMUNE_CHARS: usize = 60;
/// What a commune that is not a code of the delivery zones' list is told.
pub(crate) const UNKNOWN_COMMUNE: &str = "Veuillez choisir une commune de la liste";

fn missing_message(field: &'static str) -> &'static str {
    match field {
        "firstName" => "Le prénom est requis",
        "lastName" => "Le nom est requis",
        "email" => "L'email est requis",
        "phone" => "Le téléphone est requis",
        "address" => "L'adresse est requise",
        "city" => "La ville est requise",
        "commune" => "La commune est requise",
        "landmark" => "Le point de repère est requis",
        _ => "Ce champ est requis",
    }
}

/// The registration form: every field required, a valid e-mail and phone, 6+ characters.
/// Accounts an admin creates follow it too.
pub(crate) fn registration(account: &NewAccount) -> Result<(Contact, Email), IdentityError> {
    let mut errors = FieldErrors::default();
    let contact = ACCOUNT_FORM.contact(&mut errors, &account.contact, Need::Required);
    password(&mut errors, "password", &account.password, PASSWORD_TOO_SHORT);
    let registered = contact.and_then(|contact| Some((contact.email.clone()?, contact)));
    checked(registered.map(|(email, contact)| (contact, email)), errors)
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
        address: profile.address.as_ref().map(|address| ACCOUNT_FORM.address(&mut errors, address, Need::Optional)),
    };
    checked(Some(profile), errors)
}

/// Names, phone, street address, commune and landmark are required; the label, the city (the
/// commune's name when blank) and the country (Sénégal) are not; the postcode is not read (Dakar
/// has none). Which commune the code names is the delivery zones' to say.
pub(crate) fn address(input: &AddressInput) -> Result<AddressEntry, IdentityError> {
    let mut errors = FieldErrors::default();
    errors.max_chars("label", &input.label, MAX_LABEL_CHARS);
    let first_name = ACCOUNT_FORM.name(&mut errors, "firstName", &input.first_name);
    let last_name = ACCOUNT_FORM.name(&mut errors, "lastName", &input.last_name);
    let phone = ACCOUNT_FORM.phone(&mut errors, &input.phone, Need::Required);
    let address = PostalAddress {
        address: ACCOUNT_FORM.street(&mut errors, &input.address.address, Need::Required),
        city: ACCOUNT_FORM.city(&mut errors, &input.address.city, Need::Optional),
        zip_code: String::new(),
        country: ACCOUNT_FORM.country(&mut errors, &input.address.country),
    };
    // Which commune the code names (if any) is the delivery zones' to say: `AccountService` asks.
    let commune = input.commune.trim();
    errors.required("commune", commune, missing_message("commune")).max_chars("commune", commune, MAX_COMMUNE_CHARS);
    errors.required("landmark", &input.landmark, missing_message("landmark")).max_chars(
        "landmark",
        &input.landmark,
        MAX_LANDMARK_CHARS,
    );
    let entry = phone.map(|phone| AddressEntry {
        label: input.label.trim().to_owned(),
        first_name,
        last_name,
        phone,
        address,
        commune: commune.to_owned(),
        landmark: trimmed(&input.landmark),
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
