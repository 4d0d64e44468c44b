//! The composition root: adapters are built here and handed to the services, and the services to
//! the HTTP application.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::{HttpServer, web};
use async_trait::async_trait;
use bitik_api::frontend::Storefront;
use bitik_api::lifecycle::Lifecycle;
use bitik_api::rate_limit::Limits;
use bitik_api::state::{AppState, StorageProbe};
use bitik_cart::CartService;
use bitik_catalog::{AlertService, CachedProducts, CatalogCache, CatalogService};
use bitik_common::BoxError;
use bitik_identity::audit::AuditService;
use bitik_identity::login_code::CodeKey;
use bitik_identity::newsletter::NewsletterService;
use bitik_identity::password::Argon2Hasher;
use bitik_identity::ports::CodeSender;
use bitik_identity::{AccountService, CodeChannel, LoginCodes, TokenService};
use bitik_images::PictureStore;
use bitik_mail::{MailCodes, SmtpChannel};
use bitik_messages::conversations::{ConversationService, WebhookReader};
use bitik_messages::templates::Templates;
use bitik_messages::{Channels, MessageChannel, MessageService, Sender};
use bitik_orders::OrderLinks;
use bitik_orders::OrderService;
use bitik_orders::cash_on_delivery::{CashOnDeliveryService, ConfirmationLinks};
use bitik_orders::delivery::DeliveryService;
use bitik_orders::notices::OrderNotices;
use bitik_orders::promo::PromoService;
use bitik_payments::reconciliation::{ReconciliationService, WaveTransactions};
use bitik_payments::{PaymentService, RefundService, WaveGateway};
use bitik_postgres::{
    Database, PgAddressRepository, PgAuditLog, PgCartRepository, PgConversations, PgInvoiceRepository, PgJobRuns,
    PgLoginCodes, PgNewsletterRepository, PgOrderRepository, PgOutbox, PgPaymentRepository, PgPhoneRecords,
    PgProductRepository, PgPromoCodeRepository, PgRateLimiter, PgReconciliationRepository, PgSimulatedSessions,
    PgStockAlerts, PgTwoFactorRepository, PgUserRepository, PgZoneRepository, PoolSettings, listen_for_changes,
    listen_for_messages,
};
use bitik_storage::{ObjectPictures, StorageSettings};
use bitik_wave::{Simulator, WaveClient, WaveWebhooks};
use bitik_whatsapp::{CloudApi, CloudWebhook, WhatsAppCodes};

use crate::config::Config;
use crate::jobs;

/// How long a login lasts on a device.
const SESSION_LIFETIME: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// Connections the workers hold between them: a few kept busy beat many fighting over two cores.
const WORKER_CONNECTIONS: usize = 10;

/// The pool of the server's periodic jobs (`jobs.rs`): a statement at a time each.
const BACKGROUND_POOL: PoolSettings = PoolSettings {
    name: "background",
    max_size: 3,
    wait_timeout: std::time::Duration::from_secs(3),
    connect_timeout: std::time::Duration::from_secs(3),
    statement_timeout: std::time::Duration::from_secs(10),
};

/// How often the sender looks at the outbox when nothing woke it.
const SEND_EVERY: std::time::Duration = std::time::Duration::from_secs(15);

/// How long the sender may take to finish the message in hand at shutdown.
const SENDER_STOP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(25);

/// The sender's pool: one message held at a time, and a statement to read the next.
const SENDER_POOL: PoolSettings = PoolSettings {
    name: "sender",
    max_size: 2,
    wait_timeout: std::time::Duration::from_secs(3),
    connect_timeout: std::time::Duration::from_secs(3),
    statement_timeout: std::time::Duration::from_secs(10),
};

/// How often the histograms' recent samples are folded in, between two readings of `/metrics`.
const METRICS_UPKEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

pub struct Application {
    port: u16,
    server: Server,
    /// The periodic jobs, each claiming its slots (`jobs.rs`).
    jobs: Vec<tokio::task::JoinHandle<()>>,
    upkeep: tokio::task::JoinHandle<()>,
    /// Sends the outbox's messages until told to stop.
    sender: tokio::task::JoinHandle<()>,
    stop_sender: tokio::sync::watch::Sender<bool>,
    /// Wakes the sender at each message written.
    outbox_listener: tokio::task::JoinHandle<()>,
    /// Listens to the catalogue's changes for the read cache.
    changes: tokio::task::JoinHandle<()>,
    catalog_cache: Arc<CatalogCache>,
    /// Whether the instance drains before it stops.
    lifecycle: Arc<Lifecycle>,
    drain: std::time::Duration,
}

