//! Test mode's stand-in for Wave (no `WAVE_API_KEY`): the same gateway port, its sessions kept in
//! the server's memory, and a checkout page of the server where a tester pays or fails. What the
//! tester chooses comes back as the signed webhook delivery Wave would send, so it goes through
//! the very same verification and handling as a real one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bitik_payments::{
    CheckoutStatus, GatewayError, SESSION_LIFETIME, SessionRequest, WaveError, WaveGateway, WavePaymentStatus,
    WaveSession,
};
use chrono::{DateTime, Utc};
use rand::Rng;
use rand::distr::Alphanumeric;

use crate::signature::sign;
use crate::wire::{EventJson, SessionJson};

/// Where the simulator's checkout pages are served, under the shop's public address.
pub const SIMULATOR_PATH: &str = "/api/payments/wave/simulator";

pub type SimClock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

pub struct Simulator {
    sessions: Mutex<HashMap<String, Simulated>>,
    secret: String,
    business_name: String,
    public_url: String,
    clock: SimClock,
}

/// A simulated session with the addresses Wave would send the shopper back to.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulated {
    pub session: WaveSession,
    pub success_url: String,
    pub error_url: String,
    /// When the tester's shop refunded the session's payment.
    pub refunded_at: Option<DateTime<Utc>>,
}

/// What a tester's choice produces: the webhook delivery to hand to the shop, and where the
/// shopper's browser goes next.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub signature: String,
    pub body: Vec<u8>,
    pub redirect_to: String,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimulatorError {
    #[error("no such simulated session")]
    NotFound,
    #[error("the session is no longer open")]
    NotOpen(Box<Simulated>),
}

impl Simulator {
    /// `secret` signs the simulated webhook deliveries: the one the webhook route verifies with.
    pub fn new(secret: &str, business_name: &str, public_url: &str) -> Self {
        Self {
            sessions: Mutex::new(HashMap::new()),
            secret: secret.to_owned(),
            business_name: business_name.to_owned(),
            public_url: public_url.trim_end_matches('/').to_owned(),
            clock: Arc::new(Utc::now),
        }
    }

    pub fn with_clock(mut self, clock: SimClock) -> Self {
        self.clock = clock;
        self
    }

    /// The session as it stands now (an open one past its time has expired).
    pub fn session(&self, id: &str) -> Option<Simulated> {
        let now = (self.clock)();
        let mut sessions = self.sessions.lock().expect("simulator lock");
        sessions.get_mut(id).map(|simulated| {
            lapse(&mut simulated.session, now);
            simulated.clone()
        })
    }

    /// The tester pays: the session completes, and Wave's `checkout.session.completed` follows.
    pub fn pay(&self, id: &str) -> Result<Delivery, SimulatorError> {
        let now = (self.clock)();
        let simulated = self.change_open(id, |session| {
            session.checkout_status = CheckoutStatus::Complete;
            session.payment_status = WavePaymentStatus::Succeeded;
            session.completed_at = Some(now);
            session.transaction_id = Some(format!("T{}", token(11).to_uppercase()));
        })?;
        Ok(self.delivery("checkout.session.completed", &simulated, simulated.success_url.clone()))
    }

    /// The tester makes the payment fail: the session stays open (the shopper may try again, as
    /// with Wave), and `checkout.session.payment_failed` follows.
    pub fn fail(&self, id: &str) -> Result<Delivery, SimulatorError> {
        let simulated = self.change_open(id, |session| {
            session.last_error = Some(WaveError {
                code: "simulated-failure".to_owned(),
                message: "Paiement refusé par le simulateur".to_owned(),
            });
        })?;
        Ok(self.delivery("checkout.session.payment_failed", &simulated, simulated.error_url.clone()))
    }

    fn change_open(&self, id: &str, change: impl FnOnce(&mut WaveSession)) -> Result<Simulated, SimulatorError> {
        let now = (self.clock)();
        let mut sessions = self.sessions.lock().expect("simulator lock");
        let simulated = sessions.get_mut(id).ok_or(SimulatorError::NotFound)?;
        lapse(&mut simulated.session, now);
        if simulated.session.checkout_status != CheckoutStatus::Open {
            return Err(SimulatorError::NotOpen(Box::new(simulated.clone())));
        }
        change(&mut simulated.session);
        Ok(simulated.clone())
    }

    /// The body and signature Wave would send for this event.
    fn delivery(&self, kind: &str, simulated: &Simulated, redirect_to: String) -> Delivery {
        let data = SessionJson::from_session(&simulated.session, &simulated.success_url, &simulated.error_url);
        let event = EventJson {
            id: format!("AE_sim_{}", token(16)),
            kind: kind.to_owned(),
            data: serde_json::to_value(data).expect("a session serialises"),
        };
        let body = serde_json::to_vec(&event).expect("an event serialises");
        let signature = sign(&body, &self.secret, (self.clock)().timestamp());
        Delivery { signature, body, redirect_to }
    }
}

