use std::sync::Mutex;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_async::pooled_connection::deadpool::{Object, Pool, PoolError};
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::DbError;

const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations");

/// How the pool behaves when PostgreSQL is slow or gone.
#[derive(Debug, Clone)]
pub struct PoolSettings {
    /// What the pool serves, the `pool` label of its metrics: `requests` (the workers' pools,
    /// counted together), `background`, `sender`.
    pub name: &'static str,
    pub max_size: usize,
    /// How long a request waits for a free connection before it is answered 503.
    pub wait_timeout: Duration,
    /// How long opening a new connection may take.
    pub connect_timeout: Duration,
    /// How long one statement may run before PostgreSQL cancels it (its transaction rolls back).
    pub statement_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        // A small machine: a few connections kept busy beat many fighting over two cores.
        Self {
            name: "requests",
            max_size: 10,
            wait_timeout: Duration::from_secs(3),
            connect_timeout: Duration::from_secs(3),
            statement_timeout: Duration::from_secs(10),
        }
    }
}

/// A connection pool the repositories borrow from.
#[derive(Clone)]
pub struct Database {
    pool: Pool<AsyncPgConnection>,
    /// How long each borrower waited for a connection, and how many gave up.
    waits: metrics::Histogram,
    timeouts: metrics::Counter,
}

type WeakPool = deadpool::managed::WeakPool<AsyncDieselConnectionManager<AsyncPgConnection>>;

/// Every pool of the process, by name, for [`pool_use`]; a pool dropped (a worker's, at
/// shutdown) is skipped and forgotten.
static POOLS: Mutex<Vec<(&'static str, WeakPool)>> = Mutex::new(Vec::new());

/// How the process's pools of one name are used, summed over them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolUse {
    pub max_size: usize,
    /// Connections open.
    pub size: usize,
    /// Open and not lent.
    pub idle: usize,
    /// Borrowers waiting for one.
    pub waiting: usize,
}

/// The process's pools, by name: what the `/metrics` page shows of them.
pub fn pool_use() -> Vec<(&'static str, PoolUse)> {
    let mut pools = POOLS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut by_name: Vec<(&'static str, PoolUse)> = Vec::new();
    pools.retain(|(name, weak)| {
        let Some(pool) = weak.upgrade() else { return false };
        let status = pool.status();
        let at = match by_name.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                by_name.push((name, PoolUse::default()));
                by_name.len() - 1
            }
        };
        let sum = &mut by_name[at].1;
        sum.max_size += status.max_size;
        sum.size += status.size;
        sum.idle += status.available;
        sum.waiting += status.waiting;
        true
    });
    by_name
}

impl Database {
    /// A pool any thread may use. Each connection's background task runs on the runtime that
    /// opens it; actix-web serves from one single-threaded runtime per worker, and a worker that
    /// stops at shutdown would take with it the connections it opened, which the other workers'
    /// requests in flight may be using: they are opened from the program's own multi-threaded
    /// runtime instead, when there is one.
    pub fn connect(url: &str, settings: &PoolSettings) -> Result<Self, DbError> {
        let home = tokio::runtime::Handle::try_current()
            .ok()
            .filter(|handle| handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
        Self::with_home(url, settings, home)
    }

    /// A pool for the thread that calls this only (one actix worker): its connections are driven
    /// by that thread's runtime, so a statement's round trip wakes no other thread (the shared
    /// pool's cost two thread switches per statement, docs/benchmarks.md), and they end with it.
    pub fn connect_for_this_thread(url: &str, settings: &PoolSettings) -> Result<Self, DbError> {
        Self::with_home(url, settings, None)
    }

    /// `home`: the runtime that opens and drives the connections; `None`, the caller's.
    fn with_home(url: &str, settings: &PoolSettings, home: Option<tokio::runtime::Handle>) -> Result<Self, DbError> {
        let mut config = ManagerConfig::default();
        // The default check sends `SELECT 1` before handing out a pooled connection: one more
        // round trip per request (docs/benchmarks.md). A connection that died
        // meanwhile is closed (the pool drops it) or fails its first statement, which the
        // statement timeout bounds and the handlers answer 503 like any unavailable database.
        config.recycling_method = RecyclingMethod::Fast;
        let statement_timeout_ms = settings.statement_timeout.as_millis();
        config.custom_setup = Box::new(move |url| {
            let open = open_connection(url.to_owned(), statement_timeout_ms);
            match &home {
                Some(home) => {
                    let task = home.spawn(open);
                    Box::pin(
                        async move { task.await.map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))? },
                    )
                }
                None => Box::pin(open),
            }
        });
        let manager = AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(url, config);
        let pool = Pool::builder(manager)
            .max_size(settings.max_size)
            .wait_timeout(Some(settings.wait_timeout))
            .create_timeout(Some(settings.connect_timeout))
            .recycle_timeout(Some(settings.connect_timeout))
            .runtime(deadpool::Runtime::Tokio1)
            .build()
            .map_err(DbError::unavailable)?;
        POOLS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push((settings.name, pool.weak()));
        let waits = metrics::histogram!("bitik_db_pool_wait_seconds", "pool" => settings.name);
        let timeouts = metrics::counter!("bitik_db_pool_timeouts_total", "pool" => settings.name);
        Ok(Self { pool, waits, timeouts })
    }

    pub async fn conn(&self) -> Result<Object<AsyncPgConnection>, DbError> {
        let asked = Instant::now();
        let lent = self.pool.get().await;
        self.waits.record(asked.elapsed().as_secs_f64());
        if matches!(lent, Err(PoolError::Timeout(_))) {
            self.timeouts.increment(1);
        }
        Ok(lent?)
    }

    /// Whether every migration this program carries is applied to the database: a server
    /// started before `bitik migrate` ran (or with an older database) is not ready to serve.
    pub async fn migrations_current(&self) -> Result<bool, DbError> {
        use diesel::migration::MigrationSource;
        #[derive(QueryableByName)]
        struct Version {
            #[diesel(sql_type = diesel::sql_types::Text)]
            version: String,
        }
        let known: Vec<String> = MigrationSource::<diesel::pg::Pg>::migrations(&MIGRATIONS)
            .map_err(|e| DbError::inconsistent(e.to_string()))?
            .iter()
            .map(|migration| migration.name().version().to_string())
            .collect();
        let mut conn = self.conn().await?;
        let applied: Vec<Version> =
            diesel::sql_query("SELECT version FROM __diesel_schema_migrations").load(&mut conn).await?;
        let applied: std::collections::HashSet<String> = applied.into_iter().map(|v| v.version).collect();
        if !known.iter().all(|version| applied.contains(version)) {
            return Ok(false);
        }
        // The data steps the migrations left for `bitik migrate` (`data_steps.rs`).
        let pending: i64 = diesel::dsl::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
            "(SELECT count(*) FROM data_steps WHERE done_at IS NULL)",
        ))
        .get_result(&mut conn)
        .await?;
        Ok(pending == 0)
    }

    /// `SELECT 1` through the pool: what `/api/health` reports.
    pub async fn ping(&self) -> Result<(), DbError> {
        let mut conn = self.conn().await?;
        diesel::select(1.into_sql::<diesel::sql_types::Integer>())
            .execute(&mut conn)
            .await
            .map_err(DbError::unavailable)?;
        Ok(())
    }
}