impl Application {
    /// Binds the port (0 picks a free one) and prepares the server without running it.
    pub fn build(config: Config) -> anyhow::Result<Self> {
        // Before any pool or task takes its metrics' handles.
        let metrics = bitik_api::observe::recorder();
        let upkeep = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(METRICS_UPKEEP_EVERY);
            loop {
                ticks.tick().await;
                metrics.run_upkeep();
            }
        });
        let listener = TcpListener::bind((config.host.as_str(), config.port))?;
        let port = listener.local_addr()?.port();
        let shared = Shared::new(config)?;
        if shared.test_mode() {
            tracing::warn!("WAVE_API_KEY is not set: Wave payments run in test mode, with the built-in simulator.");
        }
        let background = Database::connect(&shared.config.database_url, &BACKGROUND_POOL)?;
        let runs = PgJobRuns::new(background.clone(), jobs::instance_name());
        let jobs = jobs::spawn_jobs(web::Data::new(shared.state(background)), runs, shared.config.sweep_every);
        let channel: Option<Arc<dyn MessageChannel>> = match &shared.config.mail {
            Some(mail) => Some(Arc::new(SmtpChannel::from_url(&mail.smtp_url, &mail.from)?)),
            None => {
                tracing::warn!(
                    "SMTP_URL is not set: messages are written but not sent; read them in the back office (/admin/messages)."
                );
                None
            }
        };
        let outbox = Arc::new(PgOutbox::new(Database::connect(&shared.config.database_url, &SENDER_POOL)?));
        let wake = Arc::new(tokio::sync::Notify::new());
        let outbox_listener = tokio::spawn(listen_for_messages(shared.config.database_url.clone(), wake.clone()));
        let (stop_sender, stopping) = tokio::sync::watch::channel(false);
        let channels =
            Channels { email: channel, whatsapp: shared.whatsapp.clone().map(|api| api as Arc<dyn MessageChannel>) };
        let sender = tokio::spawn(run_sender(Sender::new(outbox, channels), wake, stopping));
        let catalog_cache = shared.catalog_cache.clone();
        let lifecycle = shared.lifecycle.clone();
        let drain = shared.config.drain;
        let changes = tokio::spawn(listen_for_changes(shared.config.database_url.clone(), catalog_cache.clone()));
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let worker_pool = PoolSettings { max_size: WORKER_CONNECTIONS.div_ceil(workers), ..PoolSettings::default() };
        // Each worker serves from its own state around its own pool, whose connections its own
        // thread drives (`Database::connect_for_this_thread`); what must be one for the whole
        // shop (password hashing's turns, the catalogue's read cache) is shared, and rate limits
        // and test mode's Wave sessions are kept in PostgreSQL.
        let server = HttpServer::new(move || {
            let database = Database::connect_for_this_thread(&shared.config.database_url, &worker_pool)
                .expect("the same URL and settings as the background pool's");
            bitik_api::app(
                web::Data::new(shared.state(database)),
                &[bitik_backoffice::SECTION, bitik_webhooks::SECTION],
            )
        })
        .workers(workers)
        .listen(listener)?
        // Signals are `stop_on_signals`' (`bitik serve`): SIGTERM drains first.
        .disable_signals()
        // Requests in flight get this long to finish once the server stops.
        .shutdown_timeout(20)
        .run();
        Ok(Self {
            port,
            server,
            jobs,
            upkeep,
            sender,
            stop_sender,
            outbox_listener,
            changes,
            catalog_cache,
            lifecycle,
            drain,
        })
    }

    /// What the instance tells its load balancer: draining or not.
    pub fn lifecycle(&self) -> Arc<Lifecycle> {
        self.lifecycle.clone()
    }

    /// Stops the server at the process's signals. SIGTERM: readiness answers 503 at once and the
    /// instance keeps serving for `DRAIN_SECONDS`, so that the load balancer takes it out before
    /// its listener closes; then requests in flight are finished (20 s at most). SIGINT (Ctrl-C
    /// in a terminal): the same without the drain.
    pub fn stop_on_signals(&self) -> std::io::Result<tokio::task::JoinHandle<()>> {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        let handle: ServerHandle = self.server.handle();
        let lifecycle = self.lifecycle.clone();
        let drain = self.drain;
        Ok(tokio::spawn(async move {
            tokio::select! {
                _ = terminate.recv() => {
                    lifecycle.drain();
                    tracing::info!(seconds = drain.as_secs_f64(), "SIGTERM: draining (readiness answers 503), then stopping");
                    tokio::time::sleep(drain).await;
                }
                _ = interrupt.recv() => tracing::info!("SIGINT: stopping"),
            }
            handle.stop(true).await;
        }))
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The storefront's catalogue reads kept in memory, shared by the workers.
    pub fn catalog_cache(&self) -> Arc<CatalogCache> {
        self.catalog_cache.clone()
    }

    /// Serves until the server stops; the background expiry sweep stops with it.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stopped = self.server.await;
        for job in &self.jobs {
            job.abort();
        }
        self.upkeep.abort();
        self.changes.abort();
        self.outbox_listener.abort();
        // The message in hand is finished (or, past the time, left pending: its transaction
        // rolls back and another pass sends it).
        let _ = self.stop_sender.send(true);
        let mut sender = self.sender;
        if tokio::time::timeout(SENDER_STOP_TIMEOUT, &mut sender).await.is_err() {
            sender.abort();
        }
        stopped
    }
}

