use std::sync::{Arc, Mutex};

use bitik_common::Money;
use bitik_orders::{
    MockOrderRepository, Order, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo, ShippingMethod, StatusChange,
    StockEffect, Transition,
};
use chrono::{DateTime, Duration, Utc};
use mockall::predicate::eq;
use uuid::Uuid;

use crate::error::PaymentError;
use crate::model::{
    CheckoutStatus, EventKind, Payment, PaymentState, SessionRequest, WaveError, WavePaymentStatus, WaveSession,
    WebhookEvent, WebhookOutcome,
};
use crate::ports::{GatewayError, MockPaymentRepository, MockWaveGateway, MockWebhookVerifier, WebhookRejection};
use crate::service::PaymentService;

const CUSTOMER: Uuid = Uuid::from_u128(7);
const OTHER_CUSTOMER: Uuid = Uuid::from_u128(8);
const ORDER: Uuid = Uuid::from_u128(42);
const TOTAL: i64 = 25_000;

fn t0() -> DateTime<Utc> {
    "2026-11-22T10:00:00Z".parse().unwrap()
}

fn order(method: PaymentMethod, status: OrderStatus, payment: PaymentStatus) -> Order {
    Order {
        id: ORDER,
        order_number: "ORD-1234561234".into(),
        user_id: CUSTOMER,
        status,
        lines: Vec::new(),
        subtotal: Money::francs(TOTAL - 1_000),
        shipping_cost: Money::francs(1_000),
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
        // The sweep of Wave orders never looks at a cash order's confirmation.
        confirmation: None,
        courier: None,
        returned_at: None,
        refunds: vec![],
        promo_code: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    }
}

fn pending_wave_order() -> Order {
    order(PaymentMethod::Wave, OrderStatus::Pending, PaymentStatus::Pending)
}

fn session(id: &str, checkout: CheckoutStatus, payment: WavePaymentStatus) -> WaveSession {
    WaveSession {
        id: id.into(),
        amount: Money::francs(TOTAL),
        currency: "XOF".into(),
        checkout_status: checkout,
        payment_status: payment,
        launch_url: format!("https://pay.wave.com/c/{id}"),
        client_reference: Some(ORDER.to_string()),
        business_name: "Bitik Dakar".into(),
        created_at: t0(),
        expires_at: t0() + Duration::minutes(30),
        completed_at: None,
        transaction_id: (payment == WavePaymentStatus::Succeeded).then(|| "TCN4Y4ZC3FM".to_owned()),
        last_error: None,
    }
}

fn open_session(id: &str) -> WaveSession {
    session(id, CheckoutStatus::Open, WavePaymentStatus::Processing)
}

fn paid_session(id: &str) -> WaveSession {
    session(id, CheckoutStatus::Complete, WavePaymentStatus::Succeeded)
}

fn stored(session: WaveSession, checked_at: DateTime<Utc>) -> Payment {
    Payment {
        order_id: ORDER,
        session,
        is_mock: false,
        cancelled_at: None,
        checked_at: Some(checked_at),
        created_at: t0(),
    }
}

fn completed_event(event_id: &str, session_id: &str) -> WebhookEvent {
    WebhookEvent {
        id: event_id.into(),
        kind: EventKind::Completed,
        session_id: session_id.into(),
        session: Some(paid_session(session_id)),
    }
}

/// The ports, with the answers every test shares: Wave is the real one, saving echoes back.
struct Ports {
    orders: MockOrderRepository,
    payments: MockPaymentRepository,
    gateway: MockWaveGateway,
    webhooks: MockWebhookVerifier,
}

impl Ports {
    fn new() -> Self {
        let mut gateway = MockWaveGateway::new();
        gateway.expect_is_simulated().return_const(false);
        Self {
            orders: MockOrderRepository::new(),
            payments: MockPaymentRepository::new(),
            gateway,
            webhooks: MockWebhookVerifier::new(),
        }
    }

    fn order_is(mut self, order: Order) -> Self {
        self.orders.expect_find().with(eq(order.id)).returning(move |_| Ok(Some(order.clone())));
        self
    }

    /// Every save is answered as stored, and collected.
    fn saves_into(mut self, saved: Arc<Mutex<Vec<WaveSession>>>) -> Self {
        self.payments.expect_save().returning(move |order_id, session, is_mock, at| {
            saved.lock().unwrap().push(session.clone());
            Ok(Payment {
                order_id,
                session: session.clone(),
                is_mock,
                cancelled_at: None,
                checked_at: Some(at),
                created_at: at,
            })
        });
        self
    }

