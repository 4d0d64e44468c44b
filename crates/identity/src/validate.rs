//! The account forms' rules and their French messages (seed 000 §5), checked once, here.

use bitik_common::Email;

use crate::error::{FieldErrors, IdentityError};
use crate::model::{AddressInput, NewAccount, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ProfileUpdate};

/// Collects the problems of a form, field by field (the first problem of each field wins).
#[derive(Default)]
pub(crate) struct Checks(FieldErrors);

impl Checks {
    pub fn required(&mut self, field: &'static str, value: &str, missing: &str) -> &mut Self {
        if value.trim().is_empty() {
            self.fail(field, missing);
        }
        self
    }

    pub fn max_len(&mut self, field: &'static str, value: &str, max: usize) -> &mut Self {
        if value.trim().chars().count() > max {
            self.fail(field, &format!("Ce champ ne peut pas dépasser {max} caractères"));
        }
        self
    }

    pub fn fail(&mut self, field: &'static str, message: &str) -> &mut Self {
        self.0.entry(field).or_insert_with(|| message.to_owned());
        self
    }

    pub fn finish(&mut self) -> Result<(), IdentityError> {
        if self.0.is_empty() { Ok(()) } else { Err(IdentityError::validation(std::mem::take(&mut self.0))) }
    }
}

/// The registration form (seed 000 §5): every field required, a valid e-mail, 6+ characters.
/// Accounts an admin creates follow it too.
pub(crate) fn registration(account: &NewAccount) -> Result<(), IdentityError> {
    let mut checks = Checks::default();
    checks
        .required("firstName", &account.first_name, "Le prénom est requis")
        .max_len("firstName", &account.first_name, 100)
        .required("lastName", &account.last_name, "Le nom est requis")
        .max_len("lastName", &account.last_name, 100)
        .required("email", &account.email, "L'email est requis")
        .required("phone", &account.phone, "Le téléphone est requis")
        .max_len("phone", &account.phone, 30);
    if !account.email.trim().is_empty() && Email::parse(&account.email).is_err() {
        checks.fail("email", "Veuillez saisir un email valide");
    }
    password(&mut checks, "password", &account.password, "Le mot de passe doit contenir au moins 6 caractères");
    checks.finish()
}

/// The password rule shared by registration, password change and reset.
pub(crate) fn password(checks: &mut Checks, field: &'static str, password: &str, too_short: &str) {
    let length = password.chars().count();
    if password.is_empty() {
        checks.fail(field, "Le mot de passe est requis");
    } else if length < PASSWORD_MIN_LENGTH {
        checks.fail(field, too_short);
    } else if length > PASSWORD_MAX_LENGTH {
        checks.fail(field, "Le mot de passe ne peut pas dépasser 128 caractères");
    }
}

pub(crate) fn profile(profile: &ProfileUpdate) -> Result<(), IdentityError> {
    Checks::default()
        .required("firstName", &profile.first_name, "Le prénom est requis")
        .max_len("firstName", &profile.first_name, 100)
        .required("lastName", &profile.last_name, "Le nom est requis")
        .max_len("lastName", &profile.last_name, 100)
        .max_len("phone", &profile.phone, 30)
        .max_len("address", &profile.address, 300)
        .max_len("city", &profile.city, 100)
        .max_len("zipCode", &profile.zip_code, 20)
        .max_len("country", &profile.country, 100)
        .finish()
}

pub(crate) fn address(input: &AddressInput) -> Result<(), IdentityError> {
    Checks::default()
        .max_len("label", &input.label, 60)
        .required("firstName", &input.first_name, "Le prénom est requis")
        .max_len("firstName", &input.first_name, 100)
        .required("lastName", &input.last_name, "Le nom est requis")
        .max_len("lastName", &input.last_name, 100)
        .required("phone", &input.phone, "Le téléphone est requis")
        .max_len("phone", &input.phone, 30)
        .required("address", &input.address, "L'adresse est requise")
        .max_len("address", &input.address, 300)
        .required("city", &input.city, "La ville est requise")
        .max_len("city", &input.city, 100)
        .max_len("zipCode", &input.zip_code, 20)
        .max_len("country", &input.country, 100)
        .finish()
}

/// Trims every text of a form before it is stored.
pub(crate) fn trimmed(value: &str) -> String {
    value.trim().to_owned()
}
