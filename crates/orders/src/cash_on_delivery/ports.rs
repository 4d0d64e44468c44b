use async_trait::async_trait;
use bitik_common::BoxError;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::confirmation::ConfirmationAttempt;
use super::courier::Courier;
use super::phone_record::{PhoneOverride, PhoneRecord};
use crate::model::{Order, StatusChange};

/// The writes of cash on delivery. Each is conditional on the order's state, in one
/// transaction, so that two people (or a person and the expiry sweep) acting on one order at
/// once cannot both succeed: `None`/`false` says the order was not as required, and changed
/// nothing.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CashOnDeliveryRepository: Send + Sync {
    /// If the order is pending, paid on delivery and not confirmed (and, when `by_link`, its
    /// link unused): sets its confirmation to `attempt.outcome`, keeps the attempt, appends
    /// `entry` to the history when there is one, and marks the link used when `by_link`.
    async fn record_attempt(
        &self,
        id: Uuid,
        attempt: ConfirmationAttempt,
        entry: Option<StatusChange>,
        by_link: bool,
    ) -> Result<Option<Order>, BoxError>;

    /// Pending cash-on-delivery orders not confirmed, asked for before `requested_before`,
    /// oldest first, at most `limit`.
    async fn unconfirmed_before(&self, requested_before: DateTime<Utc>, limit: u32) -> Result<Vec<Uuid>, BoxError>;

    /// If the order is still pending, not confirmed, and asked for before `requested_before`:
    /// cancels it, returns its units to stock and appends `change`. False when it no longer is.
    async fn cancel_unconfirmed(
        &self,
        id: Uuid,
        requested_before: DateTime<Utc>,
        change: StatusChange,
    ) -> Result<bool, BoxError>;

    /// If the order is refused and not yet returned: marks it returned at `entry.at`, returns
    /// its units to stock and appends `entry`.
    async fn mark_returned(&self, id: Uuid, entry: StatusChange) -> Result<Option<Order>, BoxError>;

    /// If the order is shipped: sets (or, with `None`, clears) its courier.
    async fn set_courier(&self, id: Uuid, courier: Option<Courier>) -> Result<Option<Order>, BoxError>;

    /// The processing and shipped orders whose courier is the account `courier`, oldest first.
    async fn carried_by(&self, courier: Uuid) -> Result<Vec<Order>, BoxError>;
}

/// Phones' records: counted from the orders, with the admins' decisions.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PhoneRecords: Send + Sync {
    /// The record of `phone` (E.164); a phone never seen has a blank one.
    async fn record(&self, phone: &str) -> Result<PhoneRecord, BoxError>;

    /// Replaces the admin's decision about `phone` and answers its record.
    async fn set_override(&self, phone: &str, decision: PhoneOverride) -> Result<PhoneRecord, BoxError>;
}