    fn saves(self) -> Self {
        self.saves_into(Arc::new(Mutex::new(Vec::new())))
    }

    fn no_session_yet(mut self) -> Self {
        self.payments.expect_latest_of_order().returning(|_| Ok(None));
        self
    }

    fn knows(mut self, payment: Payment) -> Self {
        let id = payment.session.id.clone();
        self.payments.expect_find_by_session().with(eq(id)).returning(move |_| Ok(Some(payment.clone())));
        self
    }

    fn service(self, now: DateTime<Utc>) -> PaymentService {
        PaymentService::new(
            Arc::new(self.orders),
            Arc::new(self.payments),
            Arc::new(self.gateway),
            Arc::new(self.webhooks),
            "https://bitik.sn/",
        )
        .with_clock(Arc::new(move || now))
    }
}

/// Expects the one payment record of a pending order: to processing, by Wave.
fn expect_paid_once(orders: &mut MockOrderRepository, recorded: Arc<Mutex<Vec<StatusChange>>>) {
    orders
        .expect_record_payment()
        .times(1)
        .withf(|id, expected, _| *id == ORDER && *expected == OrderStatus::Pending)
        .returning(move |_, _, entry| {
            recorded.lock().unwrap().push(entry.clone());
            let mut paid = order(PaymentMethod::Wave, entry.status, PaymentStatus::Paid);
            paid.history.push(entry);
            Ok(Transition::Applied(Box::new(paid)))
        });
}

// Opening a session ---------------------------------------------------------------------------

#[tokio::test]
async fn init_opens_a_session_for_the_server_total_after_finding_none() {
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet().saves();
    ports.gateway.expect_search_sessions().with(eq(ORDER.to_string())).times(1).returning(|_| Ok(Vec::new()));
    ports
        .gateway
        .expect_create_session()
        .withf(|request: &SessionRequest| {
            *request
                == SessionRequest {
                    amount: Money::francs(TOTAL),
                    currency: "XOF".into(),
                    success_url: format!("https://bitik.sn/payment-success?orderId={ORDER}"),
                    error_url: format!("https://bitik.sn/payment-error?orderId={ORDER}&errorCode=payment_failed"),
                    client_reference: ORDER.to_string(),
                }
        })
        .times(1)
        .returning(|_| Ok(open_session("cos-new")));
    let opened = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap();
    assert_eq!(opened.session.id, "cos-new");
    assert_eq!(opened.order_id, ORDER);
    assert!(!opened.is_mock);
}

#[tokio::test]
async fn init_reuses_the_open_session_wave_already_has() {
    let saved = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet().saves_into(saved.clone());
    let mut expired = session("cos-old", CheckoutStatus::Expired, WavePaymentStatus::Cancelled);
    expired.expires_at = t0();
    ports.gateway.expect_search_sessions().returning(move |_| Ok(vec![expired.clone(), open_session("cos-open")]));
    ports.gateway.expect_create_session().never();
    let opened = ports.service(t0() + Duration::minutes(5)).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap();
    assert_eq!(opened.session.id, "cos-open");
    let ids: Vec<String> = saved.lock().unwrap().iter().map(|s| s.id.clone()).collect();
    assert_eq!(ids, ["cos-old", "cos-open"], "what Wave said is kept");
}

#[tokio::test]
async fn init_within_three_seconds_answers_the_session_without_asking_wave() {
    let mut ports = Ports::new().order_is(pending_wave_order());
    let latest = stored(open_session("cos-1"), t0());
    ports.payments.expect_latest_of_order().returning(move |_| Ok(Some(latest.clone())));
    ports.gateway.expect_search_sessions().never();
    ports.gateway.expect_create_session().never();
    let service = ports.service(t0() + Duration::seconds(2));
    assert_eq!(service.init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap().session.id, "cos-1");
}

#[tokio::test]
async fn init_after_three_seconds_asks_wave_again() {
    let mut ports = Ports::new().order_is(pending_wave_order()).saves();
    let latest = stored(open_session("cos-1"), t0());
    ports.payments.expect_latest_of_order().returning(move |_| Ok(Some(latest.clone())));
    ports.gateway.expect_search_sessions().times(1).returning(|_| Ok(vec![open_session("cos-1")]));
    let service = ports.service(t0() + Duration::seconds(3));
    assert_eq!(service.init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap().session.id, "cos-1");
}

