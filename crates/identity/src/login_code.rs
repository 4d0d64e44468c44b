//! Logging in with a code sent to the phone (docs/rules.md#login-by-code): the rules of the
//! code itself, after NIST SP 800-63B (§5.1.3, out-of-band authenticators) and OWASP's
//! authentication cheat sheet.
//!
//! - 6 random digits, valid [`CODE_LIFETIME`], accepted once; a new code replaces the old.
//! - Kept only as an HMAC-SHA256 of the phone and the code under a key derived from the shop's
//!   secret ([`CodeKey`]): a copy of the table gives neither the codes nor, without the key, a
//!   way to try the million of them offline.
//! - [`MAX_WRONG_TRIES`] wrong codes and the code is dead: a new one must be asked for, which
//!   the sending limits count (per phone, per address, per country prefix).
//! - Only the countries the shop names (`LOGIN_CODE_COUNTRIES`) receive codes: a message to a
//!   far country's premium number is what SMS/WhatsApp pumping sells.

use std::collections::BTreeSet;
use std::time::Duration;

use bitik_common::Phone;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use rand::Rng;

/// How long a code may be typed after it is sent.
pub const CODE_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// Wrong codes a code survives: the fifth wrong one kills it.
pub const MAX_WRONG_TRIES: u32 = 5;
const CODE_DIGITS: usize = 6;
const KEY_PURPOSE: &[u8] = b"bitik login code v1";

/// A code as sent: six digits, `042917`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginCode(String);

impl LoginCode {
    /// Six digits drawn by the operating system's generator, leading zeros kept.
    pub fn draw() -> Self {
        LoginCode(format!("{:0width$}", rand::rng().random_range(0..1_000_000u32), width = CODE_DIGITS))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A code as typed or pasted: its six digits, whatever spaces or dashes came with them
    /// (`042 917`, `042-917`); `None` for anything else, which is no try at all.
    pub fn read(typed: &str) -> Option<Self> {
        let digits: String = typed.chars().filter(|c| !matches!(c, ' ' | '-' | '\u{a0}' | '\u{202f}')).collect();
        (digits.len() == CODE_DIGITS && digits.bytes().all(|b| b.is_ascii_digit())).then_some(LoginCode(digits))
    }
}

/// The key codes are kept under, derived from the shop's secret (`JWT_SECRET`) for this purpose
/// alone.
#[derive(Clone)]
pub struct CodeKey([u8; 32]);

impl CodeKey {
    pub fn derive(secret: &[u8]) -> Self {
        let mut derive = Hmac::<sha2::Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
        derive.update(KEY_PURPOSE);
        CodeKey(derive.finalize().into_bytes().into())
    }

    /// What is stored of `code` sent to `phone`: the phone is in it, so a code is good for its
    /// own phone only.
    pub fn seal(&self, phone: &Phone, code: &LoginCode) -> Vec<u8> {
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.0).expect("HMAC takes keys of any length");
        mac.update(phone.as_str().as_bytes());
        mac.update(b"\0");
        mac.update(code.as_str().as_bytes());
        mac.finalize().into_bytes().to_vec()
    }
}

/// How long a phone's wrong codes are remembered across new codes: a new code does not wipe
/// them (else five guesses per code, times the codes an hour, would be the guesser's
/// allowance), a right code or an hour without a code does.
pub const FAILURE_MEMORY: Duration = Duration::from_secs(60 * 60);

/// A phone's current code, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCode {
    pub sealed: Vec<u8>,
    pub sent_at: DateTime<Utc>,
    pub wrong_tries: u32,
}

/// What a typed code does to the stored one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Right and in time: the code is used up, the session opens.
    Accepted,
    /// Wrong: one more wrong try counted (the code dies at [`MAX_WRONG_TRIES`]).
    Wrong,
    /// Expired, or already dead from wrong tries: nothing is counted, a new code is needed.
    Dead,
}

/// What asking for a new code does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replacement {
    /// The new code, to store in place of the old and send.
    Send(StoredCode),
    /// The phone's wrong codes of the last hour killed its codes: none is sent before `until`.
    Locked { until: DateTime<Utc> },
}

