//! The transactional outbox in PostgreSQL. Other repositories call [`enqueue`] inside their own
//! transaction, so a message commits with its event or not at all. The sender takes one due
//! row at a time with `FOR UPDATE SKIP LOCKED` and keeps its lock, in a transaction, while it
//! sends: two servers on one database never hold one message, and a server that dies while
//! sending leaves it pending (its transaction rolls back) for the next pass.

use async_trait::async_trait;
use bitik_common::{BoxError, Page, PageRequest};
use bitik_messages::{
    Category, Channel, Decide, Decision, Delivery, DeliveryStatus, Message, MessageKind, MessageState, NewMessage,
    Outbox, WhatsAppTemplate,
};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::schema::messages;
use crate::{Database, DbError};

/// The channel the outbox's trigger notifies when a message is written or made pending again.
pub const MESSAGES_CHANNEL: &str = "bitik_messages";

pub struct PgOutbox {
    database: Database,
}

impl PgOutbox {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = messages)]
pub(crate) struct MessageRow {
    id: Uuid,
    kind: String,
    recipient: String,
    subject: String,
    body_text: String,
    body_html: String,
    order_id: Option<Uuid>,
    state: String,
    attempts: i32,
    next_attempt_at: DateTime<Utc>,
    last_error: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    template: Option<String>,
    variables: Option<serde_json::Value>,
    category: Option<String>,
    provider_id: Option<String>,
    delivery: Option<String>,
    delivery_at: Option<DateTime<Utc>>,
    delivery_error: Option<String>,
    buttons: Option<serde_json::Value>,
    author_id: Option<Uuid>,
    channel: String,
}

/// The WhatsApp template a row was written with, if it is a WhatsApp message.
fn template_of(row: &MessageRow) -> Result<Option<WhatsAppTemplate>, DbError> {
    let (Some(name), Some(variables), Some(category)) = (&row.template, &row.variables, &row.category) else {
        return Ok(None);
    };
    let strings = |value: &serde_json::Value, what: &str| -> Result<Vec<String>, DbError> {
        serde_json::from_value(value.clone()).map_err(|e| DbError::inconsistent(format!("a message's {what}: {e}")))
    };
    let variables = strings(variables, "variables")?;
    let buttons = row.buttons.as_ref().map(|b| strings(b, "buttons")).transpose()?.unwrap_or_default();
    let category = Category::parse(category)
        .ok_or_else(|| DbError::inconsistent(format!("stored message of category {category:?}")))?;
    Ok(Some(WhatsAppTemplate { name: name.clone(), variables, category, buttons }))
}

fn delivery_of(row: &MessageRow) -> Result<Option<DeliveryStatus>, DbError> {
    let (Some(state), Some(at)) = (&row.delivery, row.delivery_at) else { return Ok(None) };
    let state = Delivery::parse(state).ok_or_else(|| DbError::inconsistent(format!("stored delivery {state:?}")))?;
    Ok(Some(DeliveryStatus { state, at, error: row.delivery_error.clone() }))
}

impl TryFrom<MessageRow> for Message {
    type Error = DbError;

    fn try_from(row: MessageRow) -> Result<Self, DbError> {
        let whatsapp = template_of(&row)?;
        let delivery = delivery_of(&row)?;
        let channel = Channel::parse(&row.channel)
            .ok_or_else(|| DbError::inconsistent(format!("stored message on channel {:?}", row.channel)))?;
        Ok(Message {
            id: row.id,
            kind: MessageKind::parse(&row.kind)
                .ok_or_else(|| DbError::inconsistent(format!("stored message of kind {:?}", row.kind)))?,
            recipient: row.recipient,
            subject: row.subject,
            text: row.body_text,
            html: row.body_html,
            order_id: row.order_id,
            state: MessageState::parse(&row.state)
                .ok_or_else(|| DbError::inconsistent(format!("stored message in state {:?}", row.state)))?,
            attempts: u32::try_from(row.attempts).unwrap_or(0),
            next_attempt_at: row.next_attempt_at,
            last_error: row.last_error,
            created_at: row.created_at,
            sent_at: row.sent_at,
            channel,
            whatsapp,
            author_id: row.author_id,
            provider_id: row.provider_id,
            delivery,
        })
    }
}

