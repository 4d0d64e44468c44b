//! Address books in PostgreSQL. Every query is scoped to the owner, so another user's address
//! is simply not found. A partial unique index allows one default per user; each write keeps
//! exactly one while the user has any address. A book holds at most the addresses the service
//! allows, counted in the insert's transaction.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_identity::ports::AddressRepository;
use bitik_identity::{Address, AddressEntry};
use chrono::{DateTime, Utc};
use diesel::dsl::now;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::{addresses, delivery_communes as communes, delivery_zones as zones};
use crate::{Database, DbError};

pub struct PgAddressRepository {
    database: Database,
}

impl PgAddressRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = addresses)]
struct AddressRow {
    id: Uuid,
    label: String,
    first_name: String,
    last_name: String,
    phone: String,
    address: String,
    city: String,
    zip_code: String,
    country: String,
    is_default: bool,
    created_at: DateTime<Utc>,
    commune: Option<String>,
    landmark: String,
}

/// A stored address and the name its commune has in the delivery zones.
type AddressRead = (AddressRow, Option<String>);

fn address((row, commune_name): AddressRead) -> Address {
    Address {
        id: row.id,
        label: row.label,
        first_name: row.first_name,
        last_name: row.last_name,
        phone: row.phone,
        address: row.address,
        city: row.city,
        zip_code: row.zip_code,
        country: row.country,
        commune: row.commune.unwrap_or_default(),
        commune_name: commune_name.unwrap_or_default(),
        landmark: row.landmark,
        is_default: row.is_default,
        created_at: row.created_at,
    }
}

#[derive(AsChangeset, Insertable)]
#[diesel(table_name = addresses, treat_none_as_null = true)]
struct AddressFields<'a> {
    label: &'a str,
    first_name: &'a str,
    last_name: &'a str,
    phone: &'a str,
    address: &'a str,
    city: &'a str,
    zip_code: &'a str,
    country: &'a str,
    commune: Option<&'a str>,
    landmark: &'a str,
}

impl<'a> From<&'a AddressEntry> for AddressFields<'a> {
    fn from(entry: &'a AddressEntry) -> Self {
        AddressFields {
            label: &entry.label,
            first_name: &entry.first_name,
            last_name: &entry.last_name,
            phone: entry.phone.as_str(),
            address: &entry.address.address,
            city: &entry.address.city,
            zip_code: &entry.address.zip_code,
            country: &entry.address.country,
            commune: Some(entry.commune.as_str()).filter(|code| !code.is_empty()),
            landmark: &entry.landmark,
        }
    }
}

fn owned(user_id: Uuid) -> addresses::BoxedQuery<'static, diesel::pg::Pg> {
    addresses::table.filter(addresses::user_id.eq(user_id)).into_boxed()
}

