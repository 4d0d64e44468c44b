//! Who carries a shipped parcel: the customer sees their name and phone.

use bitik_common::{FieldErrors, Phone};

use uuid::Uuid;

use crate::error::OrderError;

/// Longest courier name, in characters.
const MAX_NAME: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Courier {
    pub name: String,
    /// E.164.
    pub phone: String,
    /// The courier's account, when the team has one for them (`GET /api/courier/orders`).
    pub account: Option<Uuid>,
}

impl Courier {
    /// A courier of the team by their account: its name and phone, which they must have.
    pub fn of_account(account: Uuid, name: &str, phone: &str) -> Result<Courier, OrderError> {
        if phone.trim().is_empty() {
            return Err(OrderError::invalid(
                "courierId",
                "Ce livreur n'a pas de téléphone enregistré : ajoutez-le à son compte.",
            ));
        }
        let courier = Courier::parse(name, phone)?
            .ok_or_else(|| OrderError::invalid("courierId", "Choisissez un livreur de l'équipe."))?;
        Ok(Courier { account: Some(account), ..courier })
    }

    /// Name and phone as the admin typed them: both blank clears the courier; otherwise a name
    /// (100 characters at most) and a real phone number.
    pub fn parse(name: &str, phone: &str) -> Result<Option<Courier>, OrderError> {
        let (name, phone) = (name.trim(), phone.trim());
        if name.is_empty() && phone.is_empty() {
            return Ok(None);
        }
        let mut errors = FieldErrors::default();
        if name.is_empty() {
            errors.fail("name", "Indiquez le nom du livreur.");
        }
        errors.max_chars_worded("name", name, MAX_NAME, "Le nom du livreur ne peut pas dépasser 100 caractères.");
        let phone = Phone::parse(phone).ok();
        if phone.is_none() {
            errors.fail("phone", Phone::INVALID);
        }
        match phone {
            Some(phone) if errors.is_empty() => {
                Ok(Some(Courier { name: name.to_owned(), phone: phone.into_inner(), account: None }))
            }
            _ => Err(OrderError::validation(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_courier_has_a_name_and_a_real_phone_or_is_cleared() {
        let courier = Courier::parse(" Modou Fall ", "77 000 11 22").unwrap().unwrap();
        assert_eq!((courier.name.as_str(), courier.phone.as_str()), ("Modou Fall", "+221770001122"));
        assert_eq!(Courier::parse(" ", "").unwrap(), None);
        let error = Courier::parse("Modou", "abc").unwrap_err();
        assert_eq!(error.to_string(), "Veuillez entrer un numéro de téléphone valide");
        let error = Courier::parse("", "77 000 11 22").unwrap_err();
        assert_eq!(error.to_string(), "Indiquez le nom du livreur.");
    }
}
