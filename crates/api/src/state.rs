//! What every handler can reach: the services, built once in `startup`.

use std::sync::Arc;

use bitik_identity::AccountService;
use bitik_identity::newsletter::NewsletterService;
use bitik_postgres::Database;

use crate::config::Config;

pub struct AppState {
    pub config: Arc<Config>,
    pub database: Database,
    pub accounts: AccountService,
    pub newsletter: NewsletterService,
}
