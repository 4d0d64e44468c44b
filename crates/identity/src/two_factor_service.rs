//! Two-step login's use cases (docs/roles.md#two-step-login): a member of the team turns it on
//! (a secret to scan, confirmed by a first code, then ten recovery codes shown once) or off, and
//! an account with it on logs in with its password, then a code. The rules are `two_factor.rs`'s.

use std::sync::Arc;

use bitik_common::FieldErrors;
use uuid::Uuid;

use crate::audit::{LOGIN, LOGIN_FAILED};
use crate::error::IdentityError;
use crate::model::User;
use crate::ports::{StoredTwoFactor, TwoFactorRepository};
use crate::service::{AccountService, Session};
use crate::two_factor::{SecondFactor, TotpSecret, TwoFactorPolicy, new_recovery_codes, recovery_code_hash};

/// What the app is shown to set up two-step login: the QR code's address, and the secret for
/// typing by hand.
#[derive(Debug, Clone, PartialEq)]
pub struct TwoFactorSetup {
    /// Base32, as apps take it typed.
    pub secret: String,
    /// `otpauth://totp/…`, for the QR code.
    pub otpauth_url: String,
}

/// Two-step login just turned on: a new session (the earlier ones ended), and the recovery codes,
/// shown this once.
#[derive(Debug, Clone)]
pub struct TwoFactorEnabled {
    pub session: Session,
    pub recovery_codes: Vec<String>,
}

/// The second step of a login, read and checked before anything is counted or looked up: the
/// challenge's account and the code typed.
#[derive(Debug, Clone)]
pub struct PendingLogin {
    user_id: Uuid,
    email: String,
    version: i32,
    code: String,
}

impl PendingLogin {
    /// The account's e-mail, which the code's attempts count against (as its password's do).
    pub fn email(&self) -> &str {
        &self.email
    }
}

impl AccountService {
    /// Two-step login's storage, `STAFF_2FA` and the name the authenticator app shows (the shop's).
    pub fn with_two_factor(
        mut self,
        repository: Arc<dyn TwoFactorRepository>,
        policy: TwoFactorPolicy,
        issuer: &str,
    ) -> Self {
        self.two_factor = Some(repository);
        self.two_factor_policy = policy;
        self.two_factor_issuer = issuer.to_owned();
        self
    }

    pub fn two_factor_policy(&self) -> TwoFactorPolicy {
        self.two_factor_policy
    }

    /// Whether `user`'s session may reach only two-step login's set-up, `/auth/me` and logout.
    pub fn setup_required(&self, user: &User) -> bool {
        self.two_factor_policy.setup_required(user)
    }

    /// A new secret for the member's authenticator app, kept until a code confirms it.
    pub async fn start_two_factor(&self, user: &User) -> Result<TwoFactorSetup, IdentityError> {
        if !user.role.is_staff() {
            return Err(IdentityError::TwoFactorStaffOnly);
        }
        if user.two_factor_enabled {
            return Err(IdentityError::TwoFactorAlreadyEnabled);
        }
        let secret = TotpSecret::generate();
        if !self.two_factor_store()?.start_setup(user.id, secret.as_bytes().to_vec()).await.map_err(repository)? {
            return Err(IdentityError::TwoFactorAlreadyEnabled);
        }
        Ok(TwoFactorSetup {
            secret: secret.base32(),
            otpauth_url: secret.otpauth_url(&self.two_factor_issuer, &user.label()),
        })
    }

    /// Turns two-step login on once the app's first code matches the secret being set up. Every
    /// earlier session ends; the answer carries a new one, and the recovery codes.
    pub async fn enable_two_factor(&self, user: &User, code: &str) -> Result<TwoFactorEnabled, IdentityError> {
        required_code(code)?;
        if !user.role.is_staff() {
            return Err(IdentityError::TwoFactorStaffOnly);
        }
        let store = self.two_factor_store()?;
        let stored = match store.find(user.id).await.map_err(repository)? {
            Some(stored) if stored.enabled => return Err(IdentityError::TwoFactorAlreadyEnabled),
            Some(stored) => stored,
            None => return Err(IdentityError::TwoFactorNotStarted),
        };
        let secret = TotpSecret::from_bytes(stored.secret);
        let step = match SecondFactor::read(code) {
            Some(SecondFactor::AppCode(code)) => secret.step_of(&code, (self.clock)(), None),
            _ => None,
        };
        let step = step.ok_or(IdentityError::TwoFactorCodeRefused)?;
        let recovery_codes = new_recovery_codes();
        let hashes = recovery_codes.iter().map(|code| recovery_code_hash(user.id, code)).collect();
        let enabled = store.enable(user.id, secret.as_bytes().to_vec(), step, hashes).await.map_err(repository)?;
        // Another set-up started meanwhile: its secret, not this one, is the one to confirm.
        let user = enabled.ok_or(IdentityError::TwoFactorNotStarted)?;
        Ok(TwoFactorEnabled { session: self.session(user), recovery_codes })
    }

