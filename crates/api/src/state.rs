//! What every handler can reach: the services, built by the composition root for each worker
//! around its own pool, with what the whole server shares.

use std::sync::Arc;

use actix_web::HttpRequest;
use async_trait::async_trait;
use bitik_cart::CartService;
use bitik_catalog::{AlertService, CatalogCache, CatalogService};
use bitik_common::BoxError;
use bitik_identity::AccountService;
use bitik_identity::audit::AuditService;
use bitik_identity::newsletter::NewsletterService;
use bitik_images::PictureStore;
use bitik_messages::MessageService;
use bitik_messages::conversations::{ConversationService, WebhookReader};
use bitik_orders::OrderService;
use bitik_orders::cash_on_delivery::CashOnDeliveryService;
use bitik_orders::delivery::DeliveryService;
use bitik_orders::notices::OrderNotices;
use bitik_orders::promo::PromoService;
use bitik_payments::reconciliation::ReconciliationService;
use bitik_payments::{PaymentService, RefundService};
use bitik_wave::Simulator;

use crate::frontend::Storefront;
use crate::lifecycle::Lifecycle;
use crate::rate_limit::{Limits, client_key};
use crate::settings::Settings;

pub struct AppState {
    pub config: Arc<Settings>,
    /// Whether the storage answers, for `/api/health`.
    pub storage: Arc<dyn StorageProbe>,
    pub accounts: AccountService,
    pub carts: CartService,
    pub orders: OrderService,
    /// Confirming cash-on-delivery orders, their expiry, refused parcels, couriers, phones.
    pub cash_on_delivery: CashOnDeliveryService,
    /// The delivery zones, for the storefront's list and the back office.
    pub delivery: DeliveryService,
    /// The promo codes: the back office's list and form, and the cart's check.
    pub promos: PromoService,
    pub payments: PaymentService,
    /// Wave refunds asked of Wave, and the shop's own refunds of cash-on-delivery orders.
    pub refunds: RefundService,
    /// The daily reconciliation of Wave and cash.
    pub reconciliation: ReconciliationService,
    /// Test mode's stand-in for Wave, whose checkout pages the server serves; `None` with Wave.
    pub simulator: Option<Arc<Simulator>>,
    pub catalog: CatalogService,
    /// Where the product pictures' files are kept (`UPLOAD_DIR` or a bucket), shared by the workers.
    pub pictures: Arc<dyn PictureStore>,
    /// Back-in-stock alerts: asked by shoppers, counted for the back office, told by a job.
    pub alerts: AlertService,
    /// The storefront's catalogue reads kept in memory, and the JSON made of them.
    pub catalog_cache: Arc<CatalogCache>,
    pub newsletter: NewsletterService,
    /// The audit log: the back office's « Journal », and what is recorded without a change.
    pub audit: AuditService,
    /// The outbox of messages, for the back office.
    pub messages: MessageService,
    /// WhatsApp conversations: customers' messages and staff's answers.
    pub conversations: ConversationService,
    /// WhatsApp's webhook, when its keys are set (`WHATSAPP_APP_SECRET`, `WHATSAPP_VERIFY_TOKEN`).
    pub whatsapp_webhook: Option<Arc<dyn WebhookReader>>,
    /// What each order event says to the customer: the back office's click-to-chat buttons say
    /// the same words.
    pub notices: Arc<OrderNotices>,
    /// The brakes on guessing and flooding, counted by the limiter every instance shares.
    pub limits: Limits,
    /// The built storefront, when there is one.
    pub storefront: Option<Arc<Storefront>>,
    /// Whether this instance is draining before it stops (readiness), shared by its workers.
    pub lifecycle: Arc<Lifecycle>,
}

impl AppState {
    /// The client of `req` that limits count against, as [`client_key`] reads it with the
    /// shop's `TRUSTED_PROXIES`.
    pub fn client(&self, req: &HttpRequest) -> String {
        let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok());
        client_key(req.peer_addr().map(|a| a.ip()), forwarded, &self.config.trusted_proxies)
    }
}

/// Asks the storage whether it answers (one cheap round trip), for the health checks, and what
/// only it knows of the instance's figures.
#[async_trait]
pub trait StorageProbe: Send + Sync {
    async fn ping(&self) -> Result<(), BoxError>;

    /// Whether the database holds every migration this program carries (readiness).
    async fn migrations_current(&self) -> Result<bool, BoxError>;

    /// Sets the gauges the storage knows (its pools' use, the outbox's backlog) before the
    /// metrics page is rendered. Best effort: a failure is logged, the page still answers.
    async fn record_gauges(&self);
}
