//! The server's periodic jobs, each run once per slot (`SWEEP_SECONDS`, a minute by default)
//! across every instance of the shop on one database:
//!
//! - `wave_expiry`: unpaid Wave orders whose session lifetime is over are cancelled and restocked
//!   (or found paid at Wave after all);
//! - `cod_expiry`: cash-on-delivery orders nobody confirmed within `COD_CONFIRM_HOURS` are
//!   cancelled and restocked;
//! - `stock_alerts`: back-in-stock alerts whose variant has stock again are told (their messages
//!   written to the outbox) and spent;
//! - `cleanup`: rate-limit keys at rest are forgotten, and the records of runs older than a week.
//!
//! Every instance asks for the current slot of each job a few times per slot; the one whose
//! claim makes the slot's `job_runs` row runs it (`bitik_postgres::PgJobRuns`), and records its
//! end there. The work itself is idempotent (each order changes under its row lock, from the
//! state it was read in), so a slot left unfinished by an instance that died is simply done
//! again by the next slot. The outbox's sender is not a job: it takes each message with
//! `FOR UPDATE SKIP LOCKED`, so any number of instances send each message once.

use std::time::{Duration, Instant};

use actix_web::web;
use bitik_api::state::AppState;
use bitik_postgres::{PgJobRuns, RunOutcome};

pub const WAVE_EXPIRY: &str = "wave_expiry";
pub const COD_EXPIRY: &str = "cod_expiry";
pub const STOCK_ALERTS: &str = "stock_alerts";
pub const CLEANUP: &str = "cleanup";

/// Every job, in the order a pass of [`sweep_once`] runs them: the expiries first, so that
/// the stock they give back is told in the same pass.
pub const JOBS: [&str; 4] = [WAVE_EXPIRY, COD_EXPIRY, STOCK_ALERTS, CLEANUP];

/// How long the records of job runs are kept.
const KEEP_RUNS: Duration = Duration::from_secs(7 * 24 * 3600);

/// How many times per slot an instance asks for it: a slot is not missed because one tick came
/// late, nor because instances' clocks differ a little (the slot is read on PostgreSQL's).
const ASKS_PER_SLOT: u32 = 4;

/// What a job changed, as its row records it, and its log lines.
async fn work(job: &str, state: &AppState, runs: Option<&PgJobRuns>) -> RunOutcome {
    match job {
        WAVE_EXPIRY => match state.payments.sweep_expired().await {
            Ok(report) => {
                if report.cancelled + report.paid > 0 {
                    tracing::info!(cancelled = report.cancelled, paid = report.paid, "unpaid Wave orders swept");
                }
                for error in &report.errors {
                    tracing::warn!(error, "an unpaid Wave order could not be swept");
                }
                RunOutcome {
                    handled: (report.cancelled + report.paid) as u64,
                    failures: report.errors.len() as u64,
                    error: None,
                }
            }
            Err(error) => failed(format!("the sweep of unpaid Wave orders failed: {error}")),
        },
        COD_EXPIRY => match state.cash_on_delivery.expire_unconfirmed().await {
            Ok(report) => {
                if report.cancelled > 0 {
                    tracing::info!(cancelled = report.cancelled, "unconfirmed cash-on-delivery orders cancelled");
                }
                for error in &report.errors {
                    tracing::warn!(error, "an unconfirmed cash-on-delivery order could not be swept");
                }
                RunOutcome { handled: report.cancelled as u64, failures: report.errors.len() as u64, error: None }
            }
            Err(error) => failed(format!("the sweep of unconfirmed cash-on-delivery orders failed: {error}")),
        },
        STOCK_ALERTS => match state.alerts.release().await {
            Ok(told) => {
                if told > 0 {
                    tracing::info!(told, "back-in-stock alerts told");
                }
                RunOutcome { handled: told, failures: 0, error: None }
            }
            Err(error) => failed(format!("back-in-stock alerts could not be told: {error}")),
        },
        CLEANUP => {
            let mut outcome = match state.limits.forget_rested().await {
                Ok(forgotten) => RunOutcome { handled: forgotten, ..RunOutcome::default() },
                Err(error) => failed(format!("rate-limit keys at rest could not be forgotten: {error}")),
            };
            match state.accounts.forget_old_login_codes().await {
                Ok(forgotten) => outcome.handled += forgotten,
                Err(error) => outcome = failed(format!("old login codes could not be forgotten: {error}")),
            }
            if let Some(runs) = runs
                && let Err(error) = runs.forget_older_than(KEEP_RUNS).await
            {
                outcome = failed(format!("old job runs could not be forgotten: {error}"));
            }
            outcome
        }
        other => failed(format!("no job is called {other}")),
    }
}

fn failed(error: String) -> RunOutcome {
    tracing::warn!(error, "a periodic job failed");
    RunOutcome { handled: 0, failures: 1, error: Some(error) }
}

/// One pass of every job's work, unclaimed: what a slot does, for tests and commands that want
/// it now. Running it twice at once changes nothing more than once.
pub async fn sweep_once(state: &AppState) {
    for job in JOBS {
        work(job, state, None).await;
    }
}

/// Runs every job once per slot of `every`, as long as the server runs.
pub fn spawn_jobs(state: web::Data<AppState>, runs: PgJobRuns, every: Duration) -> Vec<tokio::task::JoinHandle<()>> {
    JOBS.iter().map(|&job| tokio::spawn(run_job(job, state.clone(), runs.clone(), every))).collect()
}

async fn run_job(job: &'static str, state: web::Data<AppState>, runs: PgJobRuns, every: Duration) {
    let ran = metrics::counter!("bitik_job_runs_total", "job" => job, "outcome" => "ran");
    let run_failed = metrics::counter!("bitik_job_runs_total", "job" => job, "outcome" => "failed");
    let taken = metrics::counter!("bitik_job_slots_taken_elsewhere_total", "job" => job);
    let claim_failed = metrics::counter!("bitik_job_claim_errors_total", "job" => job);
    let handled = metrics::counter!("bitik_job_handled_total", "job" => job);
    let duration = metrics::histogram!("bitik_job_duration_seconds", "job" => job);
    let last_run = metrics::gauge!("bitik_job_last_run_timestamp_seconds", "job" => job);
    let mut ticks = tokio::time::interval((every / ASKS_PER_SLOT).max(Duration::from_millis(100)));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_slot = None;
    loop {
        ticks.tick().await;
        let claim = match runs.claim(job, every).await {
            Ok(claim) => claim,
            Err(error) => {
                claim_failed.increment(1);
                tracing::warn!(job, error = %error, "a periodic job's slot could not be claimed");
                continue;
            }
        };
        if last_slot == Some(claim.slot) {
            continue;
        }
        last_slot = Some(claim.slot);
        if !claim.claimed {
            taken.increment(1);
            continue;
        }
        let started = Instant::now();
        let outcome = work(job, &state, Some(&runs)).await;
        duration.record(started.elapsed().as_secs_f64());
        last_run.set(chrono::Utc::now().timestamp() as f64);
        handled.increment(outcome.handled);
        if outcome.error.is_some() {
            run_failed.increment(1)
        } else {
            ran.increment(1)
        }
        if let Err(error) = runs.finish(job, claim.slot, &outcome).await {
            tracing::warn!(job, error = %error, "a periodic job's run could not be recorded");
        }
    }
}

/// This process, as the rows of the runs it claims name it: the machine and the process id.
pub fn instance_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "bitik".to_owned());
    format!("{host}:{}", std::process::id())
}
