//! The demo shop that `bitik seed` loads: its accounts, its catalogue and the pictures drawn for
//! it. The server itself never needs this crate.

pub mod accounts;
pub mod catalog;
mod illustration;
mod pictures;

pub use catalog::{SeedReport, seed_catalog};
pub use illustration::{colour_rgb, render_product, variant_for};
