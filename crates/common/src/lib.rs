//! Small value types every context shares: money in whole francs, e-mail addresses, pages,
//! the percentage change of a figure.

mod email;
mod money;
mod page;
mod trend;

pub use email::{Email, InvalidEmail};
pub use money::Money;
pub use page::{InvalidPage, Page, PageRequest};
pub use trend::change_percent;
