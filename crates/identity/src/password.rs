//! argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), run on blocking threads.

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;

use crate::ports::PasswordHasher;
use bitik_common::BoxError;

#[derive(Debug, Clone, Default)]
pub struct Argon2Hasher;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> Result<String, BoxError> {
        let password = password.to_owned();
        tokio::task::spawn_blocking(move || {
            let salt_bytes: [u8; 16] = rand::random();
            let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| e.to_string())?;
            argon2().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string().into())
        })
        .await?
    }

    async fn verify(&self, password: &str, hash: &str) -> Result<bool, BoxError> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        tokio::task::spawn_blocking(move || {
            let parsed = PasswordHash::new(&hash).map_err(|e| e.to_string())?;
            Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_with_argon2id_and_verifies() {
        let hasher = Argon2Hasher;
        let hash = hasher.hash("secret123").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(hasher.verify("secret123", &hash).await.unwrap());
        assert!(!hasher.verify("secret124", &hash).await.unwrap());
    }
}
