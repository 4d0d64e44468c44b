//! Changes to stored data that SQL cannot make. The migration that needs one records it in
//! `data_steps` (`done_at` empty); [`run_pending`] runs it once, right after the SQL
//! migrations, and records it done in the same transaction, so a failed run leaves it pending.

use bitik_common::Phone;
use diesel::sql_types::{Array, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::DbError;

/// Stored phones rewritten in E.164 where they read as numbers.
const PHONES_E164: &str = "phones_e164";

/// Every column that holds a phone: `(table, column)`.
const PHONE_COLUMNS: [(&str, &str); 3] = [("users", "phone"), ("addresses", "phone"), ("orders", "shipping_phone")];

#[derive(diesel::QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(diesel::QueryableByName)]
struct Stored {
    #[diesel(sql_type = Text)]
    value: String,
}

/// Runs the steps still pending, in the order of their names; returns the names of those run.
/// Two runs at once do not both run a step: the second waits for the first's row locks, then
/// finds nothing pending.
pub(crate) async fn run_pending(conn: &mut AsyncPgConnection) -> Result<Vec<String>, DbError> {
    crate::audit::transaction::<_, DbError, _>(conn, async |conn| {
        let pending: Vec<Name> = diesel::sql_query(
            "SELECT name FROM data_steps WHERE done_at IS NULL AND name = ANY($1) ORDER BY name FOR UPDATE",
        )
        .bind::<Array<Text>, _>(vec![PHONES_E164])
        .load(conn)
        .await?;
        for step in &pending {
            if step.name == PHONES_E164 {
                phones_to_e164(conn).await?;
            }
            diesel::sql_query("UPDATE data_steps SET done_at = now() WHERE name = $1")
                .bind::<Text, _>(&step.name)
                .execute(conn)
                .await?;
        }
        Ok(pending.into_iter().map(|step| step.name).collect())
    })
    .await
}

/// Each distinct phone of each column is read with the forms' rule; those it reads are
/// rewritten in E.164, in one statement per column.
async fn phones_to_e164(conn: &mut AsyncPgConnection) -> Result<(), DbError> {
    for (table, column) in PHONE_COLUMNS {
        let stored: Vec<Stored> =
            diesel::sql_query(format!("SELECT DISTINCT {column} AS value FROM {table} WHERE {column} <> ''"))
                .load(conn)
                .await?;
        let (raw, e164): (Vec<String>, Vec<String>) = stored
            .into_iter()
            .filter_map(|s| Phone::parse(&s.value).ok().map(|phone| (s.value, phone.into_inner())))
            .filter(|(raw, e164)| raw != e164)
            .unzip();
        if raw.is_empty() {
            continue;
        }
        diesel::sql_query(format!(
            "UPDATE {table} AS t SET {column} = m.e164 FROM unnest($1::text[], $2::text[]) AS m(raw, e164) \
             WHERE t.{column} = m.raw"
        ))
        .bind::<Array<Text>, _>(raw)
        .bind::<Array<Text>, _>(e164)
        .execute(conn)
        .await?;
    }
    Ok(())
}
