//! Wave's Balance & Reconciliation API: `GET /v1/transactions?date=YYYY-MM-DD`, read page after
//! page (`after` = the last page's `end_cursor`) for the daily report. A key is granted this API
//! apart from Checkout, so 401 and 403 mean « no access », not a broken key.

use async_trait::async_trait;
use bitik_common::Money;
use bitik_payments::reconciliation::{TransactionsError, WaveTransaction, WaveTransactions};
use chrono::{DateTime, NaiveDate, Utc};
use reqwest::StatusCode;
use serde::Deserialize;

use crate::client::WaveClient;
use crate::simulator::Simulator;

/// Pages read for one day at most: a small shop's day fits in one or two.
const MAX_PAGES: usize = 20;

#[derive(Debug, Deserialize)]
struct PageJson {
    #[serde(default)]
    page_info: Option<PageInfoJson>,
    #[serde(default)]
    items: Vec<TransactionJson>,
}

#[derive(Debug, Deserialize)]
struct PageInfoJson {
    #[serde(default)]
    end_cursor: Option<String>,
    #[serde(default)]
    has_next_page: bool,
}

#[derive(Debug, Deserialize)]
struct TransactionJson {
    transaction_id: String,
    timestamp: DateTime<Utc>,
    amount: String,
    #[serde(default)]
    fee: Option<String>,
    #[serde(default)]
    transaction_type: String,
    #[serde(default)]
    is_reversal: bool,
}

/// A signed amount of whole francs (`"-5000"`); Wave writes XOF without decimals.
fn signed_francs(raw: &str) -> Option<Money> {
    let (sign, digits) = match raw.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, raw),
    };
    let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| digits.parse::<i64>().ok()).flatten().map(|n| Money::francs(sign * n))
}

impl TransactionJson {
    fn into_transaction(self) -> Result<WaveTransaction, String> {
        let amount = signed_francs(&self.amount).ok_or_else(|| format!("amount {:?}", self.amount))?;
        let fee = match self.fee.as_deref() {
            None | Some("") => Money::ZERO,
            Some(raw) => signed_francs(raw).ok_or_else(|| format!("fee {raw:?}"))?,
        };
        Ok(WaveTransaction {
            id: self.transaction_id,
            at: self.timestamp,
            amount,
            fee,
            kind: self.transaction_type,
            is_reversal: self.is_reversal,
        })
    }
}

#[async_trait]
impl WaveTransactions for WaveClient {
    async fn transactions_of(&self, day: NaiveDate) -> Result<Vec<WaveTransaction>, TransactionsError> {
        let mut found = Vec::new();
        let mut after: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let mut query = vec![("date", day.format("%Y-%m-%d").to_string())];
            if let Some(cursor) = &after {
                query.push(("after", cursor.clone()));
            }
            let (status, body) = self.get_raw("/v1/transactions", &query).await.map_err(TransactionsError::Failed)?;
            match status {
                StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => return Err(TransactionsError::NoAccess),
                s if !s.is_success() => return Err(TransactionsError::Failed(format!("HTTP {}", s.as_u16()))),
                _ => {}
            }
            let page: PageJson = serde_json::from_slice(&body)
                .map_err(|e| TransactionsError::Failed(format!("unreadable transactions: {e}")))?;
            for item in page.items {
                found.push(item.into_transaction().map_err(TransactionsError::Failed)?);
            }
            match page.page_info {
                Some(PageInfoJson { has_next_page: true, end_cursor: Some(cursor) }) => after = Some(cursor),
                _ => return Ok(found),
            }
        }
        Err(TransactionsError::Failed(format!("more than {MAX_PAGES} pages of transactions")))
    }
}

/// Test mode keeps no wallet: the report compares sessions only, as with a key without access.
#[async_trait]
impl WaveTransactions for Simulator {
    async fn transactions_of(&self, _day: NaiveDate) -> Result<Vec<WaveTransaction>, TransactionsError> {
        Err(TransactionsError::NoAccess)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_signed_whole_francs() {
        assert_eq!(signed_francs("12500"), Some(Money::francs(12_500)));
        assert_eq!(signed_francs("-5000"), Some(Money::francs(-5_000)));
        for bad in ["", "-", "12.5", "1e3", "--1"] {
            assert_eq!(signed_francs(bad), None, "{bad:?}");
        }
    }
}
