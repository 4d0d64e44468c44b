//! The back office's HTTP face: every route of the shop's team, each taking `Staff<can::…>`, the
//! permission it needs (`bitik_identity::permissions`, docs/roles.md), next to its OpenAPI
//! operation naming the same permission. `bitik_api::app` serves it as a [`Section`] under `/api`,
//! with the storefront's routes, the one error envelope and the one middleware.

pub mod alerts;
pub mod audit;
pub mod cash_on_delivery;
pub mod conversations;
pub mod corrections;
pub mod courier;
pub mod delivery_zones;
pub mod invoices;
pub mod message_costs;
pub mod messages;
pub mod newsletter;
pub mod orders;
pub mod products;
pub mod promo_codes;
pub mod reports;
pub mod spreadsheet;
pub mod stock;
pub mod two_factor;
pub mod uploads;
pub mod users;

use actix_web::web;
use bitik_api::Section;
use bitik_orders::Actor;
use utoipa::OpenApi;

/// The back office, as `bitik_api::app` serves it.
pub const SECTION: Section = Section { routes, document: BackOfficeDoc::openapi };

/// Every back-office route, under the `/api` scope `cfg` belongs to. A literal segment is
/// registered before the parameter it would match (`/admin/orders/stats`, `/admin/users/stats`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.configure(audit::routes)
        .configure(reports::routes)
        .configure(orders::routes)
        .configure(message_costs::routes)
        .configure(messages::routes)
        .configure(conversations::routes)
        .configure(cash_on_delivery::routes)
        .configure(corrections::routes)
        .configure(invoices::routes)
        .configure(products::routes)
        .configure(stock::routes)
        .configure(alerts::routes)
        .configure(users::routes)
        .configure(delivery_zones::routes)
        .configure(promo_codes::routes)
        .configure(newsletter::routes)
        .configure(uploads::routes)
        .configure(courier::routes)
        .configure(two_factor::routes);
}

/// How an order's history names the staff member who acted.
fn actor(staff: &bitik_identity::User) -> Actor {
    Actor::admin(staff.id, &staff.first_name, &staff.last_name)
}

#[derive(OpenApi)]
#[openapi(
    paths(
        orders::list,
        orders::detail,
        orders::change_status,
        orders::record_payment,
        orders::refund,
        orders::check_refund,
        orders::set_tracking_note,
        orders::stats,
        message_costs::costs,
        messages::list,
        messages::of_order,
        messages::resend,
        conversations::list,
        conversations::conversation,
        conversations::reply,
        conversations::of_order,
        reports::payments,
        reports::payments_csv,
        reports::cash_received,
        cash_on_delivery::report_call,
        cash_on_delivery::mark_returned,
        cash_on_delivery::set_courier,
        cash_on_delivery::phone_record,
        cash_on_delivery::decide_for_phone,
        corrections::correct_delivery,
        corrections::correct_items,
        corrections::switch_to_cash,
        invoices::of_order,
        products::create,
        products::update,
        stock::adjust,
        stock::movements,
        products::remove,
        products::stats,
        products::export,
        products::import,
        alerts::waiting,
        users::list,
        users::detail,
        users::create,
        users::update,
        users::set_status,
        users::remove,
        users::stats,
        users::reset_link,
        delivery_zones::admin_zones,
        delivery_zones::create,
        delivery_zones::update,
        delivery_zones::remove,
        promo_codes::list,
        promo_codes::create,
        promo_codes::update,
        uploads::upload_images,
        newsletter::export,
        audit::list,
        courier::mine,
        courier::one_of_mine,
        audit::export,
        two_factor::setup,
        two_factor::enable,
        two_factor::disable,
    ),
    // Enums named only by query parameters: utoipa registers those of bodies and answers alone.
    components(schemas(
        orders::AdminOrderSort,
        orders::ConfirmationFilterName,
        users::AccountStatus,
        messages::MessageStateName,
    )),
    tags((name = "admin", description = "The back office: each operation names the permission it needs as its bearer scope (docs/roles.md)")),
)]
pub struct BackOfficeDoc;
