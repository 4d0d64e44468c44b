use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use bitik_common::Money;
use bitik_orders::{OrderStatus, PaymentMethod};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use uuid::Uuid;

use super::report::WaveFindings;
use super::*;
use crate::model::{CheckoutStatus, WavePaymentStatus, WaveSession};
use crate::ports::{GatewayError, MockWaveGateway};

fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, hour, minute, 0).unwrap()
}

fn date(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
}

fn period(from: u32, to: u32) -> Period {
    Period::new(date(from), date(to)).unwrap()
}

fn paid(number: &str, method: PaymentMethod, total: i64, paid_at: DateTime<Utc>) -> PaidOrder {
    PaidOrder {
        id: Uuid::new_v4(),
        number: number.into(),
        method,
        total: Money::francs(total),
        paid_at,
        session_id: (method == PaymentMethod::Wave).then(|| format!("cos-{number}")),
    }
}

fn refund(order: &PaidOrder, amount: i64, means: RefundMeans, settled_at: DateTime<Utc>) -> SettledRefund {
    SettledRefund {
        order_id: order.id,
        order_number: order.number.clone(),
        amount: Money::francs(amount),
        means,
        settled_at,
    }
}

fn session(id: &str, reference: Uuid, amount: i64, status: WavePaymentStatus) -> WaveSession {
    WaveSession {
        id: id.into(),
        amount: Money::francs(amount),
        currency: "XOF".into(),
        checkout_status: if status == WavePaymentStatus::Succeeded {
            CheckoutStatus::Complete
        } else {
            CheckoutStatus::Open
        },
        payment_status: status,
        launch_url: String::new(),
        client_reference: Some(reference.to_string()),
        business_name: "Bitik".into(),
        created_at: at(20, 10, 0),
        expires_at: at(20, 10, 30),
        completed_at: (status == WavePaymentStatus::Succeeded).then(|| at(20, 10, 5)),
        transaction_id: None,
        last_error: None,
    }
}

fn sessions_only() -> WaveComparison {
    WaveComparison { source: WaveSource::Sessions, checked: 0, unchecked: 0, notes: vec![], simulated: false }
}

fn confirmed(orders: &[&PaidOrder]) -> WaveFindings {
    let checks = orders.iter().map(|o| (o.id, WaveCheck::Confirmed { amount: o.total })).collect();
    WaveFindings { checks, unmarked: vec![], transactions: BTreeMap::new(), comparison: sessions_only() }
}

fn day(report: &PaymentReport, d: u32) -> &DayFigures {
    report.days.iter().find(|x| x.date == date(d)).unwrap()
}

fn f(n: i64) -> Money {
    Money::francs(n)
}

#[test]
fn a_refund_counts_on_the_day_it_was_made_not_the_day_of_its_payment() {
    let order = paid("BTK-1", PaymentMethod::Wave, 20_000, at(20, 9, 0));
    let facts = ReportFacts {
        paid: vec![order.clone()],
        refunds: vec![refund(&order, 20_000, RefundMeans::Wave, at(22, 15, 0))],
        ..Default::default()
    };
    let report = build(period(20, 22), at(22, 18, 0), &facts, confirmed(&[&order])).unwrap();
    assert_eq!(report.days.len(), 3);
    let first = day(&report, 20).wave;
    assert_eq!(
        (first.orders_paid, first.expected, first.received, first.refunds, first.net),
        (1, f(20_000), f(20_000), f(0), f(20_000))
    );
    assert_eq!(day(&report, 21).wave, MethodFigures::default());
    let third = day(&report, 22).wave;
    assert_eq!((third.orders_paid, third.refunds, third.net), (0, f(20_000), f(-20_000)));
    assert_eq!(
        (report.total_wave.received, report.total_wave.refunds, report.total_wave.net),
        (f(20_000), f(20_000), f(0))
    );
}

#[test]
fn an_order_paid_at_23_59_in_dakar_is_that_days_and_at_00_01_the_next_days() {
    let late = paid("BTK-1", PaymentMethod::CashOnDelivery, 5_000, at(20, 23, 59));
    let early = paid("BTK-2", PaymentMethod::CashOnDelivery, 7_000, at(21, 0, 1));
    let facts = ReportFacts { paid: vec![late, early], ..Default::default() };
    let report = build(period(20, 21), at(21, 12, 0), &facts, confirmed(&[])).unwrap();
    assert_eq!((day(&report, 20).cash.orders_paid, day(&report, 20).cash.expected), (1, f(5_000)));
    assert_eq!((day(&report, 21).cash.orders_paid, day(&report, 21).cash.expected), (1, f(7_000)));
    // One minute before the period, or after it, is not in it.
    let outside = ReportFacts {
        paid: vec![paid("BTK-3", PaymentMethod::CashOnDelivery, 1_000, at(19, 23, 59))],
        ..Default::default()
    };
    let report = build(period(20, 20), at(21, 12, 0), &outside, confirmed(&[])).unwrap();
    assert_eq!(report.total_cash, MethodFigures::default());
}