pub(crate) fn read(rows: Vec<MessageRow>) -> Result<Vec<Message>, DbError> {
    rows.into_iter().map(Message::try_from).collect()
}

/// Writes `messages` as pending, due now, on the caller's connection: inside the caller's
/// transaction, they commit with the event that caused them. Answers their ids, in order.
pub async fn enqueue(conn: &mut AsyncPgConnection, new: &[NewMessage]) -> QueryResult<Vec<Uuid>> {
    if new.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<_> = new.iter().map(columns).collect();
    diesel::insert_into(messages::table).values(rows).returning(messages::id).get_results(conn).await
}

/// A new message's columns; its state and times are the table's defaults (pending, now).
#[derive(Insertable)]
#[diesel(table_name = messages)]
struct NewRow<'a> {
    kind: &'static str,
    recipient: &'a str,
    subject: &'a str,
    body_text: &'a str,
    body_html: &'a str,
    order_id: Option<Uuid>,
    channel: &'static str,
    template: Option<&'a str>,
    variables: Option<serde_json::Value>,
    category: Option<&'static str>,
    buttons: Option<serde_json::Value>,
    author_id: Option<Uuid>,
}

fn columns(m: &NewMessage) -> NewRow<'_> {
    let template = m.whatsapp.as_ref();
    NewRow {
        kind: m.kind.as_str(),
        recipient: &m.recipient,
        subject: &m.subject,
        body_text: &m.text,
        body_html: &m.html,
        order_id: m.order_id,
        channel: m.channel.as_str(),
        template: template.map(|t| t.name.as_str()),
        variables: template.map(|t| serde_json::json!(t.variables)),
        category: template.map(|t| t.category.as_str()),
        buttons: template.map(|t| serde_json::json!(t.buttons)),
        author_id: m.author_id,
    }
}

#[derive(QueryableByName)]
struct CategoryCount {
    #[diesel(sql_type = diesel::sql_types::Text)]
    category: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    sent: i64,
}

/// Writes messages outside any other transaction: the refund's, when its event was committed by
/// a repository that does not write them itself.
pub async fn enqueue_now(database: &Database, new: &[NewMessage]) -> Result<(), BoxError> {
    let mut conn = database.conn().await?;
    enqueue(&mut conn, new).await.map_err(DbError::from)?;
    Ok(())
}

/// What the outbox holds that is not done: the `/metrics` page's backlog.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OutboxBacklog {
    /// Messages waiting to be sent, now or at a later retry.
    pub pending: i64,
    /// Those of them due now.
    pub due: i64,
    /// Messages given up on (the back office's « Renvoyer » sends them again).
    pub failed: i64,
}

#[derive(QueryableByName)]
struct BacklogRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pending: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    due: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    failed: i64,
}

impl PgOutbox {
    /// Counts the backlog, from the indexes on `state` (sent messages are not read).
    pub async fn backlog(&self) -> Result<OutboxBacklog, DbError> {
        let mut conn = self.database.conn().await?;
        let row: BacklogRow = diesel::sql_query(
            "SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
                    count(*) FILTER (WHERE state = 'pending' AND next_attempt_at <= now()) AS due,
                    count(*) FILTER (WHERE state = 'failed') AS failed
             FROM messages WHERE state IN ('pending', 'failed')",
        )
        .get_result(&mut conn)
        .await?;
        Ok(OutboxBacklog { pending: row.pending, due: row.due, failed: row.failed })
    }
}

enum Abort {
    Db(DbError),
}

impl From<diesel::result::Error> for Abort {
    fn from(error: diesel::result::Error) -> Self {
        Abort::Db(DbError::from(error))
    }
}

