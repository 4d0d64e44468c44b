//! PostgreSQL adapter: the schema, the connection pool, migrations and one repository per
//! domain port. Domain types never derive diesel traits; rows are converted here.

mod addresses;
mod carts;
mod catalog;
mod error;
mod newsletter;
mod orders;
mod payments;
mod pool;
pub mod schema;
mod users;

#[cfg(feature = "testing")]
pub mod testing;

pub use addresses::PgAddressRepository;
pub use carts::PgCartRepository;
pub use catalog::PgProductRepository;
pub use error::{DbError, is_unavailable};
pub use newsletter::PgNewsletterRepository;
pub use orders::PgOrderRepository;
pub use payments::PgPaymentRepository;
pub use pool::{Database, PoolSettings, create_database_if_missing, run_migrations};
pub use users::PgUserRepository;
