//! A fresh database for each test, cloned from a migrated template.
//!
//! The template is made once per migration set (its name carries their hash), under an advisory
//! lock so that test processes running side by side do not race to build it. Cloning a template
//! takes milliseconds, so every test starts from the schema alone and drops its database after.

use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::pool::{quote_identifier, run_migrations};
use crate::{Database, PoolSettings};

const MIGRATIONS_HASH: &str = env!("BITIK_MIGRATIONS_HASH");

/// The server tests use: `TEST_DATABASE_SERVER` or the local one.
pub fn server_url() -> String {
    std::env::var("TEST_DATABASE_SERVER").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
}

pub struct TestDatabase {
    pub url: String,
    pub database: Database,
    name: String,
}

impl TestDatabase {
    pub async fn new() -> Self {
        let server = server_url();
        let template = ensure_template(&server).await;
        let name = format!("bitik_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = connect_admin(&server).await;
        diesel::sql_query(format!(
            "CREATE DATABASE {} TEMPLATE {}",
            quote_identifier(&name),
            quote_identifier(&template)
        ))
        .execute(&mut admin)
        .await
        .expect("clone the test template");
        let url = format!("{server}/{name}");
        let settings = PoolSettings { max_size: 8, ..PoolSettings::default() };
        let database = Database::connect(&url, &settings).expect("test pool");
        Self { url, database, name }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let server = server_url();
        let name = self.name.clone();
        // Drop runs inside the test's runtime, which cannot be blocked on: use a thread of its own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
            runtime.block_on(async {
                let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await.ok()?;
                diesel::sql_query(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", quote_identifier(&name)))
                    .execute(&mut admin)
                    .await
                    .ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(_))) {
            eprintln!("could not drop test database {}", self.name);
        }
    }
}

async fn connect_admin(server: &str) -> AsyncPgConnection {
    AsyncPgConnection::establish(&format!("{server}/postgres"))
        .await
        .unwrap_or_else(|e| panic!("tests need PostgreSQL at {server}: {e}"))
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

async fn ensure_template(server: &str) -> String {
    let template = format!("bitik_template_{MIGRATIONS_HASH}");
    let mut admin = connect_admin(server).await;
    // Any constant shared by all test processes works as the lock key.
    diesel::sql_query("SELECT pg_advisory_lock(736174)").execute(&mut admin).await.expect("lock");
    let exists = diesel::sql_query("SELECT count(*) AS count FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(&template)
        .get_result::<Count>(&mut admin)
        .await
        .expect("look up the template")
        .count
        > 0;
    if !exists {
        // Built under another name and renamed when complete, so a crash never leaves a
        // half-migrated template behind.
        let building = format!("{template}_building");
        for sql in [
            format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", quote_identifier(&building)),
            format!("CREATE DATABASE {}", quote_identifier(&building)),
        ] {
            diesel::sql_query(sql).execute(&mut admin).await.expect("create the template");
        }
        run_migrations(&format!("{server}/{building}")).await.expect("migrate the template");
        diesel::sql_query(format!(
            "ALTER DATABASE {} RENAME TO {}",
            quote_identifier(&building),
            quote_identifier(&template)
        ))
        .execute(&mut admin)
        .await
        .expect("publish the template");
    }
    diesel::sql_query("SELECT pg_advisory_unlock(736174)").execute(&mut admin).await.expect("unlock");
    template
}
