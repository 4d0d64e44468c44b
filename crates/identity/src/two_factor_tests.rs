//! Two-step login's use cases against mocked ports: the time window, a code accepted once, a
//! recovery code accepted once, turning it on and off, the challenge.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeZone, Utc};
use mockall::predicate::eq;

use crate::error::IdentityError;
use crate::model::{Role, User};
use crate::ports::{MockAddressRepository, MockTwoFactorRepository, MockUserRepository, StoredTwoFactor};
use crate::service::{AccountService, LoginOutcome};
use crate::service_tests::{hasher, tokens, user};
use crate::two_factor::{TotpSecret, TwoFactorPolicy, recovery_code_hash, step_at};

/// The service's fixed clock.
fn now() -> DateTime<Utc> {
    Utc.timestamp_opt(1_111_111_109, 0).unwrap()
}

fn step() -> u64 {
    step_at(now())
}

fn secret() -> TotpSecret {
    TotpSecret::from_bytes(b"12345678901234567890".to_vec())
}

fn manager_with_two_factor() -> User {
    User { two_factor_enabled: true, ..user(Role::Manager) }
}

/// `users` answers `user` by e-mail (password `secret1`) and by id.
fn users_knowing(user: &User) -> MockUserRepository {
    let mut users = MockUserRepository::new();
    let by_email = user.clone();
    users.expect_find_by_email().returning(move |_| Ok(Some((by_email.clone(), Some("hashed:secret1".into())))));
    let by_id = user.clone();
    users.expect_find_by_id().returning(move |_| Ok(Some((by_id.clone(), Some("hashed:secret1".into())))));
    users
}

fn service_with(users: MockUserRepository, store: MockTwoFactorRepository, policy: TwoFactorPolicy) -> AccountService {
    AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher()), tokens())
        .with_two_factor(Arc::new(store), policy, "Bitik Dakar")
        .with_clock(now)
}

/// Two-step login on with [`secret`], its last accepted step `last_step`.
fn store_on(last_step: Option<u64>) -> MockTwoFactorRepository {
    let mut store = MockTwoFactorRepository::new();
    store.expect_find().returning(move |_| {
        Ok(Some(StoredTwoFactor { secret: secret().as_bytes().to_vec(), enabled: true, last_step }))
    });
    store
}

async fn challenge_of(service: &AccountService) -> String {
    match service.login("awa@example.sn", "secret1").await.unwrap() {
        LoginOutcome::TwoFactorRequired { challenge } => challenge,
        LoginOutcome::Session(_) => panic!("a session without the code"),
    }
}

async fn second_step(service: &AccountService, code: &str) -> Result<(), IdentityError> {
    let pending = service.second_step(&challenge_of(service).await, code)?;
    service.complete_login(&pending).await.map(drop)
}

#[tokio::test]
async fn a_right_password_gets_a_challenge_and_the_right_code_the_session() {
    let manager = manager_with_two_factor();
    let mut store = store_on(None);
    store.expect_accept_step().with(eq(manager.id), eq(step())).times(1).returning(|_, _| Ok(true));
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    let pending = service.second_step(&challenge_of(&service).await, &secret().code_at(step())).unwrap();
    assert_eq!(pending.email(), "awa@example.sn", "the code counts against the password's limits");
    let session = service.complete_login(&pending).await.unwrap();
    assert_eq!(service.authenticate(&session.token).await.unwrap().id, manager.id);
}

#[tokio::test]
async fn a_code_one_step_either_side_is_accepted_two_steps_away_refused() {
    let manager = manager_with_two_factor();
    let mut store = store_on(None);
    let accepted = Arc::new(Mutex::new(Vec::new()));
    let seen = accepted.clone();
    store.expect_accept_step().returning(move |_, step| {
        seen.lock().unwrap().push(step);
        Ok(true)
    });
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    for (at, ok) in [(step() - 2, false), (step() - 1, true), (step() + 1, true), (step() + 2, false)] {
        let outcome = second_step(&service, &secret().code_at(at)).await;
        assert_eq!(outcome.is_ok(), ok, "step {at}: {outcome:?}");
    }
    assert_eq!(*accepted.lock().unwrap(), [step() - 1, step() + 1], "only the steps accepted are recorded");
}

