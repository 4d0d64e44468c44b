//! The demo shop's last month of orders as a plan: when each was placed and by which customer,
//! how it is paid and delivered, and what has happened to it since, up to `now`. The same `now`
//! gives the same plan. What each order holds is drawn when it is placed, from the stock of
//! then (`basket.rs`).
//!
//! Days are Africa/Dakar's, which keeps UTC all year round: a UTC date is a Dakar date.

use bitik_orders::{OrderStatus, PaymentMethod, ShippingMethod};
use chrono::{DateTime, Datelike, Duration, NaiveDate, SubsecRound, Timelike, Utc, Weekday};

use super::dice::Dice;

/// Days of orders, today included: as many as the dashboard's sales chart shows.
pub const HISTORY_DAYS: i64 = 30;

const SEED: u64 = 0x00B1_71CD_A4A2_2026;

/// One order in this many comes to nothing: cancelled by the customer or the shop, or never paid.
const ONE_CANCELLED_IN: usize = 9;

/// Shoppers order from 8:00 to 23:00.
const SHOPPING_HOURS: (u32, u32) = (8, 23);

/// The shop confirms, ships and hands over from 9:00 to 20:00, Monday to Saturday.
const WORKING_HOURS: (u32, u32) = (9, 20);

/// The calendar's orders stop this long before now; the latest ones are [`latest`]'s.
const CALENDAR_UNTIL_MINUTES: i64 = 45;

/// What happens to an order after it is placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Wave reports the payment: the order is to be prepared.
    WavePaid,
    /// The shop confirms a cash-on-delivery order by phone.
    Confirmed,
    Shipped,
    Delivered,
    /// The customer refuses the parcel at the door: the shop waits for it to come back.
    Refused,
    /// The courier brings back the cash of a delivered order.
    CashReceived,
    CancelledByCustomer,
    /// The customer could not be reached to confirm.
    CancelledByShop,
    /// Wave's session ended unpaid: the shop's sweep cancels the order.
    Expired,
}

/// Who takes a step, as the order's history shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Author {
    Customer,
    Shop,
    Wave,
    System,
}

impl Step {
    /// The order's status once the step is taken from `current`.
    pub(crate) fn status_after(self, current: OrderStatus) -> OrderStatus {
        match self {
            Step::WavePaid | Step::Confirmed => OrderStatus::Processing,
            Step::Shipped => OrderStatus::Shipped,
            Step::Delivered => OrderStatus::Delivered,
            Step::Refused => OrderStatus::Refused,
            Step::CashReceived => current,
            Step::CancelledByCustomer | Step::CancelledByShop | Step::Expired => OrderStatus::Cancelled,
        }
    }

    pub(crate) fn is_payment(self) -> bool {
        matches!(self, Step::WavePaid | Step::CashReceived)
    }

    pub(crate) fn author(self) -> Author {
        match self {
            Step::WavePaid => Author::Wave,
            Step::CancelledByCustomer => Author::Customer,
            Step::Expired => Author::System,
            Step::Confirmed
            | Step::Shipped
            | Step::Delivered
            | Step::Refused
            | Step::CashReceived
            | Step::CancelledByShop => Author::Shop,
        }
    }

