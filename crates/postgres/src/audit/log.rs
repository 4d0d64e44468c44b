//! The `audit_events` table: the entry a request's transaction writes from what it gathered, the
//! entries written directly (downloads, logins), and the back office's reading.

use async_trait::async_trait;
use bitik_common::{BoxError, Page};
use bitik_identity::Role;
use bitik_identity::audit::{AuditActor, AuditEvent, AuditFilter, AuditLog, Change, NewAuditEvent, Scope, Target};
use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::sql_types::{Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::compose::compose;
use super::rows::read_gathered;
use crate::error::DbError;
use crate::pool::Database;
use crate::schema::{audit_events, orders, products, promo_codes, users};

/// Writes the scope's entry from what the transaction's triggers gathered; whether there was
/// anything to write.
pub(super) async fn write_gathered(conn: &mut AsyncPgConnection, scope: &Scope) -> Result<bool, DieselError> {
    let Some(actor) = scope.actor() else { return Ok(false) };
    let gathered: Option<String> =
        diesel::select(sql::<Nullable<Text>>("current_setting('bitik.audit_changes', true)")).get_result(conn).await?;
    let rows = read_gathered(gathered.as_deref().unwrap_or_default());
    let Some((action, mut target, changes)) = compose(scope.action(), scope.target(), &rows) else {
        return Ok(false);
    };
    if target.label.is_empty() && !target.id.is_empty() {
        target.label = label_of(conn, &target).await?;
    }
    let event = NewAuditEvent {
        actor: actor.clone(),
        action,
        target,
        changes,
        ip: scope.ip.clone(),
        request_id: scope.request_id.clone(),
    };
    insert(conn, &event).await?;
    // What the next transaction of the request gathers starts afresh.
    diesel::sql_query("SELECT set_config('bitik.audit_changes', '', true)").execute(conn).await?;
    Ok(true)
}

/// A readable name of what an entry names when its changed rows did not carry one.
async fn label_of(conn: &mut AsyncPgConnection, target: &Target) -> Result<String, DieselError> {
    let id = Uuid::parse_str(&target.id).ok();
    let label: Option<String> = match (target.kind.as_str(), id) {
        ("order", Some(id)) => orders::table.find(id).select(orders::order_number).first(conn).await.optional()?,
        ("product", Some(id)) => products::table.find(id).select(products::name).first(conn).await.optional()?,
        ("user", Some(id)) => {
            let user = users::table.find(id).select((users::email, users::login_phone)).first(conn).await.optional()?;
            user.and_then(|(email, phone): (Option<String>, Option<String>)| email.or(phone))
        }
        ("promo_code", Some(id)) => {
            promo_codes::table.find(id).select(promo_codes::code).first(conn).await.optional()?
        }
        _ => None,
    };
    Ok(label.unwrap_or_default())
}

#[derive(Insertable)]
#[diesel(table_name = audit_events)]
struct InsertEvent<'a> {
    actor_id: Uuid,
    actor_email: &'a str,
    actor_role: &'a str,
    action: &'a str,
    target_type: &'a str,
    target_id: &'a str,
    target_label: &'a str,
    changes: Value,
    ip: &'a str,
    request_id: &'a str,
}

async fn insert(conn: &mut AsyncPgConnection, event: &NewAuditEvent) -> Result<(), DieselError> {
    let changes: Vec<Value> = event
        .changes
        .iter()
        .map(|c| serde_json::json!({"field": c.field, "before": c.before, "after": c.after}))
        .collect();
    diesel::insert_into(audit_events::table)
        .values(InsertEvent {
            actor_id: event.actor.id,
            actor_email: &event.actor.email,
            actor_role: event.actor.role.as_str(),
            action: &event.action,
            target_type: &event.target.kind,
            target_id: &event.target.id,
            target_label: &event.target.label,
            changes: Value::Array(changes),
            ip: &event.ip,
            request_id: &event.request_id,
        })
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = audit_events)]
struct EventRow {
    id: i64,
    at: DateTime<Utc>,
    actor_id: Uuid,
    actor_email: String,
    actor_role: String,
    action: String,
    target_type: String,
    target_id: String,
    target_label: String,
    changes: Value,
    ip: String,
    request_id: String,
}

impl EventRow {
    fn into_event(self) -> Result<AuditEvent, DbError> {
        let role = Role::parse(&self.actor_role).ok_or_else(|| {
            DbError::inconsistent(format!("audit entry {} has the role {:?}", self.id, self.actor_role))
        })?;
        let changes = self
            .changes
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| Change {
                field: c["field"].as_str().unwrap_or_default().to_owned(),
                before: c["before"].clone(),
                after: c["after"].clone(),
            })
            .collect();
        Ok(AuditEvent {
            id: self.id,
            at: self.at,
            event: NewAuditEvent {
                actor: AuditActor { id: self.actor_id, email: self.actor_email, role },
                action: self.action,
                target: Target { kind: self.target_type, id: self.target_id, label: self.target_label },
                changes,
                ip: self.ip,
                request_id: self.request_id,
            },
        })
    }
}

type Filtered<'a> = audit_events::BoxedQuery<'a, diesel::pg::Pg>;

fn filtered(filter: &AuditFilter) -> Filtered<'_> {
    let mut query = audit_events::table.into_boxed();
    if let Some(actor) = filter.actor {
        query = query.filter(audit_events::actor_id.eq(actor));
    }
    if let Some(action) = &filter.action {
        query = query.filter(audit_events::action.eq(action));
    }
    if let Some(kind) = &filter.target_type {
        query = query.filter(audit_events::target_type.eq(kind));
    }
    if let Some(id) = &filter.target_id {
        query = query.filter(audit_events::target_id.eq(id));
    }
    if let Some(from) = filter.from {
        query = query.filter(audit_events::at.ge(from));
    }
    if let Some(until) = filter.until {
        query = query.filter(audit_events::at.lt(until));
    }
    query
}

#[derive(Clone)]
pub struct PgAuditLog {
    database: Database,
}

impl PgAuditLog {
    pub fn new(database: Database) -> Self {
        PgAuditLog { database }
    }

    async fn newest(&self, filter: &AuditFilter, limit: u32, offset: i64) -> Result<Vec<AuditEvent>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<EventRow> = filtered(filter)
            .order((audit_events::at.desc(), audit_events::id.desc()))
            .limit(i64::from(limit))
            .offset(offset)
            .select(EventRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(rows.into_iter().map(EventRow::into_event).collect::<Result<Vec<_>, _>>()?)
    }
}

#[async_trait]
impl AuditLog for PgAuditLog {
    async fn record(&self, event: &NewAuditEvent) -> Result<(), BoxError> {
        let mut conn = self.database.conn().await?;
        insert(&mut conn, event).await.map_err(DbError::from)?;
        Ok(())
    }

    async fn list(&self, filter: &AuditFilter) -> Result<Page<AuditEvent>, BoxError> {
        let total: i64 = {
            let mut conn = self.database.conn().await?;
            filtered(filter).count().get_result(&mut conn).await.map_err(DbError::from)?
        };
        let items = self.newest(filter, filter.page.limit, filter.page.offset()).await?;
        Ok(Page::counted(items, filter.page, u64::try_from(total).unwrap_or(0)))
    }

    async fn export(&self, filter: &AuditFilter, limit: u32) -> Result<Vec<AuditEvent>, BoxError> {
        self.newest(filter, limit, 0).await
    }
}