#[test]
fn a_partial_cash_refund_leaves_the_rest_in_the_cash_column_and_a_wave_transfer_leaves_the_wallet() {
    let order = paid("BTK-1", PaymentMethod::CashOnDelivery, 30_000, at(20, 11, 0));
    let facts = ReportFacts {
        paid: vec![order.clone()],
        refunds: vec![
            refund(&order, 12_500, RefundMeans::Cash, at(20, 17, 0)),
            refund(&order, 2_000, RefundMeans::WaveTransfer, at(20, 18, 0)),
        ],
        ..Default::default()
    };
    let report = build(period(20, 20), at(20, 19, 0), &facts, confirmed(&[])).unwrap();
    let cash = day(&report, 20).cash;
    assert_eq!((cash.expected, cash.received, cash.refunds, cash.net), (f(30_000), f(30_000), f(12_500), f(17_500)));
    let wave = day(&report, 20).wave;
    assert_eq!((wave.orders_paid, wave.refunds, wave.net), (0, f(2_000), f(-2_000)));
}

#[test]
fn an_empty_period_has_every_day_at_zero_and_nothing_to_look_at() {
    let report = build(period(1, 7), at(7, 12, 0), &ReportFacts::default(), confirmed(&[])).unwrap();
    assert_eq!(report.days.len(), 7);
    assert!(report.days.iter().all(|d| d.wave == MethodFigures::default() && d.cash == MethodFigures::default()));
    assert_eq!(report.total_wave, MethodFigures::default());
    assert!(report.wave_not_confirmed.is_empty() && report.wave_not_marked.is_empty());
    assert!(report.cash_not_recorded.is_empty());
    assert_eq!(report.total_wave_reported, None);
}

#[test]
fn a_period_is_refused_in_french_when_reversed_too_long_or_malformed() {
    assert_eq!(
        Period::parse(Some("2026-11-22"), Some("2026-11-20")).unwrap_err().to_string(),
        "La date de début (22/11/2026) est après la date de fin (20/11/2026)."
    );
    assert_eq!(
        Period::parse(Some("2026-01-01"), Some("2026-04-03")).unwrap_err().to_string(),
        "La période ne peut pas dépasser 92 jours : choisissez des dates plus proches."
    );
    // 92 days exactly is allowed.
    assert_eq!(Period::parse(Some("2026-01-01"), Some("2026-04-02")).unwrap().days().count(), 92);
    assert_eq!(
        Period::parse(Some("26/11/2026"), Some("2026-11-26")).unwrap_err().to_string(),
        "Date invalide (from) : utilisez le format AAAA-MM-JJ."
    );
    assert!(matches!(Period::parse(Some("2026-11-26"), None), Err(ReportError::InvalidDate { field: "to" })));
    assert_eq!(Period::parse(Some(" 2026-11-26 "), Some("2026-11-26")).unwrap().days().count(), 1);
}

#[test]
fn wave_confirms_a_paid_order_only_for_a_succeeded_session_of_its_amount() {
    let order = paid("BTK-1", PaymentMethod::Wave, 15_000, at(20, 10, 5));
    let ok = session("cos-a", order.id, 15_000, WavePaymentStatus::Succeeded);
    assert_eq!(check_paid_order(&order, &[ok]), WaveCheck::Confirmed { amount: f(15_000) });
    let short = session("cos-b", order.id, 14_000, WavePaymentStatus::Succeeded);
    assert_eq!(
        check_paid_order(&order, &[short]),
        WaveCheck::Mismatch {
            reason: "Wave montre un paiement de 14 000 FCFA au lieu de 15 000 FCFA.".into(),
            received: Some(f(14_000))
        }
    );
    let open = session("cos-c", order.id, 15_000, WavePaymentStatus::Processing);
    assert_eq!(
        check_paid_order(&order, &[open]),
        WaveCheck::Mismatch { reason: "Aucune session Wave de cette commande n'a réussi.".into(), received: None }
    );
    // Another order's session says nothing of this one.
    let other = session("cos-d", Uuid::new_v4(), 15_000, WavePaymentStatus::Succeeded);
    assert_eq!(
        check_paid_order(&order, &[other]),
        WaveCheck::Mismatch { reason: "Wave ne connaît aucune session pour cette commande.".into(), received: None }
    );
}

