//! Accounts and password-reset tokens in PostgreSQL.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_common::{Email, Page, Phone};
use bitik_identity::ports::{Credentials, InsertUserError, UserRepository};
use bitik_identity::{NewUser, Profile, Role, User, UserChanges, UserFilter, UserRemoval, UserStats};
use chrono::{DateTime, Utc};
use diesel::dsl::{exists, now};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::functions::{bitik_search_text, like_pattern, regexp_replace};
use crate::order_stats::{BOUNDS, SHOP_TIME_ZONE};
use crate::schema::{orders, password_reset_tokens as resets, two_factor_recovery_codes as two_factor_codes, users};
use crate::{Database, DbError};
use bitik_messages::NewMessage;

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
    email: Option<String>,
    password_hash: Option<String>,
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
    password_reset_requested_at: Option<DateTime<Utc>>,
    /// Only whether two-step login is on: its secret is read by `two_factor.rs` alone.
    two_factor_enabled_at: Option<DateTime<Utc>>,
    login_phone: Option<String>,
    created_at: DateTime<Utc>,
}

impl UserRow {
    pub(crate) fn into_credentials(self) -> Result<Credentials, BoxError> {
        let email = self.email.as_deref().map(Email::known);
        let login_phone = self.login_phone.as_deref().map(Phone::parse).transpose();
        let login_phone = login_phone.map_err(|_| DbError::inconsistent("a login phone that is not one"))?;
        let role =
            Role::parse(&self.role).ok_or_else(|| DbError::inconsistent(format!("unknown role {:?}", self.role)))?;
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
            password_reset_requested_at: self.password_reset_requested_at,
            two_factor_enabled: self.two_factor_enabled_at.is_some(),
            login_phone,
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
    email: Option<&'a str>,
    password_hash: Option<&'a str>,
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    role: &'a str,
    login_phone: Option<&'a str>,
}

#[derive(AsChangeset)]
#[diesel(table_name = users)]
struct ProfileChanges<'a> {
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    /// `None` fields are left out of the UPDATE: a profile saved without address lines keeps them.
    address: Option<&'a str>,
    city: Option<&'a str>,
    zip_code: Option<&'a str>,
    country: Option<&'a str>,
}

/// A new password and what comes with it; `None` fields are left out of the UPDATE.
#[derive(AsChangeset)]
#[diesel(table_name = users)]
struct PasswordChange<'a> {
    password_hash: &'a str,
    role: Option<&'a str>,
    active: Option<bool>,
    #[diesel(column_name = password_reset_requested_at)]
    reset_requested_at: Option<Option<DateTime<Utc>>>,
}

impl<'a> PasswordChange<'a> {
    fn new(password_hash: &'a str) -> Self {
        Self { password_hash, role: None, active: None, reset_requested_at: None }
    }
}

/// Writes a new password; every session opened before it ends (its token version moves on).
async fn change_password(conn: &mut AsyncPgConnection, id: Uuid, change: PasswordChange<'_>) -> QueryResult<UserRow> {
    diesel::update(users::table.find(id))
        .set((change, users::token_version.eq(users::token_version + 1), users::updated_at.eq(now)))
        .returning(UserRow::as_returning())
        .get_result(conn)
        .await
}

/// Turns two-step login off in `conn`'s transaction: the secret, its last step and the recovery
/// codes are forgotten (`two_factor.rs`'s `disable`, and the command line's way back in:
/// `set_role_and_password`).
pub(crate) async fn turn_off_two_factor(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<UserRow> {
    diesel::delete(two_factor_codes::table.filter(two_factor_codes::user_id.eq(id))).execute(conn).await?;
    diesel::update(users::table.find(id))
        .set((
            users::two_factor_secret.eq(None::<Vec<u8>>),
            users::two_factor_enabled_at.eq(None::<DateTime<Utc>>),
            users::two_factor_last_step.eq(None::<i64>),
            users::updated_at.eq(now),
        ))
        .returning(UserRow::as_returning())
        .get_result(conn)
        .await
}

/// An admin's changes; `None` fields are left out of the UPDATE.
#[derive(AsChangeset)]
#[diesel(table_name = users)]
struct AdminChanges<'a> {
    first_name: Option<&'a str>,
    last_name: Option<&'a str>,
    email: Option<&'a str>,
    phone: Option<&'a str>,
    address: Option<&'a str>,
    city: Option<&'a str>,
    zip_code: Option<&'a str>,
    country: Option<&'a str>,
    role: Option<&'a str>,
    active: Option<bool>,
    password_hash: Option<&'a str>,
    /// `Some(None)` clears a pending reset request once a new password is set.
    password_reset_requested_at: Option<Option<DateTime<Utc>>>,
}

type UserQuery = users::BoxedQuery<'static, Pg>;

