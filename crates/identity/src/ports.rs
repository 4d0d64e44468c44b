use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::{Email, Page, Phone};
use bitik_messages::NewMessage;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::backoffice::{UserChanges, UserFilter, UserRemoval, UserStats};
use crate::login_code::{CodeCountries, CodeKey, LoginCode, Replacement, Verdict};
use crate::model::{Address, AddressEntry, NewUser, Profile, Role, User};
use bitik_common::BoxError;

/// Why an account could not be written.
#[derive(Debug, thiserror::Error)]
pub enum InsertUserError {
    #[error("e-mail already registered")]
    Duplicate,
    /// The change would leave the shop without an active administrator.
    #[error("the last active administrator stays one")]
    LastAdmin,
    #[error(transparent)]
    Other(BoxError),
}

/// A user and their password hash (`None`: an account opened by a code has no password).
pub type Credentials = (User, Option<String>);

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    async fn find_by_email(&self, email: &Email) -> Result<Option<Credentials>, BoxError>;
    async fn find_by_id(&self, id: Uuid) -> Result<Option<Credentials>, BoxError>;
    /// The account that logs in with a code sent to `phone` (a phone proved by such a code).
    async fn find_by_login_phone(&self, phone: &Phone) -> Result<Option<User>, BoxError>;
    /// The active customers with an e-mail whose profile gives `phone` (two at most: enough to
    /// tell one from several).
    async fn customers_with_phone(&self, phone: &Phone) -> Result<Vec<User>, BoxError>;
    async fn insert(&self, user: NewUser) -> Result<User, InsertUserError>;
    /// Sets role and password hash, activates the account and ends its sessions.
    async fn set_role_and_password(&self, id: Uuid, role: Role, password_hash: String) -> Result<User, BoxError>;
    async fn update_profile(&self, id: Uuid, profile: Profile) -> Result<User, BoxError>;
    /// Replaces the password hash and ends every session issued before.
    async fn set_password(&self, id: Uuid, password_hash: String) -> Result<User, BoxError>;
    /// Ends every session issued before.
    async fn revoke_sessions(&self, id: Uuid) -> Result<(), BoxError>;
    /// Notes that the account's owner asked for a password reset (support sees it).
    async fn record_reset_request(&self, email: &Email) -> Result<(), BoxError>;
    /// Stores a reset token and, in the same transaction, the message that sends its link.
    async fn create_reset_token(
        &self,
        user_id: Uuid,
        token_hash: Vec<u8>,
        expires_at: DateTime<Utc>,
        created_by: Option<Uuid>,
        message: Option<NewMessage>,
    ) -> Result<(), BoxError>;
    /// In one transaction: consumes the unexpired, unused token with this hash and sets the new
    /// password (ending sessions). `None` when no such token exists.
    async fn reset_password(&self, token_hash: Vec<u8>, password_hash: String) -> Result<Option<User>, BoxError>;

    /// A page of accounts matching `filter`, newest first, with the number of all that match.
    async fn list(&self, filter: &UserFilter) -> Result<Page<User>, BoxError>;

    /// Applies the changes in one statement; `None` when there is no such account, `Duplicate`
    /// when the new e-mail belongs to another account.
    async fn update(&self, id: Uuid, changes: UserChanges) -> Result<Option<User>, InsertUserError>;

    /// In one transaction: deletes the account and what is only its own (addresses, cart,
    /// reset links) unless orders name it, in which case it is deactivated and its sessions end.
    async fn delete(&self, id: Uuid) -> Result<UserRemoval, BoxError>;

    /// The dashboard's counts as of `now`, months being Africa/Dakar's.
    async fn stats(&self, now: DateTime<Utc>) -> Result<UserStats, BoxError>;
}

/// A customer's address book. Every method is scoped to its owner: another user's address is
/// answered as missing.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AddressRepository: Send + Sync {
    /// Default first, then oldest first.
    async fn list(&self, user_id: Uuid) -> Result<Vec<Address>, BoxError>;
    /// The first address, or one marked default, becomes the default. `None`, and nothing
    /// written, when the book already holds `max` addresses: the count and the insert are one
    /// transaction holding the user's row, so two additions at once cannot both pass the last place.
    async fn create(&self, user_id: Uuid, entry: AddressEntry, max: usize) -> Result<Option<Address>, BoxError>;
    async fn update(&self, user_id: Uuid, id: Uuid, entry: AddressEntry) -> Result<Option<Address>, BoxError>;
    /// Deleting the default makes the newest remaining address the default.
    async fn delete(&self, user_id: Uuid, id: Uuid) -> Result<bool, BoxError>;
    async fn set_default(&self, user_id: Uuid, id: Uuid) -> Result<Option<Address>, BoxError>;
    /// The name of the commune `code` in a delivery zone shoppers may order to; `None` when the
    /// delivery zones have no such commune, or only in an inactive zone.
    async fn commune_name(&self, code: &str) -> Result<Option<String>, BoxError>;
}

