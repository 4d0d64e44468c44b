//! The periodic jobs' claims: of many instances asking for one slot at once, one gets it; the
//! next slot is another question; a run's end is recorded on its row; old records go. And
//! readiness's question: does the database hold every migration this program carries?

use std::time::Duration;

use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgJobRuns, RunOutcome};
use diesel_async::RunQueryDsl;

async fn sql(test: &TestDatabase, statement: &str) {
    let mut conn = test.database.conn().await.unwrap();
    diesel::sql_query(statement).execute(&mut conn).await.unwrap();
}

#[tokio::test]
async fn of_eight_instances_asking_for_a_slot_at_once_one_gets_it() {
    let test = TestDatabase::new().await;
    let instances: Vec<PgJobRuns> =
        (0..8).map(|n| PgJobRuns::new(test.database.clone(), format!("host:{n}"))).collect();
    let hour = Duration::from_secs(3600);
    let claims = futures_util::future::join_all(instances.iter().map(|runs| runs.claim("cod_expiry", hour))).await;
    let claims: Vec<_> = claims.into_iter().map(Result::unwrap).collect();
    assert_eq!(claims.iter().filter(|c| c.claimed).count(), 1, "{claims:?}");
    assert!(claims.iter().all(|c| c.slot == claims[0].slot), "one slot, on PostgreSQL's clock");
    assert_eq!(claims[0].slot.timestamp() % 3600, 0, "slots start at whole multiples of the period");
    // Asked again, the slot is still taken; another job's slot is its own.
    assert!(!instances[0].claim("cod_expiry", hour).await.unwrap().claimed);
    assert!(instances[0].claim("wave_expiry", hour).await.unwrap().claimed);

    let winner = claims.iter().position(|c| c.claimed).unwrap();
    let runs = instances[winner].runs("cod_expiry").await.unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!((runs[0].instance.as_str(), runs[0].finished_at), (instances[winner].instance(), None));
    // Only the instance that claimed it records its end.
    let other = &instances[(winner + 1) % 8];
    let outcome = RunOutcome { handled: 2, failures: 0, error: None };
    other.finish("cod_expiry", claims[0].slot, &outcome).await.unwrap();
    assert_eq!(other.runs("cod_expiry").await.unwrap()[0].finished_at, None);
    instances[winner].finish("cod_expiry", claims[0].slot, &outcome).await.unwrap();
    let finished = &other.runs("cod_expiry").await.unwrap()[0];
    assert!(finished.finished_at.is_some());
    assert_eq!(finished.handled, Some(2));
}

#[tokio::test]
async fn the_next_slot_is_claimed_anew_and_old_records_are_forgotten() {
    let test = TestDatabase::new().await;
    let runs = PgJobRuns::new(test.database.clone(), "host:1");
    let second = Duration::from_secs(1);
    let first = runs.claim("cleanup", second).await.unwrap();
    assert!(first.claimed);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let next = runs.claim("cleanup", second).await.unwrap();
    assert!(next.claimed && next.slot > first.slot, "{first:?} then {next:?}");

    sql(
        &test,
        &format!("UPDATE job_runs SET slot = slot - interval '8 days' WHERE slot = '{}'", first.slot.to_rfc3339()),
    )
    .await;
    assert_eq!(runs.forget_older_than(Duration::from_secs(7 * 24 * 3600)).await.unwrap(), 1);
    let left = runs.runs("cleanup").await.unwrap();
    assert_eq!(left.iter().map(|run| run.slot).collect::<Vec<_>>(), [next.slot]);
}

#[tokio::test]
async fn a_database_missing_a_migration_or_a_data_step_is_not_current() {
    let test = TestDatabase::new().await;
    assert!(test.database.migrations_current().await.unwrap());
    sql(&test, "UPDATE data_steps SET done_at = NULL").await;
    assert!(!test.database.migrations_current().await.unwrap(), "a data step pending");
    sql(&test, "UPDATE data_steps SET done_at = now()").await;
    sql(&test, "DELETE FROM __diesel_schema_migrations WHERE version = '20261128000130'").await;
    assert!(!test.database.migrations_current().await.unwrap(), "the job_runs migration missing");
}

#[tokio::test]
async fn the_pools_report_their_use_by_name() {
    let test = TestDatabase::new().await;
    let settings = bitik_postgres::PoolSettings { name: "jobs-test", max_size: 3, ..Default::default() };
    let database = bitik_postgres::Database::connect(&test.url, &settings).unwrap();
    let held = database.conn().await.unwrap();
    let used = bitik_postgres::pool_use().into_iter().find(|(name, _)| *name == "jobs-test").unwrap().1;
    assert_eq!((used.max_size, used.size, used.idle, used.waiting), (3, 1, 0, 0));
    drop(held);
    let used = bitik_postgres::pool_use().into_iter().find(|(name, _)| *name == "jobs-test").unwrap().1;
    assert_eq!((used.size, used.idle), (1, 1));
    drop(database);
    assert!(bitik_postgres::pool_use().iter().all(|(name, _)| *name != "jobs-test"), "a dropped pool is forgotten");
}
