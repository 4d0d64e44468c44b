//! The customer's signed confirmation link: `{PUBLIC_URL}/confirm/{token}`, where the token names
//! one order and carries the shop's signature of it, so that nobody can make one for another
//! order. That it serves once is kept by the order itself (`OrderConfirmation::link_used_at`).

use uuid::Uuid;

use crate::signing::{OrderSigner, SIGNATURE_BYTES};

/// What the key of the links is derived for: no other use of the secret signs the same bytes.
const KEY_PURPOSE: &[u8] = b"bitik order confirmation links v1";

#[derive(Clone)]
pub struct ConfirmationLinks {
    signer: OrderSigner,
    public_url: String,
}

impl std::fmt::Debug for ConfirmationLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConfirmationLinks").field("public_url", &self.public_url).finish_non_exhaustive()
    }
}

impl ConfirmationLinks {
    /// Links signed with a key derived from the shop's `secret` (the session tokens' secret: one
    /// secret to keep, and the links' key is none of its other uses).
    pub fn new(secret: &[u8], public_url: &str) -> Self {
        let signer = OrderSigner::new(secret, KEY_PURPOSE);
        Self { signer, public_url: public_url.trim_end_matches('/').to_owned() }
    }

    /// The order's token: its id and the signature of it, in hexadecimal (64 characters).
    pub fn token_for(&self, order_id: Uuid) -> String {
        format!("{}{}", hex::encode(order_id.as_bytes()), hex::encode(self.signer.sign(order_id)))
    }

    /// The page of the storefront that confirms the order.
    pub fn link_for(&self, order_id: Uuid) -> String {
        format!("{}/confirm/{}", self.public_url, self.token_for(order_id))
    }

    /// The order a token was signed for; `None` for anything else.
    pub fn order_of(&self, token: &str) -> Option<Uuid> {
        let token = token.trim();
        if token.len() != 32 + 2 * SIGNATURE_BYTES {
            return None;
        }
        let bytes = hex::decode(token).ok()?;
        let (id, signature) = bytes.split_at(16);
        let order_id = Uuid::from_slice(id).ok()?;
        self.signer.verify(order_id, signature).then_some(order_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Uuid = Uuid::from_u128(0xA);
    const B: Uuid = Uuid::from_u128(0xB);

    #[test]
    fn a_token_names_its_order_and_no_other() {
        let links = ConfirmationLinks::new(b"a-secret-of-the-shop-long-enough", "https://bitik.sn/");
        let token = links.token_for(A);
        assert_eq!(links.order_of(&token), Some(A));
        assert_eq!(links.link_for(A), format!("https://bitik.sn/confirm/{token}"));
        // B's id with A's signature: refused.
        let forged = format!("{}{}", hex::encode(B.as_bytes()), &token[32..]);
        assert_eq!(links.order_of(&forged), None);
        assert_eq!(links.order_of(&token[..63]), None);
        assert_eq!(links.order_of(&token.to_uppercase()), Some(A), "hexadecimal in either case");
        assert_eq!(links.order_of("not a token"), None);
        let other_shop = ConfirmationLinks::new(b"another-secret-of-another-shop!!", "https://bitik.sn");
        assert_eq!(other_shop.order_of(&token), None, "signed with another secret");
    }
}
