//! The shared rate limiter: an allowance is reserved atomically, however many ask at once, and
//! keys at rest are forgotten.

use std::time::Duration;

use bitik_common::rate::{Rate, RateLimiter, Refused};
use bitik_postgres::PgRateLimiter;
use bitik_postgres::testing::TestDatabase;
use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;

const MINUTE: Duration = Duration::from_secs(60);
const FIVE_PER_QUARTER_HOUR: Rate = Rate::per(5, Duration::from_secs(15 * 60));

async fn sql(test: &TestDatabase, statement: &str) {
    let mut conn = test.database.conn().await.unwrap();
    diesel::sql_query(statement).execute(&mut conn).await.unwrap();
}

async fn rows(test: &TestDatabase) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = test.database.conn().await.unwrap();
    let count: Count = diesel::sql_query("SELECT count(*) AS n FROM rate_limits").get_result(&mut conn).await.unwrap();
    count.n
}

/// Moves every key's clock on by `elapsed`, as if that much time had passed.
async fn time_passes(test: &TestDatabase, elapsed: Duration) {
    sql(test, &format!("UPDATE rate_limits SET tat = tat - interval '{} seconds'", elapsed.as_secs())).await;
}

async fn allowed(limiter: &PgRateLimiter, key: &str) -> bool {
    limiter.reserve(key, FIVE_PER_QUARTER_HOUR).await.unwrap().is_ok()
}

#[tokio::test]
async fn of_thirty_simultaneous_reservations_only_the_allowance_passes() {
    let test = TestDatabase::new().await;
    let limiter = PgRateLimiter::new(test.database.clone());
    let attempts = (0..30).map(|_| limiter.reserve("login:awa", FIVE_PER_QUARTER_HOUR));
    let outcomes: Vec<Result<(), Refused>> =
        futures_util::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 5);
    for refused in outcomes.iter().filter_map(|o| o.err()) {
        // A burst of five from rest: the next action fits one interval (3 minutes) later.
        assert!(refused.retry_after > 2 * MINUTE && refused.retry_after <= 3 * MINUTE, "{refused:?}");
    }
    assert!(allowed(&limiter, "login:moussa").await, "another key has its own allowance");
}

#[tokio::test]
async fn the_allowance_comes_back_one_interval_at_a_time() {
    let test = TestDatabase::new().await;
    let limiter = PgRateLimiter::new(test.database.clone());
    for _ in 0..5 {
        assert!(allowed(&limiter, "k").await);
    }
    assert!(!allowed(&limiter, "k").await);
    time_passes(&test, 2 * MINUTE).await;
    let refused = limiter.reserve("k", FIVE_PER_QUARTER_HOUR).await.unwrap().unwrap_err();
    assert!(refused.retry_after > Duration::ZERO && refused.retry_after <= MINUTE, "{refused:?}");
    time_passes(&test, MINUTE).await;
    assert!(allowed(&limiter, "k").await, "one interval has passed: one more action");
    assert!(!allowed(&limiter, "k").await, "and only one");
    time_passes(&test, 15 * MINUTE).await;
    for _ in 0..5 {
        assert!(allowed(&limiter, "k").await, "after a whole period, the whole burst again");
    }
}

#[tokio::test]
async fn an_action_given_back_or_a_key_forgotten_is_free_again() {
    let test = TestDatabase::new().await;
    let limiter = PgRateLimiter::new(test.database.clone());
    for _ in 0..5 {
        assert!(allowed(&limiter, "k").await);
    }
    limiter.give_back("k", FIVE_PER_QUARTER_HOUR).await.unwrap();
    assert!(allowed(&limiter, "k").await, "the action given back");
    assert!(!allowed(&limiter, "k").await);
    limiter.forget("k").await.unwrap();
    for _ in 0..5 {
        assert!(allowed(&limiter, "k").await, "a forgotten key starts from rest");
    }
}

#[tokio::test]
async fn keys_at_rest_are_forgotten_and_the_others_kept() {
    let test = TestDatabase::new().await;
    let limiter = PgRateLimiter::new(test.database.clone());
    for key in ["old", "recent"] {
        assert!(allowed(&limiter, key).await);
    }
    sql(&test, "UPDATE rate_limits SET tat = now() - interval '1 second' WHERE key = 'old'").await;
    assert_eq!(limiter.forget_rested().await.unwrap(), 1);
    assert_eq!(rows(&test).await, 1);
    for _ in 0..4 {
        assert!(allowed(&limiter, "recent").await);
    }
    assert!(!allowed(&limiter, "recent").await, "the key kept its count");
}
