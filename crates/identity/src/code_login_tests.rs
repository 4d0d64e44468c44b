//! Asking for a login code and typing it, against mocked ports: the countries, the sealing, the
//! recipient, the lock after wrong codes, the verdicts.

use std::sync::{Arc, Mutex};

use bitik_common::Phone;
use chrono::{DateTime, TimeZone, Utc};
use mockall::predicate::eq;

use super::{CODE_COUNTRY_REFUSED, CODE_FORM, read_phone};
use crate::error::IdentityError;
use crate::login_code::{CodeCountries, CodeKey, LoginCode, StoredCode, Verdict};
use crate::model::Role;
use crate::ports::{
    CodeChannel, CodeRecipient, LoginCodes, MockAddressRepository, MockCodeSender, MockLoginCodeRepository,
    MockUserRepository,
};
use crate::service::AccountService;
use crate::service_tests::{hasher, tokens, user};

fn now() -> DateTime<Utc> {
    Utc.timestamp_opt(1_800_000_000, 0).unwrap()
}

fn key() -> CodeKey {
    CodeKey::derive(b"the shop's secret")
}

fn phone() -> Phone {
    Phone::parse("77 123 45 67").unwrap()
}

fn service(users: MockUserRepository, store: MockLoginCodeRepository, sender: MockCodeSender) -> AccountService {
    service_by(CodeChannel::WhatsApp, users, store, sender)
}

fn service_by(
    channel: CodeChannel,
    users: MockUserRepository,
    store: MockLoginCodeRepository,
    sender: MockCodeSender,
) -> AccountService {
    let codes = LoginCodes {
        store: Arc::new(store),
        sender: Arc::new(sender),
        channel,
        key: key(),
        countries: CodeCountries::senegal(),
    };
    AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher()), tokens())
        .with_login_codes(codes)
        .with_clock(now)
}

/// A store that keeps what `replace` is handed, and sends what `StoredCode::replacing` decides.
fn store_keeping(kept: Arc<Mutex<Option<Vec<u8>>>>, previous: Option<StoredCode>) -> MockLoginCodeRepository {
    let mut store = MockLoginCodeRepository::new();
    store.expect_replace().with(eq(phone()), mockall::predicate::always(), eq(now())).times(1).returning(
        move |_, sealed, at| {
            *kept.lock().unwrap() = Some(sealed.clone());
            Ok(StoredCode::replacing(previous.as_ref(), sealed, at))
        },
    );
    store
}

#[tokio::test]
async fn a_code_is_stored_sealed_for_its_phone_then_sent_to_the_phone_and_its_account_s_e_mail() {
    let kept = Arc::new(Mutex::new(None));
    let sent = Arc::new(Mutex::new(None));
    let mut users = MockUserRepository::new();
    let account = user(Role::Customer);
    let email = account.email.clone();
    users.expect_find_by_login_phone().with(eq(phone())).returning(move |_| Ok(Some(account.clone())));
    let mut sender = MockCodeSender::new();
    let seen = sent.clone();
    sender.expect_send_code().times(1).returning(move |to, code| {
        *seen.lock().unwrap() = Some((to.clone(), code.clone()));
        Ok(())
    });
    let service = service(users, store_keeping(kept.clone(), None), sender);

    let pending = service.new_login_code(&phone()).await.unwrap();
    assert!(sent.lock().unwrap().is_none(), "stored first, sent when the caller delivers it");
    pending.deliver().await.unwrap();

    let (to, code) = sent.lock().unwrap().clone().unwrap();
    assert_eq!(to, CodeRecipient { phone: phone(), email });
    assert_eq!(kept.lock().unwrap().clone().unwrap(), key().seal(&phone(), &code), "what is kept is the code sealed");
}

#[tokio::test]
async fn a_phone_without_an_account_gets_its_code_on_the_phone_alone() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().returning(|_| Ok(None));
    let mut sender = MockCodeSender::new();
    sender
        .expect_send_code()
        .withf(|to, _| *to == CodeRecipient { phone: phone(), email: None })
        .times(1)
        .returning(|_, _| Ok(()));
    let service = service(users, store_keeping(Arc::default(), None), sender);
    service.new_login_code(&phone()).await.unwrap().deliver().await.unwrap();
}

#[tokio::test]
async fn a_phone_outside_the_shop_s_countries_gets_no_code_and_nothing_is_stored() {
    let service = service(MockUserRepository::new(), MockLoginCodeRepository::new(), MockCodeSender::new());
    let french = Phone::parse("+33 6 12 34 56 78").unwrap();
    match service.new_login_code(&french).await {
        Err(IdentityError::Validation { fields, .. }) => assert_eq!(fields["phone"], CODE_COUNTRY_REFUSED),
        other => panic!("expected the phone refused, got {:?}", other.map(drop)),
    }
}

