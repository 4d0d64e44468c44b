//! Two-step login for the shop's team (docs/roles.md#two-step-login): after the password, a
//! one-time code of an authenticator app (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second steps,
//! what every app reads from a QR code) or one of ten single-use recovery codes.
//!
//! The rules live here, free of storage: which roles must use it, what a code is, which time step
//! a code was made at (a step accepted once is never accepted again, so a code seen over a
//! shoulder or replayed from a log is worthless), and what a recovery code looks like and how it
//! is kept.

use chrono::{DateTime, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, TOTP};
use uuid::Uuid;

use crate::model::{Role, User};

/// Digits of an app's code.
pub const CODE_DIGITS: usize = 6;
/// Seconds of one time step, the life of one code.
pub const STEP_SECONDS: u64 = 30;
/// Steps accepted either side of the server's: a phone's clock a little off, or a code typed as
/// it changed. RFC 6238 §5.2 recommends one; more would let an old code live longer.
pub const SKEW_STEPS: u64 = 1;
/// Recovery codes handed out when two-step login is turned on.
pub const RECOVERY_CODE_COUNT: usize = 10;
/// 160 bits: RFC 4226's recommended length for an HMAC-SHA1 key.
const SECRET_BYTES: usize = 20;
/// Crockford's base32 in lower case: no `i`, `l`, `o` or `u` to misread on paper.
const RECOVERY_ALPHABET: &[u8] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// 16 symbols of 32: 80 random bits, more than anyone can guess or a stolen table can be
/// searched for (see [`recovery_code_hash`]).
const RECOVERY_CODE_LENGTH: usize = 16;

/// `STAFF_2FA`: whether the owner and the manager must log in in two steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TwoFactorPolicy {
    /// Each member of the team decides (the default outside production).
    #[default]
    Optional,
    /// `admin` and `manager` set it up at their first login, before anything else.
    Required,
}

impl TwoFactorPolicy {
    pub fn parse(value: &str) -> Option<Self> {
        match value.trim() {
            "optional" => Some(Self::Optional),
            "required" => Some(Self::Required),
            _ => None,
        }
    }

    /// Whether `role` must have two-step login on: the owner and the manager hold the money and
    /// the team's accounts, the roles a stolen password costs most.
    pub fn requires(self, role: Role) -> bool {
        self == Self::Required && matches!(role, Role::Admin | Role::Manager)
    }

    /// Whether `user` must set two-step login up before their session reaches anything else.
    pub fn setup_required(self, user: &User) -> bool {
        self.requires(user.role) && !user.two_factor_enabled
    }
}

/// The secret an authenticator app shares with the shop.
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl std::fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TotpSecret(…)")
    }
}

impl TotpSecret {
    pub fn generate() -> Self {
        Self(rand::random::<[u8; SECRET_BYTES]>().to_vec())
    }

    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Self(bytes)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// As typed into an app by hand: base32 (RFC 4648) without padding.
    pub fn base32(&self) -> String {
        self.totp("", "").get_secret_base32()
    }

    /// The `otpauth://totp/…` address the QR code carries: the app shows `issuer` and `account`.
    pub fn otpauth_url(&self, issuer: &str, account: &str) -> String {
        self.totp(issuer, account).get_url()
    }

    /// The code of time step `step`.
    pub fn code_at(&self, step: u64) -> String {
        self.totp("", "").generate(step * STEP_SECONDS)
    }

    /// The time step `code` was made at, within [`SKEW_STEPS`] of `now` and later than
    /// `last_step` (the last one accepted): `None` for a wrong, expired or replayed code.
    pub fn step_of(&self, code: &str, now: DateTime<Utc>, last_step: Option<u64>) -> Option<u64> {
        let current = step_at(now);
        let earliest = current.saturating_sub(SKEW_STEPS);
        let newer = |step: u64| last_step.is_none_or(|last| step > last);
        // Every candidate is computed and compared, matching or not: the time taken tells nothing.
        let mut found = None;
        for step in earliest..=current + SKEW_STEPS {
            let matches = constant_time_eq(self.code_at(step).as_bytes(), code.as_bytes());
            if matches && newer(step) && found.is_none() {
                found = Some(step);
            }
        }
        found
    }

