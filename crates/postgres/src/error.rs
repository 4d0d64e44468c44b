use bitik_common::{BoxError, Unavailable};
use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// What went wrong talking to PostgreSQL, in the terms the services care about.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The server cannot be reached, or no connection became free in time: the HTTP layer
    /// answers 503 (it finds [`Unavailable`] among the causes).
    #[error("database unavailable")]
    Unavailable(#[source] Unavailable),
    #[error("unique constraint violated: {0}")]
    Duplicate(String),
    #[error(transparent)]
    Query(DieselError),
    /// A stored row the domain refuses, or a statement that cannot have done what it was meant
    /// to: a bug, never a database going away.
    #[error("inconsistent storage: {0}")]
    Inconsistent(#[source] BoxError),
}

impl DbError {
    pub(crate) fn unavailable(cause: impl std::fmt::Display) -> Self {
        DbError::Unavailable(Unavailable(cause.to_string()))
    }

    pub(crate) fn inconsistent(cause: impl Into<BoxError>) -> Self {
        DbError::Inconsistent(cause.into())
    }
}

impl From<DieselError> for DbError {
    fn from(error: DieselError) -> Self {
        match &error {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
                DbError::Duplicate(info.constraint_name().unwrap_or_default().to_owned())
            }
            DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _,
            )
            | DieselError::BrokenTransactionManager => DbError::unavailable(&error),
            DieselError::DatabaseError(_, info) if is_server_going_away(info.message()) => DbError::unavailable(&error),
            _ => DbError::Query(error),
        }
    }
}

/// PostgreSQL's words when it cancels a statement over `statement_timeout`, or ends sessions
/// because it is shutting down or restarting. diesel hides the SQLSTATE (57014, 57P01–57P03),
/// so the message is what is left to read; the server's messages are in English (the C locale
/// of the clusters the shop creates).
fn is_server_going_away(message: &str) -> bool {
    const MESSAGES: [&str; 5] = [
        "canceling statement due to statement timeout",
        "terminating connection due to administrator command",
        "the database system is shutting down",
        "the database system is starting up",
        "the database system is in recovery mode",
    ];
    MESSAGES.iter().any(|m| message.starts_with(m))
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for DbError {
    fn from(error: diesel_async::pooled_connection::deadpool::PoolError) -> Self {
        DbError::unavailable(error)
    }
}
