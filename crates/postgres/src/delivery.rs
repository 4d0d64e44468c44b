//! Delivery zones and their communes in PostgreSQL. A commune's code is the table's key, so a
//! commune is in one zone at most; an order names the zone it was charged by, so a zone that
//! orders name is deactivated rather than deleted (`orders.delivery_zone`'s foreign key stands
//! behind it).

use std::collections::HashMap;

use async_trait::async_trait;
use bitik_common::{BoxError, Money};
use bitik_orders::delivery::{Commune, DeliveryZone, ZoneRemoval, ZoneRepository, ZoneWriteError};
use diesel::dsl::{exists, now};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::functions::bitik_search_text;
use crate::schema::{delivery_communes as communes, delivery_zones as zones, orders};
use crate::{Database, DbError};

pub struct PgZoneRepository {
    database: Database,
}

impl PgZoneRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

/// A zone's terms as they are written, when it is created and at every change; an absent
/// express fee or threshold is written as NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = zones, treat_none_as_null = true)]
struct ZoneTerms<'a> {
    name: &'a str,
    fee: i64,
    express_fee: Option<i64>,
    free_from: Option<i64>,
    delay: &'a str,
    express_delay: Option<&'a str>,
    cash_on_delivery: bool,
    active: bool,
}

impl<'a> ZoneTerms<'a> {
    fn of(zone: &'a DeliveryZone) -> Self {
        Self {
            name: &zone.name,
            fee: zone.fee.as_francs(),
            express_fee: zone.express_fee.map(Money::as_francs),
            free_from: zone.free_from.map(Money::as_francs),
            delay: &zone.delay,
            express_delay: zone.express_delay.as_deref(),
            cash_on_delivery: zone.cash_on_delivery,
            active: zone.active,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = zones)]
struct ZoneRow {
    code: String,
    name: String,
    fee: i64,
    express_fee: Option<i64>,
    free_from: Option<i64>,
    delay: String,
    express_delay: Option<String>,
    cash_on_delivery: bool,
    active: bool,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = communes)]
struct CommuneRow {
    code: String,
    zone_code: String,
    name: String,
}

fn zone(row: ZoneRow, communes: Vec<Commune>) -> DeliveryZone {
    DeliveryZone {
        code: row.code,
        name: row.name,
        fee: Money::francs(row.fee),
        express_fee: row.express_fee.map(Money::francs),
        free_from: row.free_from.map(Money::francs),
        delay: row.delay,
        express_delay: row.express_delay,
        cash_on_delivery: row.cash_on_delivery,
        active: row.active,
        communes,
    }
}

/// The zones of `rows` with their communes, by name ignoring case and accents: two queries.
async fn with_communes(conn: &mut AsyncPgConnection, rows: Vec<ZoneRow>) -> Result<Vec<DeliveryZone>, DbError> {
    let codes: Vec<&str> = rows.iter().map(|row| row.code.as_str()).collect();
    let found: Vec<CommuneRow> = communes::table
        .filter(communes::zone_code.eq_any(&codes))
        .order((bitik_search_text(communes::name), communes::code))
        .select(CommuneRow::as_select())
        .load(conn)
        .await?;
    let mut by_zone: HashMap<String, Vec<Commune>> = HashMap::new();
    for row in found {
        by_zone.entry(row.zone_code).or_default().push(Commune { code: row.code, name: row.name });
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let communes = by_zone.remove(&row.code).unwrap_or_default();
            zone(row, communes)
        })
        .collect())
}

async fn find_in(conn: &mut AsyncPgConnection, code: &str) -> Result<Option<DeliveryZone>, DbError> {
    let row = zones::table.find(code).select(ZoneRow::as_select()).first(conn).await.optional()?;
    match row {
        Some(row) => Ok(with_communes(conn, vec![row]).await?.pop()),
        None => Ok(None),
    }
}

/// What can end a zone's transaction early, besides the database failing.
enum Abort {
    Db(DbError),
    Taken { commune: String, zone: String },
    Missing,
}

impl From<diesel::result::Error> for Abort {
    fn from(error: diesel::result::Error) -> Self {
        Abort::Db(DbError::from(error))
    }
}

impl From<DbError> for Abort {
    fn from(error: DbError) -> Self {
        Abort::Db(error)
    }
}

impl From<Abort> for ZoneWriteError {
    fn from(abort: Abort) -> Self {
        match abort {
            Abort::Taken { commune, zone } => ZoneWriteError::CommuneTaken { commune, zone },
            Abort::Db(DbError::Duplicate(constraint)) if constraint == "delivery_zones_pkey" => {
                ZoneWriteError::CodeTaken
            }
            Abort::Db(e) => ZoneWriteError::Other(e.into()),
            Abort::Missing => ZoneWriteError::Other(DbError::inconsistent("a zone just written is gone").into()),
        }
    }
}

/// Refuses, by their names, a commune of `zone` that another zone already covers.
async fn refuse_taken(conn: &mut AsyncPgConnection, zone: &DeliveryZone) -> Result<(), Abort> {
    let codes: Vec<&str> = zone.communes.iter().map(|c| c.code.as_str()).collect();
    let taken: Option<(String, String)> = communes::table
        .inner_join(zones::table)
        .filter(communes::code.eq_any(&codes))
        .filter(communes::zone_code.ne(&zone.code))
        .select((communes::code, zones::name))
        .first(conn)
        .await
        .optional()?;
    match taken {
        Some((code, zone_name)) => {
            let commune = zone.communes.iter().find(|c| c.code == code).map_or(code, |c| c.name.clone());
            Err(Abort::Taken { commune, zone: zone_name })
        }
        None => Ok(()),
    }
}

