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
    #[schema(example = "Lundi - Samedi : 9h - 19h")]
    hours: String,
    /// Registration numbers for the legal notice; empty: none shown.
    #[schema(example = "RCCM SN-DKR-2024-B-1234 · NINEA 012345678")]
    legal_id: String,
    social: SocialDto,
    /// Payments are simulated on purpose: the storefront shows « Mode test : aucun paiement réel ».
    test_mode: bool,
    /// E-mail is configured: `/forgot-password` offers a reset link by e-mail.
    reset_by_email: bool,
    /// Login codes can go out: `/login` offers « Recevoir un code sur WhatsApp » (or « par
    /// e-mail »).
    login_by_code: bool,
    /// How they go: `whatsapp`, or `email` (to the account the phone names) without WhatsApp;
    /// `null` when they cannot.
    #[schema(example = "whatsapp")]
    login_code_by: Option<&'static str>,
}

/// The shop's social pages; an empty address: no link.
#[derive(Serialize, ToSchema)]
#[schema(as = ShopSocialLinks)]
pub struct SocialDto {
    #[schema(example = "https://www.instagram.com/bitikdakar")]
    instagram: String,
    #[schema(example = "https://www.facebook.com/bitikdakar")]
    facebook: String,
    #[schema(example = "https://www.tiktok.com/@bitikdakar")]
    tiktok: String,
}

impl ShopDto {
    /// The shop as this server presents it.
    pub fn of(state: &AppState) -> Self {
        let (identity, config) = (&state.config.shop, &state.config);
        ShopDto {
            name: identity.name.clone(),
            phone: identity.phone.clone(),
            whatsapp: identity.whatsapp.clone(),
            email: identity.email.clone(),
            address: identity.address.clone(),
            hours: identity.hours.clone(),
            legal_id: identity.legal_id.clone(),
            social: SocialDto {
                instagram: identity.social.instagram.clone(),
                facebook: identity.social.facebook.clone(),
                tiktok: identity.social.tiktok.clone(),
            },
            test_mode: config.test_payments,
            reset_by_email: state.accounts.resets_by_email(),
            login_by_code: state.accounts.login_codes_available(),
            login_code_by: state.accounts.login_code_channel().map(|channel| match channel {
                bitik_identity::CodeChannel::WhatsApp => "whatsapp",
                bitik_identity::CodeChannel::Email => "email",
            }),
        }
    }
}

/// The shop's name, contacts, hours and social pages, and whether its payments are real. Every
/// page the server writes carries the same answer (`<script type="application/json" id="shop">`).
#[utoipa::path(tag = "shop", responses((status = 200, description = "The shop", body = Data<ShopDto>)))]
#[get("/shop")]
async fn shop(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(Data::new(ShopDto::of(&state)))
}
