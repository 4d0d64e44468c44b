//! How the shop presents itself, for the storefront's header, footer and pages: one answer, so
//! that a shop rebrands with its `SHOP_*` settings and no rebuild.

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(shop);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopDto {
    #[schema(example = "Bitik Dakar")]
    name: String,
    #[schema(example = "+221 77 000 00 00")]
    phone: String,
    /// Digits with the country code, as `wa.me` links want them.
    #[schema(example = "221770000000")]
    whatsapp: String,
    #[schema(example = "contact@bitik.sn")]
    email: String,
    #[schema(example = "Parcelles Assainies, Dakar, Sénégal")]
    address: String,
    /// Payments are simulated on purpose: the storefront shows « Mode test : aucun paiement réel ».
    test_mode: bool,
    /// E-mail is configured: `/forgot-password` offers a reset link by e-mail.
    reset_by_email: bool,
}

/// The shop's name and contacts, and whether its payments are real.
#[utoipa::path(tag = "shop", responses((status = 200, description = "The shop", body = Data<ShopDto>)))]
#[get("/shop")]
async fn shop(state: web::Data<AppState>) -> HttpResponse {
    let (shop, config) = (&state.config.shop, &state.config);
    HttpResponse::Ok().json(Data::new(ShopDto {
        name: shop.name.clone(),
        phone: shop.phone.clone(),
        whatsapp: shop.whatsapp.clone(),
        email: shop.email.clone(),
        address: shop.address.clone(),
        test_mode: config.test_payments,
        reset_by_email: state.accounts.resets_by_email(),
    }))
}