    fn totp(&self, issuer: &str, account: &str) -> TOTP {
        // Unchecked: the length and digits are ours, and a colon, which would break the app's
        // label, is taken out of the names beforehand.
        let issuer = (!issuer.is_empty()).then(|| issuer.replace(':', " "));
        TOTP::new_unchecked(
            Algorithm::SHA1,
            CODE_DIGITS,
            SKEW_STEPS as u8,
            STEP_SECONDS,
            self.0.clone(),
            issuer,
            account.replace(':', " "),
        )
    }
}

/// The RFC 6238 time step of `now`.
pub fn step_at(now: DateTime<Utc>) -> u64 {
    u64::try_from(now.timestamp()).unwrap_or(0) / STEP_SECONDS
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

/// What was typed at the second step: an app's code or a recovery code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecondFactor {
    /// Six digits (spaces allowed, as apps show them: `123 456`).
    AppCode(String),
    /// A recovery code, normalised: lower case, without spaces or dashes.
    RecoveryCode(String),
}

impl SecondFactor {
    /// `None` when `typed` is neither: it is then refused as a wrong code.
    pub fn read(typed: &str) -> Option<Self> {
        let compact: String = typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        if compact.len() == CODE_DIGITS && compact.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Self::AppCode(compact));
        }
        let lower = compact.to_ascii_lowercase();
        let valid = lower.len() == RECOVERY_CODE_LENGTH && lower.bytes().all(|b| RECOVERY_ALPHABET.contains(&b));
        valid.then_some(Self::RecoveryCode(lower))
    }
}

/// Ten new recovery codes, written `xxxx-xxxx-xxxx-xxxx`, shown once.
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..RECOVERY_CODE_COUNT)
        .map(|_| {
            let symbols: Vec<char> = (0..RECOVERY_CODE_LENGTH)
                .map(|_| RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())] as char)
                .collect();
            symbols.chunks(4).map(|group| group.iter().collect::<String>()).collect::<Vec<_>>().join("-")
        })
        .collect()
}

