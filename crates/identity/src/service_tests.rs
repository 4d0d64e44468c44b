use std::sync::{Arc, Mutex};
use std::time::Duration;

use bitik_common::Email;
use chrono::Utc;
use mockall::predicate::eq;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::IdentityError;
use crate::model::{AddressInput, Role, User};
use crate::ports::{MockAddressRepository, MockPasswordHasher, MockUserRepository};
use crate::service::{AccountService, NewAccount};
use crate::tokens::TokenService;

fn user(role: Role) -> User {
    User {
        id: Uuid::new_v4(),
        email: Email::parse("awa@example.sn").unwrap(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
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

/// A hasher whose hash of `p` is `hashed:p`, so verification is checkable.
fn hasher() -> MockPasswordHasher {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
    hasher.expect_verify().returning(|p, h| Ok(h == format!("hashed:{p}")));
    hasher
}

fn tokens() -> TokenService {
    TokenService::new(b"a-test-secret-of-at-least-32-bytes!!", Duration::from_secs(3600))
}

fn service(users: MockUserRepository) -> AccountService {
    AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher()), tokens())
}

fn account(email: &str, password: &str) -> NewAccount {
    NewAccount {
        email: email.into(),
        password: password.into(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
        role: Role::Customer,
    }
}

fn fields(error: IdentityError) -> Vec<(&'static str, String)> {
    match error {
        IdentityError::Validation { fields, .. } => fields.into_iter().collect(),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

#[tokio::test]
async fn registration_reports_every_missing_field_in_french() {
    let service = service(MockUserRepository::new());
    let empty =
        NewAccount { first_name: " ".into(), last_name: String::new(), phone: String::new(), ..account("", "") };
    let problems = fields(service.register(empty).await.unwrap_err());
    assert_eq!(
        problems,
        vec![
            ("email", "L'email est requis".to_owned()),
            ("firstName", "Le prénom est requis".to_owned()),
            ("lastName", "Le nom est requis".to_owned()),
            ("password", "Le mot de passe est requis".to_owned()),
            ("phone", "Le téléphone est requis".to_owned()),
        ]
    );
    let problems = fields(service.register(account("awa@", "12345")).await.unwrap_err());
    assert_eq!(
        problems,
        vec![
            ("email", "Veuillez saisir un email valide".to_owned()),
            ("password", "Le mot de passe doit contenir au moins 6 caractères".to_owned()),
        ]
    );
}

#[tokio::test]
async fn registering_logs_the_new_customer_in() {
    let mut users = MockUserRepository::new();
    let created = user(Role::Customer);
    let stored = created.clone();
    users.expect_insert().withf(|u| u.password_hash == "hashed:secret1").returning(move |_| Ok(stored.clone()));
    let found = created.clone();
    users.expect_find_by_id().with(eq(created.id)).returning(move |_| Ok(Some((found.clone(), "h".into()))));
    let service = service(users);
    let session = service.register(account("Awa@Example.sn", "secret1")).await.unwrap();
    assert_eq!(service.authenticate(&session.token).await.unwrap().id, created.id);
}

#[tokio::test]
async fn an_unknown_email_costs_a_password_verification_and_gets_the_common_answer() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(|_| Ok(None));
    let verified = Arc::new(Mutex::new(0));
    let count = verified.clone();
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
    hasher.expect_verify().returning(move |_, _| {
        *count.lock().unwrap() += 1;
        Ok(false)
    });
    let service =
        AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher), tokens());
    let error = service.login("nobody@example.sn", "secret1").await.unwrap_err();
    assert_eq!(error.to_string(), "Email ou mot de passe incorrect");
    assert_eq!(*verified.lock().unwrap(), 1);
}

#[tokio::test]
async fn a_wrong_password_and_a_deactivated_account_cannot_log_in() {
    let mut active = user(Role::Customer);
    let mut users = MockUserRepository::new();
    let stored = active.clone();
    users.expect_find_by_email().returning(move |_| Ok(Some((stored.clone(), "hashed:secret1".into()))));
    let service = service(users);
    assert!(matches!(service.login("awa@example.sn", "wrong!").await, Err(IdentityError::InvalidCredentials)));
    assert!(service.login("awa@example.sn", "secret1").await.is_ok());

    active.active = false;
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(move |_| Ok(Some((active.clone(), "hashed:secret1".into()))));
    let service = self::service(users);
    assert!(matches!(service.login("awa@example.sn", "secret1").await, Err(IdentityError::AccountDisabled)));
}

#[tokio::test]
async fn a_token_of_an_older_version_or_of_a_deactivated_user_is_refused() {
    let issued = user(Role::Customer);
    let token = tokens().issue(&issued);
    for change in [|u: &mut User| u.token_version += 1, |u: &mut User| u.active = false] {
        let mut now = issued.clone();
        change(&mut now);
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some((now.clone(), "h".into()))));
        assert!(matches!(service(users).authenticate(&token).await, Err(IdentityError::Unauthenticated)));
    }
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(|_| Ok(None));
    assert!(matches!(service(users).authenticate(&token).await, Err(IdentityError::Unauthenticated)));
    assert!(matches!(
        service(MockUserRepository::new()).authenticate("garbage").await,
        Err(IdentityError::Unauthenticated)
    ));
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one() {
    let me = user(Role::Customer);
    let id = me.id;
    let mut users = MockUserRepository::new();
    let stored = me.clone();
    users.expect_find_by_id().returning(move |_| Ok(Some((stored.clone(), "hashed:secret1".into()))));
    users
        .expect_set_password()
        .with(eq(id), eq("hashed:newpass".to_owned()))
        .times(1)
        .returning(move |_, _| Ok(User { token_version: 1, ..me.clone() }));
    let service = service(users);
    let error = service.change_password(id, "wrong", "newpass").await.unwrap_err();
    assert_eq!(error.to_string(), "Mot de passe actuel incorrect");
    let problems = fields(service.change_password(id, "secret1", "short").await.unwrap_err());
    assert_eq!(
        problems,
        vec![("newPassword", "Le nouveau mot de passe doit contenir au moins 6 caractères".to_owned())]
    );
    let session = service.change_password(id, "secret1", "newpass").await.unwrap();
    assert_eq!(session.user.token_version, 1);
}

