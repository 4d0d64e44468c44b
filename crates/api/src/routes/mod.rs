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
pub mod wave_simulator;
pub mod uploads;

use actix_web::web;

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

async fn unknown_route() -> Result<actix_web::HttpResponse, error::ApiError> {
    Err(error::ApiError::not_found("Cette adresse de l'API n'existe pas."))
}
