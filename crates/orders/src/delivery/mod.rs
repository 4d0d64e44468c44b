//! Delivery zones: the shop's own data of where it delivers, at what fee and in how long, and
//! whether cash on delivery is taken there (docs/rules.md#delivery). The fee rules are pure
//! functions of a zone ([`zone`]); the back office's form of a zone is checked in [`form`]; the
//! zones are stored behind [`ZoneRepository`] and served by [`DeliveryService`].

mod error;
pub mod form;
mod ports;
mod service;
pub mod zone;

pub use error::DeliveryError;
pub use form::{RawCommune, ZoneForm};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockZoneRepository;
pub use ports::{ZoneRemoval, ZoneRepository, ZoneWriteError};
pub use service::DeliveryService;
pub use zone::{Commune, DeliveryZone, Destination};