/// Why password work was not done.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    /// As much password work as the machine can do is under way, and no turn came in time:
    /// the same request may succeed a few seconds later.
    #[error("too much password work under way")]
    Busy,
    #[error(transparent)]
    Failed(BoxError),
}

/// Password hashing is slow and memory-hungry on purpose: implementations must not block the
/// async threads, and bound how much of it runs at once.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> Result<String, HashError>;
    async fn verify(&self, password: &str, hash: &str) -> Result<bool, HashError>;
}

/// A member of the team's two-step login as stored (`two_factor.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTwoFactor {
    /// The secret shared with the authenticator app: being set up until `enabled`.
    pub secret: Vec<u8>,
    pub enabled: bool,
    /// The last time step a code was accepted at; a code of that step or an older one never is.
    pub last_step: Option<u64>,
}

/// Two-step login's storage. Each write is one transaction that checks what it changes, so two
/// requests at once cannot both use the same code or turn it on twice.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TwoFactorRepository: Send + Sync {
    async fn find(&self, user_id: Uuid) -> Result<Option<StoredTwoFactor>, BoxError>;

    /// Keeps a new secret to be confirmed, replacing one not yet confirmed; `false`, and nothing
    /// written, when two-step login is already on.
    async fn start_setup(&self, user_id: Uuid, secret: Vec<u8>) -> Result<bool, BoxError>;

    /// Turns it on, if `secret` is still the one being set up: the confirming code's `step` is
    /// the last accepted, the recovery codes' hashes replace any earlier ones, and every session
    /// ends (one opened with the password alone before must not outlive it). `None`, and nothing
    /// written, when no such set-up is under way.
    async fn enable(
        &self,
        user_id: Uuid,
        secret: Vec<u8>,
        step: u64,
        recovery_code_hashes: Vec<Vec<u8>>,
    ) -> Result<Option<User>, BoxError>;

    /// Records `step` as the last accepted, if it is later than the one recorded: `false` when
    /// it is not (the code was used already, maybe by a request at the same moment).
    async fn accept_step(&self, user_id: Uuid, step: u64) -> Result<bool, BoxError>;

    /// Marks the unused recovery code with this hash used: `false` when there is none.
    async fn use_recovery_code(&self, user_id: Uuid, code_hash: Vec<u8>) -> Result<bool, BoxError>;

    /// Turns it off: the secret, its last step and the recovery codes are forgotten.
    async fn disable(&self, user_id: Uuid) -> Result<User, BoxError>;
}

/// The phones' login codes (`login_code.rs`). Each method is one transaction holding the phone's
/// row, so that of requests at once no two use one code, and no wrong try goes uncounted.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait LoginCodeRepository: Send + Sync {
    /// Stores `sealed`, sent `now`, in place of the phone's code, as `StoredCode::replacing`
    /// decides (nothing is written when it answers `Locked`).
    async fn replace(&self, phone: &Phone, sealed: Vec<u8>, now: DateTime<Utc>) -> Result<Replacement, BoxError>;

    /// `StoredCode::judge`'s verdict on `sealed` for the phone's code, written: a wrong try
    /// counted, the right code used up. `Dead` when the phone has no code.
    async fn judge(&self, phone: &Phone, sealed: Vec<u8>, now: DateTime<Utc>) -> Result<Verdict, BoxError>;

    /// Forgets the codes nothing needs any more (sent longer than `FAILURE_MEMORY` before `now`).
    async fn forget_old(&self, now: DateTime<Utc>) -> Result<u64, BoxError>;
}

/// Who a login code goes to: the phone, and the e-mail of the account it logs into, if any
/// (the channel when WhatsApp is not configured).
#[derive(Debug, Clone, PartialEq)]
pub struct CodeRecipient {
    pub phone: Phone,
    pub email: Option<Email>,
}

/// How login codes go out, which decides the account a right code opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeChannel {
    /// To the phone itself: the code proves the phone, whose account it opens (made the first
    /// time).
    WhatsApp,
    /// Without WhatsApp, to the e-mail of the account the phone names: the code proves that
    /// e-mail, and opens that account only (`AccountService::code_account`).
    Email,
}

/// Carries a login code to its recipient, at once: a code is never stored as it was sent, so
/// it cannot wait in the outbox, and it is worth nothing after ten minutes.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CodeSender: Send + Sync {
    async fn send_code(&self, to: &CodeRecipient, code: &LoginCode) -> Result<(), BoxError>;
}

/// What login by code needs: where codes are kept and how they are sent, the key they are
/// sealed under, and the countries whose phones may receive them.
#[derive(Clone)]
pub struct LoginCodes {
    pub store: Arc<dyn LoginCodeRepository>,
    pub sender: Arc<dyn CodeSender>,
    pub channel: CodeChannel,
    pub key: CodeKey,
    pub countries: CodeCountries,
}
