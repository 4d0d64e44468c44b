//! Wave sessions and handled webhook events in PostgreSQL. A session row holds Wave's last word
//! on it; a late, older answer never moves a settled session back to open.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_common::Money;
use bitik_payments::{CheckoutStatus, Payment, PaymentRepository, WaveError, WavePaymentStatus, WaveSession};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::{orders, payment_events, payments};
use crate::{Database, DbError};

pub struct PgPaymentRepository {
    database: Database,
}

impl PgPaymentRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = payments)]
struct PaymentRow {
    order_id: Uuid,
    session_id: String,
    amount: i64,
    currency: String,
    checkout_status: String,
    payment_status: String,
    launch_url: String,
    transaction_id: Option<String>,
    last_error_code: Option<String>,
    last_error_message: Option<String>,
    is_mock: bool,
    expires_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    last_checked_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    business_name: String,
    client_reference: Option<String>,
    cancelled_at: Option<DateTime<Utc>>,
}

impl TryFrom<PaymentRow> for Payment {
    type Error = BoxError;

    fn try_from(row: PaymentRow) -> Result<Self, BoxError> {
        let unreadable =
            |what: &str, value: &str| DbError::inconsistent(format!("stored payment has {what} {value:?}"));
        let checkout_status = CheckoutStatus::parse(&row.checkout_status)
            .ok_or_else(|| unreadable("checkout status", &row.checkout_status))?;
        let payment_status = WavePaymentStatus::parse(&row.payment_status)
            .ok_or_else(|| unreadable("payment status", &row.payment_status))?;
        let last_error = match (row.last_error_code, row.last_error_message) {
            (None, None) => None,
            (code, message) => Some(WaveError { code: code.unwrap_or_default(), message: message.unwrap_or_default() }),
        };
        Ok(Payment {
            order_id: row.order_id,
            session: WaveSession {
                id: row.session_id,
                amount: Money::francs(row.amount),
                currency: row.currency,
                checkout_status,
                payment_status,
                launch_url: row.launch_url,
                client_reference: row.client_reference,
                business_name: row.business_name,
                created_at: row.created_at,
                expires_at: row.expires_at,
                completed_at: row.completed_at,
                transaction_id: row.transaction_id,
                last_error,
            },
            is_mock: row.is_mock,
            cancelled_at: row.cancelled_at,
            checked_at: row.last_checked_at,
            created_at: row.created_at,
        })
    }
}

/// Whether what Wave just said may replace what is stored: a settled session stays settled and a
/// succeeded payment stays succeeded, whatever order the answers arrive in.
fn may_replace(stored: &PaymentRow, incoming: &WaveSession) -> bool {
    let reopens =
        stored.checkout_status != CheckoutStatus::Open.as_str() && incoming.checkout_status == CheckoutStatus::Open;
    let unpays = stored.payment_status == WavePaymentStatus::Succeeded.as_str() && !incoming.succeeded();
    !reopens && !unpays
}

async fn find_in(conn: &mut AsyncPgConnection, session_id: &str) -> Result<Option<PaymentRow>, DbError> {
    payments::table
        .filter(payments::session_id.eq(session_id))
        .select(PaymentRow::as_select())
        .first(conn)
        .await
        .optional()
        .map_err(DbError::from)
}

/// A Wave session as last seen, written when it is first saved and each time Wave tells more of
/// it; what Wave no longer says (an error gone, no transaction yet) is written as NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = payments, treat_none_as_null = true)]
struct SessionSeen<'a> {
    amount: i64,
    currency: &'a str,
    checkout_status: &'a str,
    payment_status: &'a str,
    launch_url: &'a str,
    transaction_id: Option<&'a str>,
    last_error_code: Option<&'a str>,
    last_error_message: Option<&'a str>,
    expires_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    last_checked_at: Option<DateTime<Utc>>,
    business_name: &'a str,
    client_reference: Option<&'a str>,
}

impl<'a> SessionSeen<'a> {
    fn of(session: &'a WaveSession, checked_at: DateTime<Utc>) -> Self {
        let error = session.last_error.as_ref();
        Self {
            amount: session.amount.as_francs(),
            currency: &session.currency,
            checkout_status: session.checkout_status.as_str(),
            payment_status: session.payment_status.as_str(),
            launch_url: &session.launch_url,
            transaction_id: session.transaction_id.as_deref(),
            last_error_code: error.map(|e| e.code.as_str()),
            last_error_message: error.map(|e| e.message.as_str()),
            expires_at: session.expires_at,
            completed_at: session.completed_at,
            last_checked_at: Some(checked_at),
            business_name: &session.business_name,
            client_reference: session.client_reference.as_deref(),
        }
    }
}