#[tokio::test]
async fn init_refuses_orders_that_are_not_the_customers_pending_unpaid_wave_ones() {
    let cases = [
        (
            order(PaymentMethod::CashOnDelivery, OrderStatus::Shipped, PaymentStatus::Pending),
            "Cette commande ne peut plus être payée.",
        ),
        (
            order(PaymentMethod::Card, OrderStatus::Pending, PaymentStatus::Pending),
            "Cette commande ne se paie pas par Wave.",
        ),
        (order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Paid), "Cette commande est déjà payée."),
        (
            order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Refunded),
            "Cette commande ne peut plus être payée.",
        ),
        (
            order(PaymentMethod::Wave, OrderStatus::Cancelled, PaymentStatus::Pending),
            "Cette commande ne peut plus être payée.",
        ),
    ];
    for (order, message) in cases {
        let mut ports = Ports::new().order_is(order);
        ports.gateway.expect_search_sessions().never();
        ports.gateway.expect_create_session().never();
        let error = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
        assert_eq!(error.to_string(), message);
    }
    let ports = Ports::new().order_is(pending_wave_order());
    let error = ports.service(t0()).init(OTHER_CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert!(matches!(error, PaymentError::OrderNotFound), "another customer's order is missing to them");
}

#[tokio::test]
async fn init_needs_a_readable_order_id() {
    let service = Ports::new().service(t0());
    assert_eq!(service.init(CUSTOMER, None).await.unwrap_err().to_string(), "ID de commande requis");
    assert_eq!(service.init(CUSTOMER, Some("  ")).await.unwrap_err().to_string(), "ID de commande requis");
    assert_eq!(service.init(CUSTOMER, Some("ORD-12")).await.unwrap_err().to_string(), "ID de commande invalide");
}

#[tokio::test]
async fn an_unknown_answer_from_wave_fails_the_init_without_creating_blindly() {
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet();
    ports.gateway.expect_search_sessions().returning(|_| Err(GatewayError::Unknown("timeout".into())));
    ports.gateway.expect_create_session().never();
    let error = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert_eq!(error.to_string(), "Erreur lors de l'initialisation du paiement. Veuillez réessayer.");

    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet();
    ports.gateway.expect_search_sessions().returning(|_| Ok(Vec::new()));
    ports.gateway.expect_create_session().times(1).returning(|_| Err(GatewayError::Unknown("HTTP 502".into())));
    let error = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert!(matches!(error, PaymentError::InitFailed(GatewayError::Unknown(_))));
}

#[tokio::test]
async fn wave_limiting_us_asks_the_shopper_to_wait() {
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet();
    ports
        .gateway
        .expect_search_sessions()
        .returning(|_| Err(GatewayError::RateLimited { retry_after: Some(std::time::Duration::from_secs(7)) }));
    let error = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert!(matches!(error, PaymentError::RateLimited { retry_after } if retry_after.as_secs() == 7));
}

#[tokio::test]
async fn init_finding_a_paid_session_marks_the_order_paid_instead() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet().saves();
    ports.gateway.expect_search_sessions().returning(|_| Ok(vec![paid_session("cos-paid")]));
    ports.gateway.expect_create_session().never();
    expect_paid_once(&mut ports.orders, recorded.clone());
    let error = ports.service(t0()).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert!(matches!(error, PaymentError::AlreadyPaid));
    assert_eq!(recorded.lock().unwrap()[0].status, OrderStatus::Processing);
}

#[tokio::test]
async fn an_order_older_than_a_session_gets_no_new_one() {
    let mut ports = Ports::new().order_is(pending_wave_order()).no_session_yet().saves();
    ports.gateway.expect_search_sessions().returning(|_| Ok(Vec::new()));
    ports.gateway.expect_create_session().never();
    let error = ports.service(t0() + Duration::minutes(30)).init(CUSTOMER, Some(&ORDER.to_string())).await.unwrap_err();
    assert_eq!(error.to_string(), "Votre session de paiement a expiré. Veuillez réessayer.");
}

// Status -----------------------------------------------------------------------------------------

