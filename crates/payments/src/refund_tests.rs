use std::sync::{Arc, Mutex};

use bitik_common::Money;
use bitik_orders::{
    Actor, MockOrderRepository, NewRefund, Order, OrderStatus, PaymentMethod, PaymentStatus, Refund, RefundMethod,
    RefundState, ShippingInfo, ShippingMethod,
};
use chrono::{DateTime, Duration, Utc};
use mockall::predicate::eq;
use uuid::Uuid;

use crate::error::PaymentError;
use crate::model::{CheckoutStatus, Payment, WavePaymentStatus, WaveSession};
use crate::offer::{WaveOffer, wave_offer};
use crate::ports::{
    CashRefundOutcome, GatewayError, MockPaymentRepository, MockRefundRepository, MockWaveGateway, RefundOutcome,
    WaveRefundStart,
};
use crate::refund::{NOT_REFUNDED_AT_WAVE, RefundAsked, RefundService};

const ORDER: Uuid = Uuid::from_u128(42);
const REFUND: Uuid = Uuid::from_u128(99);
const ADMIN: Uuid = Uuid::from_u128(1);
const TOTAL: i64 = 25_000;
const SESSION: &str = "cos-paid";

fn t0() -> DateTime<Utc> {
    "2026-11-22T10:00:00Z".parse().unwrap()
}

fn admin() -> Actor {
    Actor::admin(ADMIN, "Mariama", "Sow")
}

fn order(method: PaymentMethod, status: OrderStatus, payment: PaymentStatus) -> Order {
    Order {
        id: ORDER,
        order_number: "ORD-1234561234".into(),
        user_id: Uuid::from_u128(7),
        status,
        lines: Vec::new(),
        subtotal: Money::francs(TOTAL),
        shipping_cost: Money::ZERO,
        discount: Money::ZERO,
        total: Money::francs(TOTAL),
        shipping: ShippingInfo::default(),
        shipping_method: ShippingMethod::Standard,
        payment_method: method,
        payment_status: payment,
        amount_paid: if matches!(payment, PaymentStatus::Paid | PaymentStatus::Refunded) {
            Money::francs(TOTAL)
        } else {
            Money::ZERO
        },
        paid_at: (payment == PaymentStatus::Paid).then(t0),
        tracking_note: String::new(),
        history: Vec::new(),
        created_at: t0(),
        confirmation: None,
        courier: None,
        returned_at: None,
        refunds: vec![],
        promo_code: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    }
}

fn paid_wave() -> Order {
    order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Paid)
}

fn paid_cash() -> Order {
    order(PaymentMethod::CashOnDelivery, OrderStatus::Delivered, PaymentStatus::Paid)
}

fn refund(amount: i64, method: RefundMethod, state: RefundState, created_at: DateTime<Utc>) -> Refund {
    Refund {
        id: REFUND,
        order_id: ORDER,
        amount: Money::francs(amount),
        method,
        state,
        reason: "Article défectueux".into(),
        requested_by: "Admin Mariama Sow".into(),
        by_user: Some(ADMIN),
        error_code: None,
        created_at,
        settled_at: None,
    }
}

fn paid_payment() -> Payment {
    Payment {
        order_id: ORDER,
        session: WaveSession {
            id: SESSION.into(),
            amount: Money::francs(TOTAL),
            currency: "XOF".into(),
            checkout_status: CheckoutStatus::Complete,
            payment_status: WavePaymentStatus::Succeeded,
            launch_url: String::new(),
            client_reference: Some(ORDER.to_string()),
            business_name: "Bitik".into(),
            created_at: t0(),
            expires_at: t0() + Duration::minutes(30),
            completed_at: Some(t0()),
            transaction_id: Some("T1".into()),
            last_error: None,
        },
        is_mock: false,
        cancelled_at: None,
        checked_at: Some(t0()),
        created_at: t0(),
    }
}

fn wave_reason(reason: &str) -> RefundAsked {
    RefundAsked { reason: Some(reason.into()), ..RefundAsked::default() }
}

fn cash(amount: Option<i64>, method: &str) -> RefundAsked {
    RefundAsked { amount, method: Some(method.into()), reason: Some("Retour d'un article".into()) }
}

struct Ports {
    orders: MockOrderRepository,
    payments: MockPaymentRepository,
    refunds: MockRefundRepository,
    gateway: MockWaveGateway,
    settled: Arc<Mutex<Vec<RefundOutcome>>>,
}

