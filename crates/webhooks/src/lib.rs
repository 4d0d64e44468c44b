//! The providers' calls into the shop, each checked by its own credential rather than a session:
//! Wave's webhook (`wave.rs`) and WhatsApp's (`whatsapp.rs`); and test mode's stand-in for Wave's
//! checkout page, which delivers its webhooks the same way (`wave_simulator.rs`).
//! `bitik_api::app` serves them as a [`Section`] under `/api`, with the one error envelope and the
//! one middleware.

pub mod wave;
pub mod wave_simulator;
pub mod whatsapp;

use actix_web::web;
use bitik_api::Section;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

/// The webhooks, as `bitik_api::app` serves them.
pub const SECTION: Section = Section { routes, document: WebhooksDoc::openapi };

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.configure(wave::routes).configure(wave_simulator::routes).configure(whatsapp::routes);
}

/// A delivery taken: handled now, or before.
#[derive(Serialize, ToSchema)]
pub struct WebhookReceived {
    received: bool,
}

impl Default for WebhookReceived {
    fn default() -> Self {
        WebhookReceived { received: true }
    }
}

#[derive(OpenApi)]
#[openapi(
    paths(
        wave::webhook,
        wave_simulator::stylesheet,
        wave_simulator::page,
        wave_simulator::pay,
        wave_simulator::fail,
        whatsapp::subscribe,
        whatsapp::webhook
    ),
    tags((name = "whatsapp", description = "WhatsApp's webhook: statuses of the shop's messages and customers' messages")),
)]
pub struct WebhooksDoc;