#[test]
fn mismatches_are_listed_unchecked_orders_counted_and_unmarked_payments_received_on_their_day() {
    let good = paid("BTK-1", PaymentMethod::Wave, 10_000, at(20, 9, 0));
    let bad = paid("BTK-2", PaymentMethod::Wave, 8_000, at(20, 10, 0));
    let unknown = paid("BTK-3", PaymentMethod::Wave, 6_000, at(20, 11, 0));
    let open = OpenWaveOrder {
        id: Uuid::new_v4(),
        number: "BTK-4".into(),
        total: f(4_000),
        status: OrderStatus::Cancelled,
        created_at: at(20, 8, 0),
    };
    let unmarked = unmarked_payment(&open, &[session("cos-4", open.id, 4_000, WavePaymentStatus::Succeeded)]).unwrap();
    assert_eq!(unmarked_payment(&open, &[session("cos-5", open.id, 4_000, WavePaymentStatus::Cancelled)]), None);
    let mut checks = HashMap::new();
    checks.insert(good.id, WaveCheck::Confirmed { amount: f(10_000) });
    checks.insert(
        bad.id,
        WaveCheck::Mismatch { reason: "Aucune session Wave de cette commande n'a réussi.".into(), received: None },
    );
    checks.insert(unknown.id, WaveCheck::Unchecked { reason: "Wave n'a pas répondu".into() });
    let facts = ReportFacts { paid: vec![good, bad.clone(), unknown], open_wave: vec![open], ..Default::default() };
    let findings =
        WaveFindings { checks, unmarked: vec![unmarked], transactions: BTreeMap::new(), comparison: sessions_only() };
    let report = build(period(20, 20), at(20, 20, 0), &facts, findings).unwrap();
    let wave = day(&report, 20).wave;
    assert_eq!((wave.orders_paid, wave.expected, wave.received, wave.unverified), (3, f(24_000), f(14_000), 1));
    assert_eq!(report.wave_not_confirmed.len(), 1);
    assert_eq!(report.wave_not_confirmed[0].order_number, "BTK-2");
    assert_eq!(report.wave_not_marked[0].order_number, "BTK-4");
    assert_eq!(report.wave_not_marked[0].order_status, OrderStatus::Cancelled);
}

#[test]
fn cash_owed_is_listed_oldest_first_with_its_age_in_dakar_days() {
    let owed = |number: &str, delivered_at, courier: Option<&str>| CashOwed {
        id: Uuid::new_v4(),
        number: number.into(),
        total: f(9_000),
        delivered_at,
        courier_name: courier.map(str::to_owned),
        courier_phone: None,
    };
    let facts = ReportFacts {
        cash_owed: vec![owed("BTK-2", at(25, 23, 59), None), owed("BTK-1", at(22, 8, 0), Some("Moussa"))],
        ..Default::default()
    };
    let report = build(period(26, 26), at(26, 0, 1), &facts, confirmed(&[])).unwrap();
    let listed: Vec<_> = report.cash_not_recorded.iter().map(|c| (c.owed.number.as_str(), c.age_days)).collect();
    assert_eq!(listed, vec![("BTK-1", 4), ("BTK-2", 1)]);
    assert_eq!(report.cash_not_recorded[0].owed.courier_name.as_deref(), Some("Moussa"));
}

#[test]
fn wave_s_transactions_give_each_day_its_payments_fees_and_net() {
    let tx = |amount: i64, fee: i64, kind: &str, is_reversal: bool| WaveTransaction {
        id: format!("T{amount}"),
        at: at(20, 10, 0),
        amount: f(amount),
        fee: f(fee),
        kind: kind.into(),
        is_reversal,
    };
    let mut findings = confirmed(&[]);
    findings.transactions.insert(
        date(20),
        vec![
            tx(10_000, 100, "merchant_payment", false),
            tx(5_000, 50, "merchant_payment", false),
            tx(-5_000, 0, "merchant_payment_refund", false),
            tx(5_000, 50, "merchant_payment", true),
        ],
    );
    let report = build(period(20, 21), at(21, 10, 0), &ReportFacts::default(), findings).unwrap();
    assert_eq!(
        day(&report, 20).wave_reported,
        Some(WaveReported { payments: f(15_000), fees: f(150), net: f(14_850) })
    );
    assert_eq!(day(&report, 21).wave_reported, None);
    assert_eq!(report.total_wave_reported, Some(WaveReported { payments: f(15_000), fees: f(150), net: f(14_850) }));
}

