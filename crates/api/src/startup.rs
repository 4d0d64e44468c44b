//! The composition root: adapters are built here and handed to the services, and the services to
//! the HTTP application.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use bitik_cart::CartService;
use bitik_catalog::CatalogService;
use bitik_identity::newsletter::NewsletterService;
use bitik_identity::password::Argon2Hasher;
use bitik_identity::{AccountService, TokenService};
use bitik_orders::OrderService;
use bitik_postgres::{
    Database, PgAddressRepository, PgCartRepository, PgNewsletterRepository, PgOrderRepository, PgProductRepository,
    PgUserRepository, PoolSettings,
};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::config::Config;
use crate::openapi::ApiDoc;
use crate::pages::{self, Shell};
use crate::state::{AppState, Limits};
use crate::{error, frontend, middleware, routes};

/// How long a login lasts on a device.
const SESSION_LIFETIME: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// Largest JSON body accepted; product descriptions are the longest texts.
const JSON_LIMIT: usize = 256 * 1024;

pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Binds the port (0 picks a free one) and prepares the server without running it.
    pub fn build(config: Config) -> anyhow::Result<Self> {
        let database = Database::connect(&config.database_url, &PoolSettings::default())?;
        std::fs::create_dir_all(&config.upload_dir)
            .map_err(|e| anyhow::anyhow!("UPLOAD_DIR {} cannot be created: {e}", config.upload_dir.display()))?;
        let listener = TcpListener::bind((config.host.as_str(), config.port))?;
        let port = listener.local_addr()?.port();
        let state = web::Data::new(build_state(config, database));
        let server = HttpServer::new(move || {
            App::new()
                .wrap(from_fn(middleware::cache_headers))
                .wrap(Compress::default())
                .wrap(from_fn(middleware::json_errors))
                .wrap(from_fn(middleware::security_headers))
                .wrap(from_fn(middleware::log_request))
                .configure(|cfg| configure(cfg, &state))
        })
        .listen(listener)?
        // Requests in flight get this long to finish after SIGTERM.
        .shutdown_timeout(20)
        .run();
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Wires the adapters into the services. The CLI's commands use it too.
pub fn build_state(config: Config, database: Database) -> AppState {
    let users = Arc::new(PgUserRepository::new(database.clone()));
    let addresses = Arc::new(PgAddressRepository::new(database.clone()));
    let tokens = TokenService::new(config.jwt_secret.as_bytes(), SESSION_LIFETIME);
    let accounts = AccountService::new(users, addresses, Arc::new(Argon2Hasher), tokens);
    let newsletter = NewsletterService::new(Arc::new(PgNewsletterRepository::new(database.clone())));
    let products = Arc::new(PgProductRepository::new(database.clone()));
    let catalog = CatalogService::new(products.clone());
    let carts = CartService::new(Arc::new(PgCartRepository::new(database.clone())), products.clone());
    let orders = OrderService::new(Arc::new(PgOrderRepository::new(database.clone())), products);
    let shell = Shell::load(&config.frontend_dir.join("index.html"));
    AppState {
        config: Arc::new(config),
        database,
        accounts,
        carts,
        catalog,
        orders,
        newsletter,
        limits: Limits::default(),
        shell,
    }
}

fn configure(cfg: &mut web::ServiceConfig, state: &web::Data<AppState>) {
    cfg.app_data(state.clone())
        .app_data(web::JsonConfig::default().limit(JSON_LIMIT).error_handler(error::json_error))
        .app_data(web::QueryConfig::default().error_handler(error::query_error))
        .app_data(web::PathConfig::default().error_handler(error::path_error))
        .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", ApiDoc::openapi()))
        .configure(routes::configure)
        .configure(pages::routes)
        .service(frontend::uploads(&state.config.upload_dir));
    // Without a built frontend (API tests, `cargo run` before `npm run build`) only /api answers.
    if state.shell.is_some() {
        cfg.configure(pages::shell_routes).service(frontend::files(&state.config.frontend_dir));
    }
}
