//! What the month's WhatsApp messages cost (docs/messages.md#what-whatsapp-costs): the template
//! messages Meta took, per pricing category, at the prices the shop set.

use actix_web::{HttpResponse, get, web};
use bitik_messages::{CategoryCost, MonthCosts};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(costs);
}

#[derive(Deserialize, IntoParams)]
pub struct CostsParams {
    /// `YYYY-MM`; this month (Dakar time) when absent.
    #[param(pattern = r"^[2-9][0-9]{3}-(0[1-9]|1[0-2])$", example = "2026-12")]
    month: Option<String>,
}

/// A month's WhatsApp bill.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostsDto {
    #[schema(example = "2026-12")]
    month: String,
    categories: Vec<CategoryCostDto>,
    /// The month's cost in whole FCFA, when every category that sent something has a price.
    total: Option<i64>,
}

/// One pricing category's month.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryCostDto {
    /// `utility` or `authentication`.
    #[schema(example = "utility")]
    category: &'static str,
    /// « Utilitaire » (order messages) or « Authentification » (login codes).
    #[schema(example = "Utilitaire")]
    label: &'static str,
    /// Template messages Meta took this month.
    count: u64,
    /// One message's price in hundredths of a franc (`WHATSAPP_PRICE_*`); none when not set.
    #[schema(example = 240)]
    unit_price_hundredths: Option<i64>,
    /// « 2,40 FCFA », or « prix non renseigné ».
    #[schema(example = "2,40 FCFA")]
    unit_price_label: String,
    /// `count` at the price, in whole FCFA; none when the price is not set.
    cost: Option<i64>,
}

impl From<&CategoryCost> for CategoryCostDto {
    fn from(line: &CategoryCost) -> Self {
        CategoryCostDto {
            category: line.category.as_str(),
            label: line.category.label(),
            count: line.count,
            unit_price_hundredths: line.unit_price.map(|price| price.hundredths()),
            unit_price_label: line.unit_price.map_or_else(|| "prix non renseigné".to_owned(), |price| price.label()),
            cost: line.cost,
        }
    }
}

impl From<MonthCosts> for CostsDto {
    fn from(bill: MonthCosts) -> Self {
        CostsDto {
            month: bill.month.code(),
            categories: bill.categories.iter().map(CategoryCostDto::from).collect(),
            total: bill.total,
        }
    }
}

/// The month's WhatsApp template messages per category and what they cost.
#[utoipa::path(tag = "admin", security(("bearer" = ["figures.read"])), params(CostsParams), responses(
    (status = 200, description = "The month's bill", body = Data<CostsDto>),
    (status = 400, description = "Not a month (`AAAA-MM`)", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/messages/costs")]
async fn costs(
    state: web::Data<AppState>,
    _manager: Staff<can::ReadFigures>,
    params: web::Query<CostsParams>,
) -> Result<HttpResponse, ApiError> {
    let bill = state.messages.whatsapp_costs(params.month.as_deref()).await?;
    Ok(HttpResponse::Ok().json(Data::new(CostsDto::from(bill))))
}
