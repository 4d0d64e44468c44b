use std::sync::Arc;

use super::error::DeliveryError;
use super::form::ZoneForm;
use super::ports::{ZoneRemoval, ZoneRepository, ZoneWriteError};
use super::zone::DeliveryZone;

/// The zones as the storefront lists them and the back office edits them.
pub struct DeliveryService {
    zones: Arc<dyn ZoneRepository>,
}

impl DeliveryService {
    pub fn new(zones: Arc<dyn ZoneRepository>) -> Self {
        Self { zones }
    }

    /// What shoppers can order to.
    pub async fn active_zones(&self) -> Result<Vec<DeliveryZone>, DeliveryError> {
        self.zones.list(true).await.map_err(DeliveryError::Repository)
    }

    /// Every zone, inactive ones included, for the back office.
    pub async fn all_zones(&self) -> Result<Vec<DeliveryZone>, DeliveryError> {
        self.zones.list(false).await.map_err(DeliveryError::Repository)
    }

    pub async fn zone(&self, code: &str) -> Result<DeliveryZone, DeliveryError> {
        self.zones.find(code).await.map_err(DeliveryError::Repository)?.ok_or(DeliveryError::NotFound)
    }

    pub async fn create(&self, form: ZoneForm) -> Result<DeliveryZone, DeliveryError> {
        let zone = form.check(None)?;
        self.zones.create(zone).await.map_err(written)
    }

    /// Changes a zone's fees, delay, switches or communes. Orders already placed keep the fee
    /// they were charged: it is theirs, not the zone's.
    pub async fn update(&self, code: &str, form: ZoneForm) -> Result<DeliveryZone, DeliveryError> {
        let current = self.zone(code).await?;
        let zone = form.check(Some(&current))?;
        self.zones.update(zone).await.map_err(written)?.ok_or(DeliveryError::NotFound)
    }

    /// Deletes a zone no order names; one that orders name is deactivated instead.
    pub async fn remove(&self, code: &str) -> Result<ZoneRemoval, DeliveryError> {
        match self.zones.remove(code).await.map_err(DeliveryError::Repository)? {
            ZoneRemoval::NotFound => Err(DeliveryError::NotFound),
            done => Ok(done),
        }
    }
}

fn written(error: ZoneWriteError) -> DeliveryError {
    match error {
        ZoneWriteError::CodeTaken => DeliveryError::CodeTaken,
        ZoneWriteError::CommuneTaken { commune, zone } => DeliveryError::CommuneTaken { commune, zone },
        ZoneWriteError::Other(e) => DeliveryError::Repository(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::form::RawCommune;
    use crate::delivery::ports::MockZoneRepository;
    use crate::delivery::zone::tests::dakar;
    use bitik_common::Money;

    fn form(fee: i64) -> ZoneForm {
        ZoneForm {
            name: Some("Dakar ville".into()),
            fee: Some(fee),
            delay: Some("24 h".into()),
            communes: vec![RawCommune { code: None, name: Some("Médina".into()) }],
            ..ZoneForm::default()
        }
    }

    #[tokio::test]
    async fn an_update_changes_the_zone_named_by_the_address_and_keeps_its_switches() {
        let mut zones = MockZoneRepository::new();
        zones.expect_find().withf(|code| code == "dakar-ville").returning(|_| {
            let mut zone = dakar();
            zone.cash_on_delivery = false;
            Ok(Some(zone))
        });
        zones
            .expect_update()
            .withf(|zone| zone.code == "dakar-ville" && zone.fee == Money::francs(2_000) && !zone.cash_on_delivery)
            .times(1)
            .returning(|zone| Ok(Some(zone)));
        let service = DeliveryService::new(Arc::new(zones));
        let zone = service.update("dakar-ville", form(2_000)).await.unwrap();
        assert_eq!(zone.express_fee, None, "the form sent no express fee: express is no longer offered");
    }

    #[tokio::test]
    async fn a_form_refused_or_a_zone_unknown_writes_nothing() {
        let mut zones = MockZoneRepository::new();
        zones.expect_find().returning(|_| Ok(None));
        zones.expect_update().never();
        zones.expect_create().never();
        let service = DeliveryService::new(Arc::new(zones));
        assert!(matches!(service.update("nulle-part", form(2_000)).await, Err(DeliveryError::NotFound)));
        assert!(matches!(service.create(form(-1)).await, Err(DeliveryError::Validation { .. })));
    }

    #[tokio::test]
    async fn a_commune_of_another_zone_is_refused_by_name() {
        let mut zones = MockZoneRepository::new();
        zones
            .expect_create()
            .returning(|_| Err(ZoneWriteError::CommuneTaken { commune: "Médina".into(), zone: "Dakar ville".into() }));
        let service = DeliveryService::new(Arc::new(zones));
        let error = service.create(form(1_000)).await.unwrap_err();
        assert_eq!(error.to_string(), "La commune Médina appartient déjà à la zone Dakar ville.");
    }

    #[tokio::test]
    async fn removing_says_whether_the_zone_went_or_was_kept_inactive() {
        let mut zones = MockZoneRepository::new();
        zones.expect_remove().withf(|code| code == "regions").returning(|_| Ok(ZoneRemoval::Deactivated));
        zones.expect_remove().returning(|_| Ok(ZoneRemoval::NotFound));
        let service = DeliveryService::new(Arc::new(zones));
        assert_eq!(service.remove("regions").await.unwrap(), ZoneRemoval::Deactivated);
        assert!(matches!(service.remove("autre").await, Err(DeliveryError::NotFound)));
    }
}
