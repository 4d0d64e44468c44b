//! Small value types every context shares: money in whole francs, e-mail addresses, pages.

mod email;
mod money;
mod page;

pub use email::{Email, InvalidEmail};
pub use money::Money;
pub use page::{InvalidPage, Page, PageRequest};