// The service: what it asks of Wave, and what it says when Wave does not answer.

fn records(facts: ReportFacts) -> MockReconciliationRepository {
    let mut records = MockReconciliationRepository::new();
    records.expect_facts().returning(move |_| Ok(facts.clone()));
    records
}

fn no_transactions() -> MockWaveTransactions {
    let mut transactions = MockWaveTransactions::new();
    transactions.expect_transactions_of().times(1).returning(|_| Err(TransactionsError::NoAccess));
    transactions
}

fn service(facts: ReportFacts, gateway: MockWaveGateway, transactions: MockWaveTransactions) -> ReconciliationService {
    ReconciliationService::new(Arc::new(records(facts)), Arc::new(gateway), Arc::new(transactions))
        .with_clock(Arc::new(|| at(21, 12, 0)))
        .with_limits(WaveLimits { per_call: Duration::from_millis(200), max_orders: 2, at_once: 2 })
}

#[tokio::test]
async fn the_service_asks_wave_about_the_periods_orders_and_says_what_it_could_not_check() {
    let good = paid("BTK-1", PaymentMethod::Wave, 10_000, at(20, 9, 0));
    let slow = paid("BTK-2", PaymentMethod::Wave, 8_000, at(20, 10, 0));
    let third = paid("BTK-3", PaymentMethod::Wave, 6_000, at(20, 11, 0));
    let (good_id, slow_id) = (good.id, slow.id);
    let mut gateway = MockWaveGateway::new();
    gateway.expect_is_simulated().return_const(false);
    gateway.expect_get_session().returning(move |id| {
        if id == "cos-BTK-1" {
            Ok(session("cos-BTK-1", good_id, 10_000, WavePaymentStatus::Succeeded))
        } else {
            Err(GatewayError::Unknown("HTTP 502".into()))
        }
    });
    gateway.expect_search_sessions().never();
    let facts = ReportFacts { paid: vec![good, slow, third], ..Default::default() };
    let report =
        service(facts, gateway, no_transactions()).report(Some("2026-11-20"), Some("2026-11-21")).await.unwrap();
    assert_eq!(report.wave.source, WaveSource::Sessions);
    assert_eq!((report.wave.checked, report.wave.unchecked), (1, 2));
    assert_eq!(
        report.wave.notes,
        vec![
            "Plus de 2 commandes Wave sur la période : 1 commande(s) non vérifiée(s) auprès de Wave. Choisissez une période plus courte.".to_owned(),
            "Wave n'a pas répondu pour 1 commande(s), qui ne sont pas vérifiées (Wave n'a pas répondu). Réessayez plus tard.".to_owned(),
            service::SESSIONS_ONLY.to_owned(),
        ]
    );
    let wave = day(&report, 20).wave;
    assert_eq!((wave.orders_paid, wave.received, wave.unverified), (3, f(10_000), 2));
    assert!(report.wave_not_confirmed.iter().all(|m| m.order_id != slow_id));
}

/// A Wave that answers nothing in time.
struct SlowWave;

#[async_trait::async_trait]
impl crate::ports::WaveGateway for SlowWave {
    async fn create_session(&self, _: &crate::model::SessionRequest) -> Result<WaveSession, GatewayError> {
        unreachable!("a report opens no session")
    }
    async fn get_session(&self, _: &str) -> Result<WaveSession, GatewayError> {
        tokio::time::sleep(Duration::from_secs(60)).await;
        Err(GatewayError::NotFound)
    }
    async fn search_sessions(&self, _: &str) -> Result<Vec<WaveSession>, GatewayError> {
        tokio::time::sleep(Duration::from_secs(60)).await;
        Ok(vec![])
    }
    async fn expire_session(&self, _: &str) -> Result<(), GatewayError> {
        unreachable!("a report expires no session")
    }
    async fn refund_session(&self, _: &str) -> Result<(), GatewayError> {
        unreachable!("a report refunds nothing")
    }
    async fn session_refunded(&self, _: &str) -> Result<bool, GatewayError> {
        unreachable!("a report reads no refund")
    }
    fn is_simulated(&self) -> bool {
        false
    }
}