impl StoredCode {
    /// The code `sealed`, sent `now`, replacing `previous`: it carries the previous codes' wrong
    /// tries while they are remembered ([`FAILURE_MEMORY`] from the previous code's sending).
    pub fn replacing(previous: Option<&StoredCode>, sealed: Vec<u8>, now: DateTime<Utc>) -> Replacement {
        let memory = chrono::Duration::from_std(FAILURE_MEMORY).expect("an hour fits");
        let carried = previous.filter(|code| now - code.sent_at < memory).map_or(0, |code| code.wrong_tries);
        match previous {
            Some(code) if carried >= MAX_WRONG_TRIES => Replacement::Locked { until: code.sent_at + memory },
            _ => Replacement::Send(StoredCode { sealed, sent_at: now, wrong_tries: carried }),
        }
    }

    pub fn expired(&self, now: DateTime<Utc>) -> bool {
        now - self.sent_at >= chrono::Duration::from_std(CODE_LIFETIME).expect("minutes fit")
    }

    /// The verdict on `sealed`, the typed code sealed for this phone. Compared in constant time:
    /// how far a wrong code matched tells nothing.
    pub fn judge(&self, sealed: &[u8], now: DateTime<Utc>) -> Verdict {
        if self.expired(now) || self.wrong_tries >= MAX_WRONG_TRIES {
            return Verdict::Dead;
        }
        let same = self.sealed.len() == sealed.len()
            && self.sealed.iter().zip(sealed).fold(0u8, |differs, (a, b)| differs | (a ^ b)) == 0;
        if same { Verdict::Accepted } else { Verdict::Wrong }
    }
}

/// `LOGIN_CODE_COUNTRIES`: the countries (ISO 3166 letters, `SN,CI,FR`) whose phones may
/// receive a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeCountries(BTreeSet<String>);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("LOGIN_CODE_COUNTRIES: `{0}` is not a country's two letters (ISO 3166-1, such as SN or CI)")]
pub struct UnknownCountry(pub String);

impl CodeCountries {
    /// Senegal's alone: the shop's customers.
    pub fn senegal() -> Self {
        CodeCountries(BTreeSet::from(["SN".to_owned()]))
    }

    /// Reads `SN, ci ,FR`; an unknown or empty entry is refused (a typo must not open or close
    /// a country silently).
    pub fn parse(list: &str) -> Result<Self, UnknownCountry> {
        let mut countries = BTreeSet::new();
        for entry in list.split(',') {
            let code = entry.trim().to_ascii_uppercase();
            if !Phone::is_country(&code) {
                return Err(UnknownCountry(entry.trim().to_owned()));
            }
            countries.insert(code);
        }
        Ok(CodeCountries(countries))
    }

