//! The providers' calls into the shop, each checked by its own credential rather than a session:
//! WhatsApp's webhook (`whatsapp.rs`). `bitik_api::app` serves them as a [`Section`] under `/api`,
//! with the one error envelope and the one middleware.

pub mod whatsapp;

use actix_web::web;
use bitik_api::Section;
use utoipa::OpenApi;

/// The webhooks, as `bitik_api::app` serves them.
pub const SECTION: Section = Section { routes, document: WebhooksDoc::openapi };

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.configure(whatsapp::routes);
}

#[derive(OpenApi)]
#[openapi(
    paths(whatsapp::subscribe, whatsapp::webhook),
    tags((name = "whatsapp", description = "WhatsApp's webhook: statuses of the shop's messages and customers' messages")),
)]
pub struct WebhooksDoc;
