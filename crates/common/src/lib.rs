//! Small value types every context shares: money in whole francs, e-mail addresses, pages,
//! the percentage change of a figure, phone searches.

mod email;
mod money;
mod page;
mod phone;
mod trend;

pub use email::{Email, InvalidEmail};
pub use money::Money;
pub use page::{InvalidPage, Page, PageRequest};
pub use phone::phone_digits;
pub use trend::change_percent;