#[async_trait]
impl WaveGateway for Simulator {
    async fn create_session(&self, request: &SessionRequest) -> Result<WaveSession, GatewayError> {
        let now = (self.clock)();
        let id = format!("cos-{}", token(16).to_lowercase());
        let session = WaveSession {
            id: id.clone(),
            amount: request.amount,
            currency: request.currency.clone(),
            checkout_status: CheckoutStatus::Open,
            payment_status: WavePaymentStatus::Processing,
            launch_url: format!("{}{SIMULATOR_PATH}/{id}", self.public_url),
            client_reference: Some(request.client_reference.clone()),
            business_name: self.business_name.clone(),
            created_at: now,
            expires_at: now + chrono::Duration::from_std(SESSION_LIFETIME).unwrap_or_default(),
            completed_at: None,
            transaction_id: None,
            last_error: None,
        };
        let simulated = Simulated {
            session: session.clone(),
            success_url: request.success_url.clone(),
            error_url: request.error_url.clone(),
            refunded_at: None,
        };
        self.sessions.lock().expect("simulator lock").insert(id, simulated);
        Ok(session)
    }

    async fn get_session(&self, id: &str) -> Result<WaveSession, GatewayError> {
        self.session(id).map(|s| s.session).ok_or(GatewayError::NotFound)
    }

    async fn search_sessions(&self, client_reference: &str) -> Result<Vec<WaveSession>, GatewayError> {
        let now = (self.clock)();
        let mut sessions = self.sessions.lock().expect("simulator lock");
        let mut found: Vec<WaveSession> = sessions
            .values_mut()
            .filter(|s| s.session.client_reference.as_deref() == Some(client_reference))
            .map(|s| {
                lapse(&mut s.session, now);
                s.session.clone()
            })
            .collect();
        found.sort_by_key(|s| s.created_at);
        Ok(found)
    }

    async fn expire_session(&self, id: &str) -> Result<(), GatewayError> {
        match self.change_open(id, |session| {
            session.checkout_status = CheckoutStatus::Expired;
            session.payment_status = WavePaymentStatus::Cancelled;
        }) {
            Ok(_) => Ok(()),
            Err(SimulatorError::NotFound) => Err(GatewayError::NotFound),
            Err(SimulatorError::NotOpen(_)) => Err(GatewayError::Rejected {
                status: 409,
                code: "checkout-session-not-open".to_owned(),
                message: "Only an open checkout session can be expired.".to_owned(),
            }),
        }
    }

    /// As Wave: only a succeeded payment, not refunded yet, is refunded, in full.
    async fn refund_session(&self, id: &str) -> Result<(), GatewayError> {
        let now = (self.clock)();
        let mut sessions = self.sessions.lock().expect("simulator lock");
        let simulated = sessions.get_mut(id).ok_or(GatewayError::NotFound)?;
        if !simulated.session.succeeded() || simulated.refunded_at.is_some() {
            return Err(GatewayError::Rejected {
                status: 409,
                code: "checkout-refund-failed".to_owned(),
                message: "Only a succeeded payment that was not refunded can be refunded.".to_owned(),
            });
        }
        simulated.refunded_at = Some(now);
        Ok(())
    }

    async fn session_refunded(&self, id: &str) -> Result<bool, GatewayError> {
        self.session(id).map(|s| s.refunded_at.is_some()).ok_or(GatewayError::NotFound)
    }

    fn is_simulated(&self) -> bool {
        true
    }
}

/// An open session past its time expires, as at Wave.
fn lapse(session: &mut WaveSession, now: DateTime<Utc>) {
    if session.checkout_status == CheckoutStatus::Open && session.expires_at <= now {
        session.checkout_status = CheckoutStatus::Expired;
        session.payment_status = WavePaymentStatus::Cancelled;
    }
}

