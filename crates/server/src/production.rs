//! What `bitik serve` refuses before it listens, when the shop is on the internet: a published
//! JWT secret, payments simulated by default, and demo accounts that still open with the
//! passwords the README publishes.

use bitik_demo::accounts::DEMO_LOGINS;
use bitik_identity::{AccountService, IdentityError};

use crate::config::Config;

/// `Err` with one sentence naming what to fix, when `config` is a production shop that must not
/// start; `accounts` reads the shop's database.
pub async fn refuse_unsafe(config: &Config, accounts: &AccountService) -> anyhow::Result<()> {
    if let Some(problem) = config.unsafe_for_production() {
        anyhow::bail!(problem);
    }
    if config.in_production()
        && let Some(email) = demo_account_still_open(accounts).await?
    {
        anyhow::bail!(
            "The demo account {email} still logs in with its published password: change its password or delete it \
             before serving {}.",
            config.http.public_url
        );
    }
    Ok(())
}

/// The first demo account that logs in with its published password.
async fn demo_account_still_open(accounts: &AccountService) -> anyhow::Result<Option<&'static str>> {
    for (email, password) in DEMO_LOGINS {
        match accounts.login(email, password).await {
            Ok(_) => return Ok(Some(email)),
            Err(IdentityError::InvalidCredentials | IdentityError::AccountDisabled) => {}
            Err(error) => return Err(anyhow::anyhow!("cannot check the demo accounts in the database: {error}")),
        }
    }
    Ok(None)
}
