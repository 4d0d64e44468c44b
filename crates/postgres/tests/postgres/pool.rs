//! The pool's brakes: every connection carries a statement timeout, and a statement cancelled by
//! it is reported as "database unavailable" (503) with its transaction rolled back.

use std::time::Duration;

use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{Database, DbError, PoolSettings};
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncConnection, RunQueryDsl};

#[derive(diesel::QueryableByName)]
struct Setting {
    #[diesel(sql_type = Text)]
    statement_timeout: String,
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

// Multi-threaded, like the server's runtime: connections are then opened on it (see `Database::connect`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_pooled_connection_has_a_statement_timeout() {
    let test = TestDatabase::new().await;
    let database = Database::connect(&test.url, &PoolSettings::default()).unwrap();
    // Several connections at once, so more than the first one is checked.
    let mut conns = Vec::new();
    for _ in 0..3 {
        conns.push(database.conn().await.unwrap());
    }
    for conn in &mut conns {
        let setting = diesel::sql_query("SHOW statement_timeout").get_result::<Setting>(&mut **conn).await.unwrap();
        assert_eq!(setting.statement_timeout, "10s");
    }
}

#[tokio::test]
async fn a_statement_over_the_timeout_is_cancelled_rolled_back_and_reported_unavailable() {
    let test = TestDatabase::new().await;
    let settings = PoolSettings { statement_timeout: Duration::from_millis(200), ..PoolSettings::default() };
    let database = Database::connect(&test.url, &settings).unwrap();
    let mut conn = database.conn().await.unwrap();
    let result = conn
        .transaction::<(), DbError, _>(async |conn| {
            diesel::sql_query("INSERT INTO newsletter_subscribers (email) VALUES ('awa@example.sn')")
                .execute(conn)
                .await?;
            diesel::sql_query("SELECT pg_sleep(5)").execute(conn).await?;
            Ok(())
        })
        .await;
    let error = result.unwrap_err();
    assert!(matches!(error, DbError::Unavailable(_)), "{error:?}");
    assert!(bitik_common::is_unavailable(&error));
    // The connection is still good, and the first statement of the transaction left nothing.
    let count = diesel::sql_query("SELECT count(*) AS count FROM newsletter_subscribers")
        .get_result::<Count>(&mut conn)
        .await
        .unwrap();
    assert_eq!(count.count, 0);
}
