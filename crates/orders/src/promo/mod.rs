//! Promo codes (docs/rules.md#promo-codes): the back office's codes ([`form`]), the rules that
//! decide what a code takes off a basket ([`rules`]), the port they are stored behind and the
//! service of the back office and the cart. The last use of a limited code is taken in the
//! order's own transaction (`OrderRepository::place`), and an order cancelled gives its use back:
//! a use is an order that names the code and is not cancelled.

mod error;
pub mod form;
mod model;
mod ports;
pub mod rules;
pub(crate) mod service;

pub use error::PromoError;
pub use form::PromoForm;
pub use model::{AppliedPromo, NewPromoCode, PromoCode, PromoCodeStats, PromoKind, PromoLine, Usage};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockPromoCodeRepository;
pub use ports::{PromoCodeRepository, PromoWriteError};
pub use rules::{PromoRefusal, Quote};
pub use service::PromoService;
