//! argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), run on blocking threads,
//! a few at a time.

use std::sync::Arc;
use std::time::Duration;

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use tokio::sync::Semaphore;

use crate::ports::{HashError, PasswordHasher};

/// How long a request waits for its turn before the server says it is too busy: a person
/// logging in waits that long without noticing, and a flood of requests does not pile up.
pub const PATIENCE: Duration = Duration::from_secs(2);

/// Work done in turns on blocking threads: at most `at_once` at a time, each caller waiting at
/// most `patience` for its turn. Each hash holds 19 MiB and a core while it runs, so without
/// turns a burst of logins or registrations costs memory and cores in proportion to its size.
pub struct Turns {
    permits: Arc<Semaphore>,
    patience: Duration,
}

impl Turns {
    pub fn new(at_once: usize, patience: Duration) -> Self {
        Self { permits: Arc::new(Semaphore::new(at_once.max(1))), patience }
    }

    /// Runs `work` once a turn is free, or answers [`HashError::Busy`] if none came in time.
    /// The work itself holds its turn: a caller that goes away (the client hung up) does not
    /// free it while the blocking thread still runs.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashError> {
        let turn = tokio::time::timeout(self.patience, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| HashError::Busy)?
            .expect("the semaphore is never closed");
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            work()
        })
        .await
        .map_err(|e| HashError::Failed(e.into()))
    }
}

/// The shop's password hasher. Share one between every worker of the server: its turns are the
/// machine's.
pub struct Argon2Hasher {
    turns: Turns,
}

impl Argon2Hasher {
    pub fn new(at_once: usize, patience: Duration) -> Self {
        Self { turns: Turns::new(at_once, patience) }
    }

    /// One hash at a time per core but one, a request waiting [`PATIENCE`] at most for its turn:
    /// however many passwords are sent, a core is left to serve the shop (on a one-core machine,
    /// one hash at a time).
    pub fn for_this_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::new(cores.saturating_sub(1).max(1), PATIENCE)
    }
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

fn failed(error: impl ToString) -> HashError {
    HashError::Failed(error.to_string().into())
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> Result<String, HashError> {
        let password = password.to_owned();
        self.turns
            .run(move || {
                let salt_bytes: [u8; 16] = rand::random();
                let salt = SaltString::encode_b64(&salt_bytes).map_err(failed)?;
                argon2().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(failed)
            })
            .await?
    }

    async fn verify(&self, password: &str, hash: &str) -> Result<bool, HashError> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        self.turns
            .run(move || {
                let parsed = PasswordHash::new(&hash).map_err(failed)?;
                Ok(argon2().verify_password(password.as_bytes(), &parsed).is_ok())
            })
            .await?
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    #[tokio::test]
    async fn hashes_with_argon2id_and_verifies() {
        let hasher = Argon2Hasher::for_this_machine();
        let hash = hasher.hash("secret123").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(hasher.verify("secret123", &hash).await.unwrap());
        assert!(!hasher.verify("secret124", &hash).await.unwrap());
    }

    /// Work that runs until `release` is sent something (or dropped).
    fn held_until(release: mpsc::Receiver<()>) -> impl FnOnce() -> u8 + Send + 'static {
        move || {
            let _ = release.recv();
            1
        }
    }

    #[tokio::test]
    async fn past_its_patience_a_caller_is_told_busy_and_then_gets_a_turn_when_one_frees() {
        let turns = Arc::new(Turns::new(1, Duration::from_millis(50)));
        let (release, held) = mpsc::channel();
        let first = tokio::spawn({
            let turns = turns.clone();
            async move { turns.run(held_until(held)).await }
        });
        while turns.permits.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert!(matches!(turns.run(|| 2).await, Err(HashError::Busy)), "the only turn is taken");
        release.send(()).unwrap();
        assert_eq!(first.await.unwrap().unwrap(), 1);
        assert_eq!(turns.run(|| 3).await.unwrap(), 3, "the turn is free again");
    }

    #[tokio::test]
    async fn a_caller_that_goes_away_leaves_its_turn_taken_until_the_work_ends() {
        let turns = Arc::new(Turns::new(1, Duration::from_millis(50)));
        let (release, held) = mpsc::channel();
        let caller = tokio::spawn({
            let turns = turns.clone();
            async move { turns.run(held_until(held)).await }
        });
        while turns.permits.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        caller.abort();
        assert!(caller.await.unwrap_err().is_cancelled());
        assert!(matches!(turns.run(|| 2).await, Err(HashError::Busy)), "the work still runs");
        drop(release);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while turns.permits.available_permits() == 0 {
            assert!(tokio::time::Instant::now() < deadline, "the turn never came back");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(turns.run(|| 3).await.unwrap(), 3);
    }
}