impl Ports {
    fn new(order: Order) -> Self {
        let mut orders = MockOrderRepository::new();
        orders.expect_find().with(eq(ORDER)).returning(move |_| Ok(Some(order.clone())));
        let mut payments = MockPaymentRepository::new();
        payments.expect_paid_session_of().returning(|_| Ok(Some(paid_payment())));
        let settled = Arc::new(Mutex::new(Vec::new()));
        let mut refunds = MockRefundRepository::new();
        let into = settled.clone();
        refunds.expect_settle().returning(move |id, outcome, _| {
            assert_eq!(id, REFUND);
            into.lock().unwrap().push(outcome);
            Ok(None)
        });
        Self { orders, payments, refunds, gateway: MockWaveGateway::new(), settled }
    }

    fn wave_refund_starts(mut self) -> Self {
        self.refunds.expect_start_wave().times(1).returning(|new: NewRefund| {
            assert_eq!((new.amount, new.method), (Money::francs(TOTAL), RefundMethod::Wave), "always the whole");
            assert_eq!(new.requested_by, "Admin Mariama Sow");
            Ok(WaveRefundStart::Started(refund(TOTAL, RefundMethod::Wave, RefundState::Requested, t0())))
        });
        self
    }

    fn wave_answers(mut self, answer: Result<(), GatewayError>) -> Self {
        self.gateway.expect_refund_session().with(eq(SESSION)).times(1).return_once(move |_| answer);
        self
    }

    fn service(self) -> (RefundService, Arc<Mutex<Vec<RefundOutcome>>>) {
        let now = t0() + Duration::hours(2);
        let service = RefundService::new(
            Arc::new(self.orders),
            Arc::new(self.payments),
            Arc::new(self.refunds),
            Arc::new(self.gateway),
        )
        .with_clock(Arc::new(move || now));
        (service, self.settled)
    }
}

#[tokio::test]
async fn a_wave_refund_asks_wave_once_for_the_whole_and_names_the_admin_and_the_reason() {
    let (service, settled) = Ports::new(paid_wave()).wave_refund_starts().wave_answers(Ok(())).service();
    let done = service.refund(&admin(), ORDER, wave_reason("  Article défectueux ")).await.unwrap();
    assert!(!done.to_check);
    let settled = settled.lock().unwrap();
    let [RefundOutcome::Succeeded { entry }] = settled.as_slice() else { panic!("{settled:?}") };
    assert_eq!(entry.note, "Remboursement Wave de 25 000 FCFA : Article défectueux");
    assert_eq!((entry.by.as_str(), entry.by_user), ("Admin Mariama Sow", Some(ADMIN)));
}

#[tokio::test]
async fn each_wave_refusal_is_told_in_french_and_the_refund_is_failed() {
    let cases = [
        ("checkout-refund-failed", "ce paiement ne peut pas être remboursé"),
        ("request-validation-error", "invalide"),
        ("unauthorized-wallet", "n'a pas le droit de rembourser"),
        ("something-new", "Wave a refusé le remboursement. Rien n'a été remboursé"),
    ];
    for (code, told) in cases {
        let rejected = GatewayError::Rejected { status: 400, code: code.into(), message: "no".into() };
        let (service, settled) = Ports::new(paid_wave()).wave_refund_starts().wave_answers(Err(rejected)).service();
        let error = service.refund(&admin(), ORDER, wave_reason("Annulée")).await.unwrap_err();
        assert!(matches!(&error, PaymentError::RefundRefused { code: c } if c == code), "{error:?}");
        assert!(error.to_string().contains(told), "{code}: {error}");
        assert!(error.to_string().contains("Rien n'a été remboursé"), "{error}");
        assert_eq!(*settled.lock().unwrap(), vec![RefundOutcome::Failed { code: code.into() }]);
    }
    let (service, settled) =
        Ports::new(paid_wave()).wave_refund_starts().wave_answers(Err(GatewayError::NotFound)).service();
    let error = service.refund(&admin(), ORDER, wave_reason("Annulée")).await.unwrap_err();
    assert!(error.to_string().contains("ne retrouve pas la session"), "{error}");
    assert_eq!(*settled.lock().unwrap(), vec![RefundOutcome::Failed { code: "checkout-session-not-found".into() }]);
}

#[tokio::test]
async fn a_lost_answer_leaves_the_refund_to_check() {
    let lost = Err(GatewayError::Unknown("timed out".into()));
    let (service, settled) = Ports::new(paid_wave()).wave_refund_starts().wave_answers(lost).service();
    let done = service.refund(&admin(), ORDER, wave_reason("Annulée")).await.unwrap();
    assert!(done.to_check);
    assert_eq!(*settled.lock().unwrap(), vec![RefundOutcome::Unknown]);
}

