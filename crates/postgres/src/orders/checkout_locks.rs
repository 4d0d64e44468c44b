//! What a checkout waits for before it takes stock: the other checkouts of its account and phone
//! (the cap of orders awaiting payment), and the row of the promo code it names (its last use).

use bitik_orders::OpenOrdersOf;
use bitik_orders::PaymentStatus;
use bitik_orders::open_orders::OPEN_STATUSES;
use bitik_orders::promo::AppliedPromo;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::abort::Abort;
use crate::schema::{orders, promo_codes};

/// Advisory lock spaces (the first key of `pg_advisory_xact_lock(int4, int4)`) of the checkouts
/// of one account and of one phone.
const ACCOUNT_CHECKOUTS: i32 = 0x6f72_6461; // "orda"
const PHONE_CHECKOUTS: i32 = 0x6f72_6470; // "ordp"

/// Refuses a new order when the account, or the phone, already holds `cap` orders awaiting
/// payment. The checkouts of one account, then of one phone, wait for each other here until
/// their transaction ends, so the count each one reads includes what the one before it placed.
/// Every checkout takes the account's lock before the phone's, and both before any row lock:
/// no two of them wait for each other in a cycle.
pub(super) async fn refuse_past_cap(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    phone: &str,
    cap: u32,
) -> Result<(), Abort> {
    for (space, key) in [(ACCOUNT_CHECKOUTS, user_id.to_string()), (PHONE_CHECKOUTS, phone.to_owned())] {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
            .bind::<diesel::sql_types::Integer, _>(space)
            .bind::<diesel::sql_types::Text, _>(key)
            .execute(conn)
            .await?;
    }
    let statuses: Vec<&str> = OPEN_STATUSES.iter().map(|s| s.as_str()).collect();
    let open = || {
        orders::table
            .filter(orders::status.eq_any(statuses.clone()))
            .filter(orders::payment_status.ne(PaymentStatus::Paid.as_str()))
    };
    let cap = i64::from(cap);
    let by_account: i64 = open().filter(orders::user_id.eq(user_id)).count().get_result(conn).await?;
    if by_account >= cap {
        return Err(Abort::TooManyOpen(OpenOrdersOf::Account));
    }
    let by_phone: i64 = open().filter(orders::shipping_phone.eq(phone)).count().get_result(conn).await?;
    if by_phone >= cap {
        return Err(Abort::TooManyOpen(OpenOrdersOf::Phone));
    }
    Ok(())
}

/// Takes a use of the order's promo code, or refuses the order. The checkouts naming the code
/// wait for each other on its row until their transaction ends, so the uses each one counts
/// include the order the one before it placed: of checkouts racing for the last use, one gets it.
/// The limits are read under the lock, as the back office left them. Taken after the checkout's
/// advisory locks and before any variant's row: no two checkouts wait for each other in a cycle.
pub(super) async fn take_promo_use(
    conn: &mut AsyncPgConnection,
    promo: &AppliedPromo,
    user_id: Uuid,
) -> Result<(), Abort> {
    let (limit, once_per_customer): (Option<i32>, bool) = promo_codes::table
        .find(promo.id)
        .select((promo_codes::usage_limit, promo_codes::once_per_customer))
        .for_update()
        .first(conn)
        .await?;
    let usage = crate::promo_codes::usage(conn, promo.id, user_id).await?;
    if limit.is_some_and(|limit| i64::from(usage.total) >= i64::from(limit)) {
        return Err(Abort::PromoExhausted);
    }
    if once_per_customer && usage.by_customer > 0 {
        return Err(Abort::PromoAlreadyUsed);
    }
    Ok(())
}
