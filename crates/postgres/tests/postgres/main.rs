//! Adapter tests against a real PostgreSQL: each test on its own database.

mod admin_users;
mod carts;
mod cash_on_delivery;
mod catalog;
mod catalog_cache;
mod delivery;
mod fixtures;
mod generated;
mod invariants;
mod jobs;
mod migrations;
mod newsletter;
mod open_orders;
mod order_stats;
mod orders;
mod outbox;
mod payment_report;
mod payments;
mod phones;
mod pool;
mod promo_codes;
mod rate_limits;
mod refunds;
mod simulated_sessions;
mod stock_alerts;
mod users;