#[tokio::test]
async fn status_reuses_what_wave_said_for_sixty_seconds() {
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    ports.gateway.expect_get_session().never();
    let view = ports.service(t0() + Duration::seconds(59)).status(CUSTOMER, "cos-1", false).await.unwrap();
    assert_eq!(view.state, PaymentState::Pending);
}

#[tokio::test]
async fn status_asks_wave_once_the_cache_is_old_or_when_fresh_after_three_seconds() {
    for (elapsed, fresh) in [(60, false), (3, true)] {
        let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0())).saves();
        ports.gateway.expect_get_session().with(eq("cos-1")).times(1).returning(|id| Ok(open_session(id)));
        let view = ports.service(t0() + Duration::seconds(elapsed)).status(CUSTOMER, "cos-1", fresh).await.unwrap();
        assert_eq!(view.state, PaymentState::Pending);
    }
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    ports.gateway.expect_get_session().never();
    let service = ports.service(t0() + Duration::seconds(2));
    assert_eq!(service.status(CUSTOMER, "cos-1", true).await.unwrap().state, PaymentState::Pending);
}

#[tokio::test]
async fn status_finding_the_session_paid_marks_the_order_paid() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().knows(stored(open_session("cos-1"), t0())).saves();
    let mut finds = 0;
    ports.orders.expect_find().returning(move |_| {
        finds += 1;
        let paid = if finds == 1 { PaymentStatus::Pending } else { PaymentStatus::Paid };
        let status = if finds == 1 { OrderStatus::Pending } else { OrderStatus::Processing };
        Ok(Some(order(PaymentMethod::Wave, status, paid)))
    });
    ports.gateway.expect_get_session().times(1).returning(|id| Ok(paid_session(id)));
    expect_paid_once(&mut ports.orders, recorded.clone());
    let view = ports.service(t0() + Duration::minutes(2)).status(CUSTOMER, "cos-1", true).await.unwrap();
    assert_eq!(view.state, PaymentState::Paid);
    assert_eq!(view.order_status, OrderStatus::Processing);
    let entry = recorded.lock().unwrap()[0].clone();
    assert_eq!(entry.by, "Wave");
    assert_eq!(entry.note, "Paiement Wave reçu (transaction TCN4Y4ZC3FM)");
}

#[tokio::test]
async fn status_of_another_customers_session_is_not_found() {
    let ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    let error = ports.service(t0()).status(OTHER_CUSTOMER, "cos-1", true).await.unwrap_err();
    assert_eq!(error.to_string(), "Session de paiement non trouvée");
    let mut ports = Ports::new();
    ports.payments.expect_find_by_session().returning(|_| Ok(None));
    assert!(matches!(
        ports.service(t0()).status(CUSTOMER, "cos-nope", true).await.unwrap_err(),
        PaymentError::SessionNotFound
    ));
}

#[tokio::test]
async fn status_tells_expired_not_found_and_unreachable_apart() {
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    ports.gateway.expect_get_session().returning(|_| Err(GatewayError::NotFound));
    let view = ports.service(t0() + Duration::minutes(2)).status(CUSTOMER, "cos-1", false).await.unwrap();
    assert_eq!(view.state, PaymentState::NotFound);

    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    ports.gateway.expect_get_session().returning(|_| Err(GatewayError::Unknown("timeout".into())));
    let error = ports.service(t0() + Duration::minutes(2)).status(CUSTOMER, "cos-1", false).await.unwrap_err();
    assert_eq!(error.to_string(), "Erreur réseau, impossible de vérifier le statut du paiement");

    let mut expired = open_session("cos-1");
    expired.checkout_status = CheckoutStatus::Expired;
    let ports = Ports::new().order_is(pending_wave_order()).knows(stored(expired, t0()));
    let view = ports.service(t0() + Duration::minutes(31)).status(CUSTOMER, "cos-1", true).await.unwrap();
    assert_eq!(view.state, PaymentState::Expired, "a settled session needs no question");
}

// Cancel ------------------------------------------------------------------------------------------

#[tokio::test]
async fn cancel_expires_the_open_session_and_leaves_the_order_pending() {
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0()));
    ports.gateway.expect_expire_session().with(eq("cos-1")).times(1).returning(|_| Ok(()));
    ports.payments.expect_mark_cancelled().times(1).returning(|id, at| {
        let mut payment = stored(session(id, CheckoutStatus::Expired, WavePaymentStatus::Cancelled), at);
        payment.cancelled_at = Some(at);
        Ok(Some(payment))
    });
    ports.orders.expect_transition().never();
    let view = ports.service(t0() + Duration::minutes(1)).cancel(CUSTOMER, "cos-1").await.unwrap();
    assert_eq!(view.state, PaymentState::Cancelled);
    assert_eq!(view.order_status, OrderStatus::Pending);
}

