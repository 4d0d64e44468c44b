//! The audit log in PostgreSQL (docs/roles.md#the-audit-log). Every transaction of this crate
//! goes through [`transaction`]: inside a staff member's request (`bitik_identity::audit`'s
//! scope) it asks the tables' triggers (`audit_row_change`, migration `000220_staff_work`) to
//! gather what changes, and before committing writes the one entry of the request from it, so
//! that a change and its entry commit or roll back together. Elsewhere it is diesel's own.

mod compose;
mod log;
mod rows;

use std::sync::Arc;

use diesel::result::Error as DieselError;
use diesel_async::{AnsiTransactionManager, AsyncPgConnection, RunQueryDsl, TransactionManager};

use bitik_identity::audit::{self, Scope};

pub use log::PgAuditLog;

/// Runs `work` in a transaction (a savepoint inside another), writing the request's audit entry
/// with it when a staff member's request is served. Commits when `work` succeeds.
pub async fn transaction<T, E, F>(conn: &mut AsyncPgConnection, work: F) -> Result<T, E>
where
    F: AsyncFnOnce(&mut AsyncPgConnection) -> Result<T, E>,
    E: From<DieselError>,
{
    AnsiTransactionManager::begin_transaction(conn).await?;
    let outermost = AnsiTransactionManager::transaction_manager_status_mut(conn)
        .transaction_depth()
        .ok()
        .flatten()
        .is_some_and(|depth| depth.get() == 1);
    let scope = audit::current().filter(|scope| outermost && scope.open());
    match audited(conn, scope.as_ref(), work).await {
        Ok((value, wrote)) => {
            AnsiTransactionManager::commit_transaction(conn).await?;
            if wrote && let Some(scope) = scope {
                scope.written();
            }
            Ok(value)
        }
        Err(error) => match AnsiTransactionManager::rollback_transaction(conn).await {
            Ok(()) | Err(DieselError::BrokenTransactionManager) => Err(error),
            Err(rollback) => Err(rollback.into()),
        },
    }
}

/// `work`, inside the scope's gathering when there is one; whether an entry was written.
async fn audited<T, E, F>(conn: &mut AsyncPgConnection, scope: Option<&Arc<Scope>>, work: F) -> Result<(T, bool), E>
where
    F: AsyncFnOnce(&mut AsyncPgConnection) -> Result<T, E>,
    E: From<DieselError>,
{
    let Some(scope) = scope else { return Ok((work(conn).await?, false)) };
    diesel::sql_query("SELECT set_config('bitik.audit', 'on', true)").execute(conn).await?;
    let value = work(conn).await?;
    let wrote = log::write_gathered(conn, scope).await?;
    Ok((value, wrote))
}
