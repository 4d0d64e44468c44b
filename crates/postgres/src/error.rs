use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// What went wrong talking to PostgreSQL, in the terms the services care about.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The server cannot be reached, or no connection became free in time.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    #[error("unique constraint violated: {0}")]
    Duplicate(String),
    #[error(transparent)]
    Query(DieselError),
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
            | DieselError::BrokenTransactionManager => DbError::Unavailable(error.to_string()),
            DieselError::DatabaseError(_, info) if is_server_going_away(info.message()) => {
                DbError::Unavailable(error.to_string())
            }
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
        DbError::Unavailable(error.to_string())
    }
}

/// Whether an error chain means "the database is not answering" (mapped to 503 by the API).
pub fn is_unavailable(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(e) = current {
        if matches!(e.downcast_ref::<DbError>(), Some(DbError::Unavailable(_))) {
            return true;
        }
        current = e.source();
    }
    false
}
