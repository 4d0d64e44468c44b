//! Delivery zones: the list shoppers choose their commune from (public), and the back office's
//! screens that edit it (administrators only). The rules are `bitik_orders::delivery`'s.

use actix_web::{HttpResponse, get, web};
use bitik_orders::delivery::{Commune, DeliveryZone};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list_zones);
}

#[derive(Serialize, ToSchema)]
pub struct CommuneDto {
    #[schema(example = "medina")]
    code: String,
    #[schema(example = "Médina")]
    name: String,
}

/// A delivery zone. Amounts are whole FCFA.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryZoneDto {
    #[schema(example = "dakar-ville")]
    code: String,
    #[schema(example = "Dakar ville")]
    name: String,
    /// Standard delivery.
    #[schema(example = 1500)]
    fee: i64,
    /// `null`: express delivery is not offered in the zone.
    #[schema(example = 2500)]
    express_fee: Option<i64>,
    /// Standard delivery is free from this subtotal; `null`: never free.
    #[schema(example = 50000)]
    free_from: Option<i64>,
    /// As shoppers read it.
    #[schema(example = "24 h")]
    delay: String,
    /// Express delivery's own delay; `null` exactly when express is not offered.
    #[schema(example = "Le jour même")]
    express_delay: Option<String>,
    /// Whether cash on delivery is taken in the zone.
    cash_on_delivery: bool,
    active: bool,
    /// By name, ignoring case and accents.
    communes: Vec<CommuneDto>,
}

impl From<DeliveryZone> for DeliveryZoneDto {
    fn from(zone: DeliveryZone) -> Self {
        DeliveryZoneDto {
            code: zone.code,
            name: zone.name,
            fee: zone.fee.as_francs(),
            express_fee: zone.express_fee.map(|fee| fee.as_francs()),
            free_from: zone.free_from.map(|from| from.as_francs()),
            delay: zone.delay,
            express_delay: zone.express_delay,
            cash_on_delivery: zone.cash_on_delivery,
            active: zone.active,
            communes: zone.communes.into_iter().map(|Commune { code, name }| CommuneDto { code, name }).collect(),
        }
    }
}

pub fn listed(zones: Vec<DeliveryZone>) -> Data<Vec<DeliveryZoneDto>> {
    Data::new(zones.into_iter().map(DeliveryZoneDto::from).collect())
}

/// The zones shoppers may order to, with their communes: the cheapest standard fee first. The
/// fee checkout charges is the one listed for the commune's zone.
#[utoipa::path(tag = "delivery", responses(
    (status = 200, description = "The active zones", body = Data<Vec<DeliveryZoneDto>>),
))]
#[get("/delivery/zones")]
async fn list_zones(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(listed(state.delivery.active_zones().await?)))
}
