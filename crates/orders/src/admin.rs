//! The back office's view of orders: filters of the orders list.

use bitik_common::{InvalidPage, PageRequest, phone_digits};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};

use crate::cash_on_delivery::Confirmation;
use crate::channel::SalesChannel;
use crate::error::OrderError;
use crate::model::OrderStatus;

/// Admin pages hold 10 orders unless asked otherwise (docs/rules.md#back-office-figures).
pub const ADMIN_PAGE_SIZE: u32 = 10;
const ADMIN_MAX_PAGE_SIZE: u32 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminSort {
    CreatedAt,
    Total,
    OrderNumber,
}

/// The list's filters as they arrive in a query string.
#[derive(Debug, Clone, Default)]
pub struct AdminOrderQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub status: Option<String>,
    pub confirmation: Option<String>,
    pub channel: Option<String>,
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub search: Option<String>,
    pub sort: Option<String>,
    pub order: Option<String>,
}

/// Checked filters. Dates are days in Dakar, which keeps UTC all year: a day is a UTC day.
#[derive(Debug, Clone, PartialEq)]
pub struct AdminOrderFilter {
    pub page: PageRequest,
    pub status: Option<OrderStatus>,
    pub confirmation: Option<ConfirmationFilter>,
    pub channel: Option<SalesChannel>,
    pub from: Option<DateTime<Utc>>,
    /// Exclusive: the start of the day after `toDate`.
    pub until: Option<DateTime<Utc>>,
    /// Matches the order number or the customer's name (either order, ignoring case and accents).
    pub search: Option<String>,
    /// The search's digits when it reads like a phone number, matched against the digits of
    /// the customer's phone: `771234567` finds `77 123 45 67` and `+221 77-123-45-67`.
    pub phone_digits: Option<String>,
    pub sort: AdminSort,
    pub descending: bool,
}

/// Cash-on-delivery orders by their confirmation: one state, or every state but `confirmed`
/// (`unconfirmed`: what the shop still has to confirm).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmationFilter {
    Is(Confirmation),
    Unconfirmed,
}

impl ConfirmationFilter {
    fn parse(code: &str) -> Option<Self> {
        match code {
            "unconfirmed" => Some(ConfirmationFilter::Unconfirmed),
            code => Confirmation::parse(code).map(ConfirmationFilter::Is),
        }
    }
}