#[tokio::test]
async fn a_refund_in_flight_or_made_never_reaches_wave_again() {
    for (start, expected) in [
        (WaveRefundStart::InFlight(refund(TOTAL, RefundMethod::Wave, RefundState::Unknown, t0())), "RefundInProgress"),
        (WaveRefundStart::AlreadyRefunded, "AlreadyRefunded"),
        (WaveRefundStart::NotPaid, "NotRefundable"),
    ] {
        let mut ports = Ports::new(paid_wave());
        ports.refunds.expect_start_wave().return_once(move |_| Ok(start));
        ports.gateway.expect_refund_session().never();
        let (service, settled) = ports.service();
        let error = service.refund(&admin(), ORDER, wave_reason("Annulée")).await.unwrap_err();
        assert_eq!(format!("{error:?}"), expected);
        assert!(settled.lock().unwrap().is_empty());
    }
}

#[tokio::test]
async fn an_unpaid_or_refunded_order_or_a_blank_reason_changes_nothing() {
    let cases = [
        (order(PaymentMethod::Wave, OrderStatus::Pending, PaymentStatus::Pending), wave_reason("x"), "NotRefundable"),
        (
            order(PaymentMethod::Wave, OrderStatus::Cancelled, PaymentStatus::Refunded),
            wave_reason("x"),
            "AlreadyRefunded",
        ),
        (paid_wave(), wave_reason("   "), "Indiquez la raison du remboursement."),
        (paid_wave(), RefundAsked { amount: Some(1_000), ..wave_reason("x") }, "totalité payée (25 000 FCFA)"),
        (paid_wave(), wave_reason(&"x".repeat(501)), "500 caractères"),
    ];
    for (order, asked, expected) in cases {
        let mut ports = Ports::new(order);
        ports.refunds.expect_start_wave().never();
        ports.gateway.expect_refund_session().never();
        let (service, _) = ports.service();
        let error = service.refund(&admin(), ORDER, asked).await.unwrap_err();
        let said = format!("{error:?} {error}");
        assert!(said.contains(expected), "{said}");
    }
}

fn with_refund(mut order: Order, refund: Refund) -> Order {
    order.refunds.push(refund);
    order
}

#[tokio::test]
async fn the_check_asks_wave_and_settles_by_its_word() {
    let old = t0();
    for (shown, expected) in [(true, RefundState::Succeeded), (false, RefundState::Failed)] {
        let order = with_refund(paid_wave(), refund(TOTAL, RefundMethod::Wave, RefundState::Unknown, old));
        let mut ports = Ports::new(order);
        ports.gateway.expect_session_refunded().with(eq(SESSION)).times(1).return_once(move |_| Ok(shown));
        ports.gateway.expect_refund_session().never();
        let (service, settled) = ports.service();
        service.check(&Actor::admin(Uuid::from_u128(2), "Awa", "Diop"), ORDER).await.unwrap();
        let settled = settled.lock().unwrap();
        assert_eq!(settled[0].state(), expected);
        match &settled[0] {
            RefundOutcome::Succeeded { entry } => {
                assert_eq!(entry.by, "Admin Mariama Sow", "the admin who asked");
                assert!(entry.note.ends_with("(confirmé auprès de Wave par Admin Awa Diop)"), "{}", entry.note);
            }
            other => assert_eq!(other, &RefundOutcome::Failed { code: NOT_REFUNDED_AT_WAVE.into() }),
        }
    }
}

#[tokio::test]
async fn the_check_waits_for_a_request_just_sent_and_needs_a_refund_to_check() {
    let now = t0() + Duration::hours(2);
    let young = with_refund(paid_wave(), refund(TOTAL, RefundMethod::Wave, RefundState::Requested, now));
    let failed = with_refund(paid_wave(), refund(TOTAL, RefundMethod::Wave, RefundState::Failed, t0()));
    for (order, expected) in
        [(young, "RefundInProgress"), (failed, "NoRefundToCheck"), (paid_wave(), "NoRefundToCheck")]
    {
        let mut ports = Ports::new(order);
        ports.gateway.expect_session_refunded().never();
        let (service, settled) = ports.service();
        let error = service.check(&admin(), ORDER).await.unwrap_err();
        assert_eq!(format!("{error:?}"), expected);
        assert!(settled.lock().unwrap().is_empty());
    }
}

