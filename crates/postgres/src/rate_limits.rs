//! Rate limits counted in PostgreSQL, so that every instance of the shop counts against the same
//! allowance: one row per key in the unlogged `rate_limits` table, the GCRA of
//! `bitik_common::rate` in one statement.

use std::time::Duration;

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_common::rate::{Rate, RateLimiter, Refused};
use diesel::dsl::now;
use diesel::pg::data_types::PgInterval;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Interval, Text};
use diesel_async::RunQueryDsl;

use crate::schema::rate_limits;
use crate::{Database, DbError};

pub struct PgRateLimiter {
    database: Database,
}

impl PgRateLimiter {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

/// Checks and counts in one statement. The row of a key is written under its lock, so
/// simultaneous reservations of one key take turns, each seeing the TAT the one before left: a
/// refusal leaves the TAT where it was, an allowed action moves it one interval on. A new key
/// is inserted with its first action allowed (every rate allows at least one).
///
/// The time is `clock_timestamp()`, read once the row's lock is held, not `now()` (when the
/// transaction began): a reservation that waited behind others would otherwise judge their TAT
/// by a clock from before them, and be refused with a wait of microseconds.
const RESERVE: &str = "\
INSERT INTO rate_limits AS r (key, tat, allowed) VALUES ($1, clock_timestamp() + $2, true)
ON CONFLICT (key) DO UPDATE SET
    allowed = greatest(r.tat, clock_timestamp()) + $2 <= clock_timestamp() + $3,
    tat = CASE WHEN greatest(r.tat, clock_timestamp()) + $2 <= clock_timestamp() + $3
               THEN greatest(r.tat, clock_timestamp()) + $2
               ELSE r.tat END
RETURNING allowed, (extract(epoch FROM tat - clock_timestamp()) * 1000000)::bigint AS ahead_micros";

#[derive(QueryableByName)]
struct Reservation {
    #[diesel(sql_type = Bool)]
    allowed: bool,
    /// How far the key's TAT is ahead of now.
    #[diesel(sql_type = BigInt)]
    ahead_micros: i64,
}

fn interval(duration: Duration) -> PgInterval {
    PgInterval::from_microseconds(i64::try_from(duration.as_micros()).unwrap_or(i64::MAX))
}

#[async_trait]
impl RateLimiter for PgRateLimiter {
    async fn reserve(&self, key: &str, rate: Rate) -> Result<Result<(), Refused>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Reservation = diesel::sql_query(RESERVE)
            .bind::<Text, _>(key)
            .bind::<Interval, _>(interval(rate.interval()))
            .bind::<Interval, _>(interval(rate.period()))
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        if row.allowed {
            return Ok(Ok(()));
        }
        let ahead = Duration::from_micros(row.ahead_micros.max(0).unsigned_abs());
        Ok(Err(Refused { retry_after: rate.wait(ahead) }))
    }

    async fn give_back(&self, key: &str, rate: Rate) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::sql_query("UPDATE rate_limits SET tat = tat - $2 WHERE key = $1")
            .bind::<Text, _>(key)
            .bind::<Interval, _>(interval(rate.interval()))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn forget(&self, key: &str) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::delete(rate_limits::table.find(key)).execute(&mut conn).await.map_err(DbError::from)?;
        Ok(())
    }

    async fn forget_rested(&self) -> Result<u64, BoxError> {
        let mut conn = self.database.conn().await?;
        let deleted = diesel::delete(rate_limits::table.filter(rate_limits::tat.lt(now)))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(deleted as u64)
    }
}
