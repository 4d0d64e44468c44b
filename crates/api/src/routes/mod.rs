//! Every route of the API, by context. Each module registers its own under `/api`.

pub mod addresses;
pub mod alerts;
pub mod auth;
pub mod cart;
pub mod cash_on_delivery;
pub mod catalog;
pub mod delivery;
pub mod health;
pub mod invoices;
pub mod login_code;
pub mod newsletter;
pub mod order_corrections;
pub mod order_dto;
pub mod orders;
pub mod pages;
pub mod payments;
pub mod products;
pub mod promo_codes;
pub mod shop;
pub mod whole;

use actix_web::web;

/// Every route of the API, under the `/api` scope `cfg` belongs to.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(health::routes)
        .configure(shop::routes)
        .configure(catalog::routes)
        .configure(auth::routes)
        .configure(login_code::routes)
        .configure(addresses::routes)
        .configure(cart::routes)
        .configure(delivery::routes)
        .configure(promo_codes::routes)
        .configure(cash_on_delivery::routes)
        .configure(alerts::routes)
        .configure(order_corrections::routes)
        .configure(invoices::routes)
        .configure(orders::routes)
        .configure(payments::routes)
        .configure(newsletter::routes);
}
