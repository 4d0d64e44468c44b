//! Newsletter subscribers in PostgreSQL.

use async_trait::async_trait;
use bitik_common::BoxError;
use bitik_common::Email;
use bitik_identity::newsletter::{NewsletterRepository, Subscriber};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::schema::newsletter_subscribers as subscribers;
use crate::{Database, DbError};

pub struct PgNewsletterRepository {
    database: Database,
}

impl PgNewsletterRepository {
    pub fn new(database: Database) -> Self {
        Self { database }
    }
}

#[async_trait]
impl NewsletterRepository for PgNewsletterRepository {
    async fn subscribe(&self, email: &Email) -> Result<bool, BoxError> {
        let mut conn = self.database.conn().await?;
        let inserted = diesel::insert_into(subscribers::table)
            .values(subscribers::email.eq(email.as_str()))
            .on_conflict(subscribers::email)
            .do_nothing()
            .execute(&mut conn)
            .await
            .map_err(DbError::from)?;
        Ok(inserted == 1)
    }

    async fn subscribers(&self) -> Result<Vec<Subscriber>, BoxError> {
        let mut conn = self.database.conn().await?;
        let rows: Vec<(String, DateTime<Utc>)> = subscribers::table
            .select((subscribers::email, subscribers::created_at))
            .order((subscribers::created_at, subscribers::email))
            .load(&mut conn)
            .await
            .map_err(DbError::from)?;
        rows.into_iter()
            .map(|(email, subscribed_at)| Ok(Subscriber { email: Email::known(&email), subscribed_at }))
            .collect()
    }
}
