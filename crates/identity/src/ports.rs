use async_trait::async_trait;
use bitik_common::Email;
use uuid::Uuid;

use crate::error::BoxError;
use crate::model::{NewUser, Role, User};

#[derive(Debug, thiserror::Error)]
pub enum InsertUserError {
    #[error("e-mail already registered")]
    Duplicate,
    #[error(transparent)]
    Other(BoxError),
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// The user and their password hash.
    async fn find_by_email(&self, email: &Email) -> Result<Option<(User, String)>, BoxError>;
    async fn insert(&self, user: NewUser) -> Result<User, InsertUserError>;
    /// Sets role and password hash, activates the account and ends its sessions.
    async fn set_role_and_password(&self, id: Uuid, role: Role, password_hash: String) -> Result<User, BoxError>;
}

/// Password hashing is slow on purpose: implementations must not block the async threads.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    async fn hash(&self, password: &str) -> Result<String, BoxError>;
    async fn verify(&self, password: &str, hash: &str) -> Result<bool, BoxError>;
}