#[async_trait]
impl PaymentRepository for PgPaymentRepository {
    async fn save(
        &self,
        order_id: Uuid,
        session: &WaveSession,
        is_mock: bool,
        checked_at: DateTime<Utc>,
    ) -> Result<Payment, BoxError> {
        let mut conn = self.database.conn().await?;
        let session = session.clone();
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let inserted = diesel::insert_into(payments::table)
                .values((
                    payments::order_id.eq(order_id),
                    payments::session_id.eq(&session.id),
                    SessionSeen::of(&session, checked_at),
                    payments::is_mock.eq(is_mock),
                    payments::created_at.eq(session.created_at),
                ))
                .on_conflict(payments::session_id)
                .do_nothing()
                .execute(conn)
                .await?;
            let stored: PaymentRow = payments::table
                .filter(payments::session_id.eq(&session.id))
                .select(PaymentRow::as_select())
                .for_update()
                .first(conn)
                .await?;
            if inserted == 1 || !may_replace(&stored, &session) {
                return Ok(stored);
            }
            diesel::update(payments::table.filter(payments::session_id.eq(&session.id)))
                .set((SessionSeen::of(&session, checked_at), payments::updated_at.eq(now)))
                .returning(PaymentRow::as_returning())
                .get_result(conn)
                .await
                .map_err(DbError::from)
        })
        .await?;
        Payment::try_from(row)
    }

    async fn find_by_session(&self, session_id: &str) -> Result<Option<Payment>, BoxError> {
        let mut conn = self.database.conn().await?;
        find_in(&mut conn, session_id).await?.map(Payment::try_from).transpose()
    }

    async fn latest_of_order(&self, order_id: Uuid) -> Result<Option<Payment>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = payments::table
            .filter(payments::order_id.eq(order_id))
            .order((payments::created_at.desc(), payments::id.desc()))
            .select(PaymentRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(Payment::try_from).transpose()
    }

    async fn paid_session_of(&self, order_id: Uuid) -> Result<Option<Payment>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = payments::table
            .filter(payments::order_id.eq(order_id))
            .filter(payments::payment_status.eq(WavePaymentStatus::Succeeded.as_str()))
            .order((payments::completed_at.desc().nulls_last(), payments::id.desc()))
            .select(PaymentRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(Payment::try_from).transpose()
    }

    async fn mark_cancelled(&self, session_id: &str, at: DateTime<Utc>) -> Result<Option<Payment>, BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::update(
            payments::table
                .filter(payments::session_id.eq(session_id))
                .filter(payments::checkout_status.eq(CheckoutStatus::Open.as_str())),
        )
        .set((
            payments::checkout_status.eq(CheckoutStatus::Expired.as_str()),
            payments::payment_status.eq(WavePaymentStatus::Cancelled.as_str()),
            payments::cancelled_at.eq(at),
            payments::updated_at.eq(now),
        ))
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        find_in(&mut conn, session_id).await?.map(Payment::try_from).transpose()
    }

    async fn event_seen(&self, event_id: &str) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let seen = diesel::select(diesel::dsl::exists(payment_events::table.find(event_id)))
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(seen)
    }

    async fn remember_event(&self, event_id: &str, kind: &str, session_id: &str) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::insert_into(payment_events::table)
            .values((
                payment_events::event_id.eq(event_id),
                payment_events::event_type.eq(kind),
                payment_events::session_id.eq(session_id),
            ))
            .on_conflict(payment_events::event_id)
            .do_nothing()
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn unpaid_wave_orders(&self, created_before: DateTime<Utc>, limit: u32) -> Result<Vec<Uuid>, BoxError> {
        let mut conn = self.database.conn().await?;
        let ids = orders::table
            .filter(orders::status.eq("pending"))
            .filter(orders::payment_method.eq("wave"))
            .filter(orders::payment_status.eq("pending"))
            // A balance left by a correction of a paid order is not a checkout that lapsed.
            .filter(orders::amount_paid.eq(0))
            .filter(orders::created_at.lt(created_before))
            .order((orders::created_at, orders::id))
            .limit(i64::from(limit))
            .select(orders::id)
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(ids)
    }
}