#[async_trait]
impl Outbox for PgOutbox {
    async fn process_next(
        &self,
        now: DateTime<Utc>,
        decide: &dyn Decide,
    ) -> Result<Option<(Message, Decision)>, BoxError> {
        let mut conn = self.database.conn().await?;
        let outcome = crate::audit::transaction::<_, Abort, _>(&mut conn, async move |conn| {
            let row: Option<MessageRow> = messages::table
                .filter(messages::state.eq(MessageState::Pending.as_str()))
                .filter(messages::next_attempt_at.le(now))
                .order((messages::next_attempt_at, messages::created_at))
                .select(MessageRow::as_select())
                .for_update()
                .skip_locked()
                .first(conn)
                .await
                .optional()?;
            let Some(row) = row else { return Ok(None) };
            let message = Message::try_from(row).map_err(Abort::Db)?;
            let decision = decide.decide(&message).await;
            let this = messages::table.find(message.id);
            let attempts = messages::attempts.eq(messages::attempts + 1);
            match &decision {
                Decision::Sent { at, provider_id } => {
                    diesel::update(this)
                        .set((
                            attempts,
                            messages::state.eq(MessageState::Sent.as_str()),
                            messages::sent_at.eq(at),
                            messages::last_error.eq(None::<String>),
                            messages::provider_id.eq(provider_id),
                        ))
                        .execute(conn)
                        .await?
                }
                Decision::Retry { at, error } => {
                    diesel::update(this)
                        .set((attempts, messages::next_attempt_at.eq(at), messages::last_error.eq(error)))
                        .execute(conn)
                        .await?
                }
                Decision::Failed { error } => {
                    diesel::update(this)
                        .set((
                            attempts,
                            messages::state.eq(MessageState::Failed.as_str()),
                            messages::last_error.eq(error),
                        ))
                        .execute(conn)
                        .await?
                }
                // Not an attempt: nothing was tried.
                Decision::NotConfigured => {
                    diesel::update(this)
                        .set(messages::state.eq(MessageState::NotConfigured.as_str()))
                        .execute(conn)
                        .await?
                }
            };
            Ok(Some((message, decision)))
        })
        .await;
        match outcome {
            Ok(done) => Ok(done),
            Err(Abort::Db(e)) => Err(e.into()),
        }
    }

    async fn record_delivery(&self, provider_id: &str, status: DeliveryStatus) -> Result<bool, BoxError> {
        // Only a status that tells more: the ones it overtakes (`Delivery::is_overtaken_by`).
        let earlier: Vec<&str> =
            Delivery::ALL.into_iter().filter(|d| d.is_overtaken_by(status.state)).map(Delivery::as_str).collect();
        let mut conn = self.database.conn().await?;
        let changed = diesel::update(
            messages::table
                .filter(messages::provider_id.eq(provider_id))
                .filter(messages::delivery.is_null().or(messages::delivery.eq_any(earlier))),
        )
        .set((
            messages::delivery.eq(status.state.as_str()),
            messages::delivery_at.eq(status.at),
            messages::delivery_error.eq(&status.error),
        ))
        .execute(&mut conn)
        .await
        .map_err(DbError::from)?;
        Ok(changed == 1)
    }

