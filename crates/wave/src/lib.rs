//! Wave Checkout: the HTTP client implementing the payments domain's gateway port, the webhook
//! signature check and event reading, the Balance & Reconciliation API's transactions, amounts as Wave writes them, and the simulator that stands
//! in for Wave in test mode.

pub mod amount;
mod client;
pub mod signature;
pub mod simulator;
mod transactions;
mod webhook;
mod wire;

pub use amount::{parse_wave_amount, wave_amount};
pub use client::{DEFAULT_TIMEOUT, WaveClient};
pub use signature::{SignatureError, sign, verify};
pub use simulator::{Delivery, SIMULATOR_PATH, Simulated, Simulator, SimulatorError};
pub use webhook::WaveWebhooks;

#[cfg(test)]
mod client_tests;
