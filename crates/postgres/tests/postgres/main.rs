//! Adapter tests against a real PostgreSQL: each test on its own database.

mod catalog;
mod migrations;
mod users;
mod newsletter;
