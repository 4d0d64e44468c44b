//! WhatsApp conversations in PostgreSQL (migration `2026-12-08-000260_whatsapp_conversations`):
//! customers' messages in `whatsapp_inbound`, kept once by Meta's id whatever Meta retries, and
//! the shop's side read from the outbox (`messages` on the `whatsapp` channel, by recipient).

use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest};
use bitik_messages::conversations::{ConversationSummary, Conversations, Inbound, InboundKind, Received};
use bitik_messages::{Channel, Message, NewMessage};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::outbox::{MessageRow, enqueue, read};
use crate::schema::{messages, orders, whatsapp_inbound};
use crate::{Database, DbError};

pub struct PgConversations {
    database: Database,
}

impl PgConversations {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable, QueryableByName)]
#[diesel(table_name = whatsapp_inbound)]
struct InboundRow {
    id: Uuid,
    phone: String,
    profile_name: String,
    kind: String,
    body: String,
    order_id: Option<Uuid>,
    sent_at: DateTime<Utc>,
    seen_at: Option<DateTime<Utc>>,
}

impl TryFrom<InboundRow> for Received {
    type Error = DbError;

    fn try_from(row: InboundRow) -> Result<Self, DbError> {
        let kind = InboundKind::parse(&row.kind)
            .ok_or_else(|| DbError::inconsistent(format!("stored inbound message of kind {:?}", row.kind)))?;
        Ok(Received {
            id: row.id,
            phone: row.phone,
            profile_name: row.profile_name,
            kind,
            body: row.body,
            order_id: row.order_id,
            sent_at: row.sent_at,
            seen_at: row.seen_at,
        })
    }
}

fn received(rows: Vec<InboundRow>) -> Result<Vec<Received>, DbError> {
    rows.into_iter().map(Received::try_from).collect()
}

/// A conversation of the list: the phone's last message, with its count of unseen ones.
#[derive(QueryableByName)]
struct SummaryRow {
    #[diesel(embed)]
    last: InboundRow,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    unseen: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    total: i64,
}

async fn latest_order(conn: &mut AsyncPgConnection, phone: &str) -> QueryResult<Option<(Uuid, String)>> {
    orders::table
        .filter(orders::shipping_phone.eq(phone))
        .order((orders::created_at.desc(), orders::id.desc()))
        .select((orders::id, orders::order_number))
        .first(conn)
        .await
        .optional()
}

#[async_trait]
impl Conversations for PgConversations {
    async fn receive(&self, inbound: &Inbound, order_id: Option<Uuid>) -> Result<Option<Received>, BoxError> {
        let mut conn = self.database.conn().await?;
        let phone = inbound.phone.as_str();
        let order_id = match order_id {
            Some(id) => Some(id),
            None => latest_order(&mut conn, phone).await.map_err(DbError::from)?.map(|(id, _)| id),
        };
        let body: String = inbound.body.chars().take(4096).collect();
        let profile_name: String = inbound.profile_name.chars().take(256).collect();
        let row = diesel::insert_into(whatsapp_inbound::table)
            .values((
                whatsapp_inbound::provider_id.eq(&inbound.provider_id),
                whatsapp_inbound::phone.eq(phone),
                whatsapp_inbound::profile_name.eq(profile_name),
                whatsapp_inbound::kind.eq(inbound.kind.as_str()),
                whatsapp_inbound::body.eq(body),
                whatsapp_inbound::order_id.eq(order_id),
                whatsapp_inbound::sent_at.eq(inbound.sent_at),
            ))
            .on_conflict(whatsapp_inbound::provider_id)
            .do_nothing()
            .returning(InboundRow::as_returning())
            .get_result(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(row.map(Received::try_from).transpose()?)
    }

    async fn list(&self, page: PageRequest) -> Result<Page<ConversationSummary>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<SummaryRow> = diesel::sql_query(
            "SELECT last.*, counts.unseen, count(*) OVER () AS total
             FROM (SELECT phone, count(*) FILTER (WHERE seen_at IS NULL) AS unseen, max(sent_at) AS at
                   FROM whatsapp_inbound GROUP BY phone) AS counts
             CROSS JOIN LATERAL (SELECT * FROM whatsapp_inbound AS i
                                 WHERE i.phone = counts.phone ORDER BY sent_at DESC, id DESC LIMIT 1) AS last
             ORDER BY counts.at DESC, counts.phone
             LIMIT $1 OFFSET $2",
        )
        .bind::<diesel::sql_types::BigInt, _>(i64::from(page.limit))
        .bind::<diesel::sql_types::BigInt, _>(page.offset())
        .load(&mut conn)
        .await
        .map_err(DbError::from)?;
        let total = rows.as_slice().first().map_or(0, |row| u64::try_from(row.total).unwrap_or(0));
        let mut items = Vec::with_capacity(rows.len());
        for row in rows {
            let last = Received::try_from(row.last)?;
            let latest_order = latest_order(&mut conn, &last.phone).await.map_err(DbError::from)?;
            items.push(ConversationSummary {
                phone: last.phone.clone(),
                profile_name: last.profile_name.clone(),
                unseen: u32::try_from(row.unseen).unwrap_or(u32::MAX),
                latest_order,
                last,
            });
        }
        Ok(Page::counted(items, page, total))
    }

    async fn thread(&self, phone: &str, now: DateTime<Utc>) -> Result<(Vec<Received>, Vec<Message>), BoxError> {
        let mut conn = self.database.conn().await?;
        let inbound = whatsapp_inbound::table
            .filter(whatsapp_inbound::phone.eq(phone))
            .order((whatsapp_inbound::sent_at, whatsapp_inbound::id))
            .select(InboundRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        let sent: Vec<MessageRow> = messages::table
            .filter(messages::channel.eq(Channel::WhatsApp.as_str()))
            .filter(messages::recipient.eq(phone))
            .order((messages::created_at, messages::id))
            .select(MessageRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        diesel::update(
            whatsapp_inbound::table
                .filter(whatsapp_inbound::phone.eq(phone))
                .filter(whatsapp_inbound::seen_at.is_null()),
        )
        .set(whatsapp_inbound::seen_at.eq(now))
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        Ok((received(inbound)?, read(sent)?))
    }

    async fn of_order(&self, order_id: Uuid) -> Result<Vec<Received>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows = whatsapp_inbound::table
            .filter(whatsapp_inbound::order_id.eq(order_id))
            .order((whatsapp_inbound::sent_at, whatsapp_inbound::id))
            .select(InboundRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(received(rows)?)
    }

    async fn last_received_at(&self, phone: &str) -> Result<Option<DateTime<Utc>>, BoxError> {
        let mut conn = self.database.conn().await?;
        let at = whatsapp_inbound::table
            .filter(whatsapp_inbound::phone.eq(phone))
            .select(diesel::dsl::max(whatsapp_inbound::sent_at))
            .first(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(at)
    }

    async fn latest_order(&self, phone: &str) -> Result<Option<(Uuid, String)>, BoxError> {
        let mut conn = self.database.conn().await?;
        Ok(latest_order(&mut conn, phone).await.map_err(DbError::from)?)
    }

    async fn write(&self, message: NewMessage) -> Result<Message, BoxError> {
        let mut conn = self.database.conn().await?;
        // A staff member's answer goes in the audit log with them.
        let row = crate::transaction::<_, DbError, _>(&mut conn, async |conn| {
            let ids = enqueue(conn, std::slice::from_ref(&message)).await?;
            Ok(messages::table.find(ids[0]).select(MessageRow::as_select()).first(conn).await?)
        })
        .await?;
        Ok(Message::try_from(row)?)
    }
}
