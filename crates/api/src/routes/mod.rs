//! Every route of the API, by context. Each module registers its own under `/api`.

pub mod addresses;
pub mod admin_orders;
pub mod admin_products;
pub mod admin_users;
pub mod auth;
pub mod cart;
pub mod catalog;
pub mod health;
pub mod newsletter;
pub mod orders;
pub mod payments;
pub mod uploads;
pub mod wave_simulator;
pub mod whole;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};

use crate::error;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .configure(health::routes)
            .configure(catalog::routes)
            .configure(auth::routes)
            .configure(addresses::routes)
            .configure(cart::routes)
            .configure(admin_orders::routes)
            .configure(admin_products::routes)
            .configure(admin_users::routes)
            .configure(orders::routes)
            .configure(payments::routes)
            .configure(wave_simulator::routes)
            .configure(newsletter::routes)
            .configure(uploads::routes)
            .default_service(web::to(unknown_route)),
    );
}

/// A path the API has, asked with a method it does not take, answers 405 with the methods it
/// does take (from the OpenAPI document, so the two cannot disagree); any other path, 404.
async fn unknown_route(req: HttpRequest) -> Result<HttpResponse, error::ApiError> {
    method_not_allowed(&req).ok_or_else(|| error::ApiError::not_found("Cette adresse de l'API n'existe pas."))
}

/// The 405 answer when the document lists `req`'s path but not its method.
pub fn method_not_allowed(req: &HttpRequest) -> Option<HttpResponse> {
    let path = req.path().strip_prefix("/api")?;
    let allowed = crate::openapi::methods_of(path);
    if allowed.is_empty() || allowed.contains(&req.method().as_str()) {
        return None;
    }
    let mut response = error::for_status(StatusCode::METHOD_NOT_ALLOWED).error_response();
    if let Ok(value) = HeaderValue::from_str(&allowed.join(", ")) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    Some(response)
}
