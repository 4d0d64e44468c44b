//! What ends an order's transaction early, besides the database failing.

use bitik_orders::OpenOrdersOf;
use uuid::Uuid;

use crate::DbError;

pub(super) enum Abort {
    Db(DbError),
    OutOfStock { product_id: Uuid, color: String, size: String, available: u32 },
    Stale,
    TooManyOpen(OpenOrdersOf),
    PromoExhausted,
    PromoAlreadyUsed,
}

impl From<diesel::result::Error> for Abort {
    fn from(error: diesel::result::Error) -> Self {
        Abort::Db(DbError::from(error))
    }
}
