//! The shop's signatures of an order's id: each use (the confirmation link, the order's page)
//! signs with a key of its own, derived from the shop's secret for that purpose, so that no
//! signature made for one use opens another.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use uuid::Uuid;

type HmacSha256 = Hmac<Sha256>;

/// Bytes of a signature kept (128 bits).
pub(crate) const SIGNATURE_BYTES: usize = 16;

#[derive(Clone)]
pub(crate) struct OrderSigner {
    key: [u8; 32],
}

impl OrderSigner {
    pub(crate) fn new(secret: &[u8], purpose: &[u8]) -> Self {
        let mut derive = HmacSha256::new_from_slice(secret).expect("HMAC takes keys of any length");
        derive.update(purpose);
        Self { key: derive.finalize().into_bytes().into() }
    }

    pub(crate) fn sign(&self, order_id: Uuid) -> [u8; SIGNATURE_BYTES] {
        let full = self.mac(order_id).finalize().into_bytes();
        let mut kept = [0; SIGNATURE_BYTES];
        kept.copy_from_slice(&full[..SIGNATURE_BYTES]);
        kept
    }

    /// In constant time: how much of a signature is right tells nothing.
    pub(crate) fn verify(&self, order_id: Uuid, signature: &[u8]) -> bool {
        signature.len() == SIGNATURE_BYTES && self.mac(order_id).verify_truncated_left(signature).is_ok()
    }

    fn mac(&self, order_id: Uuid) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(order_id.as_bytes());
        mac
    }
}
