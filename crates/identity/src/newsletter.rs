//! The newsletter list: e-mails that asked for the shop's news, each stored once.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::Email;
use chrono::{DateTime, Utc};

use bitik_common::BoxError;

#[derive(Debug, Clone, PartialEq)]
pub struct Subscriber {
    pub email: Email,
    pub subscribed_at: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum NewsletterError {
    #[error("Veuillez entrer une adresse email valide")]
    InvalidEmail,
    #[error("newsletter storage failed")]
    Repository(#[source] BoxError),
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait NewsletterRepository: Send + Sync {
    /// Adds the e-mail unless it is already there; returns whether it was added.
    async fn subscribe(&self, email: &Email) -> Result<bool, BoxError>;
    /// Everyone, oldest first.
    async fn subscribers(&self) -> Result<Vec<Subscriber>, BoxError>;
}

pub struct NewsletterService {
    repository: Arc<dyn NewsletterRepository>,
}

impl NewsletterService {
    pub fn new(repository: Arc<dyn NewsletterRepository>) -> Self {
        Self { repository }
    }

    /// Subscribing twice is still a success: the shopper asked for the same thing.
    pub async fn subscribe(&self, raw_email: &str) -> Result<Email, NewsletterError> {
        let email = Email::parse(raw_email).map_err(|_| NewsletterError::InvalidEmail)?;
        self.repository.subscribe(&email).await.map_err(NewsletterError::Repository)?;
        Ok(email)
    }

    pub async fn subscribers(&self) -> Result<Vec<Subscriber>, NewsletterError> {
        self.repository.subscribers().await.map_err(NewsletterError::Repository)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn stores_the_normalised_address() {
        let mut repository = MockNewsletterRepository::new();
        repository.expect_subscribe().withf(|e| e.as_str() == "awa@example.sn").times(1).returning(|_| Ok(false));
        let service = NewsletterService::new(Arc::new(repository));
        assert_eq!(service.subscribe(" Awa@Example.sn ").await.unwrap().as_str(), "awa@example.sn");
    }

    #[tokio::test]
    async fn refuses_an_address_without_touching_storage() {
        let service = NewsletterService::new(Arc::new(MockNewsletterRepository::new()));
        let error = service.subscribe("pas-un-email").await.unwrap_err();
        assert_eq!(error.to_string(), "Veuillez entrer une adresse email valide");
    }
}
