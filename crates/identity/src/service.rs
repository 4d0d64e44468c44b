use std::sync::Arc;
use std::time::Duration;

use bitik_common::{Email, FieldErrors};
use bitik_messages::templates::Templates;
use bitik_messages::{MessageKind, NewMessage};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;
use uuid::Uuid;

use crate::audit::{AuditLog, LOGIN, LOGIN_FAILED, own_account_event};
use crate::error::IdentityError;
use crate::model::{Address, AddressEntry, AddressInput, NewAccount, NewUser, ProfileUpdate, Role, User};
use crate::ports::{AddressRepository, InsertUserError, PasswordHasher, TwoFactorRepository, UserRepository};
use crate::tokens::TokenService;
use crate::two_factor::TwoFactorPolicy;
use crate::validate::{self, trimmed};

/// How long a password-reset link works.
pub const RESET_LINK_LIFETIME: Duration = Duration::from_secs(60 * 60);
/// Addresses one account's book holds at most (docs/rules.md#accounts): more than any shopper
/// delivers to, few enough that a script cannot fill the database through one account.
pub const MAX_ADDRESSES: usize = 20;

/// A logged-in user and the token that proves it.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub user: User,
}

/// What a right password opens.
#[derive(Debug, Clone)]
pub enum LoginOutcome {
    Session(Box<Session>),
    /// The account logs in in two steps: the code comes next, with this challenge
    /// (`AccountService::second_step`).
    TwoFactorRequired {
        challenge: String,
    },
}

pub struct AccountService {
    pub(crate) users: Arc<dyn UserRepository>,
    addresses: Arc<dyn AddressRepository>,
    pub(crate) hasher: Arc<dyn PasswordHasher>,
    pub(crate) tokens: TokenService,
    /// Verified when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password.
    dummy_hash: OnceCell<String>,
    pub(crate) clock: fn() -> DateTime<Utc>,
    /// Set when e-mail is configured: reset links are then sent by e-mail too.
    reset_mail: Option<Templates>,
    /// Two-step login's storage (`with_two_factor`); without it, no one can turn it on.
    pub(crate) two_factor: Option<Arc<dyn TwoFactorRepository>>,
    /// `STAFF_2FA`.
    pub(crate) two_factor_policy: TwoFactorPolicy,
    /// The name an authenticator app shows beside the account (the shop's).
    pub(crate) two_factor_issuer: String,
    /// Where a staff account's logins and two-step changes are written (`with_audit`).
    audit: Option<Arc<dyn AuditLog>>,
    /// Login by code (`code_login.rs`); without it, it is unavailable.
    pub(crate) login_codes: Option<crate::ports::LoginCodes>,
}

fn repository(error: Box<dyn std::error::Error + Send + Sync>) -> IdentityError {
    IdentityError::Repository(error)
}

