//! Accounts and password-reset tokens in PostgreSQL.

use async_trait::async_trait;
use bitik_common::Email;
use bitik_identity::error::BoxError;
use bitik_identity::ports::{Credentials, InsertUserError, UserRepository};
use bitik_identity::{NewUser, ProfileUpdate, Role, User};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::{password_reset_tokens as resets, users};
use crate::{Database, DbError};

pub struct PgUserRepository {
    database: Database,
}

impl PgUserRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    id: Uuid,
    email: String,
    password_hash: String,
    first_name: String,
    last_name: String,
    phone: String,
    address: String,
    city: String,
    zip_code: String,
    country: String,
    role: String,
    active: bool,
    token_version: i32,
    created_at: DateTime<Utc>,
}

impl UserRow {
    pub(crate) fn into_credentials(self) -> Result<Credentials, BoxError> {
        let email = Email::parse(&self.email).map_err(|_| format!("stored e-mail is invalid: {}", self.id))?;
        let role = Role::parse(&self.role).ok_or_else(|| format!("unknown role {:?}", self.role))?;
        let user = User {
            id: self.id,
            email,
            first_name: self.first_name,
            last_name: self.last_name,
            phone: self.phone,
            address: self.address,
            city: self.city,
            zip_code: self.zip_code,
            country: self.country,
            role,
            active: self.active,
            token_version: self.token_version,
            created_at: self.created_at,
        };
        Ok((user, self.password_hash))
    }

    pub(crate) fn into_user(self) -> Result<User, BoxError> {
        self.into_credentials().map(|(user, _)| user)
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
struct NewUserRow<'a> {
    email: &'a str,
    password_hash: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    role: &'a str,
}

#[derive(AsChangeset)]
#[diesel(table_name = users)]
struct ProfileChanges<'a> {
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    address: &'a str,
    city: &'a str,
    zip_code: &'a str,
    country: &'a str,
}

#[async_trait]
impl UserRepository for PgUserRepository {
    async fn find_by_email(&self, email: &Email) -> Result<Option<Credentials>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = users::table
            .filter(users::email.eq(email.as_str()))
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(UserRow::into_credentials).transpose()
    }

    async fn find_by_id(&self, id: Uuid) -> Result<Option<Credentials>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = users::table
            .find(id)
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(UserRow::into_credentials).transpose()
    }

    async fn insert(&self, user: NewUser) -> Result<User, InsertUserError> {
        let mut conn = self.database.conn().await.map_err(|e| InsertUserError::Other(e.into()))?;
        let row = diesel::insert_into(users::table)
            .values(NewUserRow {
                email: user.email.as_str(),
                password_hash: &user.password_hash,
                first_name: &user.first_name,
                last_name: &user.last_name,
                phone: &user.phone,
                role: user.role.as_str(),
            })
            .returning(UserRow::as_returning())
            .get_result(&mut conn)
            .await
            .map_err(|e| match DbError::from(e) {
                DbError::Duplicate(_) => InsertUserError::Duplicate,
                other => InsertUserError::Other(other.into()),
            })?;
        row.into_user().map_err(InsertUserError::Other)
    }

    async fn set_role_and_password(&self, id: Uuid, role: Role, password_hash: String) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = diesel::update(users::table.find(id))
            .set((
                users::role.eq(role.as_str()),
                users::password_hash.eq(password_hash),
                users::active.eq(true),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(now),
            ))
            .returning(UserRow::as_returning())
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        row.into_user()
    }

    async fn update_profile(&self, id: Uuid, profile: ProfileUpdate) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let changes = ProfileChanges {
            first_name: &profile.first_name,
            last_name: &profile.last_name,
            phone: &profile.phone,
            address: &profile.address,
            city: &profile.city,
            zip_code: &profile.zip_code,
            country: &profile.country,
        };
        let row = diesel::update(users::table.find(id))
            .set((changes, users::updated_at.eq(now)))
            .returning(UserRow::as_returning())
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        row.into_user()
    }

    async fn set_password(&self, id: Uuid, password_hash: String) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = diesel::update(users::table.find(id))
            .set((
                users::password_hash.eq(password_hash),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(now),
            ))
            .returning(UserRow::as_returning())
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        row.into_user()
    }

    async fn revoke_sessions(&self, id: Uuid) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::update(users::table.find(id))
            .set(users::token_version.eq(users::token_version + 1))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn record_reset_request(&self, email: &Email) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::update(users::table.filter(users::email.eq(email.as_str())))
            .set(users::password_reset_requested_at.eq(now))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn create_reset_token(
        &self,
        user_id: Uuid,
        token_hash: Vec<u8>,
        expires_at: DateTime<Utc>,
        created_by: Option<Uuid>,
    ) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        diesel::insert_into(resets::table)
            .values((
                resets::user_id.eq(user_id),
                resets::token_hash.eq(token_hash),
                resets::expires_at.eq(expires_at),
                resets::created_by.eq(created_by),
            ))
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(())
    }

    async fn reset_password(&self, token_hash: Vec<u8>, password_hash: String) -> Result<Option<User>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = conn
            .transaction::<_, DbError, _>(async move |conn| {
                // Consuming the token first makes a second use find nothing, even concurrently.
                let user_id: Option<Uuid> = diesel::update(
                    resets::table
                        .filter(resets::token_hash.eq(token_hash))
                        .filter(resets::used_at.is_null())
                        .filter(resets::expires_at.gt(now)),
                )
                .set(resets::used_at.eq(now))
                .returning(resets::user_id)
                .get_result(conn)
                .await
                .optional()?;
                let Some(user_id) = user_id else { return Ok(None) };
                let row = diesel::update(users::table.find(user_id))
                    .set((
                        users::password_hash.eq(password_hash),
                        users::token_version.eq(users::token_version + 1),
                        users::password_reset_requested_at.eq(None::<DateTime<Utc>>),
                        users::updated_at.eq(now),
                    ))
                    .returning(UserRow::as_returning())
                    .get_result(conn)
                    .await?;
                Ok(Some(row))
            })
            .await?;
        row.map(UserRow::into_user).transpose()
    }
}