#[tokio::test]
async fn a_wave_call_past_its_time_limit_leaves_the_order_unchecked_and_the_report_made() {
    let order = paid("BTK-1", PaymentMethod::Wave, 10_000, at(20, 9, 0));
    let facts = ReportFacts { paid: vec![order], ..Default::default() };
    let started = std::time::Instant::now();
    let report = ReconciliationService::new(Arc::new(records(facts)), Arc::new(SlowWave), Arc::new(no_transactions()))
        .with_clock(Arc::new(|| at(21, 12, 0)))
        .with_limits(WaveLimits { per_call: Duration::from_millis(100), max_orders: 10, at_once: 2 })
        .report(Some("2026-11-20"), Some("2026-11-20"))
        .await
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!((report.wave.checked, report.wave.unchecked), (0, 1));
    assert!(report.wave.notes[0].contains("Wave n'a pas répondu à temps"), "{:?}", report.wave.notes);
    assert!(report.wave_not_confirmed.is_empty());
    assert_eq!(day(&report, 20).wave.unverified, 1);
}

#[tokio::test]
async fn a_session_wave_does_not_know_is_looked_for_by_the_orders_reference() {
    let order = paid("BTK-1", PaymentMethod::Wave, 10_000, at(20, 9, 0));
    let id = order.id;
    let mut gateway = MockWaveGateway::new();
    gateway.expect_is_simulated().return_const(false);
    gateway.expect_get_session().times(1).returning(|_| Err(GatewayError::NotFound));
    gateway
        .expect_search_sessions()
        .times(1)
        .returning(move |_| Ok(vec![session("cos-other", id, 10_000, WavePaymentStatus::Succeeded)]));
    let facts = ReportFacts { paid: vec![order], ..Default::default() };
    let report =
        service(facts, gateway, no_transactions()).report(Some("2026-11-20"), Some("2026-11-20")).await.unwrap();
    assert!(report.wave_not_confirmed.is_empty());
    assert_eq!(day(&report, 20).wave.received, f(10_000));
}

#[tokio::test]
async fn an_unknown_period_reaches_neither_the_storage_nor_wave() {
    let service = ReconciliationService::new(
        Arc::new(MockReconciliationRepository::new()),
        Arc::new(MockWaveGateway::new()),
        Arc::new(MockWaveTransactions::new()),
    );
    let refused = service.report(Some("2026-11-20"), Some("2026-11-19")).await.unwrap_err();
    assert!(matches!(refused, ReportError::FromAfterTo { .. }));
}

#[tokio::test]
async fn a_succeeded_session_for_an_unpaid_order_is_found_by_its_client_reference() {
    let open = OpenWaveOrder {
        id: Uuid::new_v4(),
        number: "BTK-9".into(),
        total: f(4_000),
        status: OrderStatus::Pending,
        created_at: at(20, 8, 0),
    };
    let id = open.id;
    let mut gateway = MockWaveGateway::new();
    gateway.expect_is_simulated().return_const(false);
    gateway
        .expect_search_sessions()
        .withf(move |reference| reference == id.to_string())
        .times(1)
        .returning(move |_| Ok(vec![session("cos-9", id, 4_000, WavePaymentStatus::Succeeded)]));
    let mut transactions = MockWaveTransactions::new();
    transactions.expect_transactions_of().times(2).returning(|day| {
        Ok(vec![WaveTransaction {
            id: format!("T-{day}"),
            at: Utc.from_utc_datetime(&day.and_hms_opt(10, 0, 0).unwrap()),
            amount: Money::francs(4_000),
            fee: Money::francs(40),
            kind: "merchant_payment".into(),
            is_reversal: false,
        }])
    });
    let facts = ReportFacts { open_wave: vec![open], ..Default::default() };
    let report = service(facts, gateway, transactions).report(Some("2026-11-20"), Some("2026-11-25")).await.unwrap();
    assert_eq!(report.wave_not_marked.len(), 1);
    assert_eq!(report.wave_not_marked[0].session_id, "cos-9");
    assert_eq!(day(&report, 20).wave.received, f(4_000));
    // Days after today are not asked of Wave.
    assert_eq!(report.wave.source, WaveSource::Transactions);
    assert_eq!(report.total_wave_reported.map(|r| r.fees), Some(f(80)));
    assert!(report.wave.notes.is_empty());
}