#[tokio::test]
async fn cancelling_a_session_paid_meanwhile_answers_paid() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().knows(stored(open_session("cos-1"), t0() + Duration::minutes(1))).saves();
    let mut finds = 0;
    ports.orders.expect_find().returning(move |_| {
        finds += 1;
        Ok(Some(if finds == 1 {
            pending_wave_order()
        } else {
            order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Paid)
        }))
    });
    ports.gateway.expect_expire_session().returning(|_| {
        Err(GatewayError::Rejected { status: 409, code: "checkout-session-not-open".into(), message: "x".into() })
    });
    ports.gateway.expect_get_session().times(1).returning(|id| Ok(paid_session(id)));
    expect_paid_once(&mut ports.orders, recorded);
    let view = ports.service(t0() + Duration::minutes(1)).cancel(CUSTOMER, "cos-1").await.unwrap();
    assert_eq!(view.state, PaymentState::Paid);
}

// Webhooks ----------------------------------------------------------------------------------------

#[tokio::test]
async fn a_badly_signed_webhook_changes_nothing() {
    let mut ports = Ports::new();
    ports
        .webhooks
        .expect_open()
        .returning(|_, _, _| Err(WebhookRejection::BadSignature("no signature matches".into())));
    ports.payments.expect_event_seen().never();
    ports.gateway.expect_get_session().never();
    ports.orders.expect_record_payment().never();
    let error = ports.service(t0()).receive_webhook(Some("t=1,v1=00"), b"{}").await.unwrap_err();
    assert_eq!(error.to_string(), "Signature Wave invalide.");
}

#[tokio::test]
async fn a_completed_session_is_read_again_from_wave_then_the_order_is_paid_once() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0())).saves();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().with(eq("EV_1")).returning(|_| Ok(false));
    ports.gateway.expect_get_session().with(eq("cos-1")).times(1).returning(|id| Ok(paid_session(id)));
    expect_paid_once(&mut ports.orders, recorded.clone());
    ports
        .payments
        .expect_remember_event()
        .withf(|id, kind, session| id == "EV_1" && kind == "checkout.session.completed" && session == "cos-1")
        .times(1)
        .returning(|_, _, _| Ok(()));
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::Paid { order_id: ORDER });
    assert_eq!(recorded.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_cash_order_paid_with_wave_becomes_a_wave_order_and_the_history_says_so() {
    let cash = order(PaymentMethod::CashOnDelivery, OrderStatus::Pending, PaymentStatus::Pending);
    let mut ports = Ports::new().order_is(cash).knows(stored(open_session("cos-1"), t0())).saves();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
    ports.gateway.expect_get_session().returning(|id| Ok(paid_session(id)));
    ports.orders.expect_record_payment().never();
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let into = recorded.clone();
    ports.orders.expect_record_wave_payment_of_cash_order().times(1).returning(move |_, expected, entry| {
        assert_eq!(expected, OrderStatus::Pending);
        into.lock().unwrap().push(entry.clone());
        Ok(Transition::Applied(Box::new(order(PaymentMethod::Wave, entry.status, PaymentStatus::Paid))))
    });
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::Paid { order_id: ORDER });
    let entry = recorded.lock().unwrap()[0].clone();
    assert_eq!(entry.status, OrderStatus::Processing);
    assert_eq!(
        entry.note,
        "Paiement Wave reçu (transaction TCN4Y4ZC3FM) : mode de paiement changé du paiement à la livraison à Wave"
    );
}

#[tokio::test]
async fn a_refunded_order_is_never_paid_again_by_a_late_word_of_wave() {
    let refunded = order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Refunded);
    let mut ports = Ports::new().order_is(refunded).knows(stored(open_session("cos-1"), t0())).saves();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
    ports.gateway.expect_get_session().returning(|id| Ok(paid_session(id)));
    ports.orders.expect_record_payment().never();
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::AlreadyPaid { order_id: ORDER });
}

#[tokio::test]
async fn an_event_seen_before_is_already_done() {
    let mut ports = Ports::new();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(true));
    ports.gateway.expect_get_session().never();
    ports.payments.expect_remember_event().never();
    assert_eq!(ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap(), WebhookOutcome::AlreadyDone);
}

