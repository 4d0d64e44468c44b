//! Wave's JSON, field for field as its Checkout API writes it, and its translation into the
//! payments domain. Amounts travel as strings of whole francs (`amount.rs`).

use bitik_payments::{CheckoutStatus, WaveError, WavePaymentStatus, WaveSession, WebhookEvent};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::amount::{parse_wave_amount, wave_amount};

/// A checkout session as Wave sends it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionJson {
    pub id: String,
    pub amount: String,
    pub currency: String,
    pub checkout_status: String,
    pub payment_status: String,
    #[serde(default)]
    pub wave_launch_url: Option<String>,
    #[serde(default)]
    pub client_reference: Option<String>,
    #[serde(default)]
    pub business_name: Option<String>,
    #[serde(default)]
    pub success_url: Option<String>,
    #[serde(default)]
    pub error_url: Option<String>,
    pub when_created: DateTime<Utc>,
    pub when_expires: DateTime<Utc>,
    #[serde(default)]
    pub when_completed: Option<DateTime<Utc>>,
    #[serde(default)]
    pub transaction_id: Option<String>,
    #[serde(default)]
    pub last_payment_error: Option<ErrorJson>,
    /// When the session's payment was refunded, if Wave says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_refunded: Option<DateTime<Utc>>,
    /// Wave's record of a refund of the session, if it gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund: Option<serde_json::Value>,
}

/// A refunded session's `payment_status`, where Wave writes one.
pub const REFUNDED: &str = "refunded";

/// Wave's error bodies (`{code, message, details}`) and `last_payment_error` share this shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ErrorJson {
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Deserialize)]
pub struct SearchJson {
    pub result: Vec<SessionJson>,
}

/// The body of `POST /v1/checkout/sessions`.
#[derive(Debug, Serialize)]
pub struct CreateJson<'a> {
    pub amount: String,
    pub currency: &'a str,
    pub success_url: &'a str,
    pub error_url: &'a str,
    pub client_reference: &'a str,
}

/// A webhook delivery's body.
#[derive(Debug, Serialize, Deserialize)]
pub struct EventJson {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: serde_json::Value,
}

impl SessionJson {
    /// Whether Wave shows the session's payment refunded: a `refunded` payment status, a
    /// refund time or a refund record, whichever Wave writes.
    pub fn refunded(&self) -> bool {
        self.payment_status == REFUNDED
            || self.when_refunded.is_some()
            || self.refund.as_ref().is_some_and(|r| !r.is_null())
    }

    /// Wave's session in the domain's terms; `Err` names what could not be read. A refunded
    /// session was paid: it reads as succeeded (whether it was refunded is [`Self::refunded`]).
    pub fn into_session(self) -> Result<WaveSession, String> {
        let amount = parse_wave_amount(&self.amount).ok_or_else(|| format!("amount {:?}", self.amount))?;
        let checkout_status = CheckoutStatus::parse(&self.checkout_status)
            .ok_or_else(|| format!("checkout_status {:?}", self.checkout_status))?;
        let payment_status = match self.payment_status.as_str() {
            REFUNDED => WavePaymentStatus::Succeeded,
            code => WavePaymentStatus::parse(code).ok_or_else(|| format!("payment_status {code:?}"))?,
        };
        Ok(WaveSession {
            id: self.id,
            amount,
            currency: self.currency,
            checkout_status,
            payment_status,
            launch_url: self.wave_launch_url.unwrap_or_default(),
            client_reference: self.client_reference,
            business_name: self.business_name.unwrap_or_default(),
            created_at: self.when_created,
            expires_at: self.when_expires,
            completed_at: self.when_completed,
            transaction_id: self.transaction_id,
            last_error: self.last_payment_error.map(|e| WaveError { code: e.code, message: e.message }),
        })
    }

    /// What Wave would send for `session` (the simulator speaks Wave's JSON too).
    pub fn from_session(session: &WaveSession, success_url: &str, error_url: &str) -> Self {
        SessionJson {
            id: session.id.clone(),
            amount: wave_amount(session.amount).unwrap_or_else(|| "0".to_owned()),
            currency: session.currency.clone(),
            checkout_status: session.checkout_status.as_str().to_owned(),
            payment_status: session.payment_status.as_str().to_owned(),
            wave_launch_url: Some(session.launch_url.clone()),
            client_reference: session.client_reference.clone(),
            business_name: Some(session.business_name.clone()),
            success_url: Some(success_url.to_owned()),
            error_url: Some(error_url.to_owned()),
            when_created: session.created_at,
            when_expires: session.expires_at,
            when_completed: session.completed_at,
            transaction_id: session.transaction_id.clone(),
            last_payment_error: session
                .last_error
                .as_ref()
                .map(|e| ErrorJson { code: e.code.clone(), message: e.message.clone() }),
            when_refunded: None,
            refund: None,
        }
    }
}

/// Reads a webhook body: the event id, its type, the session id, and the session when readable.
pub fn parse_event(raw_body: &[u8]) -> Result<WebhookEvent, String> {
    let event: EventJson = serde_json::from_slice(raw_body).map_err(|e| e.to_string())?;
    let session_id = event
        .data
        .get("id")
        .and_then(|id| id.as_str())
        .filter(|id| !id.is_empty())
        .ok_or("the event names no session")?
        .to_owned();
    if event.id.is_empty() {
        return Err("the event has no id".to_owned());
    }
    let session = serde_json::from_value::<SessionJson>(event.data).ok().and_then(|json| json.into_session().ok());
    Ok(WebhookEvent { id: event.id, kind: bitik_payments::EventKind::parse(&event.kind), session_id, session })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitik_common::Money;
    use bitik_payments::EventKind;

    fn wave_example_body() -> String {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../tests/fixtures/wave-signature-test-vector.json")).unwrap();
        json["raw_body"].as_str().unwrap().to_owned()
    }

    #[test]
    fn reads_waves_own_example_event() {
        let event = parse_event(wave_example_body().as_bytes()).unwrap();
        assert_eq!(event.id, "AE_ijzo7oGgrlM7");
        assert_eq!(event.kind, EventKind::Completed);
        assert_eq!(event.session_id, "cos-1b01sghpg100j");
        let session = event.session.unwrap();
        assert_eq!(session.amount, Money::francs(100));
        assert_eq!(session.checkout_status, CheckoutStatus::Complete);
        assert_eq!(session.payment_status, WavePaymentStatus::Succeeded);
        assert_eq!(session.transaction_id.as_deref(), Some("TCN4Y4ZC3FM"));
        assert_eq!(session.business_name, "Annas Apiaries");
        assert_eq!(session.client_reference, None);
        assert_eq!(session.expires_at.to_rfc3339(), "2022-11-09T15:05:32+00:00");
    }

    #[test]
    fn an_event_without_a_session_id_is_not_an_event() {
        assert!(parse_event(br#"{"id": "AE_1", "type": "checkout.session.completed", "data": {}}"#).is_err());
        assert!(parse_event(b"not json").is_err());
        let odd = parse_event(br#"{"id": "AE_2", "type": "b2b.payment_received", "data": {"id": "x"}}"#).unwrap();
        assert_eq!(odd.kind, EventKind::Other("b2b.payment_received".into()));
        assert_eq!(odd.session, None);
    }

    #[test]
    fn a_session_written_then_read_is_the_same() {
        let event = parse_event(wave_example_body().as_bytes()).unwrap();
        let session = event.session.unwrap();
        let json = SessionJson::from_session(&session, "https://a/ok", "https://a/ko");
        assert_eq!(json.amount, "100");
        assert_eq!(json.into_session().unwrap(), session);
    }
}
