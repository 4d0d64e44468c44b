//! Test mode's Wave sessions in PostgreSQL: found by id and by order, each change conditional so
//! that of two instances acting at once only one succeeds.

use bitik_common::Money;
use bitik_payments::test_mode::{SimulatedSession, SimulatedSessions};
use bitik_payments::{CheckoutStatus, WaveError, WavePaymentStatus, WaveSession};
use bitik_postgres::PgSimulatedSessions;
use bitik_postgres::testing::TestDatabase;
use chrono::Duration;

use crate::payments::now;

fn open(id: &str, reference: &str, minutes_ago: i64) -> SimulatedSession {
    let created = now() - Duration::minutes(minutes_ago);
    SimulatedSession {
        session: WaveSession {
            id: id.to_owned(),
            amount: Money::francs(12_500),
            currency: "XOF".into(),
            checkout_status: CheckoutStatus::Open,
            payment_status: WavePaymentStatus::Processing,
            launch_url: format!("https://bitik.sn/api/payments/wave/simulator/{id}"),
            client_reference: Some(reference.to_owned()),
            business_name: "Bitik Dakar".into(),
            created_at: created,
            expires_at: created + Duration::minutes(30),
            completed_at: None,
            transaction_id: None,
            last_error: None,
        },
        success_url: "https://bitik.sn/payment-success?orderId=o1".into(),
        error_url: "https://bitik.sn/payment-error?orderId=o1".into(),
        refunded_at: None,
    }
}

fn paid(mut session: WaveSession) -> WaveSession {
    session.checkout_status = CheckoutStatus::Complete;
    session.payment_status = WavePaymentStatus::Succeeded;
    session.completed_at = Some(now());
    session.transaction_id = Some("TSIM1".into());
    session
}

#[tokio::test]
async fn sessions_are_kept_whole_and_found_by_id_and_by_order_oldest_first() {
    let test = TestDatabase::new().await;
    let sessions = PgSimulatedSessions::new(test.database.clone());
    let mut first = open("cos-first", "o1", 10);
    first.session.last_error = Some(WaveError { code: "simulated-failure".into(), message: "Refusé".into() });
    sessions.insert(&open("cos-second", "o1", 5)).await.unwrap();
    sessions.insert(&first).await.unwrap();
    sessions.insert(&open("cos-other", "o2", 1)).await.unwrap();

    assert_eq!(sessions.find("cos-first").await.unwrap(), Some(first.clone()));
    assert_eq!(sessions.find("cos-none").await.unwrap(), None);
    let ids: Vec<String> = sessions.of_reference("o1").await.unwrap().into_iter().map(|s| s.session.id).collect();
    assert_eq!(ids, ["cos-first", "cos-second"]);
    assert!(sessions.of_reference("o3").await.unwrap().is_empty());
}

#[tokio::test]
async fn only_an_open_session_within_its_time_changes_and_only_once() {
    let test = TestDatabase::new().await;
    let sessions = PgSimulatedSessions::new(test.database.clone());
    let fresh = open("cos-fresh", "o1", 1);
    sessions.insert(&fresh).await.unwrap();
    let completed = paid(fresh.session.clone());
    assert!(sessions.change_open(&completed, now()).await.unwrap());
    assert_eq!(sessions.find("cos-fresh").await.unwrap().unwrap().session, completed);
    let mut expired = fresh.session.clone();
    expired.checkout_status = CheckoutStatus::Expired;
    assert!(!sessions.change_open(&expired, now()).await.unwrap(), "paid already: it stays paid");
    assert_eq!(sessions.find("cos-fresh").await.unwrap().unwrap().session, completed);

    let old = open("cos-old", "o1", 31);
    sessions.insert(&old).await.unwrap();
    assert!(!sessions.change_open(&paid(old.session.clone()), now()).await.unwrap(), "past its 30 minutes");
}

#[tokio::test]
async fn of_ten_payers_at_once_one_pays_and_a_payment_is_refunded_once() {
    let test = TestDatabase::new().await;
    let sessions = PgSimulatedSessions::new(test.database.clone());
    let session = open("cos-race", "o1", 1);
    sessions.insert(&session).await.unwrap();
    assert!(!sessions.mark_refunded("cos-race", now()).await.unwrap(), "nothing paid, nothing refunded");
    let completed = paid(session.session.clone());
    let tries = (0..10).map(|_| sessions.change_open(&completed, now()));
    let won = futures_util::future::join_all(tries).await.into_iter().filter(|r| *r.as_ref().unwrap()).count();
    assert_eq!(won, 1);
    assert!(sessions.mark_refunded("cos-race", now()).await.unwrap());
    assert!(!sessions.mark_refunded("cos-race", now()).await.unwrap(), "refunded once");
    assert!(sessions.find("cos-race").await.unwrap().unwrap().refunded_at.is_some());
}
