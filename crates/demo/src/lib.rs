//! The demo shop that `bitik seed` loads: its accounts, its catalogue and the pictures drawn for
//! it; with `--demo-orders`, a month of orders by demo customers. The server itself never needs
//! this crate.

pub mod accounts;
pub mod catalog;
mod illustration;
pub mod orders;
mod pictures;

pub use catalog::{SeedReport, seed_catalog};
pub use illustration::{color_rgb, render_product, variant_for};
