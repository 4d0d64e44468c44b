//! Invoices in PostgreSQL: a number taken from the one counter row in the invoice's own
//! transaction, so a number is never skipped (a transaction that fails gives it back) nor given
//! twice (the counter's row lock orders the issuers); the content kept as issued (JSON text; a
//! trigger refuses any change).

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_orders::invoice::{Invoice, InvoiceContent, InvoiceRepository};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::{invoice_numbers, invoices};
use crate::{Database, DbError};

pub struct PgInvoiceRepository {
    database: Database,
}

impl PgInvoiceRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

/// What ends an issue early: the database, or an invoice issued meanwhile (whose number the
/// rollback gives back).
enum Abort {
    Db(DbError),
    Existing(Box<Invoice>),
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

async fn read(conn: &mut AsyncPgConnection, order_id: Uuid) -> Result<Option<Invoice>, DbError> {
    let row: Option<(i64, DateTime<Utc>, String)> = invoices::table
        .find(order_id)
        .select((invoices::number, invoices::issued_at, invoices::content))
        .first(conn)
        .await
        .optional()?;
    row.map(|(number, issued_at, content)| {
        let content: InvoiceContent = serde_json::from_str(&content)
            .map_err(|e| DbError::inconsistent(format!("invoice {number} cannot be read: {e}")))?;
        Ok(Invoice { number, issued_at, content })
    })
    .transpose()
}

#[async_trait]
impl InvoiceRepository for PgInvoiceRepository {
    async fn find(&self, order_id: Uuid) -> Result<Option<Invoice>, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(read(&mut conn, order_id).await?)
    }

    async fn issue(&self, order_id: Uuid, content: InvoiceContent, at: DateTime<Utc>) -> Result<Invoice, BoxError> {
        let mut conn = self.database.conn().await?;
        let json =
            serde_json::to_string(&content).map_err(|e| DbError::inconsistent(format!("an invoice as JSON: {e}")))?;
        let issued = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            // The counter's row first: issuers take turns, so one already issued is seen.
            let number: i64 = diesel::update(invoice_numbers::table.find(1))
                .set(invoice_numbers::last.eq(invoice_numbers::last + 1))
                .returning(invoice_numbers::last)
                .get_result(conn)
                .await?;
            if let Some(existing) = read(conn, order_id).await? {
                // Rolled back with the transaction: the number goes back to the counter.
                return Err(Abort::Existing(Box::new(existing)));
            }
            diesel::insert_into(invoices::table)
                .values((
                    invoices::order_id.eq(order_id),
                    invoices::number.eq(number),
                    invoices::issued_at.eq(at),
                    invoices::content.eq(&json),
                ))
                .execute(conn)
                .await?;
            // As stored (times to the microsecond): the same every time it is read.
            read(conn, order_id)
                .await?
                .ok_or_else(|| Abort::Db(DbError::inconsistent("an invoice just issued is missing")))
        })
        .await;
        match issued {
            Ok(invoice) => Ok(invoice),
            Err(Abort::Existing(existing)) => Ok(*existing),
            Err(Abort::Db(error)) => Err(error.into()),
        }
    }
}
