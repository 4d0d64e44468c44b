//! Test mode's record of the Wave sessions its simulator opens (docs/rules.md#payments), kept in
//! the shop's storage like Wave keeps its own: a restart, another instance and the demo shop's
//! orders all see the same sessions, so that « Caisse » reconciles test mode as it would Wave.

use async_trait::async_trait;
use bitik_common::BoxError;
use chrono::{DateTime, Utc};

use crate::model::WaveSession;

/// A simulated session with the addresses Wave would send the shopper back to.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulatedSession {
    pub session: WaveSession,
    pub success_url: String,
    pub error_url: String,
    /// When the tester's shop refunded the session's payment.
    pub refunded_at: Option<DateTime<Utc>>,
}

/// Where test mode keeps its sessions. Each change is conditional, as Wave's own are: two
/// instances (or a tester and the expiry sweep) acting on one session cannot both succeed.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SimulatedSessions: Send + Sync {
    async fn insert(&self, simulated: &SimulatedSession) -> Result<(), BoxError>;

    async fn find(&self, id: &str) -> Result<Option<SimulatedSession>, BoxError>;

    /// Every session opened for `client_reference`, oldest first.
    async fn of_reference(&self, client_reference: &str) -> Result<Vec<SimulatedSession>, BoxError>;

    /// Writes `session` as the session's new state if it is still open and not past its
    /// lifetime at `now`; false when it no longer was (nothing written).
    async fn change_open(&self, session: &WaveSession, now: DateTime<Utc>) -> Result<bool, BoxError>;

    /// Marks the session's payment refunded at `at` if it succeeded and was not refunded yet;
    /// false otherwise (nothing written).
    async fn mark_refunded(&self, id: &str, at: DateTime<Utc>) -> Result<bool, BoxError>;
}
