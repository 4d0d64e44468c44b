use async_trait::async_trait;
use bitik_common::BoxError;
use chrono::NaiveDate;

use super::model::{ReportFacts, WaveTransaction};
use super::period::Period;

/// What the report reads of the shop's own records, dated in Dakar days
/// (`bitik_orders::stats::dakar_day`).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ReconciliationRepository: Send + Sync {
    /// Orders marked paid during the period (by `paid_at`), refunds that succeeded during it
    /// (by `settled_at`), Wave orders placed during it and not marked paid, and every delivered
    /// cash-on-delivery order whose cash is not recorded.
    async fn facts(&self, period: Period) -> Result<ReportFacts, BoxError>;
}

/// Why Wave's transactions of a day could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransactionsError {
    /// 401 or 403: the key may not use the Balance & Reconciliation API.
    #[error("the Wave key has no access to the Balance & Reconciliation API")]
    NoAccess,
    /// Anything else: a timeout, a refusal, an unreadable answer.
    #[error("Wave's transactions could not be read: {0}")]
    Failed(String),
}

/// Wave's Balance & Reconciliation API (`GET /v1/transactions`), which a key may or may not use.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait WaveTransactions: Send + Sync {
    /// Every transaction of the wallet on that day, all pages read.
    async fn transactions_of(&self, day: NaiveDate) -> Result<Vec<WaveTransaction>, TransactionsError>;
}