#[tokio::test]
async fn a_code_is_accepted_once_even_by_two_requests_at_the_same_moment() {
    let manager = manager_with_two_factor();
    // Its step was accepted already: refused before anything is written.
    let mut store = store_on(Some(step()));
    store.expect_accept_step().never();
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    let replayed = second_step(&service, &secret().code_at(step())).await.unwrap_err();
    assert!(matches!(replayed, IdentityError::TwoFactorCodeRefused), "{replayed:?}");
    assert_eq!(replayed.to_string(), "Code incorrect ou expiré.");

    // Another request recorded it between the read and the write: the storage says no.
    let mut store = store_on(Some(step() - 1));
    store.expect_accept_step().with(eq(manager.id), eq(step())).times(1).returning(|_, _| Ok(false));
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    let raced = second_step(&service, &secret().code_at(step())).await.unwrap_err();
    assert!(matches!(raced, IdentityError::TwoFactorCodeRefused), "{raced:?}");
}

#[tokio::test]
async fn a_recovery_code_opens_the_session_once() {
    let manager = manager_with_two_factor();
    let code = "abcd-efgh-2345-6789";
    let unused = Arc::new(Mutex::new(HashSet::from([recovery_code_hash(manager.id, code)])));
    let mut store = MockTwoFactorRepository::new();
    store.expect_find().never();
    store.expect_use_recovery_code().returning(move |_, hash| Ok(unused.lock().unwrap().remove(&hash)));
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    second_step(&service, "ABCD EFGH 2345 6789").await.expect("typed in capitals, with spaces");
    let again = second_step(&service, code).await.unwrap_err();
    assert!(matches!(again, IdentityError::TwoFactorCodeRefused), "{again:?}");
    let unknown = second_step(&service, "zzzz-zzzz-zzzz-zzzz").await.unwrap_err();
    assert!(matches!(unknown, IdentityError::TwoFactorCodeRefused), "{unknown:?}");
}

#[tokio::test]
async fn a_challenge_is_the_shops_and_ends_with_the_accounts_sessions() {
    let manager = manager_with_two_factor();
    let service = service_with(users_knowing(&manager), store_on(None), TwoFactorPolicy::Optional);
    let challenge = challenge_of(&service).await;
    let code = secret().code_at(step());
    for forged in ["not-a-challenge", "a.b.c"] {
        let refused = service.second_step(forged, &code).unwrap_err();
        assert!(matches!(refused, IdentityError::TwoFactorChallengeExpired), "{refused:?}");
    }
    let missing = service.second_step(&challenge, " ").unwrap_err();
    assert!(matches!(missing, IdentityError::Validation { .. }), "{missing:?}");

    // A logout or a new password since the password was typed.
    let later = User { token_version: manager.token_version + 1, ..manager.clone() };
    let mut store = MockTwoFactorRepository::new();
    store.expect_accept_step().never();
    let moved_on = service_with(users_knowing(&later), store, TwoFactorPolicy::Optional);
    let pending = moved_on.second_step(&challenge, &code).unwrap();
    let refused = moved_on.complete_login(&pending).await.unwrap_err();
    assert!(matches!(refused, IdentityError::TwoFactorChallengeExpired), "{refused:?}");
}

#[tokio::test]
async fn turning_it_on_takes_a_code_of_the_secret_being_set_up_and_gives_ten_recovery_codes() {
    let seller = user(Role::Seller);
    let kept: Arc<Mutex<Option<Vec<u8>>>> = Arc::default();
    let mut store = MockTwoFactorRepository::new();
    let keep = kept.clone();
    store.expect_start_setup().with(eq(seller.id), mockall::predicate::always()).returning(move |_, secret| {
        *keep.lock().unwrap() = Some(secret);
        Ok(true)
    });
    let read = kept.clone();
    store.expect_find().returning(move |_| {
        let secret = read.lock().unwrap().clone().unwrap();
        Ok(Some(StoredTwoFactor { secret, enabled: false, last_step: None }))
    });
    let hashes: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
    let written = hashes.clone();
    let on = User { two_factor_enabled: true, token_version: 1, ..seller.clone() };
    store.expect_enable().times(1).returning(move |_, _, enabled_step, recovery| {
        assert_eq!(enabled_step, step(), "the confirming code's step is the last accepted");
        *written.lock().unwrap() = recovery;
        Ok(Some(on.clone()))
    });
    let service = service_with(MockUserRepository::new(), store, TwoFactorPolicy::Optional);

    let setup = service.start_two_factor(&seller).await.unwrap();
    assert!(setup.otpauth_url.starts_with("otpauth://totp/Bitik%20Dakar:awa%40example.sn?secret="), "{setup:?}");
    let secret = TotpSecret::from_bytes(kept.lock().unwrap().clone().unwrap());
    assert_eq!(setup.secret, secret.base32());

    let wrong = service.enable_two_factor(&seller, "000000").await.unwrap_err();
    assert!(matches!(wrong, IdentityError::TwoFactorCodeRefused), "{wrong:?}");
    let enabled = service.enable_two_factor(&seller, &secret.code_at(step())).await.unwrap();
    assert_eq!(enabled.recovery_codes.len(), 10);
    let expected: Vec<Vec<u8>> = enabled.recovery_codes.iter().map(|c| recovery_code_hash(seller.id, c)).collect();
    assert_eq!(*hashes.lock().unwrap(), expected, "only their hashes are stored");
    assert_eq!(enabled.session.user.token_version, 1, "a new session: the earlier ones ended");
}

