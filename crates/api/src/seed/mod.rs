//! The demo shop loaded by `bitik seed`.
pub mod accounts;
pub mod catalog;

pub use catalog::{SeedReport, seed_catalog};
