//! The order's own link: `{PUBLIC_URL}/orders/{id}?k={key}`, where the key is the shop's
//! signature of the order's id. Whoever holds it (the customer, from the confirmation page or any
//! message) opens that order's page without logging in, and does there what its owner may: pay
//! with Wave, confirm, cancel. It opens that order only; a key of another order, or none, opens
//! nothing, exactly as an order that does not exist.

use uuid::Uuid;

use crate::signing::{OrderSigner, SIGNATURE_BYTES};

/// What the key of the order pages is derived for (not the confirmation links' purpose).
const KEY_PURPOSE: &[u8] = b"bitik order pages v1";

#[derive(Clone)]
pub struct OrderLinks {
    signer: OrderSigner,
    public_url: String,
}

impl std::fmt::Debug for OrderLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OrderLinks").field("public_url", &self.public_url).finish_non_exhaustive()
    }
}

impl OrderLinks {
    /// Keys derived from the shop's `secret` (the sessions' secret, for a use of its own).
    pub fn new(secret: &[u8], public_url: &str) -> Self {
        Self { signer: OrderSigner::new(secret, KEY_PURPOSE), public_url: public_url.trim_end_matches('/').to_owned() }
    }

    /// The order's key: 32 hexadecimal digits.
    pub fn key_for(&self, order_id: Uuid) -> String {
        hex::encode(self.signer.sign(order_id))
    }

    /// The storefront's page of the order, reached without logging in.
    pub fn url_for(&self, order_id: Uuid) -> String {
        format!("{}/orders/{order_id}?k={}", self.public_url, self.key_for(order_id))
    }

    /// Whether `key` is this order's (in either case of hexadecimal).
    pub fn opens(&self, order_id: Uuid, key: &str) -> bool {
        let key = key.trim();
        key.len() == 2 * SIGNATURE_BYTES
            && hex::decode(key).is_ok_and(|signature| self.signer.verify(order_id, &signature))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cash_on_delivery::ConfirmationLinks;

    const A: Uuid = Uuid::from_u128(0xA);
    const B: Uuid = Uuid::from_u128(0xB);
    const SECRET: &[u8] = b"a-secret-of-the-shop-long-enough";

    #[test]
    fn a_key_opens_its_order_and_no_other() {
        let links = OrderLinks::new(SECRET, "https://bitik.sn/");
        let key = links.key_for(A);
        assert_eq!(key.len(), 32);
        assert!(links.opens(A, &key));
        assert!(links.opens(A, &key.to_uppercase()), "hexadecimal in either case");
        assert_eq!(links.url_for(A), format!("https://bitik.sn/orders/{A}?k={key}"));
        assert!(!links.opens(B, &key), "another order's key");
        assert!(!links.opens(A, &key[..31]), "a key cut short");
        assert!(!links.opens(A, ""), "no key");
        assert!(!links.opens(A, &"0".repeat(32)), "a made-up key");
        let mut flipped = key.clone().into_bytes();
        flipped[31] = if flipped[31] == b'0' { b'1' } else { b'0' };
        assert!(!links.opens(A, std::str::from_utf8(&flipped).unwrap()), "one digit changed");
        assert!(!OrderLinks::new(b"another-secret-of-another-shop!!", "https://bitik.sn").opens(A, &key));
    }

    #[test]
    fn a_confirmation_token_is_no_key_of_the_order_page() {
        let links = OrderLinks::new(SECRET, "https://bitik.sn");
        let token = ConfirmationLinks::new(SECRET, "https://bitik.sn").token_for(A);
        assert!(!links.opens(A, &token[32..]), "the same secret signs each use with its own key");
    }
}
