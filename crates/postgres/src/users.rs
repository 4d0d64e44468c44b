//! Accounts in PostgreSQL.

use async_trait::async_trait;
use bitik_common::Email;
use bitik_identity::error::BoxError;
use bitik_identity::ports::{InsertUserError, UserRepository};
use bitik_identity::{NewUser, Role, User};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use crate::schema::users;
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
struct UserRow {
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
    fn into_user(self) -> Result<(User, String), BoxError> {
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

#[async_trait]
impl UserRepository for PgUserRepository {
    async fn find_by_email(&self, email: &Email) -> Result<Option<(User, String)>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = users::table
            .filter(users::email.eq(email.as_str()))
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(UserRow::into_user).transpose()
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
        row.into_user().map(|(user, _)| user).map_err(InsertUserError::Other)
    }

    async fn set_role_and_password(&self, id: Uuid, role: Role, password_hash: String) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = diesel::update(users::table.find(id))
            .set((
                users::role.eq(role.as_str()),
                users::password_hash.eq(password_hash),
                users::active.eq(true),
                users::token_version.eq(users::token_version + 1),
                users::updated_at.eq(diesel::dsl::now),
            ))
            .returning(UserRow::as_returning())
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        row.into_user().map(|(user, _)| user)
    }
}
