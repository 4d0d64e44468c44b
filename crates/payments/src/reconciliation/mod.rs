//! The daily reconciliation of the money: per Dakar day and per method (Wave, cash on delivery),
//! what the shop marked paid, what Wave confirms, what went back to customers, and what needs
//! attention (docs/rules.md#reconciliation).
//!
//! `report.rs` holds the arithmetic, pure functions of the facts the storage gives and of Wave's
//! answers; `service.rs` asks both, Wave within bounds (only the period's orders, a time limit
//! per call, a cap on calls), and says in the report what Wave could not tell.

mod error;
mod model;
mod period;
mod ports;
mod report;
mod service;

pub use error::ReportError;
pub use model::{
    CashOwed, CashOwedItem, DayFigures, MethodFigures, OpenWaveOrder, PaidOrder, PaymentReport, RefundMeans,
    ReportFacts, SettledRefund, UnmarkedWavePayment, WaveCheck, WaveComparison, WaveMismatch, WaveReported, WaveSource,
    WaveTransaction,
};
pub use period::{MAX_PERIOD_DAYS, Period};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockReconciliationRepository, MockWaveTransactions};
pub use ports::{ReconciliationRepository, TransactionsError, WaveTransactions};
pub use report::{WaveFindings, build, check_paid_order, unmarked_payment};
pub use service::{ReconciliationService, WaveLimits};

#[cfg(test)]
mod tests;