/// Accounts matching the back office's filters.
fn filtered(filter: &UserFilter) -> UserQuery {
    let mut query = users::table.into_boxed();
    if let Some(role) = filter.role {
        query = query.filter(users::role.eq(role.as_str()));
    }
    if let Some(active) = filter.active {
        query = query.filter(users::active.eq(active));
    }
    if let Some(search) = &filter.search {
        let pattern = bitik_search_text(like_pattern(search));
        let first_last = bitik_search_text(users::first_name.concat(" ").concat(users::last_name));
        let last_first = bitik_search_text(users::last_name.concat(" ").concat(users::first_name));
        let mut matches = Box::new(
            first_last
                .like(pattern.clone())
                .or(last_first.like(pattern.clone()))
                .or(bitik_search_text(users::email.assume_not_null()).like(pattern))
                .or(users::phone.ilike(like_pattern(search))),
        ) as Box<dyn BoxableExpression<users::table, Pg, SqlType = Bool>>;
        if let Some(digits) = &filter.phone_digits {
            let phone_digits = regexp_replace(users::phone, "[^0-9]", "", "g");
            matches = Box::new(matches.or(phone_digits.like(format!("%{digits}%"))));
        }
        query = query.filter(matches);
    }
    query
}

#[derive(QueryableByName)]
struct StatsRow {
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = BigInt)]
    customers: i64,
    #[diesel(sql_type = BigInt)]
    new_this_month: i64,
    #[diesel(sql_type = BigInt)]
    new_previous_month: i64,
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

    async fn find_by_login_phone(&self, phone: &Phone) -> Result<Option<User>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = users::table
            .filter(users::login_phone.eq(phone.as_str()))
            .select(UserRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        row.map(UserRow::into_user).transpose()
    }

    async fn customers_with_phone(&self, phone: &Phone) -> Result<Vec<User>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows = users::table
            .filter(users::phone.eq(phone.as_str()))
            .filter(users::role.eq(Role::Customer.as_str()))
            .filter(users::active.eq(true))
            .filter(users::email.is_not_null())
            .select(UserRow::as_select())
            .order(users::created_at.asc())
            .limit(2)
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        rows.into_iter().map(UserRow::into_user).collect()
    }

    async fn insert(&self, user: NewUser) -> Result<User, InsertUserError> {
        let mut conn = self.database.conn().await.map_err(|e| InsertUserError::Other(e.into()))?;
        let row = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::insert_into(users::table)
                .values(NewUserRow {
                    email: user.email.as_ref().map(Email::as_str),
                    password_hash: user.password_hash.as_deref(),
                    first_name: &user.first_name,
                    last_name: &user.last_name,
                    phone: user.phone.as_ref().map_or("", Phone::as_str),
                    role: user.role.as_str(),
                    login_phone: user.login_phone.as_ref().map(Phone::as_str),
                })
                .returning(UserRow::as_returning())
                .get_result(conn)
                .await
        })
        .await
        .map_err(|e| match DbError::from(e) {
            DbError::Duplicate(_) => InsertUserError::Duplicate,
            other => InsertUserError::Other(other.into()),
        })?;
        row.into_user().map_err(InsertUserError::Other)
    }

    async fn set_role_and_password(&self, id: Uuid, role: Role, password_hash: String) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let change =
                PasswordChange { role: Some(role.as_str()), active: Some(true), ..PasswordChange::new(&password_hash) };
            change_password(conn, id, change).await?;
            // The command line is the way back in for an owner who lost the phone and the
            // recovery codes: two-step login is off again (and asked for again at the next
            // login where STAFF_2FA=required).
            Ok(turn_off_two_factor(conn, id).await?)
        })
        .await?;
        row.into_user()
    }

    async fn update_profile(&self, id: Uuid, profile: Profile) -> Result<User, BoxError> {
        let mut conn = self.database.conn().await?;
        let changes = ProfileChanges {
            first_name: &profile.first_name,
            last_name: &profile.last_name,
            phone: profile.phone.as_ref().map_or("", Phone::as_str),
            address: profile.address.as_ref().map(|a| a.address.as_str()),
            city: profile.address.as_ref().map(|a| a.city.as_str()),
            zip_code: profile.address.as_ref().map(|a| a.zip_code.as_str()),
            country: profile.address.as_ref().map(|a| a.country.as_str()),
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
        change_password(&mut conn, id, PasswordChange::new(&password_hash)).await.map_err(DbError::from)?.into_user()
    }

    async fn revoke_sessions(&self, id: Uuid) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::update(users::table.find(id))
                .set(users::token_version.eq(users::token_version + 1))
                .execute(conn)
                .await
        })
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
        message: Option<NewMessage>,
    ) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            diesel::insert_into(resets::table)
                .values((
                    resets::user_id.eq(user_id),
                    resets::token_hash.eq(token_hash),
                    resets::expires_at.eq(expires_at),
                    resets::created_by.eq(created_by),
                ))
                .execute(conn)
                .await?;
            crate::outbox::enqueue(conn, message.as_slice()).await?;
            Ok(())
        })
        .await?;
        Ok(())
    }

    async fn reset_password(&self, token_hash: Vec<u8>, password_hash: String) -> Result<Option<User>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
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
            // The request is answered: support no longer lists it.
            let change = PasswordChange { reset_requested_at: Some(None), ..PasswordChange::new(&password_hash) };
            Ok(Some(change_password(conn, user_id, change).await?))
        })
        .await?;
        row.map(UserRow::into_user).transpose()
    }

    async fn list(&self, filter: &UserFilter) -> Result<Page<User>, BoxError> {
        let mut conn = self.database.conn().await?;
        let total: i64 = filtered(filter).count().get_result(&mut conn).await.map_err(DbError::from)?;
        let rows = filtered(filter)
            .order((users::created_at.desc(), users::id.desc()))
            .limit(i64::from(filter.page.limit))
            .offset(filter.page.offset())
            .select(UserRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        let items = rows.into_iter().map(UserRow::into_user).collect::<Result<Vec<_>, _>>()?;
        Ok(Page::counted(items, filter.page, u64::try_from(total).unwrap_or(0)))
    }

    async fn update(&self, id: Uuid, changes: UserChanges) -> Result<Option<User>, InsertUserError> {
        let mut conn = self.database.conn().await.map_err(|e| InsertUserError::Other(e.into()))?;
        let set = AdminChanges {
            first_name: changes.first_name.as_deref(),
            last_name: changes.last_name.as_deref(),
            email: changes.email.as_ref().map(Email::as_str),
            phone: changes.phone.as_ref().map(|phone| phone.as_ref().map_or("", Phone::as_str)),
            address: changes.address.as_deref(),
            city: changes.city.as_deref(),
            zip_code: changes.zip_code.as_deref(),
            country: changes.country.as_deref(),
            role: changes.role.map(Role::as_str),
            active: changes.active,
            password_hash: changes.password_hash.as_deref(),
            password_reset_requested_at: changes.password_hash.as_ref().map(|_| None),
        };
        let raise = i32::from(changes.end_sessions);
        let row = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::update(users::table.find(id))
                .set((set, users::token_version.eq(users::token_version + raise), users::updated_at.eq(now)))
                .returning(UserRow::as_returning())
                .get_result(conn)
                .await
                .optional()
        })
        .await
        .map_err(|e| match DbError::from(e) {
            DbError::Duplicate(_) => InsertUserError::Duplicate,
            DbError::Query(query) if keeps_an_admin(&query) => InsertUserError::LastAdmin,
            other => InsertUserError::Other(other.into()),
        })?;
        row.map(UserRow::into_user).transpose().map_err(InsertUserError::Other)
    }

    async fn delete(&self, id: Uuid) -> Result<UserRemoval, BoxError> {
        let mut conn = self.database.conn().await?;
        let removal = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let ordered: bool =
                diesel::select(exists(orders::table.filter(orders::user_id.eq(id)))).get_result(conn).await?;
            if ordered {
                let changed = diesel::update(users::table.find(id))
                    .set((
                        users::active.eq(false),
                        users::token_version.eq(users::token_version + 1),
                        users::updated_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
                return Ok(if changed == 0 { UserRemoval::NotFound } else { UserRemoval::Deactivated });
            }
            // Addresses, cart lines and reset links go with the account (ON DELETE CASCADE).
            let deleted = diesel::delete(users::table.find(id)).execute(conn).await?;
            Ok(if deleted == 0 { UserRemoval::NotFound } else { UserRemoval::Deleted })
        })
        .await?;
        Ok(removal)
    }

    async fn stats(&self, at: DateTime<Utc>) -> Result<UserStats, BoxError> {
        let mut conn = self.database.conn().await?;
        let query = format!(
            "WITH {BOUNDS}
             SELECT count(*) FILTER (WHERE u.created_at <= $1) AS total,
                    count(*) FILTER (WHERE u.role = 'customer' AND u.created_at <= $1) AS customers,
                    count(*) FILTER (WHERE u.created_at >= b.month_start AND u.created_at <= $1) AS new_this_month,
                    count(*) FILTER (WHERE u.created_at >= b.previous_month_start
                                       AND u.created_at < b.previous_month_until) AS new_previous_month
             FROM bounds b LEFT JOIN users u ON true"
        );
        let row: StatsRow = diesel::sql_query(query)
            .bind::<Timestamptz, _>(at)
            .bind::<Text, _>(SHOP_TIME_ZONE)
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        Ok(UserStats {
            total: count(row.total),
            customers: count(row.customers),
            new_this_month: count(row.new_this_month),
            new_previous_month: count(row.new_previous_month),
        })
    }
}

/// The refusal of the `users_keep_an_admin` trigger (migration `2026-12-07-000210_staff_roles`):
/// diesel hides the SQLSTATE, its message is what is left to read.
fn keeps_an_admin(error: &diesel::result::Error) -> bool {
    matches!(error, diesel::result::Error::DatabaseError(_, info) if info.message() == "the last active administrator stays one")
}