    /// The history's note, as the shop writes it.
    pub(crate) fn note(self, shipping: ShippingMethod) -> &'static str {
        match (self, shipping) {
            (Step::WavePaid, _) => "Paiement Wave reçu",
            (Step::Confirmed, _) => "Commande confirmée par téléphone avec le client",
            (Step::Shipped, ShippingMethod::Pickup) => "Prête à être retirée en boutique",
            (Step::Shipped, _) => "Remise au livreur",
            (Step::Delivered, ShippingMethod::Pickup) => "Retirée en boutique par le client",
            (Step::Delivered, _) => "Livrée au client",
            (Step::Refused, _) => "Colis refusé à la porte par le client",
            (Step::CashReceived, _) => "Paiement à la livraison reçu",
            (Step::CancelledByCustomer, _) => "Annulée par le client",
            (Step::CancelledByShop, _) => "Client injoignable pour confirmer la commande : annulée",
            (Step::Expired, _) => "Paiement Wave non reçu avant l'expiration de la session : commande annulée",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Event {
    pub at: DateTime<Utc>,
    pub step: Step,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlannedOrder {
    /// Index in the demo customers.
    pub customer: usize,
    pub placed_at: DateTime<Utc>,
    pub payment: PaymentMethod,
    pub shipping: ShippingMethod,
    /// Draws the order's basket when it is placed.
    pub basket: u64,
    /// What happened since, oldest first, nothing after now.
    pub events: Vec<Event>,
}

impl PlannedOrder {
    pub(crate) fn status(&self) -> OrderStatus {
        self.events.iter().fold(OrderStatus::Pending, |status, event| event.step.status_after(status))
    }
}

/// About [`HISTORY_DAYS`] days of orders up to `now`, oldest first, shared among `customers`:
/// 2 to 6 a weekday, 5 to 8 a Saturday or Sunday, and the last hours' own.
pub(crate) fn plan(now: DateTime<Utc>, customers: usize) -> Vec<PlannedOrder> {
    let now = now.trunc_subsecs(0);
    let mut dice = Dice::new(SEED);
    let mut orders: Vec<PlannedOrder> = Vec::new();
    let today = now.date_naive();
    let calendar_until = now - Duration::minutes(CALENDAR_UNTIL_MINUTES);
    for days_ago in (0..HISTORY_DAYS).rev() {
        for placed_at in day_times(&mut dice, today - Duration::days(days_ago)) {
            if placed_at > calendar_until {
                continue;
            }
            let cancelled = orders.len() % ONE_CANCELLED_IN == ONE_CANCELLED_IN / 2;
            orders.push(ordinary(&mut dice, placed_at, customers, cancelled, now));
        }
    }
    orders.extend(latest(&mut dice, now, customers));
    orders.sort_by_key(|order| order.placed_at);
    orders
}

/// When the day's orders were placed, in order.
fn day_times(dice: &mut Dice, day: NaiveDate) -> Vec<DateTime<Utc>> {
    let weekend = matches!(day.weekday(), Weekday::Sat | Weekday::Sun);
    let count = if weekend { dice.between(5, 8) } else { dice.between(2, 6) };
    let opening = at(day, SHOPPING_HOURS.0, 0);
    let span = i64::from(SHOPPING_HOURS.1 - SHOPPING_HOURS.0) * 3600;
    let mut times: Vec<_> = (0..count).map(|_| opening + Duration::seconds(dice.between(0, span - 1))).collect();
    times.sort();
    times
}

fn ordinary(
    dice: &mut Dice,
    placed_at: DateTime<Utc>,
    customers: usize,
    cancelled: bool,
    now: DateTime<Utc>,
) -> PlannedOrder {
    let payment = if dice.chance(55) { PaymentMethod::Wave } else { PaymentMethod::CashOnDelivery };
    let shipping = match dice.between(1, 20) {
        1..=3 => ShippingMethod::Pickup,
        4..=6 => ShippingMethod::Express,
        _ => ShippingMethod::Standard,
    };
    let mut order = order(dice, placed_at, customers, payment, shipping, Vec::new());
    order.events = if cancelled { cancellation(dice, placed_at, payment) } else { journey(dice, &order) };
    order.events.retain(|event| event.at <= now);
    order
}

fn order(
    dice: &mut Dice,
    placed_at: DateTime<Utc>,
    customers: usize,
    payment: PaymentMethod,
    shipping: ShippingMethod,
    events: Vec<Event>,
) -> PlannedOrder {
    PlannedOrder { customer: dice.below(customers), placed_at, payment, shipping, basket: dice.next(), events }
}

/// Paid or confirmed, prepared, handed to the courier (or set aside at the shop), delivered, and
/// for cash on delivery the cash brought back.
fn journey(dice: &mut Dice, order: &PlannedOrder) -> Vec<Event> {
    let minutes = |dice: &mut Dice, low: i64, high: i64| Duration::minutes(dice.between(low, high));
    let (accepted, step) = match order.payment {
        PaymentMethod::Wave => (order.placed_at + minutes(dice, 1, 10), Step::WavePaid),
        _ => (next_working_moment(order.placed_at + minutes(dice, 60, 8 * 60)), Step::Confirmed),
    };
    let preparing = match order.shipping {
        ShippingMethod::Pickup => minutes(dice, 120, 360),
        _ => minutes(dice, 14 * 60, 26 * 60),
    };
    let shipped = next_working_moment(accepted + preparing);
    let travelling = match order.shipping {
        ShippingMethod::Standard => minutes(dice, 3 * 60, 28 * 60),
        ShippingMethod::Express => minutes(dice, 60, 240),
        ShippingMethod::Pickup => minutes(dice, 4 * 60, 48 * 60),
    };
    let delivered = next_working_moment(shipped + travelling);
    let mut events = vec![
        Event { at: accepted, step },
        Event { at: shipped, step: Step::Shipped },
        Event { at: delivered, step: Step::Delivered },
    ];
    if order.payment == PaymentMethod::CashOnDelivery {
        let cash = next_working_moment(delivered + minutes(dice, 5, 60));
        events.push(Event { at: cash, step: Step::CashReceived });
    }
    events
}

/// A Wave order never paid, or a cash order the customer or the shop calls off before it leaves.
fn cancellation(dice: &mut Dice, placed_at: DateTime<Utc>, payment: PaymentMethod) -> Vec<Event> {
    let session = Duration::from_std(bitik_payments::SESSION_LIFETIME).unwrap_or_default();
    let (at, step) = match payment {
        PaymentMethod::Wave => (placed_at + session + Duration::seconds(dice.between(1, 59)), Step::Expired),
        _ if dice.chance(50) => (placed_at + Duration::minutes(dice.between(10, 90)), Step::CancelledByCustomer),
        _ => (next_working_moment(placed_at + Duration::minutes(dice.between(120, 360))), Step::CancelledByShop),
    };
    vec![Event { at, step }]
}

/// The last hours' orders, counted back from now whatever the hour, so the shop always has two
/// waiting for its call, one to prepare, one on its way, and a parcel refused at the door to take
/// back.
fn latest(dice: &mut Dice, now: DateTime<Utc>, customers: usize) -> [PlannedOrder; 5] {
    let waiting = now - Duration::minutes(20);
    let waiting_longer = now - Duration::minutes(160);
    let paid = now - Duration::minutes(95);
    let shipped = last_working_moment(now - Duration::minutes(40));
    let travelling = shipped - Duration::hours(22);
    let refused = last_working_moment(now - Duration::hours(20));
    let refused_shipped = last_working_moment(refused - Duration::hours(6));
    let refused_confirmed = last_working_moment(refused_shipped - Duration::hours(20));
    let refused_placed = refused_confirmed - Duration::hours(2);
    let cash = PaymentMethod::CashOnDelivery;
    [
        order(dice, waiting, customers, cash, ShippingMethod::Standard, Vec::new()),
        order(dice, waiting_longer, customers, cash, ShippingMethod::Express, Vec::new()),
        order(
            dice,
            paid,
            customers,
            PaymentMethod::Wave,
            ShippingMethod::Express,
            vec![Event { at: paid + Duration::minutes(3), step: Step::WavePaid }],
        ),
        order(
            dice,
            travelling,
            customers,
            PaymentMethod::Wave,
            ShippingMethod::Standard,
            vec![
                Event { at: travelling + Duration::minutes(4), step: Step::WavePaid },
                Event { at: shipped, step: Step::Shipped },
            ],
        ),
        order(
            dice,
            refused_placed,
            customers,
            cash,
            ShippingMethod::Standard,
            vec![
                Event { at: refused_confirmed, step: Step::Confirmed },
                Event { at: refused_shipped, step: Step::Shipped },
                Event { at: refused, step: Step::Refused },
            ],
        ),
    ]
}

fn at(day: NaiveDate, hour: u32, minute: u32) -> DateTime<Utc> {
    day.and_hms_opt(hour, minute, 0).unwrap_or_default().and_utc()
}

pub(crate) fn is_working_time(moment: DateTime<Utc>) -> bool {
    moment.weekday() != Weekday::Sun && (WORKING_HOURS.0..WORKING_HOURS.1).contains(&moment.hour())
}

/// `moment`, or the next opening of the shop when it is closed then; openings take the minute
/// of `moment` so that mornings do not all start at 9:00 sharp.
fn next_working_moment(moment: DateTime<Utc>) -> DateTime<Utc> {
    if is_working_time(moment) {
        return moment;
    }
    let mut day = moment.date_naive();
    if moment.hour() >= WORKING_HOURS.1 || day.weekday() == Weekday::Sun {
        day = day.succ_opt().unwrap_or(day);
    }
    while day.weekday() == Weekday::Sun {
        day = day.succ_opt().unwrap_or(day);
    }
    at(day, WORKING_HOURS.0, moment.minute())
}

/// `moment`, or the end of the shop's last working hours before it.
fn last_working_moment(moment: DateTime<Utc>) -> DateTime<Utc> {
    if is_working_time(moment) {
        return moment;
    }
    let mut day = moment.date_naive();
    if moment.hour() < WORKING_HOURS.0 || day.weekday() == Weekday::Sun {
        day = day.pred_opt().unwrap_or(day);
    }
    while day.weekday() == Weekday::Sun {
        day = day.pred_opt().unwrap_or(day);
    }
    at(day, WORKING_HOURS.1 - 1, 30 + moment.minute() / 2)
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
