//! Two-step login in PostgreSQL (migration `2026-12-07-000230_two_factor`): the secret and the
//! last accepted step on the user's row, the recovery codes' hashes in
//! `two_factor_recovery_codes`. Every write says in its `WHERE` what it expects, so that of two
//! requests at once using one code, or turning it on twice, one finds nothing to change.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_identity::User;
use bitik_identity::ports::{StoredTwoFactor, TwoFactorRepository};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::schema::{two_factor_recovery_codes as codes, users};
use crate::users::{UserRow, turn_off_two_factor};
use crate::{Database, DbError};

pub struct PgTwoFactorRepository {
    database: Database,
}

impl PgTwoFactorRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

/// A step as stored: steps are counted from 1970 in 30 s, far within a BIGINT.
fn stored_step(step: u64) -> Result<i64, BoxError> {
    i64::try_from(step).map_err(|_| format!("time step {step} out of range").into())
}

#[async_trait]
impl TwoFactorRepository for PgTwoFactorRepository {
    async fn find(&self, user_id: Uuid) -> Result<Option<StoredTwoFactor>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Option<(Option<Vec<u8>>, Option<DateTime<Utc>>, Option<i64>)> = users::table
            .find(user_id)
            .select((users::two_factor_secret, users::two_factor_enabled_at, users::two_factor_last_step))
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        let Some((Some(secret), enabled_at, last_step)) = row else { return Ok(None) };
        let last_step =
            last_step.map(|step| u64::try_from(step).map_err(|_| DbError::inconsistent("negative time step")));
        Ok(Some(StoredTwoFactor { secret, enabled: enabled_at.is_some(), last_step: last_step.transpose()? }))
    }

    async fn start_setup(&self, user_id: Uuid, secret: Vec<u8>) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let changed = diesel::update(users::table.find(user_id).filter(users::two_factor_enabled_at.is_null()))
            .set((users::two_factor_secret.eq(secret), users::two_factor_last_step.eq(None::<i64>)))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(changed == 1)
    }

    async fn enable(
        &self,
        user_id: Uuid,
        secret: Vec<u8>,
        step: u64,
        recovery_code_hashes: Vec<Vec<u8>>,
    ) -> Result<Option<User>, BoxError> {
        let step = stored_step(step)?;
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let pending = users::table
                .find(user_id)
                .filter(users::two_factor_enabled_at.is_null())
                .filter(users::two_factor_secret.eq(secret));
            let row = diesel::update(pending)
                .set((
                    users::two_factor_enabled_at.eq(now),
                    users::two_factor_last_step.eq(step),
                    // The sessions opened with the password alone end here.
                    users::token_version.eq(users::token_version + 1),
                    users::updated_at.eq(now),
                ))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .await
                .optional()?;
            let Some(row) = row else { return Ok(None) };
            diesel::delete(codes::table.filter(codes::user_id.eq(user_id))).execute(conn).await?;
            let rows: Vec<_> = recovery_code_hashes
                .into_iter()
                .map(|hash| (codes::user_id.eq(user_id), codes::code_hash.eq(hash)))
                .collect();
            diesel::insert_into(codes::table).values(rows).execute(conn).await?;
            Ok(Some(row))
        })
        .await?;
        row.map(UserRow::into_user).transpose()
    }

    async fn accept_step(&self, user_id: Uuid, step: u64) -> Result<bool, BoxError> {
        let step = stored_step(step)?;
        let mut conn = self.database.conn().await?;
        let later = users::two_factor_last_step.is_null().or(users::two_factor_last_step.lt(step));
        let changed =
            diesel::update(users::table.find(user_id).filter(users::two_factor_enabled_at.is_not_null()).filter(later))
                .set(users::two_factor_last_step.eq(step))
                .execute(&mut conn)
                .await
                .map_err(DbError::from)?;
        Ok(changed == 1)
    }

    async fn use_recovery_code(&self, user_id: Uuid, code_hash: Vec<u8>) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let unused = codes::table
            .filter(codes::user_id.eq(user_id))
            .filter(codes::code_hash.eq(code_hash))
            .filter(codes::used_at.is_null());
        let changed =
            diesel::update(unused).set(codes::used_at.eq(now)).execute(&mut conn).await.map_err(DbError::from)?;
        Ok(changed == 1)
    }

    async fn disable(&self, user_id: Uuid) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            Ok(turn_off_two_factor(conn, user_id).await?)
        })
        .await?;
        row.into_user()
    }
}
