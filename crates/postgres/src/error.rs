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
            DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => {
                DbError::Unavailable(error.to_string())
            }
            _ => DbError::Query(error),
        }
    }
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
