use std::sync::Arc;

use bitik_common::Email;

use crate::error::IdentityError;
use crate::model::{NewUser, PASSWORD_MIN_LENGTH, Role, User};
use crate::ports::{InsertUserError, PasswordHasher, UserRepository};

/// What a new account needs.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub role: Role,
}

pub struct AccountService {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
}

impl AccountService {
    pub fn new(users: Arc<dyn UserRepository>, hasher: Arc<dyn PasswordHasher>) -> Self {
        Self { users, hasher }
    }

    pub async fn create_account(&self, account: NewAccount) -> Result<User, IdentityError> {
        let email = Email::parse(&account.email).map_err(|_| IdentityError::InvalidEmail)?;
        let password_hash = self.hash_new_password(&account.password).await?;
        let new_user = NewUser {
            email,
            password_hash,
            first_name: account.first_name.trim().to_owned(),
            last_name: account.last_name.trim().to_owned(),
            phone: account.phone.trim().to_owned(),
            role: account.role,
        };
        self.users.insert(new_user).await.map_err(|e| match e {
            InsertUserError::Duplicate => IdentityError::EmailTaken,
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
        match self.users.find_by_email(&parsed).await.map_err(IdentityError::Repository)? {
            Some((existing, _)) => {
                let hash = self.hash_new_password(password).await?;
                let admin = self
                    .users
                    .set_role_and_password(existing.id, Role::Admin, hash)
                    .await
                    .map_err(IdentityError::Repository)?;
                Ok((admin, false))
            }
            None => {
                let account = NewAccount {
                    email: email.to_owned(),
                    password: password.to_owned(),
                    first_name: first_name.to_owned(),
                    last_name: last_name.to_owned(),
                    phone: String::new(),
                    role: Role::Admin,
                };
                Ok((self.create_account(account).await?, true))
            }
        }
    }

    async fn hash_new_password(&self, password: &str) -> Result<String, IdentityError> {
        if password.chars().count() < PASSWORD_MIN_LENGTH {
            return Err(IdentityError::PasswordTooShort);
        }
        self.hasher.hash(password).await.map_err(IdentityError::Repository)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockPasswordHasher, MockUserRepository};
    use chrono::Utc;
    use mockall::predicate::eq;
    use uuid::Uuid;

    fn user(email: &str, role: Role) -> User {
        User {
            id: Uuid::new_v4(),
            email: Email::parse(email).unwrap(),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: String::new(),
            address: String::new(),
            city: String::new(),
            zip_code: String::new(),
            country: "Sénégal".into(),
            role,
            active: true,
            token_version: 0,
            created_at: Utc::now(),
        }
    }

    fn hasher() -> MockPasswordHasher {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
        hasher
    }

    #[tokio::test]
    async fn creates_an_account_with_a_lowercased_email_and_a_hashed_password() {
        let mut users = MockUserRepository::new();
        users
            .expect_insert()
            .withf(|u| u.email.as_str() == "awa@example.sn" && u.password_hash == "hashed:secret1" && u.first_name == "Awa")
            .returning(|u| Ok(user(u.email.as_str(), u.role)));
        let service = AccountService::new(Arc::new(users), Arc::new(hasher()));
        let account = NewAccount {
            email: " Awa@Example.SN".into(),
            password: "secret1".into(),
            first_name: " Awa ".into(),
            last_name: "Diop".into(),
            phone: "77 123 45 67".into(),
            role: Role::Customer,
        };
        let created = service.create_account(account).await.unwrap();
        assert_eq!(created.email.as_str(), "awa@example.sn");
    }

    #[tokio::test]
    async fn refuses_a_short_password_before_touching_storage() {
        let service = AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(MockPasswordHasher::new()));
        let account = NewAccount {
            email: "awa@example.sn".into(),
            password: "12345".into(),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: String::new(),
            role: Role::Customer,
        };
        let error = service.create_account(account).await.unwrap_err();
        assert_eq!(error.to_string(), "Le mot de passe doit contenir au moins 6 caractères");
    }

    #[tokio::test]
    async fn a_taken_email_is_reported_as_such() {
        let mut users = MockUserRepository::new();
        users.expect_insert().returning(|_| Err(InsertUserError::Duplicate));
        let service = AccountService::new(Arc::new(users), Arc::new(hasher()));
        let account = NewAccount {
            email: "awa@example.sn".into(),
            password: "secret1".into(),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: String::new(),
            role: Role::Customer,
        };
        assert!(matches!(service.create_account(account).await, Err(IdentityError::EmailTaken)));
    }

    #[tokio::test]
    async fn ensure_admin_promotes_an_existing_account() {
        let existing = user("boss@bitik.sn", Role::Customer);
        let id = existing.id;
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(move |_| Ok(Some((existing.clone(), "old".into()))));
        users
            .expect_set_role_and_password()
            .with(eq(id), eq(Role::Admin), eq("hashed:newpass".to_owned()))
            .returning(|_, _, _| Ok(user("boss@bitik.sn", Role::Admin)));
        let service = AccountService::new(Arc::new(users), Arc::new(hasher()));
        let (admin, created) = service.ensure_admin("boss@bitik.sn", "newpass", "A", "B").await.unwrap();
        assert!(!created);
        assert_eq!(admin.role, Role::Admin);
    }
}
