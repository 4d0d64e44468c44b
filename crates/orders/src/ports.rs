use async_trait::async_trait;
use bitik_common::{Page, PageRequest};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::admin::AdminOrderFilter;
use crate::model::{NewOrder, Order, OrderStatus, StatusChange, StockEffect};
use crate::open_orders::OpenOrdersOf;
use crate::stats::{DaySales, OrderFigures, TopProduct};
use bitik_common::BoxError;

/// Why an order could not be stored.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// A variant had fewer units than ordered when the stock was taken. Nothing was written.
    #[error("not enough stock of {product_id} {color} {size}: {available} left")]
    OutOfStock { product_id: Uuid, color: String, size: String, available: u32 },
    /// Another order already has this number: try another.
    #[error("order number taken")]
    NumberTaken,
    /// The customer already placed an order with this idempotency key.
    #[error("idempotency key already used")]
    KeyUsed,
    /// The account or the phone already holds as many orders awaiting payment as the cap
    /// allows. Nothing was written.
    #[error("too many orders awaiting payment for this {0:?}")]
    TooManyOpen(OpenOrdersOf),
    /// The promo code's usage limit was reached (by orders not cancelled). Nothing was written.
    #[error("promo code exhausted")]
    PromoExhausted,
    /// The promo code is once per customer and this customer has an order with it. Nothing was
    /// written.
    #[error("promo code already used by this customer")]
    PromoAlreadyUsed,
    #[error(transparent)]
    Other(BoxError),
}

/// What became of a batch of payments recorded together.
#[derive(Debug)]
pub enum BatchPayment {
    /// Every order is paid now, in the order asked.
    Applied(Vec<Order>),
    /// This order had changed (status, or paid meanwhile): nothing was written.
    Stale(Box<Order>),
}

/// The result of a status change attempted against the status the caller saw.
#[derive(Debug)]
pub enum Transition {
    Applied(Box<Order>),
    /// The order is no longer in the expected status (someone else changed it first).
    Stale,
    /// Leaving `cancelled` needs units that are gone.
    OutOfStock {
        product_id: Uuid,
        color: String,
        size: String,
        available: u32,
    },
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait OrderRepository: Send + Sync {
    /// In one transaction: takes each line's units with conditional updates, variants in a fixed
    /// order (so concurrent orders cannot deadlock), takes the units ordered out of the
    /// customer's cart (a line of the same product, colour and size loses them, and goes when
    /// none are left; other lines stay), then writes the order, its lines and its first history
    /// entry. If any variant lacks units, or the idempotency key is already used, nothing is
    /// written and the cart is untouched.
    ///
    /// With `open_cap`, the order is refused first (`TooManyOpen`) when its customer, or its
    /// phone, already holds that many orders awaiting payment
    /// ([`crate::open_orders::is_open_unpaid`]); checkouts of one customer or one phone are
    /// serialised for it, so two at once cannot both pass the last place. `None` places without
    /// the cap (orders made by the shop itself, like the demo history).
    ///
    /// With a promo code, the checkouts naming it wait for each other on the code's row, then the
    /// order is refused (`PromoExhausted`, `PromoAlreadyUsed`) when the code's uses by orders not
    /// cancelled reach its limit, or this customer's reach one for a code once per customer.
    async fn place(&self, order: NewOrder, first: StatusChange, open_cap: Option<u32>) -> Result<Order, PlaceError>;

    async fn find(&self, id: Uuid) -> Result<Option<Order>, BoxError>;

    async fn find_by_idempotency_key(&self, user_id: Uuid, key: &str) -> Result<Option<Order>, BoxError>;

    /// Any customer's orders, for the back office.
    async fn list(&self, filter: &AdminOrderFilter) -> Result<Page<Order>, BoxError>;

    /// In one transaction, if the order is still `expected` and unpaid: marks it paid now,
    /// sets its status to `entry.status` and appends `entry` to the history.
    async fn record_payment(
        &self,
        id: Uuid,
        expected: OrderStatus,
        entry: StatusChange,
    ) -> Result<Transition, BoxError>;

    /// In one transaction, if the order is still `expected`, paid on delivery and unpaid: makes
    /// it a Wave order paid now (its cash-on-delivery confirmation no longer applies and is
    /// removed), sets its status to `entry.status` and appends `entry` to the history.
    async fn record_wave_payment_of_cash_order(
        &self,
        id: Uuid,
        expected: OrderStatus,
        entry: StatusChange,
    ) -> Result<Transition, BoxError>;
    /// In one transaction, all or nothing: for each `(id, expected, entry)`, if the order is
    /// still `expected` and unpaid, marks it paid now, sets its status to `entry.status` and
    /// appends `entry`. The first order that changed meanwhile stops the batch (`Stale`, the
    /// order as it is now) and nothing is written.
    async fn record_payments(&self, entries: Vec<(Uuid, OrderStatus, StatusChange)>) -> Result<BatchPayment, BoxError>;

    /// The customer's orders, newest first.
    async fn list_for_user(&self, user_id: Uuid, page: PageRequest) -> Result<Page<Order>, BoxError>;

    /// Replaces the order's tracking note; `None` when there is no such order.
    async fn set_tracking_note(&self, id: Uuid, note: String) -> Result<Option<Order>, BoxError>;

    /// The dashboard's sums as of `now`, by the rules of [`crate::stats`] (Dakar days, what
    /// counts as an order and as revenue).
    async fn figures(&self, now: DateTime<Utc>) -> Result<OrderFigures, BoxError>;

    /// The `limit` products with most units in orders that count, placed over the `days` days
    /// ending with today (Dakar); ties by amount, then name.
    async fn top_products(&self, now: DateTime<Utc>, days: u32, limit: u32) -> Result<Vec<TopProduct>, BoxError>;

    /// One entry per day over the `days` days ending with today (Dakar), oldest first, days
    /// without orders included.
    async fn sales_by_day(&self, now: DateTime<Utc>, days: u32) -> Result<Vec<DaySales>, BoxError>;

    /// In one transaction, if the order is still `expected`: applies the stock effect (returning
    /// or taking its units), sets the status and appends `change` to the history.
    async fn transition(
        &self,
        id: Uuid,
        expected: OrderStatus,
        change: StatusChange,
        stock: StockEffect,
    ) -> Result<Transition, BoxError>;
}
