//! The catalogue's change notifications, for the storefront's read cache
//! ([`bitik_catalog::CatalogCache`]). Every committed statement that writes `products` or
//! `product_variants`, from any process, notifies [`CHANNEL`] (triggers of migration
//! `2026-11-24-000040_catalog_changes`).

use std::sync::Arc;
use std::time::Duration;

use bitik_catalog::CatalogCache;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures_util::StreamExt;

/// The channel the catalogue's triggers notify.
pub const CHANNEL: &str = "bitik_catalog";

/// How long to wait before listening again after the connection was lost.
const RELISTEN_AFTER: Duration = Duration::from_secs(1);

/// Listens to the catalogue's changes on a connection of its own, for as long as the server
/// runs: each notification moves `cache` to a new generation. When the connection is lost, the
/// cache serves nothing until it listens again (retried every second).
pub async fn listen_for_changes(url: String, cache: Arc<CatalogCache>) {
    loop {
        match listening_connection(&url).await {
            Ok(mut connection) => {
                cache.set_listening(true);
                let mut notifications = std::pin::pin!(connection.notifications_stream());
                while let Some(notification) = notifications.next().await {
                    match notification {
                        Ok(_) => cache.changed(),
                        Err(error) => {
                            tracing::warn!(%error, "the catalogue's change notifications failed");
                            break;
                        }
                    }
                }
                cache.set_listening(false);
                tracing::warn!("lost the catalogue's change notifications: its reads go to the database meanwhile");
            }
            Err(error) => tracing::warn!(%error, "cannot listen to the catalogue's changes"),
        }
        tokio::time::sleep(RELISTEN_AFTER).await;
    }
}

async fn listening_connection(url: &str) -> anyhow::Result<AsyncPgConnection> {
    // Scoped: its `load` would shadow the atomics' above.
    use diesel_async::RunQueryDsl;
    let mut connection = AsyncPgConnection::establish(url).await?;
    diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut connection).await?;
    Ok(connection)
}