#[tokio::test]
async fn a_second_delivery_racing_the_first_finds_the_order_paid() {
    let mut ports = Ports::new().knows(stored(open_session("cos-1"), t0())).saves();
    let mut finds = 0;
    ports.orders.expect_find().returning(move |_| {
        finds += 1;
        Ok(Some(if finds == 1 {
            pending_wave_order()
        } else {
            order(PaymentMethod::Wave, OrderStatus::Processing, PaymentStatus::Paid)
        }))
    });
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.gateway.expect_get_session().returning(|id| Ok(paid_session(id)));
    // The other delivery won: the row is no longer pending and unpaid.
    ports.orders.expect_record_payment().times(1).returning(|_, _, _| Ok(Transition::Stale));
    ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::AlreadyPaid { order_id: ORDER });
}

#[tokio::test]
async fn a_session_that_does_not_pay_the_order_marks_nothing() {
    type Spoil = fn(&mut WaveSession);
    let wrong: [(&str, Spoil); 3] = [
        ("amount", |s| s.amount = Money::francs(100)),
        ("currency", |s| s.currency = "EUR".into()),
        ("reference", |s| s.client_reference = Some(Uuid::from_u128(99).to_string())),
    ];
    for (what, spoil) in wrong {
        let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0())).saves();
        ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
        ports.payments.expect_event_seen().returning(|_| Ok(false));
        ports.gateway.expect_get_session().returning(move |id| {
            let mut session = paid_session(id);
            spoil(&mut session);
            Ok(session)
        });
        ports.orders.expect_record_payment().never();
        ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
        let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
        assert!(matches!(outcome, WebhookOutcome::Mismatch { .. }), "{what}: {outcome:?}");
    }
}

#[tokio::test]
async fn the_event_alone_is_not_enough_when_wave_says_otherwise() {
    let mut ports = Ports::new().order_is(pending_wave_order()).knows(stored(open_session("cos-1"), t0())).saves();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.gateway.expect_get_session().returning(|id| Ok(open_session(id)));
    ports.orders.expect_record_payment().never();
    ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
    assert_eq!(ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap(), WebhookOutcome::NotPaid);
}

#[tokio::test]
async fn when_wave_cannot_be_asked_the_event_is_left_for_a_new_delivery() {
    let mut ports = Ports::new();
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-1")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.gateway.expect_get_session().returning(|_| Err(GatewayError::Unknown("HTTP 503".into())));
    ports.payments.expect_remember_event().never();
    let error = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap_err();
    assert!(matches!(error, PaymentError::GatewayUnavailable(_)));
}

#[tokio::test]
async fn a_session_we_never_stored_is_found_by_its_reference() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().order_is(pending_wave_order()).saves();
    ports.payments.expect_find_by_session().returning(|_| Ok(None));
    ports.webhooks.expect_open().returning(|_, _, _| Ok(completed_event("EV_1", "cos-lost")));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.gateway.expect_get_session().returning(|id| Ok(paid_session(id)));
    expect_paid_once(&mut ports.orders, recorded);
    ports.payments.expect_remember_event().returning(|_, _, _| Ok(()));
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::Paid { order_id: ORDER });
}

#[tokio::test]
async fn a_failed_payment_is_recorded_and_the_order_stays_unpaid() {
    let saved = Arc::new(Mutex::new(Vec::new()));
    let mut ports = Ports::new().knows(stored(open_session("cos-1"), t0())).saves_into(saved.clone());
    let mut failed = open_session("cos-1");
    failed.last_error = Some(WaveError { code: "insufficient-funds".into(), message: "Solde insuffisant".into() });
    let event = WebhookEvent {
        id: "EV_2".into(),
        kind: EventKind::PaymentFailed,
        session_id: "cos-1".into(),
        session: Some(failed.clone()),
    };
    ports.webhooks.expect_open().returning(move |_, _, _| Ok(event.clone()));
    ports.payments.expect_event_seen().returning(|_| Ok(false));
    ports.gateway.expect_get_session().never();
    ports.orders.expect_record_payment().never();
    ports.payments.expect_remember_event().times(1).returning(|_, _, _| Ok(()));
    let outcome = ports.service(t0()).receive_webhook(Some("sig"), b"body").await.unwrap();
    assert_eq!(outcome, WebhookOutcome::FailureRecorded);
    assert_eq!(saved.lock().unwrap().as_slice(), [failed]);
}

