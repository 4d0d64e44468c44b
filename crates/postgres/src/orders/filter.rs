//! The back office's order filters as one query.

use bitik_orders::AdminOrderFilter;
use diesel::prelude::*;

use crate::confirmation_rows as confirmations;
use crate::functions::{bitik_search_text, like_pattern, regexp_replace};
use crate::schema::orders;

pub(super) type OrderQuery = orders::BoxedQuery<'static, diesel::pg::Pg>;

/// Orders matching the back office's filters.
pub(super) fn filtered(filter: &AdminOrderFilter) -> OrderQuery {
    let mut query = orders::table.into_boxed();
    if let Some(status) = filter.status {
        query = query.filter(orders::status.eq(status.as_str()));
    }
    if let Some(confirmation) = filter.confirmation {
        query = query.filter(orders::id.eq_any(confirmations::matching(confirmation)));
    }
    if let Some(channel) = filter.channel {
        query = query.filter(orders::channel.eq(channel.as_str()));
    }
    if let Some(from) = filter.from {
        query = query.filter(orders::created_at.ge(from));
    }
    if let Some(until) = filter.until {
        query = query.filter(orders::created_at.lt(until));
    }
    if let Some(search) = &filter.search {
        // Names as typed in either order, ignoring case and accents; numbers as they are stored.
        let pattern = bitik_search_text(like_pattern(search));
        let first_last = bitik_search_text(orders::shipping_first_name.concat(" ").concat(orders::shipping_last_name));
        let last_first = bitik_search_text(orders::shipping_last_name.concat(" ").concat(orders::shipping_first_name));
        let mut matches = Box::new(
            orders::order_number
                .ilike(like_pattern(search))
                .or(first_last.like(pattern.clone()))
                .or(last_first.like(pattern))
                .or(orders::shipping_phone.ilike(like_pattern(search))),
        )
            as Box<dyn BoxableExpression<orders::table, diesel::pg::Pg, SqlType = diesel::sql_types::Bool>>;
        if let Some(digits) = &filter.phone_digits {
            let phone_digits = regexp_replace(orders::shipping_phone, "[^0-9]", "", "g");
            matches = Box::new(matches.or(phone_digits.like(format!("%{digits}%"))));
        }
        query = query.filter(matches);
    }
    query
}
