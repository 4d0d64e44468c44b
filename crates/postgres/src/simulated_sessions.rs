//! Test mode's Wave sessions in PostgreSQL (`simulated_wave_sessions`). Every change is one
//! conditional statement, so that two instances acting on one session cannot both succeed.

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use bitik_payments::test_mode::{SimulatedSession, SimulatedSessions};
use bitik_payments::{CheckoutStatus, WaveError, WavePaymentStatus, WaveSession};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::schema::simulated_wave_sessions as sessions;
use crate::{Database, DbError};

pub struct PgSimulatedSessions {
    database: Database,
}

impl PgSimulatedSessions {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = sessions)]
struct SessionRow {
    id: String,
    client_reference: Option<String>,
    amount: i64,
    currency: String,
    checkout_status: String,
    payment_status: String,
    launch_url: String,
    business_name: String,
    success_url: String,
    error_url: String,
    transaction_id: Option<String>,
    last_error_code: Option<String>,
    last_error_message: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    refunded_at: Option<DateTime<Utc>>,
}

impl SessionRow {
    fn of(simulated: &SimulatedSession) -> Self {
        let s = &simulated.session;
        SessionRow {
            id: s.id.clone(),
            client_reference: s.client_reference.clone(),
            amount: s.amount.as_francs(),
            currency: s.currency.clone(),
            checkout_status: s.checkout_status.as_str().to_owned(),
            payment_status: s.payment_status.as_str().to_owned(),
            launch_url: s.launch_url.clone(),
            business_name: s.business_name.clone(),
            success_url: simulated.success_url.clone(),
            error_url: simulated.error_url.clone(),
            transaction_id: s.transaction_id.clone(),
            last_error_code: s.last_error.as_ref().map(|e| e.code.clone()),
            last_error_message: s.last_error.as_ref().map(|e| e.message.clone()),
            created_at: s.created_at,
            expires_at: s.expires_at,
            completed_at: s.completed_at,
            refunded_at: simulated.refunded_at,
        }
    }
}

impl TryFrom<SessionRow> for SimulatedSession {
    type Error = DbError;

    fn try_from(row: SessionRow) -> Result<Self, DbError> {
        let unreadable =
            |what: &str, value: &str| DbError::inconsistent(format!("simulated session has {what} {value:?}"));
        let checkout_status = CheckoutStatus::parse(&row.checkout_status)
            .ok_or_else(|| unreadable("checkout status", &row.checkout_status))?;
        let payment_status = WavePaymentStatus::parse(&row.payment_status)
            .ok_or_else(|| unreadable("payment status", &row.payment_status))?;
        let last_error = match (row.last_error_code, row.last_error_message) {
            (None, None) => None,
            (code, message) => Some(WaveError { code: code.unwrap_or_default(), message: message.unwrap_or_default() }),
        };
        Ok(SimulatedSession {
            session: WaveSession {
                id: row.id,
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
            success_url: row.success_url,
            error_url: row.error_url,
            refunded_at: row.refunded_at,
        })
    }
}

#[async_trait]
impl SimulatedSessions for PgSimulatedSessions {
    async fn insert(&self, simulated: &SimulatedSession) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::insert_into(sessions::table)
            .values(SessionRow::of(simulated))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn find(&self, id: &str) -> Result<Option<SimulatedSession>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Option<SessionRow> = sessions::table
            .find(id)
            .select(SessionRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(row.map(SimulatedSession::try_from).transpose()?)
    }

    async fn of_reference(&self, client_reference: &str) -> Result<Vec<SimulatedSession>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<SessionRow> = sessions::table
            .filter(sessions::client_reference.eq(client_reference))
            .order((sessions::created_at, sessions::id))
            .select(SessionRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(rows.into_iter().map(SimulatedSession::try_from).collect::<Result<_, _>>()?)
    }

    async fn change_open(&self, session: &WaveSession, now: DateTime<Utc>) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let changed = diesel::update(
            sessions::table
                .find(&session.id)
                .filter(sessions::checkout_status.eq(CheckoutStatus::Open.as_str()))
                .filter(sessions::expires_at.gt(now)),
        )
        .set((
            sessions::checkout_status.eq(session.checkout_status.as_str()),
            sessions::payment_status.eq(session.payment_status.as_str()),
            sessions::transaction_id.eq(&session.transaction_id),
            sessions::completed_at.eq(session.completed_at),
            sessions::last_error_code.eq(session.last_error.as_ref().map(|e| &e.code)),
            sessions::last_error_message.eq(session.last_error.as_ref().map(|e| &e.message)),
        ))
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        Ok(changed == 1)
    }

    async fn mark_refunded(&self, id: &str, at: DateTime<Utc>) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let changed = diesel::update(
            sessions::table
                .find(id)
                .filter(sessions::payment_status.eq(WavePaymentStatus::Succeeded.as_str()))
                .filter(sessions::refunded_at.is_null()),
        )
        .set(sessions::refunded_at.eq(at))
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        Ok(changed == 1)
    }
}
