//! The dashboard's figures about orders, real ones only: nothing invented where nothing is known
//! (docs/rules.md#back-office-figures).
//!
//! What counts, in every figure: days and months are those of Africa/Dakar; an order *counts*
//! unless it is cancelled or refused at the door; its *revenue* counts when, besides, it is paid
//! or delivered (a delivered cash-on-delivery order whose cash is not yet recorded has still been
//! sold; a refused parcel never was). Revenue
//! is dated by the day the order was placed. The storage computes the sums; this module says
//! what they are and how they compare.

use bitik_common::{Money, change_percent};
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::model::Order;

/// The Dakar day of an instant. Africa/Dakar keeps GMT all year (no summer time since 1941), so
/// its day is the UTC date; the SQL names the zone (`AT TIME ZONE 'Africa/Dakar'`) and agrees.
pub fn dakar_day(at: DateTime<Utc>) -> NaiveDate {
    at.date_naive()
}

/// Whole Dakar days from `earlier` to `later` (0 on the same day).
pub fn days_between(earlier: DateTime<Utc>, later: DateTime<Utc>) -> i64 {
    (dakar_day(later) - dakar_day(earlier)).num_days()
}

/// The dashboard lists the 5 latest orders and the 5 best sellers (docs/rules.md#back-office-figures).
pub const RECENT_ORDERS: u32 = 5;
pub const TOP_PRODUCTS: u32 = 5;
/// The sales chart and the best sellers cover this many days, today included.
pub const SALES_DAYS: u32 = 30;

/// Sums over the orders, as of one moment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrderFigures {
    pub today_orders: u64,
    pub yesterday_orders: u64,
    pub today_revenue: Money,
    pub yesterday_revenue: Money,
    /// Orders waiting in `pending`, whenever placed.
    pub pending_orders: u64,
    /// Pending cash-on-delivery orders their customer has not confirmed yet.
    pub awaiting_confirmation: u64,
    /// From the first of this month to now.
    pub month_orders: u64,
    pub month_revenue: Money,
    /// The same stretch of the previous month: from its first day for as long as this month has
    /// run, never past its end. Mid-month figures are compared with mid-month figures.
    pub previous_month_orders: u64,
    pub previous_month_revenue: Money,
}

/// A product among the best sellers of the last [`SALES_DAYS`] days.
#[derive(Debug, Clone, PartialEq)]
pub struct TopProduct {
    pub product_id: Uuid,
    /// The product as it is now (name, slug, first picture, whether it is on sale).
    pub name: String,
    pub slug: String,
    pub image: Option<String>,
    pub active: bool,
    /// Units in orders that count.
    pub units_sold: u64,
    /// What those lines came to, paid or not yet.
    pub sales_amount: Money,
}

/// One day of the sales chart.
#[derive(Debug, Clone, PartialEq)]
pub struct DaySales {
    pub date: NaiveDate,
    pub orders: u64,
    pub revenue: Money,
}

/// Percentage changes against the previous period; `None` when that period had nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderTrends {
    pub today_orders: Option<i64>,
    pub today_revenue: Option<i64>,
    pub month_orders: Option<i64>,
    pub month_revenue: Option<i64>,
}

impl OrderFigures {
    pub fn trends(&self) -> OrderTrends {
        let count = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        OrderTrends {
            today_orders: change_percent(count(self.today_orders), count(self.yesterday_orders)),
            today_revenue: change_percent(self.today_revenue.as_francs(), self.yesterday_revenue.as_francs()),
            month_orders: change_percent(count(self.month_orders), count(self.previous_month_orders)),
            month_revenue: change_percent(self.month_revenue.as_francs(), self.previous_month_revenue.as_francs()),
        }
    }
}

/// Everything the dashboard shows about orders.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDashboard {
    pub figures: OrderFigures,
    pub trends: OrderTrends,
    pub recent_orders: Vec<Order>,
    pub top_products: Vec<TopProduct>,
    /// [`SALES_DAYS`] entries, oldest first, the last one today; days without orders included.
    pub sales_by_day: Vec<DaySales>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dakar_day_runs_from_midnight_to_midnight_gmt() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let day = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(dakar_day(at("2026-11-26T00:00:00Z")), day);
        assert_eq!(dakar_day(at("2026-11-26T23:59:59Z")), day);
        assert_eq!(dakar_day(at("2026-11-27T00:00:01+00:00")), day.succ_opt().unwrap());
        // 01:00 in Paris in winter is still the previous day in Dakar.
        assert_eq!(dakar_day(at("2026-11-27T00:30:00+01:00")), day);
        assert_eq!(days_between(at("2026-11-26T23:59:00Z"), at("2026-11-27T00:01:00Z")), 1);
    }

    #[test]
    fn trends_compare_with_the_previous_period_or_say_nothing() {
        let figures = OrderFigures {
            today_orders: 3,
            yesterday_orders: 2,
            today_revenue: Money::francs(45_000),
            yesterday_revenue: Money::ZERO,
            month_orders: 40,
            previous_month_orders: 32,
            month_revenue: Money::francs(300_000),
            previous_month_revenue: Money::francs(400_000),
            pending_orders: 7,
            awaiting_confirmation: 2,
        };
        assert_eq!(
            figures.trends(),
            OrderTrends {
                today_orders: Some(50),
                today_revenue: None,
                month_orders: Some(25),
                month_revenue: Some(-25)
            }
        );
    }
}