/// Sends what is due, then waits to be woken by a message written, for [`SEND_EVERY`] (a retry
/// falling due), or to be stopped.
async fn run_sender(sender: Sender, wake: Arc<tokio::sync::Notify>, mut stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        if *stop.borrow() {
            return;
        }
        send_once(&sender).await;
        tokio::select! {
            _ = stop.changed() => return,
            _ = wake.notified() => {}
            _ = tokio::time::sleep(SEND_EVERY) => {}
        }
    }
}

/// One pass of the sender. The logs name messages by id and kind, never their recipient's
/// words: a body (or a reset link) never reaches them.
async fn send_once(sender: &Sender) {
    match sender.send_due().await {
        Ok(report) => {
            metrics::counter!("bitik_outbox_sent_total").increment(report.sent as u64);
            metrics::counter!("bitik_outbox_send_failures_total", "outcome" => "retried")
                .increment(report.retried as u64);
            metrics::counter!("bitik_outbox_send_failures_total", "outcome" => "failed")
                .increment(report.failed as u64);
            if report.sent + report.failed + report.retried + report.not_configured > 0 {
                tracing::info!(
                    sent = report.sent,
                    retried = report.retried,
                    failed = report.failed,
                    not_configured = report.not_configured,
                    "outbox messages handled"
                );
            }
            for (id, kind, error) in report.errors {
                tracing::warn!(%id, kind, error, "a message could not be sent");
            }
        }
        Err(error) => tracing::warn!(error = %error, "the outbox could not be read"),
    }
}

/// One pass of every periodic job's work, unclaimed (`jobs::sweep_once`).
pub async fn sweep_once(state: &AppState) {
    jobs::sweep_once(state).await;
}

/// Wires the adapters into the services around one pool. The CLI's commands use it too.
pub fn build_state(config: Config, database: Database) -> anyhow::Result<AppState> {
    Ok(Shared::new(config)?.state(database))
}

/// Wave's Checkout API, its Balance API, and test mode's simulator when it stands in for both.
type Wave = (Arc<dyn WaveGateway>, Arc<dyn WaveTransactions>, Option<Arc<Simulator>>);