// The expiry sweep ---------------------------------------------------------------------------------

fn sweep_ports(sessions: Vec<WaveSession>) -> Ports {
    let mut ports = Ports::new().order_is(pending_wave_order()).saves();
    ports.payments.expect_unpaid_wave_orders().returning(|_, _| Ok(vec![ORDER]));
    ports.gateway.expect_search_sessions().with(eq(ORDER.to_string())).returning(move |_| Ok(sessions.clone()));
    ports
}

fn expect_cancelled_once(orders: &mut MockOrderRepository) {
    orders
        .expect_transition()
        .withf(|id, expected, change, effect| {
            *id == ORDER
                && *expected == OrderStatus::Pending
                && change.status == OrderStatus::Cancelled
                && change.by == "Système"
                && *effect == StockEffect::Return
        })
        .times(1)
        .returning(|_, _, change, _| {
            let mut cancelled = order(PaymentMethod::Wave, OrderStatus::Cancelled, PaymentStatus::Pending);
            cancelled.history.push(change);
            Ok(Transition::Applied(Box::new(cancelled)))
        });
}

#[tokio::test]
async fn the_sweep_cancels_an_order_whose_sessions_all_expired_and_returns_its_stock() {
    let mut expired = session("cos-1", CheckoutStatus::Expired, WavePaymentStatus::Cancelled);
    expired.expires_at = t0() + Duration::minutes(30);
    let mut ports = sweep_ports(vec![expired]);
    expect_cancelled_once(&mut ports.orders);
    let now = t0() + Duration::minutes(31);
    let report = ports.service(now).sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.paid, report.skipped), (1, 0, 0));
}

#[tokio::test]
async fn the_sweep_looks_only_at_orders_older_than_a_session() {
    let mut ports = Ports::new();
    ports
        .payments
        .expect_unpaid_wave_orders()
        .withf(|before, limit| *before == t0() + Duration::minutes(1) && *limit > 0)
        .times(1)
        .returning(|_, _| Ok(Vec::new()));
    let report = ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap();
    assert_eq!(report.cancelled, 0);
}

#[tokio::test]
async fn the_sweep_cancels_an_order_wave_never_opened_a_session_for() {
    let mut ports = sweep_ports(Vec::new());
    expect_cancelled_once(&mut ports.orders);
    assert_eq!(ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap().cancelled, 1);
}

#[tokio::test]
async fn the_sweep_marks_paid_a_session_paid_at_the_last_moment() {
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let mut ports = sweep_ports(vec![paid_session("cos-1")]);
    expect_paid_once(&mut ports.orders, recorded);
    ports.orders.expect_transition().never();
    let report = ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.paid), (0, 1));
}

#[tokio::test]
async fn the_sweep_leaves_an_order_whose_answer_is_unknown_or_whose_session_is_still_payable() {
    let mut ports = Ports::new().order_is(pending_wave_order());
    ports.payments.expect_unpaid_wave_orders().returning(|_, _| Ok(vec![ORDER]));
    ports.gateway.expect_search_sessions().returning(|_| Err(GatewayError::Unknown("timeout".into())));
    ports.orders.expect_transition().never();
    let report = ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.skipped), (0, 1));

    let mut late = open_session("cos-2");
    late.expires_at = t0() + Duration::minutes(50);
    let mut ports = sweep_ports(vec![late]);
    ports.orders.expect_transition().never();
    let report = ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.skipped), (0, 1));
}

#[tokio::test]
async fn the_sweep_closes_a_lapsed_session_still_open_at_wave_before_cancelling() {
    let mut ports = sweep_ports(vec![open_session("cos-1")]);
    ports.gateway.expect_expire_session().with(eq("cos-1")).times(1).returning(|_| Ok(()));
    expect_cancelled_once(&mut ports.orders);
    assert_eq!(ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap().cancelled, 1);
}

#[tokio::test]
async fn an_order_changed_meanwhile_is_not_cancelled_twice() {
    let mut ports = sweep_ports(Vec::new());
    ports.orders.expect_transition().times(1).returning(|_, _, _, _| Ok(Transition::Stale));
    let report = ports.service(t0() + Duration::minutes(31)).sweep_expired().await.unwrap();
    assert_eq!((report.cancelled, report.skipped), (0, 1));
}