/// Makes the zone's communes exactly `zone.communes`: those left out go, those kept keep their
/// rows (so the addresses naming them keep them), new ones are added.
async fn write_communes(conn: &mut AsyncPgConnection, zone: &DeliveryZone) -> Result<(), Abort> {
    refuse_taken(conn, zone).await?;
    let codes: Vec<&str> = zone.communes.iter().map(|c| c.code.as_str()).collect();
    diesel::delete(communes::table.filter(communes::zone_code.eq(&zone.code)).filter(communes::code.ne_all(&codes)))
        .execute(conn)
        .await?;
    for commune in &zone.communes {
        let upsert = diesel::insert_into(communes::table)
            .values((
                communes::code.eq(&commune.code),
                communes::zone_code.eq(&zone.code),
                communes::name.eq(&commune.name),
            ))
            .on_conflict(communes::code)
            .do_update()
            .set(communes::name.eq(&commune.name));
        // Only a commune of this zone is renamed; one another zone took meanwhile is left alone.
        let written = diesel::query_dsl::methods::FilterDsl::filter(upsert, communes::zone_code.eq(&zone.code))
            .execute(conn)
            .await?;
        if written == 0 {
            refuse_taken(conn, zone).await?;
            return Err(Abort::Taken { commune: commune.name.clone(), zone: "une autre zone".to_owned() });
        }
    }
    Ok(())
}

#[async_trait]
impl ZoneRepository for PgZoneRepository {
    async fn list(&self, active_only: bool) -> Result<Vec<DeliveryZone>, BoxError> {
        let mut conn = self.database.conn().await?;
        let mut query = zones::table.into_boxed();
        if active_only {
            query = query.filter(zones::active);
        }
        let rows = query
            .order((zones::fee, bitik_search_text(zones::name), zones::code))
            .select(ZoneRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(with_communes(&mut conn, rows).await?)
    }

    async fn find(&self, code: &str) -> Result<Option<DeliveryZone>, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(find_in(&mut conn, code).await?)
    }

    async fn find_by_commune(&self, code: &str) -> Result<Option<(DeliveryZone, Commune)>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row: Option<CommuneRow> = communes::table
            .find(code)
            .select(CommuneRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        let Some(row) = row else { return Ok(None) };
        let zone = find_in(&mut conn, &row.zone_code).await?;
        Ok(zone.map(|zone| (zone, Commune { code: row.code, name: row.name })))
    }

    async fn create(&self, zone: DeliveryZone) -> Result<DeliveryZone, ZoneWriteError> {
        let mut conn = self.database.conn().await.map_err(|e| ZoneWriteError::Other(e.into()))?;
        let created = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            diesel::insert_into(zones::table)
                .values((zones::code.eq(&zone.code), ZoneTerms::of(&zone)))
                .execute(conn)
                .await?;
            write_communes(conn, &zone).await?;
            find_in(conn, &zone.code).await?.ok_or(Abort::Missing)
        })
        .await;
        Ok(created?)
    }

    async fn update(&self, zone: DeliveryZone) -> Result<Option<DeliveryZone>, ZoneWriteError> {
        let mut conn = self.database.conn().await.map_err(|e| ZoneWriteError::Other(e.into()))?;
        let updated = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            let changed = diesel::update(zones::table.find(&zone.code))
                .set((ZoneTerms::of(&zone), zones::updated_at.eq(now)))
                .execute(conn)
                .await?;
            if changed == 0 {
                return Err(Abort::Missing);
            }
            write_communes(conn, &zone).await?;
            find_in(conn, &zone.code).await?.ok_or(Abort::Missing)
        })
        .await;
        match updated {
            Ok(zone) => Ok(Some(zone)),
            Err(Abort::Missing) => Ok(None),
            Err(abort) => Err(abort.into()),
        }
    }

    async fn remove(&self, code: &str) -> Result<ZoneRemoval, BoxError> {
        let mut conn = self.database.conn().await?;
        let removal = crate::audit::transaction::<_, DbError, _>(&mut conn, async move |conn| {
            // The lock makes an order being placed in the zone wait, or this wait for it: the
            // zone is then deactivated, never deleted from under it.
            let found: Option<String> =
                zones::table.find(code).select(zones::code).for_update().first(conn).await.optional()?;
            if found.is_none() {
                return Ok(ZoneRemoval::NotFound);
            }
            let named: bool =
                diesel::select(exists(orders::table.filter(orders::delivery_zone.eq(code)))).get_result(conn).await?;
            if named {
                diesel::update(zones::table.find(code))
                    .set((zones::active.eq(false), zones::updated_at.eq(now)))
                    .execute(conn)
                    .await?;
                return Ok(ZoneRemoval::Deactivated);
            }
            diesel::delete(zones::table.find(code)).execute(conn).await?;
            Ok(ZoneRemoval::Deleted)
        })
        .await?;
        Ok(removal)
    }
}
