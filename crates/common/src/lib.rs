//! Small value types every context shares: money in whole francs, e-mail addresses, pages,
//! the percentage change of a figure, phone searches, the shop's identity, and the shape of a
//! port's failure.

mod email;
mod error;
mod money;
mod page;
mod phone;
mod shop;
mod trend;

pub use email::{Email, InvalidEmail};
pub use error::{BoxError, Unavailable, is_unavailable};
pub use money::{AmountTooLarge, Money};
pub use page::{InvalidPage, Page, PageRequest};
pub use phone::phone_digits;
pub use shop::Shop;
pub use trend::change_percent;