    /// Turns two-step login off, proven by the password or a code (an app's or a recovery
    /// code). Refused to a role `STAFF_2FA=required` holds to it.
    pub async fn disable_two_factor(&self, user: &User, password: &str, code: &str) -> Result<User, IdentityError> {
        if self.two_factor_policy.requires(user.role) {
            return Err(IdentityError::TwoFactorRequired);
        }
        if !user.two_factor_enabled {
            return Err(IdentityError::TwoFactorNotEnabled);
        }
        if !password.is_empty() {
            self.check_password(user.id, password).await?;
        } else if !code.trim().is_empty() {
            self.check_second_factor(user, code).await?;
        } else {
            let message = "Saisissez votre mot de passe ou un code de vérification.";
            return Err(IdentityError::validation(FieldErrors::of("password", message)));
        }
        self.two_factor_store()?.disable(user.id).await.map_err(repository)
    }

    /// The second step of a login read: both fields given, the challenge ours and not expired.
    /// Nothing is looked up or counted yet.
    pub fn second_step(&self, challenge: &str, code: &str) -> Result<PendingLogin, IdentityError> {
        let mut errors = FieldErrors::default();
        errors.required("challenge", challenge, "La connexion est à recommencer.").required(
            "code",
            code,
            "Le code de vérification est requis",
        );
        errors.finish(IdentityError::validation)?;
        let claims = self.tokens.verify_challenge(challenge.trim()).ok_or(IdentityError::TwoFactorChallengeExpired)?;
        Ok(PendingLogin { user_id: claims.sub, email: claims.email, version: claims.ver, code: code.to_owned() })
    }

    /// Opens the session once the code is right. The challenge ends with the account's sessions
    /// (a password change, a logout) and with its two-step login.
    pub async fn complete_login(&self, pending: &PendingLogin) -> Result<Session, IdentityError> {
        let found = self.users.find_by_id(pending.user_id).await.map_err(repository)?;
        let user = match found {
            Some((user, _)) if user.token_version == pending.version && user.two_factor_enabled => user,
            _ => return Err(IdentityError::TwoFactorChallengeExpired),
        };
        if !user.active {
            self.log_own(&user, LOGIN_FAILED).await?;
            return Err(IdentityError::AccountDisabled);
        }
        if let Err(refused) = self.check_second_factor(&user, &pending.code).await {
            self.log_own(&user, LOGIN_FAILED).await?;
            return Err(refused);
        }
        self.log_own(&user, LOGIN).await?;
        Ok(self.session(user))
    }

    /// An app's code of a step later than the last accepted, or an unused recovery code: used up
    /// either way.
    async fn check_second_factor(&self, user: &User, typed: &str) -> Result<(), IdentityError> {
        let store = self.two_factor_store()?;
        let accepted = match SecondFactor::read(typed) {
            Some(SecondFactor::AppCode(code)) => match store.find(user.id).await.map_err(repository)? {
                Some(StoredTwoFactor { secret, enabled: true, last_step }) => {
                    match TotpSecret::from_bytes(secret).step_of(&code, (self.clock)(), last_step) {
                        Some(step) => store.accept_step(user.id, step).await.map_err(repository)?,
                        None => false,
                    }
                }
                _ => false,
            },
            Some(SecondFactor::RecoveryCode(code)) => {
                store.use_recovery_code(user.id, recovery_code_hash(user.id, &code)).await.map_err(repository)?
            }
            None => false,
        };
        if accepted { Ok(()) } else { Err(IdentityError::TwoFactorCodeRefused) }
    }

    async fn check_password(&self, user_id: Uuid, password: &str) -> Result<(), IdentityError> {
        let (_, hash) =
            self.users.find_by_id(user_id).await.map_err(repository)?.ok_or(IdentityError::Unauthenticated)?;
        let too_long = password.chars().count() > crate::model::PASSWORD_MAX_LENGTH;
        if too_long || !self.password_matches(password, hash.as_deref()).await? {
            return Err(IdentityError::IncorrectCurrentPassword);
        }
        Ok(())
    }

    fn two_factor_store(&self) -> Result<&Arc<dyn TwoFactorRepository>, IdentityError> {
        self.two_factor.as_ref().ok_or_else(|| repository("two-step login has no storage: call with_two_factor".into()))
    }
}

fn required_code(code: &str) -> Result<(), IdentityError> {
    let mut errors = FieldErrors::default();
    errors.required("code", code, "Le code de vérification est requis");
    errors.finish(IdentityError::validation)
}

fn repository(error: bitik_common::BoxError) -> IdentityError {
    IdentityError::Repository(error)
}
