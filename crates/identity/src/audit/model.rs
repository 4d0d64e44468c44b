//! An audit entry and the back office's filters over them.

use bitik_common::PageRequest;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::error::IdentityError;
use crate::model::Role;

/// Who acted, as they were at that moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditActor {
    pub id: Uuid,
    pub email: String,
    pub role: Role,
}

/// What was acted on: its kind (`order`, `product`, `user`…), id and a readable label (the
/// order's number, the product's name, the account's e-mail).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Target {
    pub kind: String,
    pub id: String,
    pub label: String,
}

impl Target {
    pub fn new(kind: impl Into<String>, id: impl Into<String>) -> Self {
        Target { kind: kind.into(), id: id.into(), label: String::new() }
    }
}

/// The kind of target an action's entries name: the action's first word, an order's money named
/// by its order and stock by its product (`refund.create` → `order`, `stock.adjust` → `product`).
pub fn kind_of(action: &str) -> &str {
    match action.split('.').next().unwrap_or(action) {
        "refund" | "payment" => "order",
        "stock" => "product",
        "auth" => "user",
        noun => noun,
    }
}

/// One field changed: its value before and after (JSON `null` where there was none).
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub field: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
}

/// An entry to write.
#[derive(Debug, Clone, PartialEq)]
pub struct NewAuditEvent {
    pub actor: AuditActor,
    pub action: String,
    pub target: Target,
    pub changes: Vec<Change>,
    pub ip: String,
    pub request_id: String,
}

/// An entry as written.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEvent {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub event: NewAuditEvent,
}

/// The « Journal » screen's filters, as the query string gives them.
#[derive(Debug, Clone, Default)]
pub struct RawAuditFilter {
    pub actor: Option<String>,
    pub action: Option<String>,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub page: Option<String>,
    pub limit: Option<String>,
}

/// The filters, read: each one narrows the entries; `from` and `to` are Dakar days (GMT), both
/// included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditFilter {
    pub actor: Option<Uuid>,
    pub action: Option<String>,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub from: Option<DateTime<Utc>>,
    /// The first instant after the period.
    pub until: Option<DateTime<Utc>>,
    pub page: PageRequest,
}

fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn day(field: &'static str, value: &str) -> Result<NaiveDate, IdentityError> {
    NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map_err(|_| IdentityError::invalid_field(field, "Date invalide : attendu AAAA-MM-JJ."))
}

/// A code or a kind as written: lowercase letters, digits, `.`, `_`, `-` (at most 64).
fn code(field: &'static str, value: &str) -> Result<String, IdentityError> {
    let fits =
        value.len() <= 64 && value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b));
    fits.then(|| value.to_owned()).ok_or_else(|| IdentityError::invalid_field(field, "Valeur de filtre invalide."))
}

impl RawAuditFilter {
    pub fn check(&self, page_size: u32, max_page_size: u32) -> Result<AuditFilter, IdentityError> {
        let actor = given(&self.actor)
            .map(|a| {
                Uuid::parse_str(a)
                    .map_err(|_| IdentityError::invalid_field("actor", "Identifiant de personne invalide."))
            })
            .transpose()?;
        let from = given(&self.from).map(|d| day("from", d)).transpose()?;
        let to = given(&self.to).map(|d| day("to", d)).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(IdentityError::invalid_field("from", "La date de début doit précéder la date de fin."));
        }
        let target_id = given(&self.target_id).map(str::to_owned);
        if target_id.as_ref().is_some_and(|id| id.chars().count() > 100) {
            return Err(IdentityError::invalid_field("targetId", "Valeur de filtre invalide."));
        }
        let page = PageRequest::parse(given(&self.page), given(&self.limit), page_size, max_page_size)
            .map_err(|e| IdentityError::invalid_field(e.field, e.message))?;
        Ok(AuditFilter {
            actor,
            action: given(&self.action).map(|a| code("action", a)).transpose()?,
            target_type: given(&self.target_type).map(|t| code("targetType", t)).transpose()?,
            target_id,
            from: from.map(|d| d.and_time(chrono::NaiveTime::MIN).and_utc()),
            until: to.and_then(|d| d.succ_opt()).map(|d| d.and_time(chrono::NaiveTime::MIN).and_utc()),
            page,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(f: impl FnOnce(&mut RawAuditFilter)) -> RawAuditFilter {
        let mut filter = RawAuditFilter::default();
        f(&mut filter);
        filter
    }

    fn refused_field(filter: RawAuditFilter) -> &'static str {
        match filter.check(50, 200).unwrap_err() {
            IdentityError::Validation { fields, .. } => fields.into_keys().next().unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_period_is_whole_days_both_included() {
        let filter = raw(|f| {
            f.from = Some("2026-12-01".into());
            f.to = Some(" 2026-12-07 ".into());
            f.action = Some("product.update".into());
        })
        .check(50, 200)
        .unwrap();
        assert_eq!(filter.from.unwrap().to_rfc3339(), "2026-12-01T00:00:00+00:00");
        assert_eq!(filter.until.unwrap().to_rfc3339(), "2026-12-08T00:00:00+00:00");
        assert_eq!(filter.action.as_deref(), Some("product.update"));
        assert_eq!(filter.page, PageRequest::new(1, 50, 200));
    }

    #[test]
    fn bad_filters_are_refused_with_their_field() {
        assert_eq!(refused_field(raw(|f| f.from = Some("07/12/2026".into()))), "from");
        assert_eq!(
            refused_field(raw(|f| {
                f.from = Some("2026-12-08".into());
                f.to = Some("2026-12-07".into());
            })),
            "from"
        );
        assert_eq!(refused_field(raw(|f| f.actor = Some("awa".into()))), "actor");
        assert_eq!(refused_field(raw(|f| f.action = Some("DROP TABLE".into()))), "action");
        assert_eq!(refused_field(raw(|f| f.page = Some("0".into()))), "page");
    }

    #[test]
    fn blank_filters_are_absent() {
        let filter = raw(|f| {
            f.actor = Some(" ".into());
            f.target_type = Some(String::new());
        })
        .check(50, 200)
        .unwrap();
        assert_eq!((filter.actor, filter.target_type), (None, None));
    }
}
