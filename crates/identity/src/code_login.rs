//! Logging in with a code sent to the phone (docs/rules.md#login-by-code): asking for a code,
//! and the code typed. The code's own rules are `login_code.rs`'s; the limits on sending (per
//! phone, per address, per country prefix) are counted before, by the API's limits.
//!
//! Nothing here tells whether a phone has an account: a code is made and sent for any phone of
//! the shop's countries, and a right code opens an account for a phone that had none.

use std::sync::Arc;

use bitik_common::{FieldErrors, Need, Phone};
use chrono::{DateTime, Utc};

use crate::error::IdentityError;
use crate::login_code::{CodeCountries, CodeKey, LoginCode, Replacement, Verdict};
use crate::ports::{CodeRecipient, CodeSender, LoginCodeRepository, UserRepository};
use crate::service::AccountService;
use crate::validate::ACCOUNT_FORM;

/// What login by code needs: where codes are kept and how they are sent, the key they are
/// sealed under, and the countries whose phones may receive them.
#[derive(Clone)]
pub struct LoginCodes {
    pub store: Arc<dyn LoginCodeRepository>,
    pub sender: Arc<dyn CodeSender>,
    pub key: CodeKey,
    pub countries: CodeCountries,
}

/// A code stored for a phone, still to be sent: the request is answered before the sending,
/// so that how long it takes (a message sent, or none for lack of a channel) tells nothing.
pub struct CodeToSend {
    users: Arc<dyn UserRepository>,
    sender: Arc<dyn CodeSender>,
    phone: Phone,
    code: LoginCode,
}

impl CodeToSend {
    /// Sends the code to the phone (and to the e-mail of the account that logs in with it, for
    /// a channel that writes e-mail).
    pub async fn deliver(self) -> Result<(), IdentityError> {
        let account = self.users.find_by_login_phone(&self.phone).await.map_err(IdentityError::Repository)?;
        let to = CodeRecipient { phone: self.phone, email: account.map(|user| user.email) };
        self.sender.send_code(&to, &self.code).await.map_err(IdentityError::Repository)
    }
}

/// The phone of a login-by-code form, read by the shop's one rule, or the form's error on `phone`.
pub fn read_phone(typed: &str) -> Result<Phone, IdentityError> {
    let mut errors = FieldErrors::default();
    match ACCOUNT_FORM.phone(&mut errors, typed, Need::Required) {
        Some(phone) => Ok(phone),
        None => Err(IdentityError::validation(errors)),
    }
}

impl AccountService {
    /// Login by code is offered: codes have a store and a way to go out.
    pub fn with_login_codes(mut self, codes: LoginCodes) -> Self {
        self.login_codes = Some(codes);
        self
    }

    pub fn login_codes_available(&self) -> bool {
        self.login_codes.is_some()
    }

    fn login_codes(&self) -> Result<&LoginCodes, IdentityError> {
        self.login_codes.as_ref().ok_or(IdentityError::LoginCodesUnavailable)
    }

    /// A new code for `phone`, replacing its last: stored (sealed), then to be sent by the
    /// caller. Refused for a phone outside the shop's countries, and for an hour after five
    /// wrong codes.
    pub async fn new_login_code(&self, phone: &Phone) -> Result<CodeToSend, IdentityError> {
        let codes = self.login_codes()?;
        if !codes.countries.allows(phone) {
            return Err(IdentityError::invalid_field("phone", CODE_COUNTRY_REFUSED));
        }
        let code = LoginCode::draw();
        let now: DateTime<Utc> = (self.clock)();
        let replaced = codes.store.replace(phone, codes.key.seal(phone, &code), now).await;
        match replaced.map_err(IdentityError::Repository)? {
            Replacement::Send(_) => Ok(CodeToSend {
                users: self.users.clone(),
                sender: codes.sender.clone(),
                phone: phone.clone(),
                code,
            }),
            Replacement::Locked { until } => Err(IdentityError::LoginCodesLocked { retry_after: until - now }),
        }
    }

    /// Checks a code typed for `phone`: `Ok` once, for the right code in time. A typed text that
    /// is not six digits is refused as a form error, and counts as no try.
    pub async fn check_login_code(&self, phone: &Phone, typed: &str) -> Result<(), IdentityError> {
        let codes = self.login_codes()?;
        let code = LoginCode::read(typed).ok_or_else(|| IdentityError::invalid_field("code", CODE_FORM))?;
        let verdict = codes.store.judge(phone, codes.key.seal(phone, &code), (self.clock)()).await;
        match verdict.map_err(IdentityError::Repository)? {
            Verdict::Accepted => Ok(()),
            Verdict::Wrong => Err(IdentityError::WrongLoginCode),
            Verdict::Dead => Err(IdentityError::DeadLoginCode),
        }
    }
}

pub const CODE_COUNTRY_REFUSED: &str = "Les codes de connexion ne sont envoyés qu'aux numéros des pays où la boutique livre.";
pub const CODE_FORM: &str = "Saisissez les 6 chiffres du code reçu.";

#[cfg(test)]
#[path = "code_login_tests.rs"]
mod tests;
