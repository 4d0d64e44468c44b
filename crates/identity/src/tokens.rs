//! Session tokens: HS256 JWTs carrying the user, their role and their token version.
//! The version is checked against the database on each request, which is what lets logout,
//! a password change or a deactivation end every earlier token.
//!
//! And the challenges of two-step login (`two_factor.rs`): what the right password of an account
//! with two-step login gets instead of a session, to be handed back with a code within
//! [`CHALLENGE_LIFETIME`]. Signed with a key derived for them alone, so that a challenge is never
//! a session nor a session a challenge.

use std::time::Duration;

use chrono::Utc;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::model::User;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Claims {
    pub sub: Uuid,
    pub role: String,
    /// The user's token version when the token was issued.
    pub ver: i32,
    pub iat: i64,
    pub exp: i64,
}

/// How long the password stays good for the code that must follow it.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(5 * 60);

/// What the challenges' key is derived for: no other use of the secret signs with it.
const CHALLENGE_KEY_PURPOSE: &[u8] = b"bitik two-step login challenges v1";
/// Written in every challenge and checked: a token of the same key made for anything else is not one.
const CHALLENGE_PURPOSE: &str = "two_factor_login";

/// A password that was right, awaiting its code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChallengeClaims {
    pub sub: Uuid,
    /// The account's e-mail: the code's attempts count against the same limits as the password's.
    pub email: String,
    /// The user's token version: a password change or a logout in between ends the challenge.
    pub ver: i32,
    pub purpose: String,
    pub iat: i64,
    pub exp: i64,
}

pub struct TokenService {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime: Duration,
    challenge_encoding: EncodingKey,
    challenge_decoding: DecodingKey,
}

impl TokenService {
    pub fn new(secret: &[u8], lifetime: Duration) -> Self {
        // Only HS256 is accepted: `alg: none` or an asymmetric algorithm never verify.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let mut derive = Hmac::<sha2::Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
        derive.update(CHALLENGE_KEY_PURPOSE);
        let challenge_key = derive.finalize().into_bytes();
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime,
            challenge_encoding: EncodingKey::from_secret(&challenge_key),
            challenge_decoding: DecodingKey::from_secret(&challenge_key),
        }
    }

    pub fn issue(&self, user: &User) -> String {
        let now = Utc::now().timestamp();
        let claims = Claims {
            sub: user.id,
            role: user.role.as_str().to_owned(),
            ver: user.token_version,
            iat: now,
            exp: now + self.lifetime.as_secs() as i64,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    /// The claims of a token signed by us and not expired; `None` otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }

    /// The challenge `user`'s right password gets: good for [`CHALLENGE_LIFETIME`].
    pub fn issue_challenge(&self, user: &User) -> String {
        let now = Utc::now().timestamp();
        let claims = ChallengeClaims {
            sub: user.id,
            email: user.label(),
            ver: user.token_version,
            purpose: CHALLENGE_PURPOSE.to_owned(),
            iat: now,
            exp: now + CHALLENGE_LIFETIME.as_secs() as i64,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.challenge_encoding).expect("HS256 signing cannot fail")
    }

    /// The claims of a challenge signed by us and not expired; `None` otherwise.
    pub fn verify_challenge(&self, challenge: &str) -> Option<ChallengeClaims> {
        let claims = decode::<ChallengeClaims>(challenge, &self.challenge_decoding, &self.validation).ok()?.claims;
        (claims.purpose == CHALLENGE_PURPOSE).then_some(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Role;
    use bitik_common::Email;

    fn user() -> User {
        User {
            id: Uuid::new_v4(),
            email: Some(Email::parse("awa@example.sn").unwrap()),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: String::new(),
            address: String::new(),
            city: String::new(),
            zip_code: String::new(),
            country: "Sénégal".into(),
            role: Role::Customer,
            active: true,
            token_version: 3,
            password_reset_requested_at: None,
            two_factor_enabled: false,
            login_phone: None,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn a_token_carries_the_user_role_and_version() {
        let tokens = TokenService::new(b"a-secret-of-at-least-thirty-two-bytes", Duration::from_secs(3600));
        let user = user();
        let claims = tokens.verify(&tokens.issue(&user)).unwrap();
        assert_eq!((claims.sub, claims.role.as_str(), claims.ver), (user.id, "customer", 3));
    }

    #[test]
    fn refuses_another_key_an_expired_token_alg_none_and_tampering() {
        let tokens = TokenService::new(b"a-secret-of-at-least-thirty-two-bytes", Duration::from_secs(3600));
        let other = TokenService::new(b"another-secret-of-at-least-32-bytes!", Duration::from_secs(3600));
        let token = other.issue(&user());
        assert!(tokens.verify(&token).is_none(), "signed with another key");

        let expired = TokenService::new(b"a-secret-of-at-least-thirty-two-bytes", Duration::ZERO);
        let token = expired.issue(&user());
        std::thread::sleep(Duration::from_millis(1100));
        assert!(tokens.verify(&token).is_none(), "expired");

        let token = tokens.issue(&user());
        let parts: Vec<&str> = token.split('.').collect();
        let none_header = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0"; // {"alg":"none","typ":"JWT"}
        assert!(tokens.verify(&format!("{none_header}.{}.", parts[1])).is_none(), "alg none");

        let admin_claims =
            r#"{"sub":"00000000-0000-0000-0000-000000000000","role":"admin","ver":0,"iat":0,"exp":9999999999}"#;
        let forged = format!("{}.{}.{}", parts[0], b64(admin_claims), parts[2]);
        assert!(tokens.verify(&forged).is_none(), "tampered payload");
    }

    #[test]
    fn a_challenge_is_never_a_session_nor_a_session_a_challenge() {
        let tokens = TokenService::new(b"a-secret-of-at-least-thirty-two-bytes", Duration::from_secs(3600));
        let user = user();
        let challenge = tokens.issue_challenge(&user);
        let claims = tokens.verify_challenge(&challenge).unwrap();
        assert_eq!((claims.sub, claims.email.as_str(), claims.ver), (user.id, "awa@example.sn", 3));
        assert!(claims.exp - claims.iat == 300, "five minutes");
        assert!(tokens.verify(&challenge).is_none(), "a challenge opens no session");
        assert!(tokens.verify_challenge(&tokens.issue(&user)).is_none(), "a session is no challenge");
        let other = TokenService::new(b"another-secret-of-at-least-32-bytes!", Duration::from_secs(3600));
        assert!(tokens.verify_challenge(&other.issue_challenge(&user)).is_none(), "another shop's");
    }

    fn b64(text: &str) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let bytes = text.as_bytes();
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
            for i in 0..=chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }
}
