//! Wave Checkout: amounts as Wave writes them and the webhook signature check. The HTTP client
//! for checkout sessions comes with the payments work.

pub mod amount;
pub mod signature;

pub use amount::{parse_wave_amount, wave_amount};
pub use signature::{SignatureError, sign, verify};
