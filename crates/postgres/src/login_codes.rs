//! The phones' login codes in PostgreSQL (migration `2026-12-07-000240_login_codes`): one row
//! per phone, read `FOR UPDATE` and written in the same transaction, so that requests at once
//! for one phone take turns: thirty wrong codes at once are five tries and twenty-five dead.
//! What a new code and a typed code do is `bitik_identity::login_code`'s.

use async_trait::async_trait;
use bitik_common::{BoxError, Phone};
use bitik_identity::login_code::{FAILURE_MEMORY, Replacement, StoredCode, Verdict};
use bitik_identity::ports::LoginCodeRepository;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::schema::login_codes;
use crate::{Database, DbError};

pub struct PgLoginCodes {
    database: Database,
}

impl PgLoginCodes {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = login_codes)]
struct CodeRow {
    phone: String,
    sealed: Vec<u8>,
    sent_at: DateTime<Utc>,
    wrong_tries: i32,
}

impl CodeRow {
    fn stored(&self) -> Result<StoredCode, DbError> {
        let wrong_tries = u32::try_from(self.wrong_tries).map_err(|_| DbError::inconsistent("negative wrong tries"))?;
        Ok(StoredCode { sealed: self.sealed.clone(), sent_at: self.sent_at, wrong_tries })
    }

    fn of(phone: &Phone, code: StoredCode) -> Self {
        let wrong_tries = i32::try_from(code.wrong_tries).unwrap_or(i32::MAX);
        CodeRow { phone: phone.as_str().to_owned(), sealed: code.sealed, sent_at: code.sent_at, wrong_tries }
    }
}

/// The phone's row, locked until the transaction ends.
async fn locked(conn: &mut AsyncPgConnection, phone: &Phone) -> Result<Option<CodeRow>, DbError> {
    Ok(login_codes::table
        .find(phone.as_str())
        .select(CodeRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?)
}

#[async_trait]
impl LoginCodeRepository for PgLoginCodes {
    async fn replace(&self, phone: &Phone, sealed: Vec<u8>, now: DateTime<Utc>) -> Result<Replacement, BoxError> {
        let mut conn = self.database.conn().await?;
        let replacement = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            // A phone asking for its first code has no row to lock: two such requests at
            // once both insert, and the second's upsert waits for the first's row.
            let previous = locked(conn, phone).await?.map(|row| row.stored()).transpose()?;
            let replacement = StoredCode::replacing(previous.as_ref(), sealed, now);
            if let Replacement::Send(code) = &replacement {
                let row = CodeRow::of(phone, code.clone());
                diesel::insert_into(login_codes::table)
                    .values(&row)
                    .on_conflict(login_codes::phone)
                    .do_update()
                    .set(&row)
                    .execute(conn)
                    .await?;
            }
            Ok(replacement)
        })
        .await?;
        Ok(replacement)
    }

    async fn judge(&self, phone: &Phone, sealed: Vec<u8>, now: DateTime<Utc>) -> Result<Verdict, BoxError> {
        let mut conn = self.database.conn().await?;
        let verdict = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let Some(row) = locked(conn, phone).await? else { return Ok(Verdict::Dead) };
            let verdict = row.stored()?.judge(&sealed, now);
            let this = login_codes::table.find(phone.as_str());
            match verdict {
                Verdict::Accepted => {
                    diesel::delete(this).execute(conn).await?;
                }
                Verdict::Wrong => {
                    diesel::update(this)
                        .set(login_codes::wrong_tries.eq(login_codes::wrong_tries + 1))
                        .execute(conn)
                        .await?;
                }
                Verdict::Dead => {}
            }
            Ok(verdict)
        })
        .await?;
        Ok(verdict)
    }

    async fn forget_old(&self, now: DateTime<Utc>) -> Result<u64, BoxError> {
        let memory = chrono::Duration::from_std(FAILURE_MEMORY).expect("an hour fits");
        let mut conn = self.database.conn().await?;
        let forgotten = diesel::delete(login_codes::table.filter(login_codes::sent_at.le(now - memory)))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(forgotten as u64)
    }
}
