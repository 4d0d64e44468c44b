//! The phones' login codes in PostgreSQL: a new code replaces the old and carries its wrong
//! tries for the hour, a right code is used once, thirty wrong codes at once are five tries.

use std::sync::Arc;

use bitik_common::Phone;
use bitik_identity::login_code::{MAX_WRONG_TRIES, Replacement, StoredCode, Verdict};
use bitik_identity::ports::LoginCodeRepository;
use bitik_postgres::PgLoginCodes;
use bitik_postgres::testing::TestDatabase;
use chrono::{DateTime, Duration, DurationRound, Utc};

fn phone() -> Phone {
    Phone::parse("77 123 45 67").unwrap()
}

fn sealed(n: u8) -> Vec<u8> {
    vec![n; 32]
}

/// Now, to the microsecond PostgreSQL keeps.
fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(Duration::microseconds(1)).unwrap()
}

async fn sent(codes: &PgLoginCodes, code: Vec<u8>, at: DateTime<Utc>) -> StoredCode {
    match codes.replace(&phone(), code, at).await.unwrap() {
        Replacement::Send(stored) => stored,
        Replacement::Locked { until } => panic!("locked until {until}"),
    }
}

#[tokio::test]
async fn a_right_code_is_used_once_and_a_new_code_replaces_the_old() {
    let test = TestDatabase::new().await;
    let codes = PgLoginCodes::new(test.database.clone());
    let at = now();
    assert_eq!(codes.judge(&phone(), sealed(1), at).await.unwrap(), Verdict::Dead, "no code sent");

    sent(&codes, sealed(1), at).await;
    sent(&codes, sealed(2), at + Duration::seconds(61)).await;
    assert_eq!(codes.judge(&phone(), sealed(1), at + Duration::seconds(62)).await.unwrap(), Verdict::Wrong, "replaced");
    let other = Phone::parse("77 123 45 68").unwrap();
    assert_eq!(codes.judge(&other, sealed(2), at).await.unwrap(), Verdict::Dead, "another phone has no code");
    assert_eq!(codes.judge(&phone(), sealed(2), at + Duration::seconds(63)).await.unwrap(), Verdict::Accepted);
    assert_eq!(codes.judge(&phone(), sealed(2), at + Duration::seconds(64)).await.unwrap(), Verdict::Dead, "used up");
}

#[tokio::test]
async fn a_code_expires_after_ten_minutes() {
    let test = TestDatabase::new().await;
    let codes = PgLoginCodes::new(test.database.clone());
    let at = now();
    sent(&codes, sealed(1), at).await;
    assert_eq!(codes.judge(&phone(), sealed(1), at + Duration::minutes(10)).await.unwrap(), Verdict::Dead);
}

#[tokio::test]
async fn wrong_tries_are_kept_across_new_codes_until_five_lock_the_phone_for_the_hour() {
    let test = TestDatabase::new().await;
    let codes = PgLoginCodes::new(test.database.clone());
    let at = now();
    sent(&codes, sealed(1), at).await;
    for _ in 0..3 {
        assert_eq!(codes.judge(&phone(), sealed(9), at).await.unwrap(), Verdict::Wrong);
    }
    let second = sent(&codes, sealed(2), at + Duration::minutes(2)).await;
    assert_eq!(second.wrong_tries, 3, "a new code does not wipe the wrong tries");
    for _ in 0..2 {
        assert_eq!(codes.judge(&phone(), sealed(9), at + Duration::minutes(3)).await.unwrap(), Verdict::Wrong);
    }
    assert_eq!(
        codes.judge(&phone(), sealed(2), at + Duration::minutes(3)).await.unwrap(),
        Verdict::Dead,
        "the fifth wrong code killed the right one"
    );
    assert_eq!(
        codes.replace(&phone(), sealed(3), at + Duration::minutes(4)).await.unwrap(),
        Replacement::Locked { until: at + Duration::minutes(62) },
        "locked for the hour after the last code sent"
    );
    let fresh = sent(&codes, sealed(4), at + Duration::minutes(62)).await;
    assert_eq!(fresh.wrong_tries, 0, "forgotten after the hour");
    assert_eq!(codes.judge(&phone(), sealed(4), at + Duration::minutes(63)).await.unwrap(), Verdict::Accepted);
}

#[tokio::test]
async fn thirty_wrong_codes_at_once_are_five_tries_and_the_right_one_is_then_refused() {
    let test = TestDatabase::new().await;
    let codes = Arc::new(PgLoginCodes::new(test.database.clone()));
    let at = now();
    sent(&codes, sealed(1), at).await;
    let tries: Vec<_> = (0..30u8)
        .map(|n| {
            let codes = codes.clone();
            tokio::spawn(async move { codes.judge(&phone(), sealed(100 + n), at).await.unwrap() })
        })
        .collect();
    let mut verdicts = Vec::new();
    for try_ in tries {
        verdicts.push(try_.await.unwrap());
    }
    let wrong = verdicts.iter().filter(|v| **v == Verdict::Wrong).count();
    assert_eq!(wrong as u32, MAX_WRONG_TRIES, "{verdicts:?}");
    assert_eq!(verdicts.iter().filter(|v| **v == Verdict::Dead).count(), 30 - wrong);
    assert_eq!(codes.judge(&phone(), sealed(1), at).await.unwrap(), Verdict::Dead);
}

#[tokio::test]
async fn codes_older_than_the_hour_are_forgotten() {
    let test = TestDatabase::new().await;
    let codes = PgLoginCodes::new(test.database.clone());
    let at = now();
    sent(&codes, sealed(1), at).await;
    assert_eq!(codes.forget_old(at + Duration::minutes(59)).await.unwrap(), 0);
    assert_eq!(codes.forget_old(at + Duration::minutes(60)).await.unwrap(), 1);
    assert_eq!(codes.judge(&phone(), sealed(1), at + Duration::minutes(1)).await.unwrap(), Verdict::Dead);
}

#[tokio::test]
async fn an_account_opened_by_a_code_has_its_phone_and_no_e_mail_nor_password_and_one_per_phone() {
    use bitik_identity::ports::{InsertUserError, UserRepository};
    use bitik_identity::{NewUser, Role};
    let test = TestDatabase::new().await;
    let users = bitik_postgres::PgUserRepository::new(test.database.clone());
    let opened = || NewUser {
        email: None,
        password_hash: None,
        first_name: String::new(),
        last_name: String::new(),
        phone: Some(phone()),
        role: Role::Customer,
        login_phone: Some(phone()),
    };
    let user = users.insert(opened()).await.unwrap();
    assert_eq!((user.email.clone(), user.login_phone.clone()), (None, Some(phone())));
    assert_eq!(users.find_by_login_phone(&phone()).await.unwrap().map(|u| u.id), Some(user.id));
    let (_, hash) = users.find_by_id(user.id).await.unwrap().unwrap();
    assert_eq!(hash, None);
    assert!(matches!(users.insert(opened()).await, Err(InsertUserError::Duplicate)), "one account per phone");
    let other = Phone::parse("77 123 45 68").unwrap();
    assert_eq!(users.find_by_login_phone(&other).await.unwrap(), None);
}
