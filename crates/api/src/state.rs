//! What every handler can reach: the services, built by the composition root for each worker
//! around its own pool, with what the whole server shares.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_cart::CartService;
use bitik_catalog::{CatalogCache, CatalogService};
use bitik_common::BoxError;
use bitik_identity::AccountService;
use bitik_identity::newsletter::NewsletterService;
use bitik_orders::OrderService;
use bitik_orders::delivery::DeliveryService;
use bitik_payments::PaymentService;
use bitik_wave::Simulator;

use crate::frontend::Storefront;
use crate::rate_limit::RateLimiter;
use crate::settings::Settings;

pub struct AppState {
    pub config: Arc<Settings>,
    /// Whether the storage answers, for `/api/health`.
    pub storage: Arc<dyn StorageProbe>,
    pub accounts: AccountService,
    pub carts: CartService,
    pub orders: OrderService,
    /// The delivery zones, for the storefront's list and the back office.
    pub delivery: DeliveryService,
    pub payments: PaymentService,
    /// Test mode's stand-in for Wave, whose checkout pages the server serves; `None` with Wave.
    pub simulator: Option<Arc<Simulator>>,
    pub catalog: CatalogService,
    /// The storefront's catalogue reads kept in memory, and the JSON made of them.
    pub catalog_cache: Arc<CatalogCache>,
    pub newsletter: NewsletterService,
    pub limits: Arc<Limits>,
    /// The built storefront, when there is one.
    pub storefront: Option<Arc<Storefront>>,
}

/// Asks the storage whether it answers (one cheap round trip), for the health check.
#[async_trait]
pub trait StorageProbe: Send + Sync {
    async fn ping(&self) -> Result<(), BoxError>;
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
