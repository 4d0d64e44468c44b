use async_trait::async_trait;
use bitik_common::BoxError;

use super::zone::{Commune, DeliveryZone};

/// Why a zone could not be written. Nothing was.
#[derive(Debug, thiserror::Error)]
pub enum ZoneWriteError {
    #[error("a delivery zone already has this code")]
    CodeTaken,
    /// A commune of the form already belongs to another zone (named by their names).
    #[error("commune {commune} belongs to zone {zone}")]
    CommuneTaken { commune: String, zone: String },
    #[error(transparent)]
    Other(BoxError),
}

/// What removing a zone did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneRemoval {
    Deleted,
    /// Orders name the zone: it is kept, inactive.
    Deactivated,
    NotFound,
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ZoneRepository: Send + Sync {
    /// The zones with their communes (only the active ones when `active_only`): the cheapest
    /// standard fee first, then by name; communes by name, ignoring case and accents.
    async fn list(&self, active_only: bool) -> Result<Vec<DeliveryZone>, BoxError>;

    async fn find(&self, code: &str) -> Result<Option<DeliveryZone>, BoxError>;

    /// The zone that covers the commune `code`, active or not, and the commune.
    async fn find_by_commune(&self, code: &str) -> Result<Option<(DeliveryZone, Commune)>, BoxError>;

    /// In one transaction: the zone and its communes.
    async fn create(&self, zone: DeliveryZone) -> Result<DeliveryZone, ZoneWriteError>;

    /// In one transaction: the zone named by `zone.code` takes the other fields and exactly the
    /// communes listed (those left out leave the zone; placed orders keep their names). `None`
    /// when there is no such zone.
    async fn update(&self, zone: DeliveryZone) -> Result<Option<DeliveryZone>, ZoneWriteError>;

    /// In one transaction: deletes the zone and its communes, unless orders name it, in which
    /// case it is deactivated.
    async fn remove(&self, code: &str) -> Result<ZoneRemoval, BoxError>;
}