/// What every state of the server shares: the configuration, the password hasher (its turns are
/// the machine's), Wave's client (test mode's simulator keeps its sessions in PostgreSQL, so each
/// state has its own around its own pool), the catalogue's read cache and the built storefront.
#[derive(Clone)]
pub struct Shared {
    config: Arc<Config>,
    catalog_cache: Arc<CatalogCache>,
    hasher: Arc<Argon2Hasher>,
    /// Wave's client (Checkout, and the Balance & Reconciliation API for the daily report);
    /// `None` in test mode.
    wave: Option<Arc<WaveClient>>,
    /// Signs test mode's simulated webhook deliveries and checks every delivery's signature.
    wave_secret: String,
    webhooks: Arc<WaveWebhooks>,
    storefront: Option<Arc<Storefront>>,
    /// What the messages say, and which an order's events send.
    templates: Templates,
    notices: Arc<OrderNotices>,
    lifecycle: Arc<Lifecycle>,
    /// Where the product pictures are kept (`UPLOAD_DIR` or a bucket).
    pictures: Arc<dyn PictureStore>,
    /// The shop's number on WhatsApp, when `WHATSAPP_TOKEN` is set: the outbox's WhatsApp channel.
    whatsapp: Option<Arc<CloudApi>>,
    /// Its webhook, when `WHATSAPP_APP_SECRET` and `WHATSAPP_VERIFY_TOKEN` are set.
    webhook: Option<Arc<dyn WebhookReader>>,
    /// How login codes go out: on WhatsApp, else by e-mail when `SMTP_URL` is set, else not at all.
    code_sender: Option<CodeSending>,
}

/// How login codes go out.
#[derive(Clone)]
enum CodeSending {
    WhatsApp(WhatsAppCodes),
    Email(Arc<MailCodes>),
}

impl CodeSending {
    /// The sender, codes sent on WhatsApp recorded in `outbox` (for the month's bill); an e-mail
    /// costs nothing and is not recorded.
    fn recording_in(&self, outbox: Arc<PgOutbox>) -> (Arc<dyn CodeSender>, CodeChannel) {
        match self {
            CodeSending::WhatsApp(codes) => (Arc::new(codes.recording_in(outbox)), CodeChannel::WhatsApp),
            CodeSending::Email(mail) => (mail.clone(), CodeChannel::Email),
        }
    }
}

impl Shared {
    /// Wave itself when its key is configured; otherwise test mode, where the simulator signs its
    /// webhook deliveries with the configured secret or one made for this run.
    pub fn new(config: Config) -> anyhow::Result<Self> {
        let wave = &config.wave;
        let secret = wave.webhook_secret.clone().unwrap_or_else(|| {
            let bytes: [u8; 32] = rand::random();
            bytes.iter().map(|b| format!("{b:02x}")).collect()
        });
        let client = match &wave.api_key {
            Some(key) => Some(Arc::new(WaveClient::new(&wave.api_base, key, wave.timeout)?)),
            None => None,
        };
        // The shop's number on WhatsApp, when `WHATSAPP_TOKEN` is set.
        let whatsapp = match &config.whatsapp {
            Some(number) => Some(Arc::new(CloudApi::new(
                &number.api_base,
                &number.phone_number_id,
                &number.token,
                bitik_whatsapp::DEFAULT_TIMEOUT,
            )?)),
            None => None,
        };
        let storefront = Storefront::load(&config.http.frontend_dir).map(Arc::new);
        let pictures = picture_store(&config)?;
        let templates = Templates::new(config.http.shop.clone(), &config.http.public_url);
        let code_sender = match (&whatsapp, &config.whatsapp, &config.mail) {
            (Some(api), Some(number), _) => {
                Some(CodeSending::WhatsApp(WhatsAppCodes::new(api.clone(), &number.login_code_template)))
            }
            (_, _, Some(mail)) => {
                let smtp = Arc::new(SmtpChannel::from_url(&mail.smtp_url, &mail.from)?);
                Some(CodeSending::Email(Arc::new(MailCodes::new(smtp, templates.clone()))))
            }
            _ => None,
        };
        let mut notices = OrderNotices::new(
            templates.clone(),
            ConfirmationLinks::new(config.jwt_secret.as_bytes(), &config.http.public_url),
            OrderLinks::new(config.jwt_secret.as_bytes(), &config.http.public_url),
        );
        if let Some(number) = &config.whatsapp {
            notices = notices.with_whatsapp(number.templates(&config.http.shop.name));
        }
        let notices = Arc::new(notices);
        let webhook = config.whatsapp.as_ref().and_then(|number| {
            let keys = number.webhook.as_ref()?;
            let reader = CloudWebhook::new(&keys.app_secret, &keys.verify_token, &number.phone_number_id);
            Some(Arc::new(reader) as Arc<dyn WebhookReader>)
        });
        Ok(Self {
            templates,
            notices,
            catalog_cache: CatalogCache::new(config.catalog_cache),
            config: Arc::new(config),
            hasher: Arc::new(Argon2Hasher::for_this_machine()),
            wave: client,
            webhooks: Arc::new(WaveWebhooks::new(&secret)),
            wave_secret: secret,
            storefront,
            lifecycle: Arc::new(Lifecycle::new()),
            pictures,
            whatsapp,
            webhook,
            code_sender,
        })
    }

