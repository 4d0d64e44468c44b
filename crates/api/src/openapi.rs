//! The OpenAPI 3 document, generated from the handlers' annotations, served at
//! `/api/openapi.json` and browsable (offline: the UI is embedded) at `/api/docs/`.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::ErrorBody;
use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(title = "Bitik API", description = "The shop's HTTP API. Errors always answer `ErrorBody`."),
    servers((url = "/api")),
    paths(
        routes::health::health,
        routes::catalog::list,
        routes::catalog::promotions,
        routes::catalog::new_arrivals,
        routes::catalog::similar,
        routes::catalog::show,
        routes::auth::register,
        routes::auth::login,
        routes::auth::me,
        routes::auth::update_profile,
        routes::auth::change_password,
        routes::auth::logout,
        routes::auth::forgot_password,
        routes::auth::reset_password,
        routes::addresses::list,
        routes::addresses::create,
        routes::addresses::update,
        routes::addresses::remove,
        routes::addresses::make_default,
        routes::admin_orders::list,
        routes::admin_orders::detail,
        routes::admin_orders::change_status,
        routes::admin_orders::record_payment,
        routes::admin_products::create,
        routes::admin_products::update,
        routes::admin_products::set_stock,
        routes::admin_products::remove,
        routes::admin_users::reset_link,
        routes::cart::shipping_info,
        routes::cart::get_cart,
        routes::cart::add,
        routes::cart::update_item,
        routes::cart::remove_item,
        routes::cart::clear,
        routes::cart::merge,
        routes::orders::place,
        routes::orders::list,
        routes::orders::detail,
        routes::orders::cancel,
        routes::payments::init,
        routes::payments::status,
        routes::payments::order_status,
        routes::payments::cancel,
        routes::payments::webhook,
        routes::wave_simulator::stylesheet,
        routes::wave_simulator::page,
        routes::wave_simulator::pay,
        routes::wave_simulator::fail,
        routes::newsletter::subscribe,
        routes::newsletter::export,
    ),
    components(schemas(ErrorBody, routes::catalog::ProductDto)),
    modifiers(&BearerAuth),
    tags(
        (name = "health", description = "Liveness of the server and its database"),
        (name = "auth", description = "Accounts and sessions"),
        (name = "catalog", description = "Browsing and searching the products"),
        (name = "addresses", description = "The customer's address book"),
        (name = "admin", description = "Administration (administrators only)"),
        (name = "cart", description = "The customer's cart and delivery fees"),
        (name = "orders", description = "The customer's orders"),
        (name = "payments", description = "Wave payments: sessions, status, webhook, and test mode's simulator"),
        (name = "newsletter", description = "The shop's newsletter list"),
    ),
)]
pub struct ApiDoc;

/// Session tokens travel as `Authorization: Bearer <token>`.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}
