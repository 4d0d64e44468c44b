//! Two-step login's storage: a secret confirmed once, a step and a recovery code accepted once
//! even by requests at the same moment, everything forgotten when it is turned off.

use bitik_common::{Email, Phone};
use bitik_identity::ports::{StoredTwoFactor, TwoFactorRepository, UserRepository};
use bitik_identity::{NewUser, Role, User};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgTwoFactorRepository, PgUserRepository};

async fn manager(test: &TestDatabase, email: &str) -> User {
    let users = PgUserRepository::new(test.database.clone());
    let user = NewUser {
        email: Some(Email::parse(email).unwrap()),
        password_hash: Some("$argon2id$fake".into()),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: Phone::parse("77 123 45 67").ok(),
        role: Role::Manager,
        login_phone: None,
    };
    users.insert(user).await.unwrap()
}

fn hashes(tag: u8) -> Vec<Vec<u8>> {
    (0..10).map(|n| vec![tag, n]).collect()
}

/// `user` with two-step login on, its secret `[7; 20]`, the last step 100.
async fn turned_on(store: &PgTwoFactorRepository, user: &User) -> User {
    assert!(store.start_setup(user.id, vec![7; 20]).await.unwrap());
    store.enable(user.id, vec![7; 20], 100, hashes(1)).await.unwrap().expect("on")
}

#[tokio::test]
async fn a_secret_is_turned_on_once_by_the_set_up_it_belongs_to_and_ends_the_sessions() {
    let test = TestDatabase::new().await;
    let store = PgTwoFactorRepository::new(test.database.clone());
    let awa = manager(&test, "awa@bitik.sn").await;
    assert_eq!(store.find(awa.id).await.unwrap(), None);
    assert!(store.start_setup(awa.id, vec![1; 20]).await.unwrap());
    assert!(store.start_setup(awa.id, vec![2; 20]).await.unwrap(), "a new set-up replaces the first");
    let waiting = StoredTwoFactor { secret: vec![2; 20], enabled: false, last_step: None };
    assert_eq!(store.find(awa.id).await.unwrap(), Some(waiting));
    assert_eq!(store.enable(awa.id, vec![1; 20], 100, hashes(1)).await.unwrap(), None, "the replaced secret");

    let on = store.enable(awa.id, vec![2; 20], 100, hashes(1)).await.unwrap().expect("on");
    assert!(on.two_factor_enabled);
    assert_eq!(on.token_version, awa.token_version + 1, "the sessions opened with the password alone end");
    assert_eq!(
        store.find(awa.id).await.unwrap(),
        Some(StoredTwoFactor { secret: vec![2; 20], enabled: true, last_step: Some(100) })
    );
    assert_eq!(store.enable(awa.id, vec![2; 20], 101, hashes(2)).await.unwrap(), None, "on already");
    assert!(!store.start_setup(awa.id, vec![3; 20]).await.unwrap(), "no new secret while on");
    let users = PgUserRepository::new(test.database.clone());
    let (read, _) = users.find_by_id(awa.id).await.unwrap().unwrap();
    assert!(read.two_factor_enabled);
}

#[tokio::test]
async fn a_step_is_accepted_once_and_only_after_the_last() {
    let test = TestDatabase::new().await;
    let store = PgTwoFactorRepository::new(test.database.clone());
    let awa = turned_on(&store, &manager(&test, "awa@bitik.sn").await).await;
    assert!(!store.accept_step(awa.id, 100).await.unwrap(), "the confirming code's step");
    assert!(!store.accept_step(awa.id, 99).await.unwrap(), "an older one");
    // Ten requests with the same code at the same moment: one gets in.
    let store = std::sync::Arc::new(store);
    let attempts: Vec<_> = (0..10)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.accept_step(awa.id, 101).await.unwrap() })
        })
        .collect();
    let mut accepted = 0;
    for attempt in attempts {
        accepted += usize::from(attempt.await.unwrap());
    }
    assert_eq!(accepted, 1);
    assert_eq!(store.find(awa.id).await.unwrap().unwrap().last_step, Some(101));
}

#[tokio::test]
async fn a_recovery_code_serves_once_and_only_its_owner() {
    let test = TestDatabase::new().await;
    let store = PgTwoFactorRepository::new(test.database.clone());
    let awa = turned_on(&store, &manager(&test, "awa@bitik.sn").await).await;
    let moussa = manager(&test, "moussa@bitik.sn").await;
    assert!(!store.use_recovery_code(moussa.id, vec![1, 3]).await.unwrap(), "another account's code");
    assert!(store.use_recovery_code(awa.id, vec![1, 3]).await.unwrap());
    assert!(!store.use_recovery_code(awa.id, vec![1, 3]).await.unwrap(), "used");
    assert!(store.use_recovery_code(awa.id, vec![1, 4]).await.unwrap(), "the others still serve");
    assert!(!store.use_recovery_code(awa.id, vec![9, 9]).await.unwrap(), "unknown");
}

#[tokio::test]
async fn turned_off_or_re_keyed_from_the_command_line_everything_is_forgotten() {
    let test = TestDatabase::new().await;
    let store = PgTwoFactorRepository::new(test.database.clone());
    let awa = turned_on(&store, &manager(&test, "awa@bitik.sn").await).await;
    let off = store.disable(awa.id).await.unwrap();
    assert!(!off.two_factor_enabled);
    assert_eq!(store.find(awa.id).await.unwrap(), None);
    assert!(!store.use_recovery_code(awa.id, vec![1, 0]).await.unwrap(), "its recovery codes are gone");
    assert!(!store.accept_step(awa.id, 500).await.unwrap(), "no step is accepted while off");

    // Turned on again with new codes: the old ones never come back.
    assert!(store.start_setup(awa.id, vec![8; 20]).await.unwrap());
    store.enable(awa.id, vec![8; 20], 200, hashes(2)).await.unwrap().expect("on again");
    assert!(!store.use_recovery_code(awa.id, vec![1, 1]).await.unwrap());
    assert!(store.use_recovery_code(awa.id, vec![2, 1]).await.unwrap());

    // `bitik create-admin`, the owner's way back in.
    let users = PgUserRepository::new(test.database.clone());
    let admin = users.set_role_and_password(awa.id, Role::Admin, "$argon2id$new".into()).await.unwrap();
    assert!(!admin.two_factor_enabled);
    assert_eq!(store.find(awa.id).await.unwrap(), None);
}
