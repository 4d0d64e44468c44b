use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use bitik_orders::PaymentMethod;
use bitik_orders::stats::dakar_day;
use futures_util::StreamExt;
use futures_util::stream;
use uuid::Uuid;

use super::error::ReportError;
use super::model::{
    OpenWaveOrder, PaidOrder, PaymentReport, UnmarkedWavePayment, WaveCheck, WaveComparison, WaveSource,
};
use super::period::Period;
use super::ports::{ReconciliationRepository, TransactionsError, WaveTransactions};
use super::report::{WaveFindings, build, check_paid_order, unmarked_payment};
use crate::model::WaveSession;
use crate::ports::{GatewayError, WaveGateway};
use crate::service::Clock;

/// How much of Wave one report may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WaveLimits {
    /// Each call to Wave, whatever the client's own limit.
    pub per_call: Duration,
    /// Orders Wave is asked about, at most; the others are said unchecked.
    pub max_orders: usize,
    /// Calls under way at once.
    pub at_once: usize,
}

impl Default for WaveLimits {
    fn default() -> Self {
        WaveLimits { per_call: Duration::from_secs(5), max_orders: 300, at_once: 4 }
    }
}

/// The daily reconciliation of Wave and cash (docs/rules.md#reconciliation).
pub struct ReconciliationService {
    records: Arc<dyn ReconciliationRepository>,
    gateway: Arc<dyn WaveGateway>,
    transactions: Arc<dyn WaveTransactions>,
    clock: Clock,
    limits: WaveLimits,
}

