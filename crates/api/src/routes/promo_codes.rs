//! The check of a promo code against the shopper's cart. The rules are `bitik_orders::promo`'s
//! (docs/rules.md#promo-codes); the back office's codes are `bitik_backoffice::promo_codes`.

use actix_web::{HttpResponse, post, web};
use bitik_cart::Cart;
use bitik_orders::promo::PromoLine;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::AuthUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(check);
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct PromoCheckBody {
    /// As the shopper typed it, any case.
    #[schema(value_type = String, required = true, pattern = r"\S", example = "bienvenue")]
    code: Option<String>,
}

/// What a code takes off the cart now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoQuoteDto {
    /// The code as the shop spells it.
    #[schema(example = "BIENVENUE")]
    code: String,
    /// In FCFA; delivery is never discounted.
    #[schema(example = 2500)]
    discount: i64,
    /// The cart's subtotal.
    subtotal: i64,
    /// The lines the code applies to (all, or those not on promotion).
    eligible_subtotal: i64,
}

/// The cart's lines as the promo rules read them.
fn promo_lines(cart: &Cart) -> Result<Vec<PromoLine>, ApiError> {
    cart.items
        .iter()
        .map(|item| {
            let amount = item.line_total().map_err(bitik_cart::CartError::from)?;
            Ok(PromoLine { amount, on_promotion: item.promo_price.is_some() })
        })
        .collect()
}

/// Checks a code against the customer's cart as it is now: the discount it gives, or why it
/// gives none (« Code expiré », « Montant minimum de 20 000 FCFA non atteint », « Code déjà
/// utilisé »…). Nothing is reserved: checkout checks again, and takes the use.
#[utoipa::path(tag = "cart", security(("bearer" = [])), request_body = PromoCheckBody, responses(
    (status = 200, description = "The discount", body = Data<PromoQuoteDto>),
    (status = 400, description = "No code typed", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 409, description = "The code does not apply, with the reason (`promo_code_refused`), or its uses are all taken (`promo_code_exhausted`); or the cart cannot be counted (`amount_too_large`)", body = ErrorBody),
))]
#[post("/cart/promo-code")]
async fn check(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    body: web::Json<PromoCheckBody>,
) -> Result<HttpResponse, ApiError> {
    let typed = body.into_inner().code.unwrap_or_default();
    let cart = state.carts.cart(user.id).await?;
    let lines = promo_lines(&cart)?;
    let (code, quote) = state.promos.check(user.id, &typed, &lines).await?;
    let subtotal = cart.subtotal().as_francs();
    Ok(HttpResponse::Ok().json(Data::new(PromoQuoteDto {
        code: code.fields.code,
        discount: quote.discount.as_francs(),
        subtotal,
        eligible_subtotal: quote.eligible.as_francs(),
    })))
}