/// What is stored of a recovery code: SHA-256 of the account's id and the normalised code.
///
/// Not argon2, as passwords are: a slow hash protects a secret a person chose, which a thief of
/// the table could guess from a dictionary; a recovery code is 80 random bits, which no one can
/// search for however fast the hash. A fast hash also lets the database find the code by its
/// hash and mark it used in one statement, instead of 19 MiB and a core for each of ten hashes
/// at every attempt. The account's id keeps one account's hashes from matching another's.
pub fn recovery_code_hash(user_id: Uuid, code: &str) -> Vec<u8> {
    let normalised = match SecondFactor::read(code) {
        Some(SecondFactor::RecoveryCode(code)) => code,
        _ => code.to_owned(),
    };
    let mut hash = Sha256::new();
    hash.update(user_id.as_bytes());
    hash.update(normalised.as_bytes());
    hash.finalize().to_vec()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    /// RFC 6238's test secret (appendix B), for SHA-1.
    fn rfc_secret() -> TotpSecret {
        TotpSecret::from_bytes(b"12345678901234567890".to_vec())
    }

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(seconds, 0).unwrap()
    }

    #[test]
    fn codes_are_rfc_6238s() {
        // Appendix B's 8-digit values, whose last six digits are the 6-digit codes.
        for (time, code) in
            [(59, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")]
        {
            assert_eq!(rfc_secret().code_at(time / STEP_SECONDS), code, "at {time}");
        }
    }

    #[test]
    fn a_code_is_accepted_one_step_either_side_of_now_and_no_further() {
        let secret = rfc_secret();
        let now = at(1_111_111_109);
        let step = step_at(now);
        for (offset, accepted) in [(-2i64, false), (-1, true), (0, true), (1, true), (2, false)] {
            let at_step = step.checked_add_signed(offset).unwrap();
            let found = secret.step_of(&secret.code_at(at_step), now, None);
            assert_eq!(found, accepted.then_some(at_step), "offset {offset}");
        }
        assert_eq!(secret.step_of("000000", now, None), None, "a wrong code");
    }

    #[test]
    fn a_step_already_accepted_or_older_is_refused() {
        let secret = rfc_secret();
        let now = at(1_111_111_109);
        let step = step_at(now);
        let code = secret.code_at(step);
        assert_eq!(secret.step_of(&code, now, Some(step - 1)), Some(step));
        assert_eq!(secret.step_of(&code, now, Some(step)), None, "the same code again");
        let previous = secret.code_at(step - 1);
        assert_eq!(secret.step_of(&previous, now, Some(step)), None, "an older code after a newer one");
    }

    #[test]
    fn the_app_reads_the_issuer_the_account_and_the_secret_from_the_qr_code() {
        let secret = rfc_secret();
        assert_eq!(secret.base32(), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        assert_eq!(
            secret.otpauth_url("Bitik: Dakar", "awa@bitik.sn"),
            "otpauth://totp/Bitik%20%20Dakar:awa%40bitik.sn?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Bitik%20%20Dakar"
        );
        assert_eq!(TotpSecret::generate().as_bytes().len(), 20);
        assert_ne!(TotpSecret::generate(), TotpSecret::generate());
    }

    #[test]
    fn what_was_typed_is_an_app_code_or_a_recovery_code() {
        assert_eq!(SecondFactor::read(" 123 456 "), Some(SecondFactor::AppCode("123456".into())));
        assert_eq!(
            SecondFactor::read("ABCD-efgh-2345-6789"),
            Some(SecondFactor::RecoveryCode("abcdefgh23456789".into()))
        );
        for wrong in ["", "12345", "1234567", "abcd-efgh-2345-678", "abcd-efgh-2345-678i", "12345a"] {
            assert_eq!(SecondFactor::read(wrong), None, "{wrong:?}");
        }
    }

    #[test]
    fn recovery_codes_are_ten_distinct_readable_codes_kept_as_hashes_of_their_account() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
        assert_eq!(codes.iter().collect::<std::collections::BTreeSet<_>>().len(), RECOVERY_CODE_COUNT);
        for code in &codes {
            assert_eq!(code.len(), 19, "{code}");
            assert!(matches!(SecondFactor::read(code), Some(SecondFactor::RecoveryCode(_))), "{code}");
        }
        let (awa, moussa) = (Uuid::new_v4(), Uuid::new_v4());
        let typed = codes[0].to_uppercase().replace('-', " ");
        assert_eq!(recovery_code_hash(awa, &codes[0]), recovery_code_hash(awa, &typed), "as typed or as shown");
        assert_ne!(recovery_code_hash(awa, &codes[0]), recovery_code_hash(moussa, &codes[0]));
        assert_eq!(recovery_code_hash(awa, &codes[0]).len(), 32);
    }

    #[test]
    fn only_the_owner_and_the_manager_must_use_it_and_only_when_required() {
        use Role::*;
        let required: Vec<Role> = Role::ALL.into_iter().filter(|r| TwoFactorPolicy::Required.requires(*r)).collect();
        assert_eq!(required, [Admin, Manager]);
        assert!(Role::ALL.into_iter().all(|r| !TwoFactorPolicy::Optional.requires(r)));
        assert_eq!(TwoFactorPolicy::parse(" required"), Some(TwoFactorPolicy::Required));
        assert_eq!(TwoFactorPolicy::parse("optional"), Some(TwoFactorPolicy::Optional));
        assert_eq!(TwoFactorPolicy::parse("yes"), None);
    }
}
