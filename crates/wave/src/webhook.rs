//! Wave's webhook deliveries, opened for the payments domain: signature first, then the event.

use bitik_payments::{WebhookEvent, WebhookRejection, WebhookVerifier};
use chrono::{DateTime, Utc};

use crate::signature::verify;
use crate::wire::parse_event;

pub struct WaveWebhooks {
    secret: String,
}

impl WaveWebhooks {
    /// `secret` is the whole `WAVE_WEBHOOK_SECRET` string, the HMAC key as Wave uses it.
    pub fn new(secret: &str) -> Self {
        Self { secret: secret.to_owned() }
    }
}

impl WebhookVerifier for WaveWebhooks {
    fn open(&self, signature: &str, raw_body: &[u8], now: DateTime<Utc>) -> Result<WebhookEvent, WebhookRejection> {
        if signature.trim().is_empty() {
            return Err(WebhookRejection::BadSignature("no Wave-Signature header".to_owned()));
        }
        verify(signature, raw_body, &self.secret, now.timestamp())
            .map_err(|e| WebhookRejection::BadSignature(e.to_string()))?;
        parse_event(raw_body).map_err(WebhookRejection::Malformed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signature::sign;
    use bitik_payments::EventKind;
    use chrono::TimeZone;

    const SECRET: &str = "wave_sn_WHS_test";
    const BODY: &str = r#"{"id": "AE_1", "type": "checkout.session.payment_failed", "data": {"id": "cos-1"}}"#;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(seconds, 0).unwrap()
    }

    #[test]
    fn a_signed_delivery_opens_into_its_event() {
        let header = sign(BODY.as_bytes(), SECRET, 1_700_000_000);
        let event = WaveWebhooks::new(SECRET).open(&header, BODY.as_bytes(), at(1_700_000_030)).unwrap();
        assert_eq!((event.id.as_str(), event.session_id.as_str()), ("AE_1", "cos-1"));
        assert_eq!(event.kind, EventKind::PaymentFailed);
    }

    #[test]
    fn missing_wrong_or_old_signatures_are_refused_before_reading() {
        let webhooks = WaveWebhooks::new(SECRET);
        let bad = |header: &str, now: i64| {
            matches!(webhooks.open(header, BODY.as_bytes(), at(now)), Err(WebhookRejection::BadSignature(_)))
        };
        assert!(bad("", 1_700_000_000));
        assert!(bad(&sign(BODY.as_bytes(), "wave_sn_WHS_other", 1_700_000_000), 1_700_000_000));
        assert!(bad(&sign(BODY.as_bytes(), SECRET, 1_700_000_000), 1_700_000_000 + 301));
    }

    #[test]
    fn a_signed_body_that_is_no_event_is_malformed() {
        let body = b"[1, 2, 3]";
        let header = sign(body, SECRET, 1_700_000_000);
        let opened = WaveWebhooks::new(SECRET).open(&header, body, at(1_700_000_000));
        assert!(matches!(opened, Err(WebhookRejection::Malformed(_))));
    }
}
