//! Claims of the server's periodic jobs, so that each slot of a job runs once however many
//! instances serve the shop (migration `2026-11-28-000130_job_runs`).
//!
//! Time is cut into slots of a job's period on PostgreSQL's clock (one clock for every instance).
//! An instance that wants to run a job inserts the row `(job, slot)`; the primary key lets one
//! insert through and the others do nothing, so the instance whose insert made the row runs the
//! slot and no other does. The claim is one statement, its own transaction: no lock is held on a
//! pooled connection while the job runs (a session advisory lock would stay with whichever
//! connection took it, and go back to the pool with it). The work of every job is idempotent
//! (each order is changed under its row lock, from the state it was read in), so a slot whose
//! instance died while running it (its row never finished) is simply done again by the next.

use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Double, Text, Timestamptz};
use diesel_async::RunQueryDsl;

use crate::schema::job_runs;
use crate::{Database, DbError};

/// One instance's claims and records of its job runs.
#[derive(Clone)]
pub struct PgJobRuns {
    database: Database,
    instance: String,
}

/// The slot a claim was about, and whether this instance got it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub slot: DateTime<Utc>,
    pub claimed: bool,
}

/// What a run did, recorded on its row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunOutcome {
    /// What it changed: orders cancelled or found paid, keys forgotten.
    pub handled: u64,
    /// Items it could not handle (or 1 when the run failed as a whole).
    pub failures: u64,
    /// Why the run failed as a whole.
    pub error: Option<String>,
}

/// A run that was recorded: its job, slot and instance, and whether it finished.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct JobRun {
    pub job: String,
    pub slot: DateTime<Utc>,
    pub instance: String,
    pub finished_at: Option<DateTime<Utc>>,
    pub handled: Option<i32>,
}

/// The current slot of `$1` for a period of `$2` seconds, inserted for instance `$3` unless
/// another instance did first. The slot comes from PostgreSQL's clock, never an instance's.
const CLAIM: &str = "\
WITH current AS (
    SELECT to_timestamp(floor(extract(epoch FROM clock_timestamp())::float8 / $2) * $2) AS slot
), claimed AS (
    INSERT INTO job_runs (job, slot, instance) SELECT $1, slot, $3 FROM current
    ON CONFLICT (job, slot) DO NOTHING
    RETURNING slot
)
SELECT current.slot, EXISTS (SELECT 1 FROM claimed) AS claimed FROM current";

#[derive(QueryableByName)]
struct ClaimRow {
    #[diesel(sql_type = Timestamptz)]
    slot: DateTime<Utc>,
    #[diesel(sql_type = Bool)]
    claimed: bool,
}

fn clamp(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

impl PgJobRuns {
    /// `instance` names this process in the rows it claims (host name and process id).
    pub fn new(database: Database, instance: impl Into<String>) -> Self {
        Self { database, instance: instance.into() }
    }

    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Claims the current slot of `job`, slots being `period` long.
    pub async fn claim(&self, job: &str, period: Duration) -> Result<Claim, DbError> {
        let mut conn = self.database.conn().await?;
        let row: ClaimRow = diesel::sql_query(CLAIM)
            .bind::<Text, _>(job)
            .bind::<Double, _>(period.as_secs_f64())
            .bind::<Text, _>(&self.instance)
            .get_result(&mut conn)
            .await?;
        Ok(Claim { slot: row.slot, claimed: row.claimed })
    }

    /// Records the end of a run this instance claimed.
    pub async fn finish(&self, job: &str, slot: DateTime<Utc>, outcome: &RunOutcome) -> Result<(), DbError> {
        let mut conn = self.database.conn().await?;
        diesel::update(job_runs::table.find((job, slot)))
            .filter(job_runs::instance.eq(&self.instance))
            .set((
                job_runs::finished_at.eq(diesel::dsl::now),
                job_runs::handled.eq(clamp(outcome.handled)),
                job_runs::failures.eq(clamp(outcome.failures)),
                job_runs::error.eq(&outcome.error),
            ))
            .execute(&mut conn)
            .await?;
        Ok(())
    }

    /// Deletes the records of runs whose slot is older than `age`; returns how many.
    pub async fn forget_older_than(&self, age: Duration) -> Result<u64, DbError> {
        let mut conn = self.database.conn().await?;
        let cutoff = Utc::now() - chrono::Duration::from_std(age).unwrap_or(chrono::Duration::MAX);
        let deleted = diesel::delete(job_runs::table.filter(job_runs::slot.lt(cutoff))).execute(&mut conn).await?;
        Ok(deleted as u64)
    }

    /// Every recorded run of `job`, oldest slot first.
    pub async fn runs(&self, job: &str) -> Result<Vec<JobRun>, DbError> {
        let mut conn = self.database.conn().await?;
        Ok(job_runs::table
            .filter(job_runs::job.eq(job))
            .order(job_runs::slot)
            .select((job_runs::job, job_runs::slot, job_runs::instance, job_runs::finished_at, job_runs::handled))
            .load(&mut conn)
            .await?)
    }
}
