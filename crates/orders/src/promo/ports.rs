use async_trait::async_trait;
use bitik_common::BoxError;
use uuid::Uuid;

use super::model::{NewPromoCode, PromoCode, PromoCodeStats, Usage};

/// Why a code could not be written. Nothing was.
#[derive(Debug, thiserror::Error)]
pub enum PromoWriteError {
    /// Another code has this name, whatever the case.
    #[error("a promo code already has this name")]
    CodeTaken,
    #[error(transparent)]
    Other(BoxError),
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait PromoCodeRepository: Send + Sync {
    /// Every code with its uses and revenue, newest first.
    async fn list(&self) -> Result<Vec<PromoCodeStats>, BoxError>;

    async fn find(&self, id: Uuid) -> Result<Option<PromoCode>, BoxError>;

    async fn create(&self, code: NewPromoCode) -> Result<PromoCode, PromoWriteError>;

    /// `None` when there is no such code.
    async fn update(&self, id: Uuid, code: NewPromoCode) -> Result<Option<PromoCode>, PromoWriteError>;

    /// The code spelled `code` whatever its case, with how often it was used in all and by
    /// `user_id` (orders not cancelled).
    async fn find_with_usage(&self, code: &str, user_id: Uuid) -> Result<Option<(PromoCode, Usage)>, BoxError>;
}