    /// Payments run in test mode, with the built-in simulator.
    pub fn test_mode(&self) -> bool {
        self.wave.is_none()
    }

    /// Wave's Checkout and Balance APIs, or test mode's simulator with its sessions in `database`.
    fn wave_for(&self, database: &Database) -> Wave {
        match &self.wave {
            Some(client) => (client.clone(), client.clone(), None),
            None => {
                let http = &self.config.http;
                let sessions = Arc::new(PgSimulatedSessions::new(database.clone()));
                let simulator =
                    Arc::new(Simulator::new(sessions, &self.wave_secret, &http.shop.name, &http.public_url));
                (simulator.clone(), simulator.clone(), Some(simulator))
            }
        }
    }

    /// The services, their repositories borrowing from `database`.
    pub fn state(&self, database: Database) -> AppState {
        let config = &self.config;
        let (gateway, transactions, simulator) = self.wave_for(&database);
        let users = Arc::new(PgUserRepository::new(database.clone()));
        let addresses = Arc::new(PgAddressRepository::new(database.clone()));
        let tokens = TokenService::new(config.jwt_secret.as_bytes(), SESSION_LIFETIME);
        let two_factor = Arc::new(PgTwoFactorRepository::new(database.clone()));
        let audit_log = Arc::new(PgAuditLog::new(database.clone()));
        let mut accounts = AccountService::new(users, addresses, self.hasher.clone(), tokens)
            .with_two_factor(two_factor, config.two_factor_policy(), &config.http.shop.name)
            .with_audit(audit_log.clone());
        if config.mail.is_some() {
            accounts = accounts.with_reset_mail(self.templates.clone());
        }
        let outbox = Arc::new(PgOutbox::new(database.clone()));
        if let Some(sending) = &self.code_sender {
            let (sender, channel) = sending.recording_in(outbox.clone());
            accounts = accounts.with_login_codes(LoginCodes {
                store: Arc::new(PgLoginCodes::new(database.clone())),
                sender,
                channel,
                key: CodeKey::derive(config.jwt_secret.as_bytes()),
                countries: config.login_codes.countries.clone(),
            });
        }
        let newsletter = NewsletterService::new(Arc::new(PgNewsletterRepository::new(database.clone())));
        let products = Arc::new(PgProductRepository::new(database.clone()));
        // The storefront's reads may come from memory; a cart's or an order's never do.
        let catalog = CatalogService::new(Arc::new(CachedProducts::new(products.clone(), self.catalog_cache.clone())));
        let carts = CartService::new(Arc::new(PgCartRepository::new(database.clone())), products.clone());
        // Whether a variant is sold out is read from the database, never from memory.
        let alerts =
            AlertService::new(products.clone(), Arc::new(PgStockAlerts::new(database.clone(), self.templates.clone())));
        // Every order event the customer or the shop hears of writes its messages in its own
        // transaction, e-mail configured or not (they are then shown as not sent).
        let order_repository = Arc::new(PgOrderRepository::new(database.clone()).with_notices(self.notices.clone()));
        let zones = Arc::new(PgZoneRepository::new(database.clone()));
        let phones = Arc::new(PgPhoneRecords::new(database.clone()));
        let cod = config.cash_on_delivery;
        let promo_codes = Arc::new(PgPromoCodeRepository::new(database.clone()));
        let orders = OrderService::new(order_repository.clone(), products, zones.clone())
            .with_phone_records(phones.clone(), cod.max_refusals)
            .with_promo_codes(promo_codes.clone())
            .with_corrections(order_repository.clone())
            .with_invoices(Arc::new(PgInvoiceRepository::new(database.clone())))
            // Signed with the sessions' secret, for a key of their own (`OrderLinks::new`).
            .with_links(OrderLinks::new(config.jwt_secret.as_bytes(), &config.http.public_url));
        let promos = PromoService::new(promo_codes);
        let cash_on_delivery = CashOnDeliveryService::new(
            order_repository.clone(),
            order_repository.clone(),
            phones,
            // Signed with the sessions' secret, for a key of their own (`ConfirmationLinks::new`).
            ConfirmationLinks::new(config.jwt_secret.as_bytes(), &config.http.public_url),
            cod,
        );
        let delivery = DeliveryService::new(zones);
        let payment_repository = Arc::new(PgPaymentRepository::new(database.clone()));
        let refunds = RefundService::new(
            order_repository.clone(),
            payment_repository.clone(),
            order_repository.clone(),
            gateway.clone(),
        );
        let reconciliation = ReconciliationService::new(
            Arc::new(PgReconciliationRepository::new(database.clone())),
            gateway.clone(),
            transactions,
        );
        let payments = PaymentService::new(
            order_repository,
            payment_repository,
            gateway,
            self.webhooks.clone(),
            &config.http.public_url,
        );
        let limits = Limits::new(Arc::new(PgRateLimiter::new(database.clone())))
            .with_daily_codes_per_country(config.login_codes.daily_per_country);
        let messages = MessageService::new(outbox).with_prices(config.whatsapp_prices);
        let audit = AuditService::new(audit_log);
        let conversations = ConversationService::new(Arc::new(PgConversations::new(database.clone())));
        AppState {
            config: Arc::new(config.http.clone()),
            storage: Arc::new(DatabaseProbe { outbox: PgOutbox::new(database.clone()), database }),
            accounts,
            carts,
            catalog,
            pictures: self.pictures.clone(),
            alerts,
            catalog_cache: self.catalog_cache.clone(),
            orders,
            cash_on_delivery,
            delivery,
            promos,
            payments,
            refunds,
            reconciliation,
            simulator,
            newsletter,
            audit,
            messages,
            conversations,
            whatsapp_webhook: self.webhook.clone(),
            notices: self.notices.clone(),
            limits,
            storefront: self.storefront.clone(),
            lifecycle: self.lifecycle.clone(),
        }
    }
}