#[tokio::test]
async fn five_wrong_codes_within_the_hour_lock_the_phone_until_the_hour_is_over() {
    let killed = StoredCode {
        sealed: vec![0; 32],
        sent_at: now() - chrono::Duration::minutes(20),
        wrong_tries: crate::login_code::MAX_WRONG_TRIES,
    };
    let service =
        service(MockUserRepository::new(), store_keeping(Arc::default(), Some(killed)), MockCodeSender::new());
    match service.new_login_code(&phone()).await {
        Err(IdentityError::LoginCodesLocked { retry_after }) => assert_eq!(retry_after, chrono::Duration::minutes(40)),
        other => panic!("expected the phone locked, got {:?}", other.map(drop)),
    }
}

#[tokio::test]
async fn a_typed_code_is_judged_sealed_and_each_verdict_answered() {
    let code = LoginCode::read("042917").unwrap();
    for (verdict, expected) in [
        (Verdict::Accepted, None),
        (Verdict::Wrong, Some("Code incorrect.")),
        (Verdict::Dead, Some("Ce code n'est plus valable : demandez-en un nouveau.")),
    ] {
        let mut store = MockLoginCodeRepository::new();
        store
            .expect_judge()
            .with(eq(phone()), eq(key().seal(&phone(), &code)), eq(now()))
            .times(1)
            .returning(move |_, _, _| Ok(verdict));
        let service = service(MockUserRepository::new(), store, MockCodeSender::new());
        let outcome = service.check_login_code(&phone(), " 042 917 ").await;
        assert_eq!(outcome.err().map(|e| e.to_string()), expected.map(str::to_owned), "{verdict:?}");
    }
}

