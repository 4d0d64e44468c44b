//! Test mode's stand-in for Wave (no `WAVE_API_KEY`): the same gateway port, its sessions kept in
//! the shop's storage (`SimulatedSessions`: a restart, another instance and the demo shop's
//! orders see them as Wave would), and a checkout page of the server where a tester pays or fails.
//! What the tester chooses comes back as the signed webhook delivery Wave would send, so it goes
//! through the very same verification and handling as a real one.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_payments::test_mode::{SimulatedSession, SimulatedSessions};
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

/// A simulated session with the addresses Wave would send the shopper back to.
pub type Simulated = SimulatedSession;

pub struct Simulator {
    sessions: Arc<dyn SimulatedSessions>,
    secret: String,
    business_name: String,
    public_url: String,
    clock: SimClock,
}

/// What a tester's choice produces: the webhook delivery to hand to the shop, and where the
/// shopper's browser goes next.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub signature: String,
    pub body: Vec<u8>,
    pub redirect_to: String,
}

#[derive(Debug, thiserror::Error)]
pub enum SimulatorError {
    #[error("no such simulated session")]
    NotFound,
    #[error("the session is no longer open")]
    NotOpen(Box<Simulated>),
    #[error("the simulated sessions could not be read or written")]
    Storage(#[source] BoxError),
}

impl Simulator {
    /// `secret` signs the simulated webhook deliveries: the one the webhook route verifies with.
    pub fn new(sessions: Arc<dyn SimulatedSessions>, secret: &str, business_name: &str, public_url: &str) -> Self {
        Self {
            sessions,
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
    pub async fn session(&self, id: &str) -> Result<Option<Simulated>, SimulatorError> {
        let found = self.sessions.find(id).await.map_err(SimulatorError::Storage)?;
        Ok(found.map(|simulated| self.lapsed(simulated)))
    }

    /// The tester pays: the session completes, and Wave's `checkout.session.completed` follows.
    pub async fn pay(&self, id: &str) -> Result<Delivery, SimulatorError> {
        let now = (self.clock)();
        let simulated = self
            .change_open(id, |session| {
                session.checkout_status = CheckoutStatus::Complete;
                session.payment_status = WavePaymentStatus::Succeeded;
                session.completed_at = Some(now);
                session.transaction_id = Some(format!("T{}", token(11).to_uppercase()));
            })
            .await?;
        Ok(self.delivery("checkout.session.completed", &simulated, simulated.success_url.clone()))
    }

    /// The tester makes the payment fail: the session stays open (the shopper may try again, as
    /// with Wave), and `checkout.session.payment_failed` follows.
    pub async fn fail(&self, id: &str) -> Result<Delivery, SimulatorError> {
        let simulated = self
            .change_open(id, |session| {
                session.last_error = Some(WaveError {
                    code: "simulated-failure".to_owned(),
                    message: "Paiement refusé par le simulateur".to_owned(),
                });
            })
            .await?;
        Ok(self.delivery("checkout.session.payment_failed", &simulated, simulated.error_url.clone()))
    }

    /// Applies `change` to the session if it is open now, in one conditional write.
    async fn change_open(&self, id: &str, change: impl FnOnce(&mut WaveSession)) -> Result<Simulated, SimulatorError> {
        let now = (self.clock)();
        let mut simulated = self.session(id).await?.ok_or(SimulatorError::NotFound)?;
        if simulated.session.checkout_status != CheckoutStatus::Open {
            return Err(SimulatorError::NotOpen(Box::new(simulated)));
        }
        change(&mut simulated.session);
        if !self.sessions.change_open(&simulated.session, now).await.map_err(SimulatorError::Storage)? {
            // Paid, failed or expired by someone else in between: as it is now.
            let now_is = self.session(id).await?.ok_or(SimulatorError::NotFound)?;
            return Err(SimulatorError::NotOpen(Box::new(now_is)));
        }
        Ok(simulated)
    }

    fn lapsed(&self, mut simulated: Simulated) -> Simulated {
        lapse(&mut simulated.session, (self.clock)());
        simulated
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

/// A failure of the simulator's own storage: Wave's answer is unknown, as when Wave does not answer.
fn unknown(error: BoxError) -> GatewayError {
    GatewayError::Unknown(format!("test mode's sessions: {error}"))
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
        self.sessions.insert(&simulated).await.map_err(unknown)?;
        Ok(session)
    }

    async fn get_session(&self, id: &str) -> Result<WaveSession, GatewayError> {
        match self.session(id).await {
            Ok(Some(simulated)) => Ok(simulated.session),
            Ok(None) => Err(GatewayError::NotFound),
            Err(error) => Err(GatewayError::Unknown(error.to_string())),
        }
    }

    async fn search_sessions(&self, client_reference: &str) -> Result<Vec<WaveSession>, GatewayError> {
        let found = self.sessions.of_reference(client_reference).await.map_err(unknown)?;
        Ok(found.into_iter().map(|simulated| self.lapsed(simulated).session).collect())
    }

    async fn expire_session(&self, id: &str) -> Result<(), GatewayError> {
        let expired = self
            .change_open(id, |session| {
                session.checkout_status = CheckoutStatus::Expired;
                session.payment_status = WavePaymentStatus::Cancelled;
            })
            .await;
        match expired {
            Ok(_) => Ok(()),
            Err(SimulatorError::NotFound) => Err(GatewayError::NotFound),
            Err(SimulatorError::NotOpen(_)) => Err(GatewayError::Rejected {
                status: 409,
                code: "checkout-session-not-open".to_owned(),
                message: "Only an open checkout session can be expired.".to_owned(),
            }),
            Err(error @ SimulatorError::Storage(_)) => Err(GatewayError::Unknown(error.to_string())),
        }
    }

    /// As Wave: only a succeeded payment, not refunded yet, is refunded, in full.
    async fn refund_session(&self, id: &str) -> Result<(), GatewayError> {
        if self.sessions.find(id).await.map_err(unknown)?.is_none() {
            return Err(GatewayError::NotFound);
        }
        if self.sessions.mark_refunded(id, (self.clock)()).await.map_err(unknown)? {
            return Ok(());
        }
        Err(GatewayError::Rejected {
            status: 409,
            code: "checkout-refund-failed".to_owned(),
            message: "Only a succeeded payment that was not refunded can be refunded.".to_owned(),
        })
    }

    async fn session_refunded(&self, id: &str) -> Result<bool, GatewayError> {
        let found = self.sessions.find(id).await.map_err(unknown)?;
        found.map(|s| s.refunded_at.is_some()).ok_or(GatewayError::NotFound)
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
    use std::collections::HashMap;
    use std::sync::Mutex;

    use super::*;
    use crate::webhook::WaveWebhooks;
    use bitik_common::Money;
    use bitik_payments::{EventKind, WebhookVerifier};

    const SECRET: &str = "wave_sn_WHS_simulated";

    /// The storage's rules in memory (PostgreSQL's are tested against PostgreSQL).
    #[derive(Default)]
    struct InMemory(Mutex<HashMap<String, Simulated>>);

    #[async_trait]
    impl SimulatedSessions for InMemory {
        async fn insert(&self, simulated: &Simulated) -> Result<(), BoxError> {
            self.0.lock().unwrap().insert(simulated.session.id.clone(), simulated.clone());
            Ok(())
        }

        async fn find(&self, id: &str) -> Result<Option<Simulated>, BoxError> {
            Ok(self.0.lock().unwrap().get(id).cloned())
        }

        async fn of_reference(&self, reference: &str) -> Result<Vec<Simulated>, BoxError> {
            let sessions = self.0.lock().unwrap();
            let mut found: Vec<Simulated> = sessions
                .values()
                .filter(|s| s.session.client_reference.as_deref() == Some(reference))
                .cloned()
                .collect();
            found.sort_by_key(|s| s.session.created_at);
            Ok(found)
        }

        async fn change_open(&self, session: &WaveSession, now: DateTime<Utc>) -> Result<bool, BoxError> {
            let mut sessions = self.0.lock().unwrap();
            let Some(stored) = sessions.get_mut(&session.id) else { return Ok(false) };
            if stored.session.checkout_status != CheckoutStatus::Open || stored.session.expires_at <= now {
                return Ok(false);
            }
            stored.session = session.clone();
            Ok(true)
        }

        async fn mark_refunded(&self, id: &str, at: DateTime<Utc>) -> Result<bool, BoxError> {
            let mut sessions = self.0.lock().unwrap();
            match sessions.get_mut(id) {
                Some(stored) if stored.session.succeeded() && stored.refunded_at.is_none() => {
                    stored.refunded_at = Some(at);
                    Ok(true)
                }
                _ => Ok(false),
            }
        }
    }

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
        Simulator::new(Arc::new(InMemory::default()), SECRET, "Bitik Dakar", "https://bitik.sn/")
            .with_clock(Arc::new(move || now))
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
        let delivery = simulator.pay(&session.id).await.unwrap();
        assert_eq!(delivery.redirect_to, "https://bitik.sn/payment-success?orderId=o1");
        let event = WaveWebhooks::new(SECRET).open(&delivery.signature, &delivery.body, now).unwrap();
        assert_eq!((event.kind, event.session_id.as_str()), (EventKind::Completed, session.id.as_str()));
        let paid = simulator.get_session(&session.id).await.unwrap();
        assert!(paid.succeeded());
        assert_eq!(event.session, Some(paid));
        assert!(matches!(simulator.pay(&session.id).await, Err(SimulatorError::NotOpen(_))), "paid once");
        assert!(simulator.expire_session(&session.id).await.is_err(), "a paid session cannot be expired");
    }

    #[tokio::test]
    async fn refunds_a_paid_session_once_and_shows_it_refunded() {
        let simulator = simulator_at(Utc::now());
        let session = simulator.create_session(&request()).await.unwrap();
        let refused = simulator.refund_session(&session.id).await;
        assert!(matches!(refused, Err(GatewayError::Rejected { ref code, .. }) if code == "checkout-refund-failed"));
        simulator.pay(&session.id).await.unwrap();
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
        let delivery = simulator.fail(&session.id).await.unwrap();
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
        assert!(matches!(later.pay(&second.id).await, Err(SimulatorError::NotOpen(_))));
    }
}