fn invalid(field: &'static str, message: &str) -> OrderError {
    OrderError::invalid(field, message)
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Exactly `AAAA-MM-JJ`, as the API documents it (`format: date`): chrono alone would also
/// read `2026-1-5` or `+2026-01-05`.
fn day(raw: &str, field: &'static str) -> Result<NaiveDate, OrderError> {
    let shaped = raw.len() == 10
        && raw.bytes().enumerate().all(|(at, b)| if at == 4 || at == 7 { b == b'-' } else { b.is_ascii_digit() });
    shaped
        .then(|| NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok())
        .flatten()
        .ok_or_else(|| invalid(field, "Date invalide (format attendu : AAAA-MM-JJ)."))
}

impl AdminOrderQuery {
    pub fn into_filter(self) -> Result<AdminOrderFilter, OrderError> {
        let page = PageRequest::parse(present(&self.page), present(&self.limit), ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE)
            .map_err(|InvalidPage { field, message }| invalid(field, message))?;
        let status = present(&self.status)
            .map(|s| OrderStatus::parse(s).ok_or_else(|| invalid("status", "Statut de commande inconnu.")))
            .transpose()?;
        let confirmation = present(&self.confirmation)
            .map(|c| {
                ConfirmationFilter::parse(c).ok_or_else(|| invalid("confirmation", "État de confirmation inconnu."))
            })
            .transpose()?;
        let channel = present(&self.channel)
            .map(|c| SalesChannel::parse(c).ok_or_else(|| invalid("channel", "Canal de vente inconnu.")))
            .transpose()?;
        let from = present(&self.from_date).map(|d| day(d, "fromDate")).transpose()?;
        let to = present(&self.to_date).map(|d| day(d, "toDate")).transpose()?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(invalid("toDate", "La date de fin doit suivre la date de début."));
        }
        let start_of = |d: NaiveDate| Utc.from_utc_datetime(&d.and_hms_opt(0, 0, 0).expect("midnight exists"));
        let sort = match present(&self.sort) {
            None | Some("createdAt") => AdminSort::CreatedAt,
            Some("total") => AdminSort::Total,
            Some("orderNumber") => AdminSort::OrderNumber,
            Some(_) => return Err(invalid("sort", "Tri inconnu.")),
        };
        let descending = match present(&self.order) {
            None | Some("desc") => true,
            Some("asc") => false,
            Some(_) => return Err(invalid("order", "Ordre de tri inconnu.")),
        };
        let search: Option<String> = present(&self.search).map(|s| s.chars().take(100).collect());
        let phone_digits = search.as_deref().and_then(phone_digits);
        Ok(AdminOrderFilter {
            page,
            status,
            confirmation,
            channel,
            from: from.map(start_of),
            until: to.and_then(|d| d.succ_opt()).map(start_of),
            search,
            phone_digits,
            sort,
            descending,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> AdminOrderQuery {
        let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| v.to_string());
        AdminOrderQuery {
            page: get("page"),
            limit: get("limit"),
            status: get("status"),
            confirmation: get("confirmation"),
            channel: get("channel"),
            from_date: get("fromDate"),
            to_date: get("toDate"),
            search: get("search"),
            sort: get("sort"),
            order: get("order"),
        }
    }

    #[test]
    fn defaults_to_ten_newest_first() {
        let filter = query(&[]).into_filter().unwrap();
        assert_eq!((filter.page.page, filter.page.limit), (1, 10));
        assert_eq!((filter.sort, filter.descending, filter.status), (AdminSort::CreatedAt, true, None));
    }

    #[test]
    fn a_date_range_covers_whole_days() {
        let filter = query(&[("fromDate", "2026-11-01"), ("toDate", "2026-11-22"), ("status", "pending")])
            .into_filter()
            .unwrap();
        assert_eq!(filter.from.unwrap().to_rfc3339(), "2026-11-01T00:00:00+00:00");
        assert_eq!(filter.until.unwrap().to_rfc3339(), "2026-11-23T00:00:00+00:00");
        assert_eq!(filter.status, Some(OrderStatus::Pending));
    }

    #[test]
    fn orders_are_filtered_by_one_confirmation_state_or_all_those_still_to_confirm() {
        let confirmation = |code: &str| query(&[("confirmation", code)]).into_filter().map(|f| f.confirmation);
        assert_eq!(confirmation("awaiting").unwrap(), Some(ConfirmationFilter::Is(Confirmation::Awaiting)));
        assert_eq!(confirmation("no_answer").unwrap(), Some(ConfirmationFilter::Is(Confirmation::NoAnswer)));
        assert_eq!(confirmation("unconfirmed").unwrap(), Some(ConfirmationFilter::Unconfirmed));
        assert_eq!(confirmation(" ").unwrap(), None);
        assert_eq!(confirmation("maybe").unwrap_err().to_string(), "État de confirmation inconnu.");
    }

    #[test]
    fn orders_are_filtered_by_the_channel_they_came_from() {
        let channel = |code: &str| query(&[("channel", code)]).into_filter().map(|f| f.channel);
        assert_eq!(channel("instagram").unwrap(), Some(SalesChannel::Instagram));
        assert_eq!(channel("web").unwrap(), Some(SalesChannel::Web));
        assert_eq!(channel("").unwrap(), None);
        assert_eq!(channel("snapchat").unwrap_err().to_string(), "Canal de vente inconnu.");
    }

    #[test]
    fn a_search_that_reads_like_a_phone_is_matched_on_its_digits() {
        let digits = |search: &str| query(&[("search", search)]).into_filter().unwrap().phone_digits;
        assert_eq!(digits("+221 77-123 45 67"), Some("221771234567".to_owned()));
        assert_eq!(digits("ORD-1234"), None, "an order number is not a phone");
        let filter = query(&[("search", "  Diop ")]).into_filter().unwrap();
        assert_eq!(filter.search.as_deref(), Some("Diop"));
    }

    #[test]
    fn malformed_values_are_refused_in_french() {
        for (pairs, message) in [
            (vec![("status", "lost")], "Statut de commande inconnu."),
            (vec![("fromDate", "22/11/2026")], "Date invalide (format attendu : AAAA-MM-JJ)."),
            (vec![("fromDate", "2026-1-5")], "Date invalide (format attendu : AAAA-MM-JJ)."),
            (vec![("toDate", "+2026-11-22")], "Date invalide (format attendu : AAAA-MM-JJ)."),
            (vec![("toDate", "2026-02-30")], "Date invalide (format attendu : AAAA-MM-JJ)."),
            (
                vec![("fromDate", "2026-11-22"), ("toDate", "2026-11-01")],
                "La date de fin doit suivre la date de début.",
            ),
            (vec![("sort", "price")], "Tri inconnu."),
            (vec![("page", "0")], "Le numéro de page doit être un nombre entier supérieur ou égal à 1."),
        ] {
            assert_eq!(query(&pairs).into_filter().unwrap_err().to_string(), message);
        }
    }
}