#[tokio::test]
async fn a_reset_token_is_stored_hashed_and_used_by_its_hash() {
    let me = user(Role::Customer);
    let id = me.id;
    let stored_hash = Arc::new(Mutex::new(Vec::new()));
    let keep = stored_hash.clone();
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(move |_| Ok(Some((me.clone(), "h".into()))));
    users.expect_create_reset_token().returning(move |user, hash, expires, _| {
        assert_eq!(user, id);
        assert!(expires > Utc::now() + chrono::Duration::minutes(59));
        *keep.lock().unwrap() = hash;
        Ok(())
    });
    let expected = stored_hash.clone();
    users.expect_reset_password().returning(move |hash, password_hash| {
        assert_eq!(password_hash, "hashed:brandnew");
        Ok((hash == *expected.lock().unwrap()).then(|| user(Role::Customer)))
    });
    let service = service(users);
    let token = service.create_reset_token(id, None).await.unwrap();
    assert_eq!(token.len(), 64);
    assert_eq!(*stored_hash.lock().unwrap(), Sha256::digest(token.as_bytes()).to_vec());
    assert!(service.reset_password(&token, "brandnew").await.is_ok());
    let wrong = service.reset_password("not-the-token", "brandnew").await.unwrap_err();
    assert_eq!(wrong.to_string(), "Ce lien de réinitialisation est invalide ou a expiré.");
}

#[tokio::test]
async fn an_address_needs_its_fields_and_another_users_address_is_missing() {
    let mut addresses = MockAddressRepository::new();
    addresses.expect_update().returning(|_, _, _| Ok(None));
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    let problems = fields(service.add_address(Uuid::new_v4(), AddressInput::default()).await.unwrap_err());
    let names: Vec<&str> = problems.iter().map(|(field, _)| *field).collect();
    assert_eq!(names, ["address", "city", "firstName", "lastName", "phone"]);
    let valid = AddressInput {
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
        address: "Unité 15, villa 210".into(),
        city: "Dakar".into(),
        ..AddressInput::default()
    };
    let error = service.update_address(Uuid::new_v4(), Uuid::new_v4(), valid).await.unwrap_err();
    assert!(matches!(error, IdentityError::AddressNotFound));
}
