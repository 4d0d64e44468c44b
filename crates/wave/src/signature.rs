//! Wave's webhook signature: `Wave-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]` where each
//! v1 is HMAC-SHA256, keyed with the whole webhook secret, over the timestamp immediately
//! followed by the raw body. The body must be the bytes received, never re-serialised JSON.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Events signed further than this from now are refused (replays, or a clock gone wrong).
pub const TOLERANCE_SECONDS: i64 = 5 * 60;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Wave-Signature header is missing or malformed")]
    Malformed,
    #[error("the signature timestamp is too far from now")]
    Expired,
    #[error("no signature matches")]
    Mismatch,
}

/// Checks a webhook delivery; `now` is the current unix time in seconds.
pub fn verify(header: &str, raw_body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let mut timestamp: Option<&str> = None;
    let mut signatures: Vec<Vec<u8>> = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value),
            Some(("v1", value)) => signatures.push(hex::decode(value).map_err(|_| SignatureError::Malformed)?),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    let seconds: i64 = timestamp.parse().map_err(|_| SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - seconds).abs() > TOLERANCE_SECONDS {
        return Err(SignatureError::Expired);
    }
    // verify_slice compares in constant time.
    let matches = signatures.iter().any(|signature| mac(secret, timestamp, raw_body).verify_slice(signature).is_ok());
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

/// The header Wave would send for `raw_body` at `timestamp`: what the simulator and tests sign with.
pub fn sign(raw_body: &[u8], secret: &str, timestamp: i64) -> String {
    let timestamp = timestamp.to_string();
    let signature = hex::encode(mac(secret, &timestamp, raw_body).finalize().into_bytes());
    format!("t={timestamp},v1={signature}")
}

fn mac(secret: &str, timestamp: &str, raw_body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(timestamp.as_bytes());
    mac.update(raw_body);
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Vector {
        secret: String,
        header: String,
        timestamp: i64,
        body: String,
    }

    /// Wave's own published example (tests/fixtures, copied from Wave's documentation).
    fn wave_example() -> Vector {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../tests/fixtures/wave-signature-test-vector.json")).unwrap();
        Vector {
            secret: json["secret"].as_str().unwrap().to_owned(),
            header: json["header"].as_str().unwrap().trim_start_matches("Wave-Signature: ").to_owned(),
            timestamp: json["timestamp"].as_i64().unwrap(),
            body: json["raw_body"].as_str().unwrap().to_owned(),
        }
    }

    #[test]
    fn waves_published_example_verifies() {
        let v = wave_example();
        assert_eq!(verify(&v.header, v.body.as_bytes(), &v.secret, v.timestamp + 10), Ok(()));
        assert_eq!(sign(v.body.as_bytes(), &v.secret, v.timestamp), v.header, "we sign exactly as Wave does");
    }

    #[test]
    fn a_tampered_body_or_a_wrong_secret_does_not() {
        let v = wave_example();
        let tampered = v.body.replace("\"amount\": \"100\"", "\"amount\": \"1\"");
        assert_ne!(tampered, v.body);
        assert_eq!(verify(&v.header, tampered.as_bytes(), &v.secret, v.timestamp), Err(SignatureError::Mismatch));
        let reserialised = serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&v.body).unwrap()).unwrap();
        assert_eq!(verify(&v.header, reserialised.as_bytes(), &v.secret, v.timestamp), Err(SignatureError::Mismatch));
        assert_eq!(
            verify(&v.header, v.body.as_bytes(), "wave_sn_WHS_other", v.timestamp),
            Err(SignatureError::Mismatch)
        );
    }

    #[test]
    fn an_old_or_future_timestamp_is_refused() {
        let v = wave_example();
        assert_eq!(verify(&v.header, v.body.as_bytes(), &v.secret, v.timestamp + 301), Err(SignatureError::Expired));
        assert_eq!(verify(&v.header, v.body.as_bytes(), &v.secret, v.timestamp - 301), Err(SignatureError::Expired));
        assert_eq!(verify(&v.header, v.body.as_bytes(), &v.secret, v.timestamp + 300), Ok(()));
    }

    #[test]
    fn any_of_several_v1_values_may_match() {
        let v = wave_example();
        let (t, good) = v.header.split_once(',').unwrap();
        let several = format!("{t},v1={},{good},v1={}", "ab".repeat(32), "cd".repeat(32));
        assert_eq!(verify(&several, v.body.as_bytes(), &v.secret, v.timestamp), Ok(()));
        let none_good = format!("{t},v1={}", "ab".repeat(32));
        assert_eq!(verify(&none_good, v.body.as_bytes(), &v.secret, v.timestamp), Err(SignatureError::Mismatch));
    }

    #[test]
    fn malformed_headers_are_refused() {
        let v = wave_example();
        for header in ["", "t=1667920421", "v1=00", "t=abc,v1=00", "t=1667920421,v1=zz"] {
            assert_eq!(
                verify(header, v.body.as_bytes(), &v.secret, v.timestamp),
                Err(SignatureError::Malformed),
                "{header:?}"
            );
        }
    }
}
