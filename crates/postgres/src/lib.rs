//! PostgreSQL adapter: the schema, the connection pool, migrations and one repository per
//! domain port. Domain types never derive diesel traits; rows are converted here.

mod catalog;
mod addresses;
mod carts;
mod error;
mod pool;
pub mod schema;
mod newsletter;
mod orders;
mod users;

#[cfg(feature = "testing")]
pub mod testing;

pub use catalog::PgProductRepository;
pub use addresses::PgAddressRepository;
pub use carts::PgCartRepository;
pub use error::{DbError, is_unavailable};
pub use newsletter::PgNewsletterRepository;
pub use orders::PgOrderRepository;
pub use users::PgUserRepository;
pub use pool::{Database, PoolSettings, create_database_if_missing, run_migrations};