fn token(length: usize) -> String {
    rand::rng().sample_iter(&Alphanumeric).take(length).map(char::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::WaveWebhooks;
    use bitik_common::Money;
    use bitik_payments::{EventKind, WebhookVerifier};

    const SECRET: &str = "wave_sn_WHS_simulated";

    fn request() -> SessionRequest {
        SessionRequest {
            amount: Money::francs(12_500),
            currency: "XOF".into(),
            success_url: "https://bitik.sn/payment-success?orderId=o1".into(),
            error_url: "https://bitik.sn/payment-error?orderId=o1&errorCode=payment_failed".into(),
            client_reference: "o1".into(),
        }
    }

    fn simulator_at(now: DateTime<Utc>) -> Simulator {
        Simulator::new(SECRET, "Bitik Dakar", "https://bitik.sn/").with_clock(Arc::new(move || now))
    }

    #[tokio::test]
    async fn opens_sessions_with_a_checkout_page_of_the_shop() {
        let simulator = simulator_at(Utc::now());
        let session = simulator.create_session(&request()).await.unwrap();
        assert!(session.id.starts_with("cos-"));
        assert_eq!(session.launch_url, format!("https://bitik.sn/api/payments/wave/simulator/{}", session.id));
        assert_eq!((session.checkout_status, session.amount), (CheckoutStatus::Open, Money::francs(12_500)));
        assert_eq!(simulator.get_session(&session.id).await.unwrap(), session);
        assert_eq!(simulator.search_sessions("o1").await.unwrap(), vec![session]);
        assert_eq!(simulator.search_sessions("o2").await.unwrap(), vec![]);
        assert_eq!(simulator.get_session("cos-nope").await, Err(GatewayError::NotFound));
    }

    #[tokio::test]
    async fn paying_yields_a_delivery_signed_like_waves_and_the_success_address() {
        let now = Utc::now();
        let simulator = simulator_at(now);
        let session = simulator.create_session(&request()).await.unwrap();
        let delivery = simulator.pay(&session.id).unwrap();
        assert_eq!(delivery.redirect_to, "https://bitik.sn/payment-success?orderId=o1");
        let event = WaveWebhooks::new(SECRET).open(&delivery.signature, &delivery.body, now).unwrap();
        assert_eq!((event.kind, event.session_id.as_str()), (EventKind::Completed, session.id.as_str()));
        let paid = simulator.get_session(&session.id).await.unwrap();
        assert!(paid.succeeded());
        assert_eq!(event.session, Some(paid));
        assert!(matches!(simulator.pay(&session.id), Err(SimulatorError::NotOpen(_))), "paid once");
        assert!(simulator.expire_session(&session.id).await.is_err(), "a paid session cannot be expired");
    }

    #[tokio::test]
    async fn refunds_a_paid_session_once_and_shows_it_refunded() {
        let simulator = simulator_at(Utc::now());
        let session = simulator.create_session(&request()).await.unwrap();
        let refused = simulator.refund_session(&session.id).await;
        assert!(matches!(refused, Err(GatewayError::Rejected { ref code, .. }) if code == "checkout-refund-failed"));
        simulator.pay(&session.id).unwrap();
        assert!(!simulator.session_refunded(&session.id).await.unwrap());
        simulator.refund_session(&session.id).await.unwrap();
        assert!(simulator.session_refunded(&session.id).await.unwrap());
        let again = simulator.refund_session(&session.id).await;
        assert!(matches!(again, Err(GatewayError::Rejected { ref code, .. }) if code == "checkout-refund-failed"));
        assert_eq!(simulator.refund_session("cos-nope").await, Err(GatewayError::NotFound));
    }

    #[tokio::test]
    async fn failing_keeps_the_session_open_and_says_why() {
        let now = Utc::now();
        let simulator = simulator_at(now);
        let session = simulator.create_session(&request()).await.unwrap();
        let delivery = simulator.fail(&session.id).unwrap();
        assert_eq!(delivery.redirect_to, "https://bitik.sn/payment-error?orderId=o1&errorCode=payment_failed");
        let event = WaveWebhooks::new(SECRET).open(&delivery.signature, &delivery.body, now).unwrap();
        assert_eq!(event.kind, EventKind::PaymentFailed);
        let failed = simulator.get_session(&session.id).await.unwrap();
        assert_eq!(failed.checkout_status, CheckoutStatus::Open);
        assert_eq!(failed.last_error.unwrap().code, "simulated-failure");
    }

    #[tokio::test]
    async fn sessions_expire_on_request_or_after_thirty_minutes() {
        let start = Utc::now();
        let simulator = simulator_at(start);
        let first = simulator.create_session(&request()).await.unwrap();
        simulator.expire_session(&first.id).await.unwrap();
        assert_eq!(simulator.get_session(&first.id).await.unwrap().checkout_status, CheckoutStatus::Expired);
        let second = simulator.create_session(&request()).await.unwrap();
        let later = simulator.with_clock(Arc::new(move || start + chrono::Duration::minutes(30)));
        let lapsed = later.get_session(&second.id).await.unwrap();
        assert_eq!(
            (lapsed.checkout_status, lapsed.payment_status),
            (CheckoutStatus::Expired, WavePaymentStatus::Cancelled)
        );
        assert!(matches!(later.pay(&second.id), Err(SimulatorError::NotOpen(_))));
    }
}
