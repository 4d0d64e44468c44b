//! What every handler can reach: the services, built in `startup` for each worker around its own
//! pool, with what the whole server shares.

use std::sync::Arc;

use bitik_cart::CartService;
use bitik_catalog::CatalogService;
use bitik_identity::AccountService;
use bitik_identity::newsletter::NewsletterService;
use bitik_orders::OrderService;
use bitik_payments::PaymentService;
use bitik_postgres::{CatalogCache, Database};
use bitik_wave::Simulator;

use crate::config::Config;
use crate::rate_limit::RateLimiter;

pub struct AppState {
    pub config: Arc<Config>,
    pub database: Database,
    pub accounts: AccountService,
    pub carts: CartService,
    pub orders: OrderService,
    pub payments: PaymentService,
    /// Test mode's stand-in for Wave, whose checkout pages the server serves; `None` with Wave.
    pub simulator: Option<Arc<Simulator>>,
    pub catalog: CatalogService,
    /// The storefront's catalogue reads kept in memory, and the JSON made of them.
    pub catalog_cache: Arc<CatalogCache>,
    pub newsletter: NewsletterService,
    pub limits: Arc<Limits>,
    /// The built storefront's `index.html`, when there is one.
    pub shell: Option<Arc<crate::pages::Shell>>,
}

/// Brakes on guessing: failed logins per e-mail and per client address, reset attempts per client.
pub struct Limits {
    pub login_per_email: RateLimiter,
    pub login_per_client: RateLimiter,
    pub reset_per_client: RateLimiter,
}

impl Default for Limits {
    fn default() -> Self {
        let quarter_hour = std::time::Duration::from_secs(15 * 60);
        Self {
            login_per_email: RateLimiter::new(5, quarter_hour),
            login_per_client: RateLimiter::new(20, quarter_hour),
            reset_per_client: RateLimiter::new(10, quarter_hour),
        }
    }
}
