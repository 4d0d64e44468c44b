//! API tests: the real application on a random port, each test with its own database.

mod cart;
mod catalog;
mod foundation;
mod identity;
mod orders;
mod helpers;