/// Makes `id` the user's only default address. The user's row is locked first: two of these
/// at once for one user would otherwise each clear the defaults the other cannot see yet, then
/// both set one, and the second would break `addresses_one_default` (a 500, found by fuzzing).
async fn make_default(conn: &mut AsyncPgConnection, user_id: Uuid, id: Uuid) -> Result<(), DbError> {
    lock_user(conn, user_id).await?;
    diesel::update(addresses::table.filter(addresses::user_id.eq(user_id)).filter(addresses::is_default))
        .set(addresses::is_default.eq(false))
        .execute(conn)
        .await?;
    diesel::update(addresses::table.filter(addresses::user_id.eq(user_id)).filter(addresses::id.eq(id)))
        .set((addresses::is_default.eq(true), addresses::updated_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Holds the user's row until the transaction ends: the writes of one address book that must
/// see each other's result wait for each other here.
async fn lock_user(conn: &mut AsyncPgConnection, user_id: Uuid) -> Result<(), DbError> {
    crate::schema::users::table
        .filter(crate::schema::users::id.eq(user_id))
        .select(crate::schema::users::id)
        .for_update()
        .first::<Uuid>(conn)
        .await
        .optional()?;
    Ok(())
}

type WithCommune = diesel::dsl::Select<
    diesel::dsl::Filter<
        diesel::dsl::LeftJoin<addresses::table, communes::table>,
        diesel::dsl::Eq<addresses::user_id, Uuid>,
    >,
    (diesel::dsl::AsSelect<AddressRow, diesel::pg::Pg>, diesel::dsl::Nullable<communes::name>),
>;

/// The user's addresses with their communes' names.
fn read(user_id: Uuid) -> diesel::dsl::IntoBoxed<'static, WithCommune, diesel::pg::Pg> {
    addresses::table
        .left_join(communes::table)
        .filter(addresses::user_id.eq(user_id))
        .select((AddressRow::as_select(), communes::name.nullable()))
        .into_boxed()
}

async fn find(conn: &mut AsyncPgConnection, user_id: Uuid, id: Uuid) -> Result<Option<AddressRead>, DbError> {
    Ok(read(user_id).filter(addresses::id.eq(id)).first(conn).await.optional()?)
}

#[async_trait]
impl AddressRepository for PgAddressRepository {
    async fn list(&self, user_id: Uuid) -> Result<Vec<Address>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<AddressRead> = read(user_id)
            .order((addresses::is_default.desc(), addresses::created_at, addresses::id))
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(rows.into_iter().map(address).collect())
    }

    async fn create(&self, user_id: Uuid, input: AddressEntry, max: usize) -> Result<Option<Address>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            // The user's row held until the end: two additions at once count one after the other.
            lock_user(conn, user_id).await?;
            let held: i64 = owned(user_id).count().get_result(conn).await?;
            if usize::try_from(held).unwrap_or(usize::MAX) >= max {
                return Ok(None);
            }
            let id: Uuid = diesel::insert_into(addresses::table)
                .values((AddressFields::from(&input), addresses::user_id.eq(user_id)))
                .returning(addresses::id)
                .get_result(conn)
                .await?;
            let has_default: bool = diesel::select(diesel::dsl::exists(owned(user_id).filter(addresses::is_default)))
                .get_result(conn)
                .await?;
            if input.is_default || !has_default {
                make_default(conn, user_id, id).await?;
            }
            let row = find(conn, user_id, id).await?;
            row.map(Some).ok_or(DbError::inconsistent("the address just written is gone"))
        })
        .await?;
        Ok(row.map(address))
    }

    async fn update(&self, user_id: Uuid, id: Uuid, input: AddressEntry) -> Result<Option<Address>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let updated = diesel::update(owned_target(user_id, id))
                .set((AddressFields::from(&input), addresses::updated_at.eq(now)))
                .execute(conn)
                .await?;
            if updated == 0 {
                return Ok(None);
            }
            if input.is_default {
                make_default(conn, user_id, id).await?;
            }
            find(conn, user_id, id).await
        })
        .await?;
        Ok(row.map(address))
    }

    async fn commune_name(&self, code: &str) -> Result<Option<String>, BoxError> {
        let mut conn = self.database.conn().await?;
        let name = communes::table
            .inner_join(zones::table)
            .filter(communes::code.eq(code))
            .filter(zones::active)
            .select(communes::name)
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(name)
    }

    async fn delete(&self, user_id: Uuid, id: Uuid) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let deleted = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            let was_default: Option<bool> = diesel::delete(owned_target(user_id, id))
                .returning(addresses::is_default)
                .get_result(conn)
                .await
                .optional()?;
            if was_default == Some(true) {
                let newest: Option<Uuid> = owned(user_id)
                    .order((addresses::created_at.desc(), addresses::id.desc()))
                    .select(addresses::id)
                    .first(conn)
                    .await
                    .optional()?;
                if let Some(newest) = newest {
                    make_default(conn, user_id, newest).await?;
                }
            }
            Ok(was_default.is_some())
        })
        .await?;
        Ok(deleted)
    }

    async fn set_default(&self, user_id: Uuid, id: Uuid) -> Result<Option<Address>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            if find(conn, user_id, id).await?.is_none() {
                return Ok(None);
            }
            make_default(conn, user_id, id).await?;
            find(conn, user_id, id).await
        })
        .await?;
        Ok(row.map(address))
    }
}

fn owned_target(
    user_id: Uuid,
    id: Uuid,
) -> diesel::dsl::Filter<
    diesel::dsl::Filter<addresses::table, diesel::dsl::Eq<addresses::user_id, Uuid>>,
    diesel::dsl::Eq<addresses::id, Uuid>,
> {
    addresses::table.filter(addresses::user_id.eq(user_id)).filter(addresses::id.eq(id))
}
