//! The HTTP application of one worker: its middleware, the API under `/api`, the pages the
//! server writes and the built storefront.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, web};
use utoipa_swagger_ui::SwaggerUi;

use crate::routes::pages;
use crate::section::Section;
use crate::state::AppState;
use crate::{audit, fallback, frontend, middleware, observe, openapi, pictures, routes};

/// The application serving `state` and `sections`: what `HttpServer::new` builds on each worker.
pub fn app(
    state: web::Data<AppState>,
    sections: &'static [Section],
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .wrap(from_fn(middleware::refuse_nul))
        .wrap(from_fn(middleware::cache_headers))
        .wrap(Compress::default())
        .wrap(from_fn(middleware::error_answers))
        .wrap(from_fn(middleware::compress_json))
        .wrap(from_fn(middleware::security_headers))
        .wrap(from_fn(audit::audit_scope))
        .wrap(from_fn(middleware::log_request))
        .configure(|cfg| configure(cfg, &state, sections))
}

fn configure(cfg: &mut web::ServiceConfig, state: &web::Data<AppState>, sections: &'static [Section]) {
    let api = |cfg: &mut web::ServiceConfig| {
        for section in sections {
            cfg.configure(section.routes);
        }
        cfg.configure(routes::configure);
    };
    cfg.app_data(state.clone())
        .app_data(web::JsonConfig::default().limit(middleware::JSON_LIMIT).error_handler(fallback::json_error))
        .app_data(web::QueryConfig::default().error_handler(fallback::query_error))
        .app_data(web::PathConfig::default().error_handler(fallback::path_error))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi::document(sections).clone()))
        .service(web::scope("/api").configure(api).default_service(web::to(fallback::unknown_route)))
        .configure(observe::routes)
        .configure(pages::routes)
        .configure(|cfg| pictures::routes(cfg, &state.config.pictures, &state.config.upload_dir));
    // Without a built frontend (API tests, `cargo run` before `npm run build`) only /api answers.
    if state.storefront.is_some() {
        let dir = &state.config.frontend_dir;
        cfg.configure(pages::shell_routes)
            .service(frontend::assets(dir))
            .service(frontend::files(dir, pages::other_page));
    }
}