enum Job<'a> {
    Paid(&'a PaidOrder),
    Open(&'a OpenWaveOrder),
}

enum Finding {
    Check(Uuid, WaveCheck),
    Unmarked(Option<UnmarkedWavePayment>),
    Unanswered(String),
}

impl ReconciliationService {
    pub fn new(
        records: Arc<dyn ReconciliationRepository>,
        gateway: Arc<dyn WaveGateway>,
        transactions: Arc<dyn WaveTransactions>,
    ) -> Self {
        Self { records, gateway, transactions, clock: Arc::new(chrono::Utc::now), limits: WaveLimits::default() }
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    pub fn with_limits(mut self, limits: WaveLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The report of the Dakar days `from` to `to` (`YYYY-MM-DD`). Wave's failures are said in
    /// the report, never an error: the shop's own figures stand without them.
    pub async fn report(&self, from: Option<&str>, to: Option<&str>) -> Result<PaymentReport, ReportError> {
        let period = Period::parse(from, to)?;
        let now = (self.clock)();
        let facts = self.records.facts(period).await.map_err(ReportError::Repository)?;
        let paid: Vec<&PaidOrder> = facts
            .paid
            .iter()
            .filter(|o| o.method == PaymentMethod::Wave && period.contains(dakar_day(o.paid_at)))
            .collect();
        let jobs: Vec<Job> = paid.iter().map(|o| Job::Paid(o)).chain(facts.open_wave.iter().map(Job::Open)).collect();
        let skipped = jobs.len().saturating_sub(self.limits.max_orders);
        let answers: Vec<Finding> = stream::iter(jobs.into_iter().take(self.limits.max_orders))
            .map(|job| self.ask(job))
            .buffer_unordered(self.limits.at_once.max(1))
            .collect()
            .await;
        let mut checks = HashMap::new();
        let mut unmarked = Vec::new();
        let mut failures = Vec::new();
        for answer in answers {
            match answer {
                Finding::Check(id, WaveCheck::Unchecked { reason }) => {
                    failures.push(reason.clone());
                    checks.insert(id, WaveCheck::Unchecked { reason });
                }
                Finding::Check(id, check) => {
                    checks.insert(id, check);
                }
                Finding::Unmarked(found) => unmarked.extend(found),
                Finding::Unanswered(reason) => failures.push(reason),
            }
        }
        let asked = (paid.len() + facts.open_wave.len()).min(self.limits.max_orders);
        let mut notes = Vec::new();
        if skipped > 0 {
            notes.push(format!(
                "Plus de {} commandes Wave sur la période : {skipped} commande(s) non vérifiée(s) auprès de Wave. Choisissez une période plus courte.",
                self.limits.max_orders
            ));
        }
        if let Some(first) = failures.first() {
            notes.push(format!(
                "Wave n'a pas répondu pour {} commande(s), qui ne sont pas vérifiées ({first}). Réessayez plus tard.",
                failures.len()
            ));
        }
        let (source, transactions, note) = self.transactions_of(period, now).await;
        notes.extend(note);
        let comparison = WaveComparison {
            source,
            checked: (asked - failures.len()) as u64,
            unchecked: (failures.len() + skipped) as u64,
            notes,
            simulated: self.gateway.is_simulated(),
        };
        build(period, now, &facts, WaveFindings { checks, unmarked, transactions, comparison })
    }

    async fn ask(&self, job: Job<'_>) -> Finding {
        match job {
            Job::Paid(order) => match self.sessions_of_paid(order).await {
                Ok(sessions) => Finding::Check(order.id, check_paid_order(order, &sessions)),
                Err(reason) => Finding::Check(order.id, WaveCheck::Unchecked { reason }),
            },
            Job::Open(order) => match self.call(self.gateway.search_sessions(&order.id.to_string())).await {
                Ok(sessions) => Finding::Unmarked(unmarked_payment(order, &sessions)),
                Err(reason) => Finding::Unanswered(reason),
            },
        }
    }

    /// The session the shop holds, read again from Wave; when it does not show the payment,
    /// every session Wave has for the order's reference.
    async fn sessions_of_paid(&self, order: &PaidOrder) -> Result<Vec<WaveSession>, String> {
        let mut sessions = Vec::new();
        if let Some(id) = &order.session_id {
            match self.call(self.gateway.get_session(id)).await {
                Ok(session) => {
                    let done =
                        matches!(check_paid_order(order, std::slice::from_ref(&session)), WaveCheck::Confirmed { .. });
                    sessions.push(session);
                    if done {
                        return Ok(sessions);
                    }
                }
                Err(reason) if reason != NOT_FOUND => return Err(reason),
                Err(_) => {}
            }
        }
        sessions.extend(self.call(self.gateway.search_sessions(&order.id.to_string())).await?);
        Ok(sessions)
    }

    async fn call<T>(&self, call: impl Future<Output = Result<T, GatewayError>>) -> Result<T, String> {
        match tokio::time::timeout(self.limits.per_call, call).await {
            Err(_) => Err("Wave n'a pas répondu à temps".to_owned()),
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(GatewayError::NotFound)) => Err(NOT_FOUND.to_owned()),
            Ok(Err(GatewayError::RateLimited { .. })) => Err("Wave limite nos requêtes".to_owned()),
            Ok(Err(GatewayError::Rejected { status, code, .. })) => {
                Err(format!("Wave a refusé la requête : {status} {code}"))
            }
            Ok(Err(GatewayError::Unknown(_))) => Err("Wave n'a pas répondu".to_owned()),
        }
    }

    /// Wave's transactions of the period's days up to today, when the key may read them.
    async fn transactions_of(
        &self,
        period: Period,
        now: chrono::DateTime<chrono::Utc>,
    ) -> (WaveSource, BTreeMap<chrono::NaiveDate, Vec<super::model::WaveTransaction>>, Option<String>) {
        let today = dakar_day(now);
        let days: Vec<_> = period.days().filter(|d| *d <= today).collect();
        let mut found = BTreeMap::new();
        let Some((first, rest)) = days.split_first() else {
            return (WaveSource::Sessions, found, None);
        };
        // One day first: a key without access is refused at once, and the rest is not asked.
        let ask = |day: chrono::NaiveDate| async move {
            let answer = tokio::time::timeout(self.limits.per_call, self.transactions.transactions_of(day)).await;
            (day, answer.unwrap_or_else(|_| Err(TransactionsError::Failed("timed out".into()))))
        };
        let mut answers = vec![ask(*first).await];
        if matches!(answers[0].1, Err(TransactionsError::NoAccess)) {
            return (WaveSource::Sessions, found, Some(SESSIONS_ONLY.to_owned()));
        }
        answers.extend(
            stream::iter(rest.iter().copied())
                .map(ask)
                .buffer_unordered(self.limits.at_once.max(1))
                .collect::<Vec<_>>()
                .await,
        );
        let mut missing = Vec::new();
        for (day, answer) in answers {
            match answer {
                Ok(transactions) => {
                    found.insert(day, transactions);
                }
                Err(_) => missing.push(day),
            }
        }
        missing.sort();
        let note = match missing.as_slice() {
            [] => None,
            [first, ..] if found.is_empty() => Some(format!(
                "Wave n'a pas donné ses transactions (à partir du {}) : le rapport compare les sessions seulement.",
                first.format("%d/%m/%Y")
            )),
            some => Some(format!(
                "Wave n'a pas donné ses transactions de {} jour(s) (dont le {}) : leurs frais ne sont pas indiqués.",
                some.len(),
                some[0].format("%d/%m/%Y")
            )),
        };
        let source = if found.is_empty() { WaveSource::Sessions } else { WaveSource::Transactions };
        (source, found, note)
    }
}

const NOT_FOUND: &str = "Wave ne connaît pas cette session";

/// What the report says when the key may not read Wave's transactions.
pub const SESSIONS_ONLY: &str = "La clé Wave n'a pas accès à l'API Balance & Reconciliation : le rapport compare les sessions seulement, sans les frais de Wave.";