impl AccountService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        addresses: Arc<dyn AddressRepository>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: TokenService,
    ) -> Self {
        Self {
            users,
            addresses,
            hasher,
            tokens,
            dummy_hash: OnceCell::new(),
            clock: Utc::now,
            reset_mail: None,
            two_factor: None,
            two_factor_policy: TwoFactorPolicy::Optional,
            two_factor_issuer: String::new(),
            audit: None,
            login_codes: None,
        }
    }

    /// Staff accounts' logins (right or refused) and two-step login turned on or off are written
    /// to the audit log (docs/roles.md#the-audit-log).
    pub fn with_audit(mut self, log: Arc<dyn AuditLog>) -> Self {
        self.audit = Some(log);
        self
    }

    /// Writes `action` on a staff account's own entry; customers' logins are not the team's work.
    pub(crate) async fn log_own(&self, user: &User, action: &str) -> Result<(), IdentityError> {
        match &self.audit {
            Some(log) if user.role.is_staff() => log.record(&own_account_event(user, action)).await.map_err(repository),
            _ => Ok(()),
        }
    }

    /// E-mail is configured: a reset link is sent to the account's address when it is made, and
    /// its owner may ask for one by e-mail ([`Self::email_reset_link`]).
    pub fn with_reset_mail(mut self, templates: Templates) -> Self {
        self.reset_mail = Some(templates);
        self
    }

    /// Whether reset links go out by e-mail.
    pub fn resets_by_email(&self) -> bool {
        self.reset_mail.is_some()
    }

    /// With a fixed clock, for tests of what depends on the date.
    pub fn with_clock(mut self, clock: fn() -> DateTime<Utc>) -> Self {
        self.clock = clock;
        self
    }

    // Accounts -------------------------------------------------------------------------------

    /// Registration form: every field required, a valid e-mail and phone, 6+ characters.
    pub async fn register(&self, account: NewAccount) -> Result<Session, IdentityError> {
        let user = self.create_account(account).await?;
        Ok(self.session(user))
    }

    /// Checks a new account with the registration form's rules and stores it (registration,
    /// admin, seed).
    pub async fn create_account(&self, account: NewAccount) -> Result<User, IdentityError> {
        let (contact, email) = validate::registration(&account)?;
        // Before the hash: a taken address costs one lookup, not 19 MiB and a core.
        if self.users.find_by_email(&email).await.map_err(repository)?.is_some() {
            return Err(IdentityError::EmailTaken);
        }
        let password_hash = self.hash_new_password(&account.password).await?;
        self.insert(NewUser {
            email: Some(email),
            password_hash: Some(password_hash),
            first_name: contact.first_name,
            last_name: contact.last_name,
            phone: Some(contact.phone),
            role: account.role,
            login_phone: None,
        })
        .await
    }

    async fn insert(&self, user: NewUser) -> Result<User, IdentityError> {
        self.users.insert(user).await.map_err(|e| match e {
            InsertUserError::Duplicate => IdentityError::EmailTaken,
            InsertUserError::LastAdmin => IdentityError::LastAdmin,
            InsertUserError::Other(e) => IdentityError::Repository(e),
        })
    }

    /// Makes sure an administrator with this e-mail and password exists: creates the account, or
    /// promotes and re-keys an existing one. Returns the admin and whether it was created.
    pub async fn ensure_admin(
        &self,
        email: &str,
        password: &str,
        first_name: &str,
        last_name: &str,
    ) -> Result<(User, bool), IdentityError> {
        let parsed = Email::parse(email).map_err(|_| IdentityError::InvalidEmail)?;
        match self.users.find_by_email(&parsed).await.map_err(repository)? {
            Some((existing, _)) => {
                let hash = self.hash_new_password(password).await?;
                let admin =
                    self.users.set_role_and_password(existing.id, Role::Admin, hash).await.map_err(repository)?;
                Ok((admin, false))
            }
            None => {
                let password_hash = self.hash_new_password(password).await?;
                let admin = NewUser {
                    email: Some(parsed),
                    password_hash: Some(password_hash),
                    first_name: trimmed(first_name),
                    last_name: trimmed(last_name),
                    phone: None,
                    role: Role::Admin,
                    login_phone: None,
                };
                Ok((self.insert(admin).await?, true))
            }
        }
    }

    // Sessions -------------------------------------------------------------------------------

    /// A wrong e-mail and a wrong password get the same answer after the same work. A right
    /// password of an account with two-step login opens no session yet: a challenge for its code.
    pub async fn login(&self, email: &str, password: &str) -> Result<LoginOutcome, IdentityError> {
        let mut errors = FieldErrors::default();
        errors.required("email", email, "L'email est requis").required(
            "password",
            password,
            "Le mot de passe est requis",
        );
        errors.finish(IdentityError::validation)?;
        if password.chars().count() > crate::model::PASSWORD_MAX_LENGTH {
            return Err(IdentityError::InvalidCredentials);
        }
        let found = self.users.find_by_email(&Email::known(email)).await.map_err(repository)?;
        let Some((user, hash)) = found else {
            let dummy = self.dummy_hash().await?;
            self.hasher.verify(password, dummy).await?;
            return Err(IdentityError::InvalidCredentials);
        };
        if !self.password_matches(password, hash.as_deref()).await? {
            self.log_own(&user, LOGIN_FAILED).await?;
            return Err(IdentityError::InvalidCredentials);
        }
        if !user.active {
            self.log_own(&user, LOGIN_FAILED).await?;
            return Err(IdentityError::AccountDisabled);
        }
        if user.two_factor_enabled {
            // Half a login: the entry comes with the code's answer.
            return Ok(LoginOutcome::TwoFactorRequired { challenge: self.tokens.issue_challenge(&user) });
        }
        self.log_own(&user, LOGIN).await?;
        Ok(LoginOutcome::Session(Box::new(self.session(user))))
    }

    /// The user a token belongs to, if the token is still good: signed by us, not expired, of
    /// the user's current token version, and the user still active.
    pub async fn authenticate(&self, token: &str) -> Result<User, IdentityError> {
        let claims = self.tokens.verify(token).ok_or(IdentityError::Unauthenticated)?;
        let (user, _) =
            self.users.find_by_id(claims.sub).await.map_err(repository)?.ok_or(IdentityError::Unauthenticated)?;
        if user.token_version != claims.ver || !user.active {
            return Err(IdentityError::Unauthenticated);
        }
        Ok(user)
    }

    /// Ends every session of the user, on every device.
    pub async fn logout(&self, user_id: Uuid) -> Result<(), IdentityError> {
        self.users.revoke_sessions(user_id).await.map_err(repository)
    }

    pub(crate) fn session(&self, user: User) -> Session {
        Session { token: self.tokens.issue(&user), user }
    }

    // The account area -----------------------------------------------------------------------

    pub async fn update_profile(&self, user_id: Uuid, profile: ProfileUpdate) -> Result<User, IdentityError> {
        let profile = validate::profile(&profile)?;
        self.users.update_profile(user_id, profile).await.map_err(repository)
    }

    /// Earlier sessions end; the answer carries a new token for the device that asked.
    pub async fn change_password(
        &self,
        user_id: Uuid,
        current_password: &str,
        new_password: &str,
    ) -> Result<Session, IdentityError> {
        let mut errors = FieldErrors::default();
        errors.required("currentPassword", current_password, "Le mot de passe actuel est requis");
        validate::password(
            &mut errors,
            "newPassword",
            new_password,
            "Le nouveau mot de passe doit contenir au moins 6 caractères",
        );
        errors.finish(IdentityError::validation)?;
        let (_, hash) =
            self.users.find_by_id(user_id).await.map_err(repository)?.ok_or(IdentityError::Unauthenticated)?;
        // No stored password is longer: nothing to hash to know it is wrong.
        let too_long = current_password.chars().count() > crate::model::PASSWORD_MAX_LENGTH;
        if too_long || !self.password_matches(current_password, hash.as_deref()).await? {
            return Err(IdentityError::IncorrectCurrentPassword);
        }
        let new_hash = self.hasher.hash(new_password).await?;
        let user = self.users.set_password(user_id, new_hash).await.map_err(repository)?;
        Ok(self.session(user))
    }

    // Password reset -------------------------------------------------------------------------

    /// Always the same outcome for the caller, whether or not the e-mail has an account: support
    /// sees the request and sends a reset link (docs/rules.md#accounts).
    pub async fn request_password_reset(&self, email: &str) -> Result<(), IdentityError> {
        match Email::parse(email) {
            Ok(email) => self.users.record_reset_request(&email).await.map_err(repository),
            Err(_) => {
                Err(IdentityError::validation(FieldErrors::of("email", "Veuillez saisir une adresse email valide")))
            }
        }
    }

    /// A one-time token for `/reset-password/{token}`, valid one hour. Only its hash is stored.
    /// With e-mail configured, its link is also sent to the account's address.
    pub async fn create_reset_token(&self, user_id: Uuid, created_by: Option<Uuid>) -> Result<String, IdentityError> {
        let (user, _) = self.users.find_by_id(user_id).await.map_err(repository)?.ok_or(IdentityError::UserNotFound)?;
        self.make_reset_token(&user, created_by).await
    }

    async fn make_reset_token(&self, user: &User, created_by: Option<Uuid>) -> Result<String, IdentityError> {
        let token = hex::encode(rand::random::<[u8; 32]>());
        let expires_at = chrono::Utc::now() + RESET_LINK_LIFETIME;
        let message = self.reset_mail.as_ref().zip(user.email.as_ref()).map(|(templates, email)| {
            let link = templates.reset_url(&token);
            NewMessage::new(MessageKind::ResetLink, email.as_str(), None, templates.reset_link(&link, expires_at))
        });
        self.users
            .create_reset_token(user.id, token_hash(&token), expires_at, created_by, message)
            .await
            .map_err(repository)?;
        Ok(token)
    }

    /// Sends a reset link to `email` when it is an active account's; answers the same whether
    /// or not it is, so that nobody learns which addresses have accounts.
    pub async fn email_reset_link(&self, email: &str) -> Result<(), IdentityError> {
        if self.reset_mail.is_none() {
            return Err(IdentityError::MailNotConfigured);
        }
        let email = Email::parse(email).map_err(|_| {
            IdentityError::validation(FieldErrors::of("email", "Veuillez saisir une adresse email valide"))
        })?;
        match self.users.find_by_email(&email).await.map_err(repository)? {
            Some((user, _)) if user.active => self.make_reset_token(&user, None).await.map(drop),
            _ => Ok(()),
        }
    }

    pub async fn reset_password(&self, token: &str, new_password: &str) -> Result<User, IdentityError> {
        let mut errors = FieldErrors::default();
        validate::new_password(&mut errors, "password", new_password);
        errors.finish(IdentityError::validation)?;
        let new_hash = self.hasher.hash(new_password).await?;
        self.users
            .reset_password(token_hash(token), new_hash)
            .await
            .map_err(repository)?
            .ok_or(IdentityError::InvalidResetToken)
    }

    // Addresses ------------------------------------------------------------------------------

    pub async fn addresses(&self, user_id: Uuid) -> Result<Vec<Address>, IdentityError> {
        self.addresses.list(user_id).await.map_err(repository)
    }

    /// Adds to the address book, which holds [`MAX_ADDRESSES`] at most.
    pub async fn add_address(&self, user_id: Uuid, input: AddressInput) -> Result<Address, IdentityError> {
        let entry = self.address_entry(&input).await?;
        self.addresses
            .create(user_id, entry, MAX_ADDRESSES)
            .await
            .map_err(repository)?
            .ok_or(IdentityError::AddressBookFull { max: MAX_ADDRESSES })
    }

    pub async fn update_address(&self, user_id: Uuid, id: Uuid, input: AddressInput) -> Result<Address, IdentityError> {
        let entry = self.address_entry(&input).await?;
        self.addresses.update(user_id, id, entry).await.map_err(repository)?.ok_or(IdentityError::AddressNotFound)
    }

    /// The form checked, its commune one the shop delivers to; a city left blank is the commune's.
    async fn address_entry(&self, input: &AddressInput) -> Result<AddressEntry, IdentityError> {
        let mut entry = validate::address(input)?;
        let name = self.addresses.commune_name(&entry.commune).await.map_err(repository)?;
        let name =
            name.ok_or_else(|| IdentityError::validation(FieldErrors::of("commune", validate::UNKNOWN_COMMUNE)))?;
        if entry.address.city.is_empty() {
            entry.address.city = name;
        }
        Ok(entry)
    }

    pub async fn delete_address(&self, user_id: Uuid, id: Uuid) -> Result<(), IdentityError> {
        match self.addresses.delete(user_id, id).await.map_err(repository)? {
            true => Ok(()),
            false => Err(IdentityError::AddressNotFound),
        }
    }

    pub async fn set_default_address(&self, user_id: Uuid, id: Uuid) -> Result<Address, IdentityError> {
        self.addresses.set_default(user_id, id).await.map_err(repository)?.ok_or(IdentityError::AddressNotFound)
    }

    // ----------------------------------------------------------------------------------------

    async fn hash_new_password(&self, password: &str) -> Result<String, IdentityError> {
        if password.chars().count() < crate::model::PASSWORD_MIN_LENGTH {
            return Err(IdentityError::PasswordTooShort);
        }
        Ok(self.hasher.hash(password).await?)
    }

    /// Whether `password` is the account's; an account without a password (opened by a code)
    /// costs the same work and matches nothing.
    pub(crate) async fn password_matches(&self, password: &str, hash: Option<&str>) -> Result<bool, IdentityError> {
        match hash {
            Some(hash) => Ok(self.hasher.verify(password, hash).await?),
            None => {
                let dummy = self.dummy_hash().await?;
                self.hasher.verify(password, dummy).await?;
                Ok(false)
            }
        }
    }

    async fn dummy_hash(&self) -> Result<&String, IdentityError> {
        self.dummy_hash
            .get_or_try_init(|| async { self.hasher.hash("not-a-real-password").await })
            .await
            .map_err(IdentityError::from)
    }
}

fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}