#[tokio::test]
async fn only_the_team_turns_it_on_and_only_once() {
    let mut store = MockTwoFactorRepository::new();
    store.expect_start_setup().never();
    store.expect_enable().never();
    store.expect_find().returning(|_| Ok(None));
    let service = service_with(MockUserRepository::new(), store, TwoFactorPolicy::Optional);
    let customer = service.start_two_factor(&user(Role::Customer)).await.unwrap_err();
    assert!(matches!(customer, IdentityError::TwoFactorStaffOnly), "{customer:?}");
    let on = service.start_two_factor(&manager_with_two_factor()).await.unwrap_err();
    assert!(matches!(on, IdentityError::TwoFactorAlreadyEnabled), "{on:?}");
    let not_started = service.enable_two_factor(&user(Role::Courier), "123456").await.unwrap_err();
    assert!(matches!(not_started, IdentityError::TwoFactorNotStarted), "{not_started:?}");
}

#[tokio::test]
async fn turning_it_off_takes_the_password_or_a_code_and_is_refused_where_it_is_required() {
    let manager = manager_with_two_factor();
    let mut store = store_on(None);
    store.expect_accept_step().returning(|_, _| Ok(true));
    let off = User { two_factor_enabled: false, ..manager.clone() };
    store.expect_disable().with(eq(manager.id)).times(2).returning(move |_| Ok(off.clone()));
    let service = service_with(users_knowing(&manager), store, TwoFactorPolicy::Optional);
    let wrong = service.disable_two_factor(&manager, "wrong!", "").await.unwrap_err();
    assert!(matches!(wrong, IdentityError::IncorrectCurrentPassword), "{wrong:?}");
    let neither = service.disable_two_factor(&manager, "", "").await.unwrap_err();
    assert!(matches!(neither, IdentityError::Validation { .. }), "{neither:?}");
    assert!(!service.disable_two_factor(&manager, "secret1", "").await.unwrap().two_factor_enabled);
    service.disable_two_factor(&manager, "", &secret().code_at(step())).await.unwrap();
    let not_on = service.disable_two_factor(&user(Role::Seller), "secret1", "").await.unwrap_err();
    assert!(matches!(not_on, IdentityError::TwoFactorNotEnabled), "{not_on:?}");

    let mut store = MockTwoFactorRepository::new();
    store.expect_disable().never();
    let required = service_with(users_knowing(&manager), store, TwoFactorPolicy::Required);
    let refused = required.disable_two_factor(&manager, "secret1", "").await.unwrap_err();
    assert!(matches!(refused, IdentityError::TwoFactorRequired), "{refused:?}");
}

#[test]
fn where_it_is_required_the_owner_and_the_manager_set_it_up_first() {
    let service = |policy| service_with(MockUserRepository::new(), MockTwoFactorRepository::new(), policy);
    let required = service(TwoFactorPolicy::Required);
    assert!(required.setup_required(&user(Role::Manager)));
    assert!(required.setup_required(&user(Role::Admin)));
    assert!(!required.setup_required(&manager_with_two_factor()));
    assert!(!required.setup_required(&user(Role::Seller)));
    assert!(!required.setup_required(&user(Role::Customer)));
    assert!(!service(TwoFactorPolicy::Optional).setup_required(&user(Role::Manager)));
}
