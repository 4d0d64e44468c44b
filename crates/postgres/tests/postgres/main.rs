//! Adapter tests against a real PostgreSQL: each test on its own database.

mod carts;
mod catalog;
mod fixtures;
mod migrations;
mod newsletter;
mod orders;
mod pool;
mod users;
