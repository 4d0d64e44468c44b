//! Wave as the invariant tests need it: sessions in memory, paid when the test says a shopper
//! paid, on the same clock as the payment service, and aged when the test lets time pass. Unlike
//! the simulator, a session past its time stays open until the shop expires it: the case the
//! sweep must handle (a payment landing late) is then reachable.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use bitik_payments::{
    CheckoutStatus, Clock, EventKind, GatewayError, SESSION_LIFETIME, SessionRequest, WaveGateway, WavePaymentStatus,
    WaveSession, WebhookEvent, WebhookRejection, WebhookVerifier,
};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

pub struct FakeWave {
    sessions: Mutex<HashMap<String, WaveSession>>,
    clock: Clock,
}

impl FakeWave {
    pub fn new(clock: Clock) -> Self {
        Self { sessions: Mutex::new(HashMap::new()), clock }
    }

    fn sessions(&self) -> std::sync::MutexGuard<'_, HashMap<String, WaveSession>> {
        self.sessions.lock().expect("fake Wave lock")
    }

    /// The shopper pays on Wave's page: true when the session was open and is now paid.
    pub fn pay(&self, id: &str) -> bool {
        let now = (self.clock)();
        let mut sessions = self.sessions();
        let Some(session) = sessions.get_mut(id).filter(|s| s.checkout_status == CheckoutStatus::Open) else {
            return false;
        };
        session.checkout_status = CheckoutStatus::Complete;
        session.payment_status = WavePaymentStatus::Succeeded;
        session.completed_at = Some(now);
        session.transaction_id = Some(format!("T{}", Uuid::new_v4().simple()));
        true
    }

    /// Every session now looks `by` older, as if that much time had passed.
    pub fn age(&self, by: Duration) {
        for session in self.sessions().values_mut() {
            session.created_at -= by;
            session.expires_at -= by;
        }
    }

    /// The sessions opened for an order, oldest first.
    pub fn sessions_of(&self, order_id: Uuid) -> Vec<WaveSession> {
        let reference = order_id.to_string();
        let mut found: Vec<WaveSession> = self
            .sessions()
            .values()
            .filter(|s| s.client_reference.as_deref() == Some(reference.as_str()))
            .cloned()
            .collect();
        found.sort_by_key(|s| (s.created_at, s.id.clone()));
        found
    }

    pub fn session_paid(&self, id: &str) -> bool {
        self.sessions().get(id).is_some_and(WaveSession::succeeded)
    }

    pub fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    pub fn paid(&self, order_id: Uuid) -> bool {
        self.sessions_of(order_id).iter().any(WaveSession::succeeded)
    }
}

#[async_trait]
impl WaveGateway for FakeWave {
    async fn create_session(&self, request: &SessionRequest) -> Result<WaveSession, GatewayError> {
        let now: DateTime<Utc> = (self.clock)();
        let id = format!("cos-{}", Uuid::new_v4().simple());
        let session = WaveSession {
            id: id.clone(),
            amount: request.amount,
            currency: request.currency.clone(),
            checkout_status: CheckoutStatus::Open,
            payment_status: WavePaymentStatus::Processing,
            launch_url: format!("https://pay.wave.com/c/{id}"),
            client_reference: Some(request.client_reference.clone()),
            business_name: "Bitik".to_owned(),
            created_at: now,
            expires_at: now + Duration::from_std(SESSION_LIFETIME).expect("30 minutes"),
            completed_at: None,
            transaction_id: None,
            last_error: None,
        };
        self.sessions().insert(id, session.clone());
        Ok(session)
    }

    async fn get_session(&self, id: &str) -> Result<WaveSession, GatewayError> {
        self.sessions().get(id).cloned().ok_or(GatewayError::NotFound)
    }

    async fn search_sessions(&self, client_reference: &str) -> Result<Vec<WaveSession>, GatewayError> {
        Ok(Uuid::parse_str(client_reference).map(|id| self.sessions_of(id)).unwrap_or_default())
    }

    async fn expire_session(&self, id: &str) -> Result<(), GatewayError> {
        let mut sessions = self.sessions();
        let session = sessions.get_mut(id).ok_or(GatewayError::NotFound)?;
        if session.checkout_status != CheckoutStatus::Open {
            return Err(GatewayError::Rejected {
                status: 409,
                code: "checkout-session-not-open".to_owned(),
                message: "Only an open checkout session can be expired.".to_owned(),
            });
        }
        session.checkout_status = CheckoutStatus::Expired;
        session.payment_status = WavePaymentStatus::Cancelled;
        Ok(())
    }

    async fn refund_session(&self, _id: &str) -> Result<(), GatewayError> {
        Err(GatewayError::Unknown("refunds are not part of these invariants".to_owned()))
    }

    async fn session_refunded(&self, _id: &str) -> Result<bool, GatewayError> {
        Ok(false)
    }

    fn is_simulated(&self) -> bool {
        true
    }
}

/// Deliveries are trusted as the test writes them: the signature names the event id, the body
/// the completed session. The signature check has its own tests in `bitik-wave`.
pub struct TrustedWebhooks;

impl WebhookVerifier for TrustedWebhooks {
    fn open(&self, signature: &str, raw_body: &[u8], _now: DateTime<Utc>) -> Result<WebhookEvent, WebhookRejection> {
        let session_id =
            String::from_utf8(raw_body.to_vec()).map_err(|e| WebhookRejection::Malformed(e.to_string()))?;
        Ok(WebhookEvent { id: signature.to_owned(), kind: EventKind::Completed, session_id, session: None })
    }
}
