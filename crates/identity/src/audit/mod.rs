//! The audit log (docs/roles.md#the-audit-log): every change a member of the shop's team makes,
//! who made it and when, its target and the fields it changed, before and after. Written by the
//! storage in the change's own transaction, so that a change and its entry stand or fall together;
//! never rewritten (PostgreSQL refuses it).
//!
//! A back-office request runs inside a [`Scope`] (the HTTP layer opens it with the operation's
//! action and fills in who asked); the storage reads it from there, so no service or port needs
//! an extra argument to be audited, and no route can forget it.

mod model;
mod scope;
mod service;

pub use model::{AuditActor, AuditEvent, AuditFilter, Change, NewAuditEvent, RawAuditFilter, Target, kind_of};
pub use scope::{Scope, current, within};
#[cfg(any(test, feature = "mocks"))]
pub use service::MockAuditLog;
pub use service::{AUDIT_PAGE_SIZE, AuditLog, AuditService, LOGIN, LOGIN_FAILED, MAX_EXPORT_ROWS, own_account_event};