/// The picture store `config` names: `UPLOAD_DIR` (created if missing) or a bucket.
pub fn picture_store(config: &Config) -> anyhow::Result<Arc<dyn PictureStore>> {
    Ok(match &config.storage {
        StorageSettings::Local => {
            let dir = &config.http.upload_dir;
            Arc::new(
                ObjectPictures::local(dir)
                    .map_err(|e| anyhow::anyhow!("UPLOAD_DIR {} cannot be used: {e}", dir.display()))?,
            )
        }
        StorageSettings::S3(settings) => Arc::new(ObjectPictures::s3(settings)?),
    })
}

/// The health checks' questions to PostgreSQL, and the figures only it knows.
struct DatabaseProbe {
    database: Database,
    outbox: PgOutbox,
}

#[async_trait]
impl StorageProbe for DatabaseProbe {
    async fn ping(&self) -> Result<(), BoxError> {
        Ok(self.database.ping().await?)
    }

    async fn migrations_current(&self) -> Result<bool, BoxError> {
        Ok(self.database.migrations_current().await?)
    }

    async fn record_gauges(&self) {
        for (pool, used) in bitik_postgres::pool_use() {
            let busy = used.size.saturating_sub(used.idle);
            metrics::gauge!("bitik_db_pool_connections", "pool" => pool, "state" => "busy").set(busy as f64);
            metrics::gauge!("bitik_db_pool_connections", "pool" => pool, "state" => "idle").set(used.idle as f64);
            metrics::gauge!("bitik_db_pool_max_connections", "pool" => pool).set(used.max_size as f64);
            metrics::gauge!("bitik_db_pool_waiting", "pool" => pool).set(used.waiting as f64);
        }
        match self.outbox.backlog().await {
            Ok(backlog) => {
                metrics::gauge!("bitik_outbox_messages", "state" => "pending").set(backlog.pending as f64);
                metrics::gauge!("bitik_outbox_messages", "state" => "due").set(backlog.due as f64);
                metrics::gauge!("bitik_outbox_messages", "state" => "failed").set(backlog.failed as f64);
            }
            Err(error) => tracing::warn!(error = %error, "the outbox's backlog could not be counted"),
        }
    }
}
