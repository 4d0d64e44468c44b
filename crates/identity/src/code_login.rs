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
use crate::login_code::{LoginCode, Replacement, Verdict};
use crate::model::{NewUser, Role, User};
use crate::ports::{CodeChannel, CodeRecipient, CodeSender, InsertUserError, LoginCodes, UserRepository};
use crate::service::{AccountService, Session};
use crate::validate::ACCOUNT_FORM;

/// A code stored for a phone, still to be sent: the request is answered before the sending,
/// so that how long it takes (a message sent, or none for lack of a channel) tells nothing.
pub struct CodeToSend {
    users: Arc<dyn UserRepository>,
    sender: Arc<dyn CodeSender>,
    channel: CodeChannel,
    phone: Phone,
    code: LoginCode,
}

impl CodeToSend {
    /// Sends the code to the phone, or, by e-mail, to the account the phone names (nothing goes
    /// out when it names none: the asker was answered the same).
    pub async fn deliver(self) -> Result<(), IdentityError> {
        let account = code_account(self.users.as_ref(), self.channel, &self.phone).await?;
        let to = CodeRecipient { phone: self.phone, email: account.and_then(|user| user.email) };
        if self.channel == CodeChannel::Email && to.email.is_none() {
            return Ok(());
        }
        self.sender.send_code(&to, &self.code).await.map_err(IdentityError::Repository)
    }
}

/// The account a code for `phone` logs into. On WhatsApp, the phone's own (`login_phone`). By
/// e-mail, the phone's own if it has an e-mail, else the one active customer with an e-mail whose
/// profile gives that phone; none when several do (the code would prove no one).
async fn code_account(
    users: &dyn UserRepository,
    channel: CodeChannel,
    phone: &Phone,
) -> Result<Option<User>, IdentityError> {
    let own = users.find_by_login_phone(phone).await.map_err(IdentityError::Repository)?;
    if channel == CodeChannel::WhatsApp || own.as_ref().is_some_and(|user| user.email.is_some()) {
        return Ok(own);
    }
    let mut named = users.customers_with_phone(phone).await.map_err(IdentityError::Repository)?;
    Ok(if named.len() == 1 { named.pop() } else { None })
}

/// The phone of a login-by-code form, read by the shop's one rule, or the form's error on `phone`.
pub fn read_phone(typed: &str) -> Result<Phone, IdentityError> {
    let mut errors = FieldErrors::default();
    match ACCOUNT_FORM.phone(&mut errors, typed, Need::Required) {
        Some(phone) => Ok(phone),
        None => Err(IdentityError::validation(errors)),
    }
}

/// The code of a login-by-code form: six digits, whatever spaces or dashes came with them, or
/// the form's error on `code` (no try at all).
pub fn read_code(typed: &str) -> Result<LoginCode, IdentityError> {
    LoginCode::read(typed).ok_or_else(|| IdentityError::invalid_field("code", CODE_FORM))
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

    /// How codes go out, if they can.
    pub fn login_code_channel(&self) -> Option<CodeChannel> {
        self.login_codes.as_ref().map(|codes| codes.channel)
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
                channel: codes.channel,
                phone: phone.clone(),
                code,
            }),
            Replacement::Locked { until } => Err(IdentityError::LoginCodesLocked { retry_after: until - now }),
        }
    }

    /// Checks a code typed for `phone`: `Ok` once, for the right code in time. A typed text that
    /// is not six digits is refused as a form error, and counts as no try.
    pub async fn check_login_code(&self, phone: &Phone, typed: &str) -> Result<(), IdentityError> {
        let code = read_code(typed)?;
        let codes = self.login_codes()?;
        let verdict = codes.store.judge(phone, codes.key.seal(phone, &code), (self.clock)()).await;
        match verdict.map_err(IdentityError::Repository)? {
            Verdict::Accepted => Ok(()),
            Verdict::Wrong => Err(IdentityError::WrongLoginCode),
            Verdict::Dead => Err(IdentityError::DeadLoginCode),
        }
    }

    /// Forgets the codes nothing needs any more (the periodic clean-up).
    pub async fn forget_old_login_codes(&self) -> Result<u64, IdentityError> {
        match &self.login_codes {
            Some(codes) => codes.store.forget_old((self.clock)()).await.map_err(IdentityError::Repository),
            None => Ok(0),
        }
    }

    /// The session a right code opens: on WhatsApp, the phone's account, opened the first time
    /// (a customer with neither e-mail nor password); by e-mail, the account the code was sent to.
    /// The team logs in with a password and its second step, never by code.
    pub async fn login_with_code(&self, phone: &Phone, typed: &str) -> Result<Session, IdentityError> {
        self.check_login_code(phone, typed).await?;
        let channel = self.login_codes()?.channel;
        let found = code_account(self.users.as_ref(), channel, phone).await?;
        let user = match (found, channel) {
            (Some(user), _) => user,
            (None, CodeChannel::WhatsApp) => self.open_phone_account(phone, ("", "")).await?,
            // The code went to no e-mail (the phone named none, or its account changed since).
            (None, CodeChannel::Email) => return Err(IdentityError::DeadLoginCode),
        };
        if !user.active {
            return Err(IdentityError::AccountDisabled);
        }
        if user.role.is_staff() {
            return Err(IdentityError::CodeLoginForCustomers);
        }
        Ok(self.session(user))
    }

    /// The customer an order placed without logging in belongs to: the phone's account, the one a
    /// code sent to that phone logs into, opened now (with the order's names) if it has none. So
    /// the phone's orders are all there the day it logs in, and its limits count per phone.
    /// Nothing of the account is shown to whoever ordered: the same answer whether it existed.
    pub async fn customer_of_phone(&self, phone: &Phone, names: (&str, &str)) -> Result<User, IdentityError> {
        let found = self.users.find_by_login_phone(phone).await.map_err(IdentityError::Repository)?;
        let user = match found {
            Some(user) => user,
            None => self.open_phone_account(phone, names).await?,
        };
        // A customer the shop turned away does not come back by leaving the login out.
        if !user.active {
            return Err(IdentityError::AccountDisabled);
        }
        Ok(user)
    }

    async fn open_phone_account(
        &self,
        phone: &Phone,
        (first_name, last_name): (&str, &str),
    ) -> Result<User, IdentityError> {
        let account = NewUser {
            email: None,
            password_hash: None,
            first_name: first_name.trim().to_owned(),
            last_name: last_name.trim().to_owned(),
            phone: Some(phone.clone()),
            role: Role::Customer,
            login_phone: Some(phone.clone()),
        };
        match self.users.insert(account).await {
            Ok(user) => Ok(user),
            // Opened a moment ago by another right code (the phone's last one and the one
            // before cannot both be right, but a phone may hold two accounts' worth of tabs).
            Err(InsertUserError::Duplicate) => {
                let found = self.users.find_by_login_phone(phone).await.map_err(IdentityError::Repository)?;
                found.ok_or(IdentityError::Repository("a login phone taken by no account".into()))
            }
            Err(InsertUserError::LastAdmin) => Err(IdentityError::LastAdmin),
            Err(InsertUserError::Other(cause)) => Err(IdentityError::Repository(cause)),
        }
    }
}

pub const CODE_COUNTRY_REFUSED: &str =
    "Les codes de connexion ne sont envoyés qu'aux numéros des pays où la boutique livre.";
pub const CODE_FORM: &str = "Saisissez les 6 chiffres du code reçu.";

#[cfg(test)]
#[path = "code_login_tests.rs"]
mod tests;
