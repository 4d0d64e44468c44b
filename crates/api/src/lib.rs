//! The shop's HTTP face: routes by context, extractors, the one error envelope, middleware and
//! the OpenAPI document. It knows the domain's services; the composition root (`bitik-server`)
//! builds them around the adapters and hands them over in [`state::AppState`].

pub mod app;
pub mod audit;
pub mod auth;
pub use bitik_http_errors as error;
mod fallback;
pub mod frontend;
pub mod lifecycle;
pub mod middleware;
pub mod observe;
pub mod openapi;
pub mod order_access;
mod pictures;
pub mod rate_limit;
pub mod responses;
pub mod routes;
pub mod schema;
pub mod section;
pub mod settings;
pub mod state;

pub use app::app;
pub use section::Section;
pub use settings::Settings;