#[tokio::test]
async fn a_code_that_is_not_six_digits_is_a_form_error_and_no_try() {
    let service = service(MockUserRepository::new(), MockLoginCodeRepository::new(), MockCodeSender::new());
    for typed in ["", "12345", "abcdef", "1234567"] {
        match service.check_login_code(&phone(), typed).await {
            Err(IdentityError::Validation { fields, .. }) => assert_eq!(fields["code"], CODE_FORM, "{typed:?}"),
            other => panic!("{typed:?}: expected a form error, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn without_a_way_to_send_codes_login_by_code_says_it_is_unavailable() {
    let service = AccountService::new(
        Arc::new(MockUserRepository::new()),
        Arc::new(MockAddressRepository::new()),
        Arc::new(hasher()),
        tokens(),
    );
    assert!(!service.login_codes_available());
    assert!(matches!(service.new_login_code(&phone()).await.map(drop), Err(IdentityError::LoginCodesUnavailable)));
    assert!(matches!(service.check_login_code(&phone(), "042917").await, Err(IdentityError::LoginCodesUnavailable)));
    assert!(
        matches!(service.check_login_code(&phone(), "42").await, Err(IdentityError::Validation { .. })),
        "the form first"
    );
}

#[test]
fn the_form_s_phone_is_read_by_the_shop_s_rule() {
    assert_eq!(read_phone(" 77 123 45 67 ").unwrap(), phone());
    for typed in ["", "12", "77 ABC 45 67"] {
        assert!(
            matches!(read_phone(typed), Err(IdentityError::Validation { fields, .. }) if fields.contains_key("phone")),
            "{typed:?}"
        );
    }
}

/// A store whose phone's code is `042917`, judged right once.
fn store_accepting() -> MockLoginCodeRepository {
    let mut store = MockLoginCodeRepository::new();
    let right = key().seal(&phone(), &LoginCode::read("042917").unwrap());
    store
        .expect_judge()
        .times(1)
        .returning(move |_, sealed, _| Ok(if sealed == right { Verdict::Accepted } else { Verdict::Wrong }));
    store
}

#[tokio::test]
async fn a_right_code_for_a_new_phone_opens_a_customer_account_with_neither_e_mail_nor_password() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().times(1).returning(|_| Ok(None));
    users
        .expect_insert()
        .withf(|new| {
            new.email.is_none()
                && new.password_hash.is_none()
                && new.role == Role::Customer
                && new.login_phone == Some(phone())
                && new.phone == Some(phone())
        })
        .times(1)
        .returning(|new| Ok(crate::model::User { email: None, login_phone: new.login_phone, ..user(Role::Customer) }));
    let service = service(users, store_accepting(), MockCodeSender::new());
    let session = service.login_with_code(&phone(), "042917").await.unwrap();
    assert_eq!((session.user.email.clone(), session.user.login_phone.clone()), (None, Some(phone())));
    assert!(!session.token.is_empty());
}

#[tokio::test]
async fn a_right_code_opens_the_phone_s_account_and_no_other() {
    let mut users = MockUserRepository::new();
    let account = crate::model::User { login_phone: Some(phone()), ..user(Role::Customer) };
    let id = account.id;
    users.expect_find_by_login_phone().with(eq(phone())).returning(move |_| Ok(Some(account.clone())));
    let service = service(users, store_accepting(), MockCodeSender::new());
    assert_eq!(service.login_with_code(&phone(), "042917").await.unwrap().user.id, id);
}

#[tokio::test]
async fn a_wrong_code_opens_nothing_and_the_team_and_deactivated_accounts_are_refused() {
    let guessed = service(MockUserRepository::new(), store_accepting(), MockCodeSender::new());
    assert!(matches!(guessed.login_with_code(&phone(), "111111").await, Err(IdentityError::WrongLoginCode)));

    for (account, refusal) in [
        (crate::model::User { login_phone: Some(phone()), ..user(Role::Seller) }, "réservée aux clients"),
        (crate::model::User { login_phone: Some(phone()), active: false, ..user(Role::Customer) }, "désactivé"),
    ] {
        let mut users = MockUserRepository::new();
        users.expect_find_by_login_phone().returning(move |_| Ok(Some(account.clone())));
        let refused = service(users, store_accepting(), MockCodeSender::new());
        let error = refused.login_with_code(&phone(), "042917").await.expect_err("refused");
        assert!(error.to_string().contains(refusal), "{error}");
    }
}

#[tokio::test]
async fn an_order_without_login_belongs_to_the_phone_s_account_opened_with_the_order_s_names() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().with(eq(phone())).times(1).returning(|_| Ok(None));
    users
        .expect_insert()
        .withf(|new| {
            (new.first_name.as_str(), new.last_name.as_str()) == ("Awa", "Diop")
                && new.email.is_none()
                && new.password_hash.is_none()
                && new.role == Role::Customer
                && new.login_phone == Some(phone())
        })
        .times(1)
        .returning(|new| Ok(crate::model::User { email: None, login_phone: new.login_phone, ..user(Role::Customer) }));
    let service = service(users, MockLoginCodeRepository::new(), MockCodeSender::new());
    let customer = service.customer_of_phone(&phone(), (" Awa ", "Diop")).await.unwrap();
    assert_eq!(customer.login_phone, Some(phone()));
}

#[tokio::test]
async fn an_order_without_login_goes_to_the_phone_s_existing_account_unless_the_shop_deactivated_it() {
    let account = crate::model::User { login_phone: Some(phone()), ..user(Role::Customer) };
    let id = account.id;
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().returning(move |_| Ok(Some(account.clone())));
    users.expect_insert().never();
    let found = service(users, MockLoginCodeRepository::new(), MockCodeSender::new());
    assert_eq!(found.customer_of_phone(&phone(), ("Autre", "Nom")).await.unwrap().id, id);

    let turned_away = crate::model::User { login_phone: Some(phone()), active: false, ..user(Role::Customer) };
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().returning(move |_| Ok(Some(turned_away.clone())));
    let refused = service(users, MockLoginCodeRepository::new(), MockCodeSender::new())
        .customer_of_phone(&phone(), ("Awa", "Diop"))
        .await;
    assert!(matches!(refused, Err(IdentityError::AccountDisabled)), "{refused:?}");
}

// Without WhatsApp: codes by e-mail, to the account the phone names ----------------------------

#[tokio::test]
async fn by_e_mail_a_code_goes_to_the_one_customer_whose_profile_gives_the_phone() {
    let awa = user(Role::Customer);
    let email = awa.email.clone();
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().returning(|_| Ok(None));
    users.expect_customers_with_phone().with(eq(phone())).returning(move |_| Ok(vec![awa.clone()]));
    let mut sender = MockCodeSender::new();
    sender
        .expect_send_code()
        .withf(move |to, _| *to == CodeRecipient { phone: phone(), email: email.clone() })
        .times(1)
        .returning(|_, _| Ok(()));
    let service = service_by(CodeChannel::Email, users, store_keeping(Arc::default(), None), sender);
    service.new_login_code(&phone()).await.unwrap().deliver().await.unwrap();
}

#[tokio::test]
async fn by_e_mail_no_code_goes_out_for_a_phone_of_no_account_or_of_several() {
    for named in [vec![], vec![user(Role::Customer), user(Role::Customer)]] {
        let mut users = MockUserRepository::new();
        users.expect_find_by_login_phone().returning(|_| Ok(None));
        users.expect_customers_with_phone().returning(move |_| Ok(named.clone()));
        let mut sender = MockCodeSender::new();
        sender.expect_send_code().never();
        let service = service_by(CodeChannel::Email, users, store_keeping(Arc::default(), None), sender);
        service.new_login_code(&phone()).await.unwrap().deliver().await.unwrap();
    }
}

#[tokio::test]
async fn by_e_mail_a_right_code_opens_the_account_it_was_sent_to_and_opens_none_new() {
    let awa = user(Role::Customer);
    let id = awa.id;
    let mut users = MockUserRepository::new();
    users.expect_find_by_login_phone().returning(|_| Ok(None));
    users.expect_customers_with_phone().returning(move |_| Ok(vec![awa.clone()]));
    users.expect_insert().never();
    let service = service_by(CodeChannel::Email, users, store_accepting(), MockCodeSender::new());
    assert_eq!(service.login_with_code(&phone(), "042917").await.unwrap().user.id, id);

    let mut nobody = MockUserRepository::new();
    nobody.expect_find_by_login_phone().returning(|_| Ok(None));
    nobody.expect_customers_with_phone().returning(|_| Ok(vec![]));
    nobody.expect_insert().never();
    let service = service_by(CodeChannel::Email, nobody, store_accepting(), MockCodeSender::new());
    let refused = service.login_with_code(&phone(), "042917").await;
    assert!(matches!(refused, Err(IdentityError::DeadLoginCode)), "{:?}", refused.map(drop));
}
