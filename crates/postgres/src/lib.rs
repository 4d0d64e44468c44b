//! PostgreSQL adapter: the schema, the connection pool, migrations and one repository per
//! domain port. Domain types never derive diesel traits; rows are converted here.

mod addresses;
mod audit;
mod carts;
mod catalog;
mod catalog_changes;
mod confirmation_rows;
mod confirmations;
mod conversations;
mod data_steps;
mod delivery;
mod demo_dates;
mod error;
mod functions;
mod generated;
mod invoices;
mod jobs;
mod login_codes;
mod newsletter;
mod order_stats;
mod orders;
mod outbox;
mod payment_report;
mod payments;
mod phone_records;
mod pool;
mod promo_codes;
mod rate_limits;
mod refund_rows;
mod refunds;
pub mod schema;
mod simulated_sessions;
mod stock_alerts;
mod two_factor;
mod users;

#[cfg(feature = "testing")]
pub mod testing;

pub use addresses::PgAddressRepository;
pub use audit::{PgAuditLog, transaction};
pub use carts::PgCartRepository;
pub use catalog::PgProductRepository;
pub use catalog_changes::{CHANNEL, listen_for_changes};
pub use conversations::PgConversations;
pub use delivery::PgZoneRepository;
pub use demo_dates::{date_demo_account, date_demo_order};
pub use error::DbError;
pub use generated::seed_generated_products;
pub use invoices::PgInvoiceRepository;
pub use jobs::{Claim, JobRun, PgJobRuns, RunOutcome};
pub use login_codes::PgLoginCodes;
pub use newsletter::PgNewsletterRepository;
pub use order_stats::SHOP_TIME_ZONE;
pub use orders::{PgOrderRepository, enqueue_refund};
pub use outbox::{MESSAGES_CHANNEL, OutboxBacklog, PgOutbox, enqueue, enqueue_now, listen_for_messages};
pub use payment_report::PgReconciliationRepository;
pub use payments::PgPaymentRepository;
pub use phone_records::PgPhoneRecords;
pub use pool::{Database, PoolSettings, PoolUse, create_database_if_missing, pool_use, run_migrations};
pub use promo_codes::PgPromoCodeRepository;
pub use rate_limits::PgRateLimiter;
pub use simulated_sessions::PgSimulatedSessions;
pub use stock_alerts::PgStockAlerts;
pub use two_factor::PgTwoFactorRepository;
pub use users::PgUserRepository;
