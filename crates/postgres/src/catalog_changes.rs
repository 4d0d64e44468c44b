//! The catalogue's change notifications, for the storefront's read cache
//! ([`bitik_catalog::CatalogCache`]). Every committed statement that writes `products` or
//! `product_variants`, from any process (this instance, another instance of the shop, `psql`),
//! notifies [`CHANNEL`] (triggers of migration `2026-11-24-000040_catalog_changes`).

use std::sync::Arc;
use std::time::Duration;

use bitik_catalog::CatalogCache;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures_util::StreamExt;

/// The channel the catalogue's triggers notify.
pub const CHANNEL: &str = "bitik_catalog";

/// How long to wait before listening again after the connection was lost.
const RELISTEN_AFTER: Duration = Duration::from_secs(1);

/// How often the listening connection is asked whether it still answers: a connection whose
/// peer vanished without closing it (a network cut, a failover) would otherwise wait for
/// notifications forever while the cache believed itself told of every change.
const PING_EVERY: Duration = Duration::from_secs(5);

/// How long that question may take before the connection counts as lost.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// Listens to the catalogue's changes on a connection of its own, for as long as the server
/// runs: each notification moves `cache` to a new generation. When the connection is lost (it
/// fails, closes, or stops answering its pings), the cache serves nothing until it listens
/// again (retried every second); once it listens again, the cache is emptied, since the
/// notifications sent meanwhile are never replayed.
pub async fn listen_for_changes(url: String, cache: Arc<CatalogCache>) {
    let lost = metrics::counter!("bitik_catalog_listen_lost_total");
    loop {
        match listening_connection(&url).await {
            Ok(mut connection) => {
                cache.set_listening(true);
                let why = listen(&mut connection, &cache).await;
                cache.set_listening(false);
                lost.increment(1);
                tracing::warn!(
                    why,
                    "lost the catalogue's change notifications: its reads go to the database meanwhile"
                );
            }
            Err(error) => tracing::warn!(%error, "cannot listen to the catalogue's changes"),
        }
        tokio::time::sleep(RELISTEN_AFTER).await;
    }
}

/// Hands every notification to the cache until the connection fails; returns why it stopped.
async fn listen(connection: &mut AsyncPgConnection, cache: &CatalogCache) -> String {
    loop {
        {
            let notifications = connection.notifications_stream();
            let mut notifications = std::pin::pin!(notifications);
            let pause = tokio::time::sleep(PING_EVERY);
            let mut pause = std::pin::pin!(pause);
            loop {
                tokio::select! {
                    notification = notifications.next() => match notification {
                        Some(Ok(_)) => cache.changed(),
                        Some(Err(error)) => return format!("the notifications failed: {error}"),
                        None => return "the connection closed".to_owned(),
                    },
                    () = &mut pause => break,
                }
            }
        }
        // Notifications that arrive meanwhile wait in the connection's queue for the next stream.
        match tokio::time::timeout(PING_TIMEOUT, ping(connection)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => return format!("the connection failed: {error}"),
            Err(_) => return format!("the connection did not answer within {PING_TIMEOUT:?}"),
        }
    }
}

async fn ping(connection: &mut AsyncPgConnection) -> diesel::QueryResult<()> {
    use diesel_async::RunQueryDsl;
    diesel::sql_query("SELECT 1").execute(connection).await.map(drop)
}

async fn listening_connection(url: &str) -> anyhow::Result<AsyncPgConnection> {
    // Scoped: its `load` would shadow the atomics' above.
    use diesel_async::RunQueryDsl;
    let mut connection = AsyncPgConnection::establish(url).await?;
    diesel::sql_query(format!("LISTEN {CHANNEL}")).execute(&mut connection).await?;
    Ok(connection)
}
