//! Small value types every context shares: money in whole francs, e-mail addresses, phone
//! numbers, the contact and address fields of the shop's forms with the collector of their
//! problems, HTML escaping, pages, the percentage change of a figure, the shop's identity, the shape of a
//! port's failure, and the port that counts rate limits.

mod address;
mod contact;
mod email;
mod error;
mod fields;
mod html;
mod money;
mod page;
mod phone;
pub mod rate;
mod shop;
mod trend;

pub use address::{HOME_COUNTRY, PostalAddress, RawAddress};
pub use contact::{Contact, ContactForm, MAX_NAME_CHARS, Need, RawContact};
pub use email::{Email, InvalidEmail};
pub use error::{BoxError, Unavailable, is_unavailable};
pub use fields::FieldErrors;
pub use html::escape_html;
pub use money::{AmountTooLarge, Money};
pub use page::{InvalidPage, Page, PageRequest};
pub use phone::{InvalidPhone, Phone, phone_digits};
pub use shop::{Shop, SocialLinks};
pub use trend::change_percent;
