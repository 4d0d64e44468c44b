//! A part of the API served by `bitik_api::app` from another crate.

use actix_web::web;

/// A part of the API that lives in its own crate (the back office, `bitik-backoffice`): its
/// routes, served under `/api` with the storefront's, and its part of the OpenAPI document.
#[derive(Clone, Copy)]
pub struct Section {
    pub routes: fn(&mut web::ServiceConfig),
    pub document: fn() -> utoipa::openapi::OpenApi,
}
