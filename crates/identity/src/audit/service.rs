//! Where audit entries are kept, and the back office's reading of them.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::{BoxError, Page};

use super::model::{AuditActor, AuditEvent, AuditFilter, NewAuditEvent, RawAuditFilter, Target};
use super::scope;
use crate::error::IdentityError;
use crate::model::User;

/// Entries per page of « Journal » by default, and at most.
pub const AUDIT_PAGE_SIZE: u32 = 50;
const MAX_AUDIT_PAGE_SIZE: u32 = 200;
/// The most entries one CSV download holds (the newest): narrow the filters for older ones.
pub const MAX_EXPORT_ROWS: u32 = 10_000;

/// The audit log's storage. Changes to the shop's data are written by the storage itself, in
/// their transaction, from the request's [`scope`]; `record` writes what changes no data (a
/// download, a login, pictures stored).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AuditLog: Send + Sync {
    async fn record(&self, event: &NewAuditEvent) -> Result<(), BoxError>;

    /// The entries the filter keeps, newest first, one page.
    async fn list(&self, filter: &AuditFilter) -> Result<Page<AuditEvent>, BoxError>;

    /// The entries the filter keeps, newest first, at most `limit`, whatever the page.
    async fn export(&self, filter: &AuditFilter, limit: u32) -> Result<Vec<AuditEvent>, BoxError>;
}

/// A staff account's login: a right password (and code), or one refused.
pub const LOGIN: &str = "auth.login";
pub const LOGIN_FAILED: &str = "auth.login_failed";

/// The entry of what a member of the team did to their own account before any session names
/// them (a login): on their account, from the current request's address and id.
pub fn own_account_event(user: &User, action: &str) -> NewAuditEvent {
    let (ip, request_id) =
        scope::current().map(|scope| (scope.ip.clone(), scope.request_id.clone())).unwrap_or_default();
    NewAuditEvent {
        actor: AuditActor { id: user.id, email: user.label(), role: user.role },
        action: action.to_owned(),
        target: Target { kind: "user".into(), id: user.id.to_string(), label: user.label() },
        changes: Vec::new(),
        ip,
        request_id,
    }
}

#[derive(Clone)]
pub struct AuditService {
    log: Arc<dyn AuditLog>,
}

impl AuditService {
    pub fn new(log: Arc<dyn AuditLog>) -> Self {
        AuditService { log }
    }

    pub async fn list(&self, raw: &RawAuditFilter) -> Result<Page<AuditEvent>, IdentityError> {
        let filter = raw.check(AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE)?;
        self.log.list(&filter).await.map_err(IdentityError::Repository)
    }

    pub async fn export(&self, raw: &RawAuditFilter) -> Result<Vec<AuditEvent>, IdentityError> {
        let filter = raw.check(AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE)?;
        self.log.export(&filter, MAX_EXPORT_ROWS).await.map_err(IdentityError::Repository)
    }

    /// Writes the current request's entry for what changes no data (a download, pictures
    /// stored), once; nothing outside a back-office request.
    pub async fn record_current(&self, target: Target) -> Result<(), IdentityError> {
        let Some(scope) = scope::current().filter(|scope| scope.open()) else { return Ok(()) };
        let Some(actor) = scope.actor().cloned() else { return Ok(()) };
        let event = NewAuditEvent {
            actor,
            action: scope.action().to_owned(),
            target,
            changes: Vec::new(),
            ip: scope.ip.clone(),
            request_id: scope.request_id.clone(),
        };
        self.log.record(&event).await.map_err(IdentityError::Repository)?;
        scope.written();
        Ok(())
    }

    /// Writes an entry outside any request's scope (a login, which has no session yet).
    pub async fn record(&self, event: NewAuditEvent) -> Result<(), IdentityError> {
        self.log.record(&event).await.map_err(IdentityError::Repository)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;
    use crate::audit::{AuditActor, Scope, within};

    fn actor() -> AuditActor {
        AuditActor { id: uuid::Uuid::from_u128(5), email: "gerant@bitik.sn".into(), role: Role::Manager }
    }

    #[tokio::test]
    async fn a_download_is_recorded_once_with_its_scope() {
        let mut log = MockAuditLog::new();
        log.expect_record()
            .withf(|event| {
                event.action == "products.export"
                    && event.actor.role == Role::Manager
                    && event.ip == "10.0.0.1"
                    && event.request_id == "abc"
                    && event.target.kind == "catalog"
            })
            .times(1)
            .returning(|_| Ok(()));
        let service = AuditService::new(Arc::new(log));
        service.record_current(Target::new("catalog", "")).await.unwrap();
        within(Scope::new("10.0.0.1", "abc"), async {
            service.record_current(Target::new("catalog", "")).await.unwrap();
            scope::current().unwrap().identify(actor(), "products.export", None);
            service.record_current(Target::new("catalog", "")).await.unwrap();
            service.record_current(Target::new("catalog", "")).await.unwrap();
        })
        .await;
    }

    #[tokio::test]
    async fn filters_are_checked_before_the_storage_is_asked() {
        let mut log = MockAuditLog::new();
        log.expect_list().never();
        let service = AuditService::new(Arc::new(log));
        let raw = RawAuditFilter { from: Some("hier".into()), ..RawAuditFilter::default() };
        assert!(matches!(service.list(&raw).await, Err(IdentityError::Validation { .. })));
    }
}