    async fn find(&self, id: Uuid) -> Result<Option<Message>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = messages::table
            .find(id)
            .select(MessageRow::as_select())
            .first(&mut conn)
            .await
            .optional()
            .map_err(DbError::from)?;
        Ok(row.map(Message::try_from).transpose()?)
    }

    async fn list(&self, state: Option<MessageState>, page: PageRequest) -> Result<Page<Message>, BoxError> {
        let mut conn = self.database.conn().await?;
        let filtered = || {
            let mut query = messages::table.into_boxed();
            if let Some(state) = state {
                query = query.filter(messages::state.eq(state.as_str()));
            }
            query
        };
        let total: i64 = filtered().count().get_result(&mut conn).await.map_err(DbError::from)?;
        let rows = filtered()
            .order((messages::created_at.desc(), messages::id.desc()))
            .limit(i64::from(page.limit))
            .offset(page.offset())
            .select(MessageRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(Page::counted(read(rows)?, page, u64::try_from(total).unwrap_or(0)))
    }

    async fn of_order(&self, order_id: Uuid) -> Result<Vec<Message>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows = messages::table
            .filter(messages::order_id.eq(order_id))
            .order((messages::created_at, messages::id))
            .select(MessageRow::as_select())
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(read(rows)?)
    }

    async fn record_sent(
        &self,
        new: &NewMessage,
        provider_id: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<Uuid, BoxError> {
        let mut conn = self.database.conn().await?;
        let sent = (
            messages::state.eq(MessageState::Sent.as_str()),
            messages::attempts.eq(1),
            messages::created_at.eq(at),
            messages::next_attempt_at.eq(at),
            messages::sent_at.eq(at),
            messages::provider_id.eq(provider_id),
        );
        let id = diesel::insert_into(messages::table)
            .values((columns(new), sent))
            .returning(messages::id)
            .get_result(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(id)
    }

    async fn sent_per_category(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<(Category, u64)>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<CategoryCount> = diesel::sql_query(
            "SELECT category, count(*) AS sent FROM messages
             WHERE category IS NOT NULL AND sent_at >= $1 AND sent_at < $2 GROUP BY category",
        )
        .bind::<diesel::sql_types::Timestamptz, _>(from)
        .bind::<diesel::sql_types::Timestamptz, _>(to)
        .load(&mut conn)
        .await
        .map_err(DbError::from)?;
        rows.into_iter()
            .map(|row| {
                let category = Category::parse(&row.category)
                    .ok_or_else(|| DbError::inconsistent(format!("stored message of category {:?}", row.category)))?;
                Ok((category, u64::try_from(row.sent).unwrap_or(0)))
            })
            .collect()
    }

    async fn resend(&self, id: Uuid, now: DateTime<Utc>) -> Result<Option<Message>, BoxError> {
        let mut conn = self.database.conn().await?;
        let row = crate::audit::transaction::<_, diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::update(messages::table.find(id).filter(messages::state.ne(MessageState::Pending.as_str())))
                .set((
                    messages::state.eq(MessageState::Pending.as_str()),
                    messages::attempts.eq(0),
                    messages::next_attempt_at.eq(now),
                    messages::last_error.eq(None::<String>),
                    messages::sent_at.eq(None::<DateTime<Utc>>),
                ))
                .returning(MessageRow::as_returning())
                .get_result(conn)
                .await
                .optional()
        })
        .await
        .map_err(DbError::from)?;
        Ok(row.map(Message::try_from).transpose()?)
    }
}

/// Wakes the sender at each message written (or made pending again), from any process, for as
/// long as the server runs, on a connection of its own; lost, it listens again a second later
/// (the sender also looks on its own every few seconds meanwhile).
pub async fn listen_for_messages(url: String, wake: std::sync::Arc<tokio::sync::Notify>) {
    use futures_util::StreamExt;
    loop {
        match listening_connection(&url).await {
            Ok(mut connection) => {
                // What was written before the LISTEN took effect is looked at now.
                wake.notify_one();
                let mut notifications = std::pin::pin!(connection.notifications_stream());
                while let Some(notification) = notifications.next().await {
                    match notification {
                        Ok(_) => wake.notify_one(),
                        Err(error) => {
                            tracing::warn!(%error, "the outbox's notifications failed");
                            break;
                        }
                    }
                }
            }
            Err(error) => tracing::warn!(%error, "cannot listen to the outbox"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

async fn listening_connection(url: &str) -> Result<AsyncPgConnection, BoxError> {
    let mut connection = AsyncPgConnection::establish(url).await?;
    diesel::sql_query(format!("LISTEN {MESSAGES_CHANNEL}")).execute(&mut connection).await?;
    Ok(connection)
}
