use async_trait::async_trait;
use uuid::Uuid;

use crate::model::{CartLine, VariantRef};
use bitik_common::BoxError;

/// Customers' carts. Every method is scoped to the owner: another customer's line is missing.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CartRepository: Send + Sync {
    /// The lines, oldest first.
    async fn lines(&self, user_id: Uuid) -> Result<Vec<CartLine>, BoxError>;

    async fn line(&self, user_id: Uuid, line_id: Uuid) -> Result<Option<CartLine>, BoxError>;

    /// Adds `quantity` to the line of `variant` (creating it), unless the line would then hold
    /// more than `max`: then nothing changes and `None` is answered. Atomic, so two adds racing
    /// cannot pass the limit together.
    async fn add(
        &self,
        user_id: Uuid,
        variant: VariantRef,
        quantity: u32,
        max: u32,
    ) -> Result<Option<CartLine>, BoxError>;

    async fn set_quantity(&self, user_id: Uuid, line_id: Uuid, quantity: u32) -> Result<Option<CartLine>, BoxError>;

    async fn remove(&self, user_id: Uuid, line_id: Uuid) -> Result<bool, BoxError>;

    async fn clear(&self, user_id: Uuid) -> Result<(), BoxError>;

    /// In one transaction, adds each `(variant, quantity, max)` to the cart, the line's total
    /// capped at `max`.
    async fn merge(&self, user_id: Uuid, lines: Vec<(VariantRef, u32, u32)>) -> Result<(), BoxError>;
}
