//! The demo shop loaded by `bitik seed`.
pub mod accounts;