#[tokio::test]
async fn a_check_that_cannot_reach_wave_leaves_the_refund_to_check() {
    let order = with_refund(paid_wave(), refund(TOTAL, RefundMethod::Wave, RefundState::Unknown, t0()));
    let mut ports = Ports::new(order);
    ports.gateway.expect_session_refunded().return_once(|_| Err(GatewayError::Unknown("timed out".into())));
    let (service, settled) = ports.service();
    let error = service.check(&admin(), ORDER).await.unwrap_err();
    assert!(matches!(error, PaymentError::GatewayUnavailable(_)));
    assert!(settled.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_cash_order_gets_a_recorded_refund_of_part_of_what_is_left() {
    let order = with_refund(paid_cash(), refund(10_000, RefundMethod::Cash, RefundState::Succeeded, t0()));
    let mut ports = Ports::new(order);
    ports.gateway.expect_refund_session().never();
    let recorded = paid_cash();
    ports.refunds.expect_record_cash().times(1).return_once(move |new, entry| {
        assert_eq!((new.amount, new.method), (Money::francs(5_000), RefundMethod::WaveTransfer));
        assert_eq!(entry.note, "Remboursement (transfert wave) de 5 000 FCFA : Retour d'un article");
        assert_eq!(entry.by, "Admin Mariama Sow");
        Ok(CashRefundOutcome::Recorded(Box::new(recorded)))
    });
    let (service, _) = ports.service();
    let done = service.refund(&admin(), ORDER, cash(Some(5_000), "wave_transfer")).await.unwrap();
    assert!(!done.to_check);
}

#[tokio::test]
async fn a_cash_refund_beyond_what_is_left_or_without_its_fields_changes_nothing() {
    let given = refund(10_000, RefundMethod::Cash, RefundState::Succeeded, t0());
    let cases = [
        (cash(Some(15_001), "cash"), "amount", "15 000 FCFA au plus"),
        (cash(None, "cash"), "amount", "Indiquez le montant"),
        (cash(Some(0), "cash"), "amount", "au moins 1 FCFA"),
        (cash(Some(1_000), "wave"), "method", "Mode de remboursement inconnu"),
        (cash(Some(1_000), ""), "method", "espèces ou transfert Wave"),
    ];
    for (asked, field, expected) in cases {
        let mut ports = Ports::new(with_refund(paid_cash(), given.clone()));
        ports.refunds.expect_record_cash().never();
        let (service, _) = ports.service();
        match service.refund(&admin(), ORDER, asked).await {
            Err(PaymentError::Validation { fields, .. }) => {
                assert!(fields.get(field).is_some_and(|m| m.contains(expected)), "{fields:?}")
            }
            other => panic!("{other:?}"),
        }
    }
}

#[tokio::test]
async fn the_rest_taken_meanwhile_is_told_from_what_the_lock_found() {
    let mut ports = Ports::new(paid_cash());
    ports
        .refunds
        .expect_record_cash()
        .return_once(|_, _| Ok(CashRefundOutcome::TooMuch { left: Money::francs(2_000) }));
    let (service, _) = ports.service();
    match service.refund(&admin(), ORDER, cash(Some(5_000), "cash")).await {
        Err(PaymentError::Validation { fields, .. }) => assert!(fields["amount"].contains("2 000 FCFA au plus")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wave_pays_an_unpaid_wave_order_or_a_cash_order_not_yet_shipped() {
    let now = t0() + Duration::minutes(5);
    let offer =
        |method, status, payment| wave_offer(&order(method, status, payment), now).map_err(|e| format!("{e:?}"));
    use OrderStatus::*;
    use PaymentMethod::*;
    assert_eq!(offer(Wave, Pending, PaymentStatus::Pending), Ok(WaveOffer::Pay));
    assert_eq!(offer(CashOnDelivery, Pending, PaymentStatus::Pending), Ok(WaveOffer::SwitchFromCash));
    assert_eq!(offer(CashOnDelivery, Processing, PaymentStatus::Pending), Ok(WaveOffer::SwitchFromCash));
    assert_eq!(offer(CashOnDelivery, Shipped, PaymentStatus::Pending), Err("NotPayable".into()));
    assert_eq!(offer(CashOnDelivery, Processing, PaymentStatus::Paid), Err("AlreadyPaid".into()));
    assert_eq!(offer(Wave, Processing, PaymentStatus::Refunded), Err("NotPayable".into()));
    assert_eq!(offer(Wave, Cancelled, PaymentStatus::Pending), Err("NotPayable".into()));
    let late = t0() + Duration::minutes(31);
    let old = wave_offer(&order(Wave, Pending, PaymentStatus::Pending), late);
    assert!(matches!(old, Err(PaymentError::SessionExpired)));
}

#[tokio::test]
async fn a_paid_wave_order_without_a_known_session_is_refunded_at_wave_business_not_here() {
    let mut ports = Ports::new(paid_wave());
    ports.payments = MockPaymentRepository::new();
    ports.payments.expect_paid_session_of().returning(|_| Ok(None));
    ports.refunds.expect_start_wave().never();
    ports.gateway.expect_refund_session().never();
    let (service, _) = ports.service();
    let error = service.refund(&admin(), ORDER, wave_reason("Annulée")).await.unwrap_err();
    assert!(matches!(error, PaymentError::NoPaidSession));
    assert!(error.to_string().contains("portail Wave Business"));
}