    pub fn allows(&self, phone: &Phone) -> bool {
        phone.country().is_some_and(|country| self.0.contains(country.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phone(number: &str) -> Phone {
        Phone::parse(number).unwrap()
    }

    fn stored(key: &CodeKey, code: &str, sent_at: DateTime<Utc>) -> StoredCode {
        StoredCode {
            sealed: key.seal(&phone("77 123 45 67"), &LoginCode::read(code).unwrap()),
            sent_at,
            wrong_tries: 0,
        }
    }

    #[test]
    fn a_code_is_six_digits_drawn_anew_each_time_and_read_however_it_is_pasted() {
        let codes: BTreeSet<String> = (0..200).map(|_| LoginCode::draw().as_str().to_owned()).collect();
        assert!(codes.iter().all(|code| code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())));
        assert!(codes.len() > 190, "drawn at random: {} different of 200", codes.len());
        for typed in ["042917", " 042 917 ", "042-917", "042\u{a0}917"] {
            assert_eq!(LoginCode::read(typed).map(|c| c.as_str().to_owned()), Some("042917".to_owned()), "{typed:?}");
        }
        for typed in ["", "42917", "0429170", "04291a", "٠٤٢٩١٧", "042.917"] {
            assert_eq!(LoginCode::read(typed), None, "{typed:?}");
        }
    }

    #[test]
    fn a_code_is_sealed_for_its_phone_under_the_shop_s_key() {
        let key = CodeKey::derive(b"the shop's secret");
        let code = LoginCode::read("042917").unwrap();
        let sealed = key.seal(&phone("77 123 45 67"), &code);
        assert_eq!(sealed, key.seal(&phone("+221 77 123 45 67"), &code), "the same phone however typed");
        assert_ne!(sealed, key.seal(&phone("77 123 45 68"), &code), "another phone");
        assert_ne!(sealed, CodeKey::derive(b"another shop").seal(&phone("77 123 45 67"), &code), "another key");
        assert!(!sealed.windows(6).any(|w| w == b"042917"), "the code is not in what is kept");
    }

    #[test]
    fn a_right_code_in_time_is_accepted_a_wrong_one_counted_an_old_or_worn_one_dead() {
        let key = CodeKey::derive(b"the shop's secret");
        let sent = Utc::now();
        let code = stored(&key, "042917", sent);
        let right = key.seal(&phone("77 123 45 67"), &LoginCode::read("042917").unwrap());
        let wrong = key.seal(&phone("77 123 45 67"), &LoginCode::read("042918").unwrap());
        assert_eq!(code.judge(&right, sent + chrono::Duration::seconds(599)), Verdict::Accepted);
        assert_eq!(code.judge(&wrong, sent), Verdict::Wrong);
        assert_eq!(code.judge(&right, sent + chrono::Duration::seconds(600)), Verdict::Dead, "ten minutes");
        let worn = StoredCode { wrong_tries: MAX_WRONG_TRIES - 1, ..code.clone() };
        assert_eq!(worn.judge(&right, sent), Verdict::Accepted, "four wrong tries leave it alive");
        let dead = StoredCode { wrong_tries: MAX_WRONG_TRIES, ..code };
        assert_eq!(dead.judge(&right, sent), Verdict::Dead, "the fifth wrong try killed it");
    }

    #[test]
    fn a_new_code_replaces_the_old_but_not_its_wrong_tries_until_an_hour_has_passed() {
        let key = CodeKey::derive(b"the shop's secret");
        let first = Utc::now();
        let sealed = key.seal(&phone("77 123 45 67"), &LoginCode::read("111111").unwrap());
        let at = first;
        assert_eq!(
            StoredCode::replacing(None, sealed.clone(), at),
            Replacement::Send(StoredCode { sealed: sealed.clone(), sent_at: at, wrong_tries: 0 })
        );
        let tried = StoredCode { wrong_tries: 3, ..stored(&key, "042917", first) };
        let later = first + chrono::Duration::minutes(2);
        assert_eq!(
            StoredCode::replacing(Some(&tried), sealed.clone(), later),
            Replacement::Send(StoredCode { sealed: sealed.clone(), sent_at: later, wrong_tries: 3 }),
            "the old code is gone, its three wrong tries stay"
        );
        let killed = StoredCode { wrong_tries: MAX_WRONG_TRIES, ..tried.clone() };
        assert_eq!(
            StoredCode::replacing(Some(&killed), sealed.clone(), later),
            Replacement::Locked { until: first + chrono::Duration::hours(1) }
        );
        let hour_later = first + chrono::Duration::hours(1);
        assert_eq!(
            StoredCode::replacing(Some(&killed), sealed.clone(), hour_later),
            Replacement::Send(StoredCode { sealed, sent_at: hour_later, wrong_tries: 0 }),
            "forgotten after an hour"
        );
    }

    #[test]
    fn only_the_shop_s_countries_receive_codes() {
        let senegal = CodeCountries::senegal();
        assert!(senegal.allows(&phone("77 123 45 67")));
        assert!(!senegal.allows(&phone("+33 6 12 34 56 78")));
        let listed = CodeCountries::parse(" sn, CI ,FR").unwrap();
        assert!(listed.allows(&phone("+33 6 12 34 56 78")) && listed.allows(&phone("+225 07 07 07 07 07")));
        assert!(!listed.allows(&phone("+1 202 555 0147")));
        assert_eq!(CodeCountries::parse("SN,XX"), Err(UnknownCountry("XX".into())));
        assert_eq!(CodeCountries::parse("SN,"), Err(UnknownCountry(String::new())));
    }
}