/// A connection whose statements PostgreSQL cancels after `statement_timeout_ms`.
async fn open_connection(url: String, statement_timeout_ms: u128) -> diesel::ConnectionResult<AsyncPgConnection> {
    let mut conn = AsyncPgConnection::establish(&url).await?;
    diesel::sql_query(format!("SET statement_timeout = {statement_timeout_ms}"))
        .execute(&mut conn)
        .await
        .map_err(|e| diesel::ConnectionError::BadConnection(e.to_string()))?;
    Ok(conn)
}

/// Applies the embedded migrations that are not yet applied, then the data steps they left
/// pending (`data_steps.rs`); returns the names of both.
pub async fn run_migrations(url: &str) -> anyhow::Result<Vec<String>> {
    let owned_url = url.to_owned();
    // Diesel's migration harness is synchronous: run it on a blocking thread.
    let mut applied = tokio::task::spawn_blocking(move || -> anyhow::Result<Vec<String>> {
        let mut conn = <AsyncConnectionWrapper<AsyncPgConnection> as diesel::Connection>::establish(&owned_url)?;
        let applied = conn.run_pending_migrations(MIGRATIONS).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(applied.iter().map(ToString::to_string).collect())
    })
    .await??;
    let mut conn = AsyncPgConnection::establish(url).await?;
    let steps = crate::data_steps::run_pending(&mut conn).await?;
    applied.extend(steps.into_iter().map(|step| format!("data step {step}")));
    Ok(applied)
}

/// Creates the database named in `url` when the server answers but the database does not exist.
/// Returns whether it was created.
pub async fn create_database_if_missing(url: &str) -> anyhow::Result<bool> {
    if AsyncPgConnection::establish(url).await.is_ok() {
        return Ok(false);
    }
    let (server_url, name) = split_database_name(url)?;
    let mut conn = AsyncPgConnection::establish(&format!("{server_url}/postgres")).await?;
    diesel::sql_query(format!("CREATE DATABASE {}", quote_identifier(&name))).execute(&mut conn).await?;
    Ok(true)
}

/// `postgres://u@h:5432/bitik?x=y` → (`postgres://u@h:5432`, `bitik`).
pub(crate) fn split_database_name(url: &str) -> anyhow::Result<(String, String)> {
    let without_query = url.split('?').next().unwrap_or(url);
    let (server, name) = without_query
        .rsplit_once('/')
        .filter(|(server, name)| server.contains("://") && !server.ends_with('/') && !name.is_empty())
        .ok_or_else(|| anyhow::anyhow!("DATABASE_URL does not name a database: {url}"))?;
    Ok((server.to_owned(), name.to_owned()))
}

pub(crate) fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_the_database_name_from_the_server() {
        let (server, name) = split_database_name("postgres://postgres@127.0.0.1:5432/bitik?sslmode=disable").unwrap();
        assert_eq!(server, "postgres://postgres@127.0.0.1:5432");
        assert_eq!(name, "bitik");
        assert!(split_database_name("postgres://127.0.0.1:5432").is_err());
    }

    #[test]
    fn quotes_identifiers() {
        assert_eq!(quote_identifier(r#"we"ird"#), r#""we""ird""#);
    }
}
