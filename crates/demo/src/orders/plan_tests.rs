use std::collections::{BTreeMap, HashSet};

use super::*;

/// Moments of every kind: night, before opening, midday, just before closing, late evening, a
/// Monday before opening (the shop was closed on Sunday), a Sunday afternoon.
const MOMENTS: [&str; 7] = [
    "2026-11-25T00:10:00Z",
    "2026-11-25T08:30:00Z",
    "2026-11-25T12:00:00Z",
    "2026-11-25T19:59:00Z",
    "2026-11-25T23:50:00Z",
    "2026-11-23T08:59:00Z",
    "2026-11-22T15:00:00Z",
];

fn moments() -> impl Iterator<Item = DateTime<Utc>> {
    MOMENTS.iter().map(|text| text.parse().unwrap())
}

#[test]
fn the_same_moment_gives_the_same_plan() {
    for now in moments() {
        assert_eq!(plan(now, 12), plan(now, 12));
    }
}

#[test]
fn a_month_of_a_few_orders_a_day_more_at_weekends() {
    for now in moments() {
        let orders = plan(now, 12);
        let today = now.date_naive();
        let mut per_day: BTreeMap<i64, usize> = BTreeMap::new();
        for order in &orders {
            assert!(order.placed_at <= now, "{now}: an order placed at {}", order.placed_at);
            assert!(order.customer < 12);
            *per_day.entry((today - order.placed_at.date_naive()).num_days()).or_default() += 1;
        }
        assert_eq!(per_day.keys().max(), Some(&(HISTORY_DAYS - 1)), "{now}: 30 days, today included");
        let (mut weekend, mut weekdays) = (Vec::new(), Vec::new());
        for days_ago in 1..HISTORY_DAYS {
            let count = per_day.get(&days_ago).copied().unwrap_or_default();
            // The calendar's 2 to 8, and one of the last hours' orders at most.
            assert!((2..=9).contains(&count), "{now}: {count} orders {days_ago} days ago");
            let day = today - Duration::days(days_ago);
            let bucket =
                if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) { &mut weekend } else { &mut weekdays };
            bucket.push(count as f64);
        }
        let mean = |counts: &[f64]| counts.iter().sum::<f64>() / counts.len() as f64;
        assert!(mean(&weekend) > mean(&weekdays) + 1.0, "{now}: weekends are busier");
        assert!((100..=200).contains(&orders.len()), "{now}: {} orders", orders.len());
    }
}

#[test]
fn histories_go_in_order_in_working_hours_and_stop_at_now() {
    use Step::*;
    let wave = [WavePaid, Shipped, Delivered];
    let cash = [Confirmed, Shipped, Delivered, CashReceived];
    for now in moments() {
        for order in plan(now, 12) {
            let steps: Vec<Step> = order.events.iter().map(|e| e.step).collect();
            let follows = |journey: &[Step]| journey.starts_with(&steps);
            let fits = match order.payment {
                PaymentMethod::Wave => follows(&wave) || steps == [Expired],
                _ => {
                    follows(&cash)
                        || steps == [Confirmed, Shipped, Refused]
                        || steps == [CancelledByCustomer]
                        || steps == [CancelledByShop]
                }
            };
            assert!(fits, "{now}: a {:?} order went {steps:?}", order.payment);
            let mut previous = order.placed_at;
            for event in &order.events {
                assert!(event.at > previous && event.at <= now, "{now}: {order:?}");
                if event.step.author() == Author::Shop {
                    assert!(is_working_time(event.at), "{now}: the shop at work at {}", event.at);
                }
                previous = event.at;
            }
            if steps == [Expired] {
                let waited = order.events[0].at - order.placed_at;
                assert!(waited > Duration::minutes(30) && waited < Duration::minutes(31), "{waited}");
            }
        }
    }
}

#[test]
fn whatever_the_hour_every_status_and_both_ways_of_paying_are_there() {
    for now in moments() {
        let orders = plan(now, 12);
        let statuses: HashSet<OrderStatus> = orders.iter().map(PlannedOrder::status).collect();
        assert_eq!(statuses.len(), OrderStatus::ALL.len(), "{now}: {statuses:?}");
        let paid = |order: &PlannedOrder| order.events.iter().any(|e| e.step.is_payment());
        let some = |what: &dyn Fn(&PlannedOrder) -> bool| orders.iter().any(what);
        assert!(some(&|o| o.payment == PaymentMethod::Wave && paid(o)), "{now}: paid by Wave");
        assert!(some(&|o| o.payment == PaymentMethod::Wave && !paid(o)), "{now}: Wave never paid");
        assert!(some(&|o| o.payment == PaymentMethod::CashOnDelivery && paid(o)), "{now}: cash received");
        assert!(some(&|o| o.payment == PaymentMethod::CashOnDelivery && !paid(o)), "{now}: cash to come");
        for method in ShippingMethod::ALL {
            assert!(some(&|o| o.shipping == method), "{now}: {method:?}");
        }
        let cancelled = orders.iter().filter(|o| o.status() == OrderStatus::Cancelled).count();
        assert!(cancelled * 100 / orders.len() >= 8 && cancelled * 100 / orders.len() <= 15, "{now}: {cancelled}");
    }
}

#[test]
fn recent_days_hold_the_work_in_progress_older_ones_are_settled() {
    for now in moments() {
        for order in plan(now, 12) {
            let age = now - order.placed_at;
            let status = order.status();
            if age > Duration::days(8) {
                assert!(matches!(status, OrderStatus::Delivered | OrderStatus::Cancelled), "{now}: {order:?}");
            }
            if status == OrderStatus::Pending {
                assert!(age < Duration::days(2), "{now}: pending since {}", order.placed_at);
            }
            if status == OrderStatus::Delivered && order.payment == PaymentMethod::CashOnDelivery {
                let last = order.events.last().unwrap();
                assert!(last.step == Step::CashReceived || now - last.at < Duration::days(2), "{now}: {order:?}");
            }
        }
    }
}

#[test]
fn the_shop_works_from_nine_to_eight_except_on_sundays() {
    let moment = |text: &str| text.parse::<DateTime<Utc>>().unwrap();
    // Wednesday evening, Saturday evening, Sunday, Monday before opening.
    assert_eq!(next_working_moment(moment("2026-11-25T21:17:00Z")), moment("2026-11-26T09:17:00Z"));
    assert_eq!(next_working_moment(moment("2026-11-28T20:05:00Z")), moment("2026-11-30T09:05:00Z"));
    assert_eq!(next_working_moment(moment("2026-11-29T11:40:00Z")), moment("2026-11-30T09:40:00Z"));
    assert_eq!(next_working_moment(moment("2026-11-30T06:12:00Z")), moment("2026-11-30T09:12:00Z"));
    assert_eq!(next_working_moment(moment("2026-11-30T14:00:00Z")), moment("2026-11-30T14:00:00Z"));
    assert_eq!(last_working_moment(moment("2026-11-30T08:20:00Z")), moment("2026-11-28T19:40:00Z"));
    assert_eq!(last_working_moment(moment("2026-11-25T22:00:00Z")), moment("2026-11-25T19:30:00Z"));
    assert_eq!(last_working_moment(moment("2026-11-25T10:00:00Z")), moment("2026-11-25T10:00:00Z"));
}
