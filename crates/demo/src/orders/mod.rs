//! About a month of orders for the demo shop (`bitik seed --demo-orders`), so that a newcomer's
//! dashboard, order list and sales chart have something to show: a dozen customers of Dakar,
//! orders in every status, paid by Wave or in cash at the door.
//!
//! The orders go through the shop's own rules and ports, not around them: the checkout form,
//! prices (promotions included), delivery fees and totals of `bitik_orders::checkout`, the shop's
//! order numbers, the order repository's placement (which takes the stock, never below zero) and
//! its transitions (which give a cancelled order's units back, by `rules::stock_effect`) and
//! payments. Each write is dated by the plan (`plan.rs`) rather than by the clock; the two stamps
//! the repository takes from the clock, when an order was paid and last changed, are then moved
//! back by `bitik_postgres::date_demo_order`.

mod basket;
pub mod customers;
mod dice;
mod plan;

use std::collections::HashMap;

use anyhow::{Context, anyhow, bail};
use bitik_catalog::{Product, ProductRepository, Slug};
use bitik_common::PageRequest;
use bitik_identity::AccountService;
use bitik_orders::cash_on_delivery::{CashOnDeliveryRepository, Confirmation, ConfirmationAttempt};
use bitik_orders::delivery::{Destination, ZoneRepository};
use bitik_orders::{
    Actor, NewOrder, Order, OrderRepository, OrderStatus, PlaceError, ShippingInfo, ShippingMethod, StatusChange,
    Transition, checkout, order_number, rules,
};
use bitik_payments::test_mode::{SimulatedSession, SimulatedSessions};
use bitik_payments::{CURRENCY, CheckoutStatus, WavePaymentStatus, WaveSession};
use bitik_postgres::{
    Database, PgOrderRepository, PgProductRepository, PgSimulatedSessions, PgUserRepository, PgZoneRepository,
};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::accounts::DEMO_ADMIN_EMAIL;
use crate::catalog::demo_catalogue;
use customers::Customer;
use dice::Dice;
use plan::{Author, PlannedOrder, Step};

pub use customers::{DEMO_CUSTOMERS, DemoCustomer};
pub use plan::HISTORY_DAYS;

/// What a run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DemoOrdersReport {
    pub created: usize,
    /// The demo customers already had orders: the history is there, nothing was added.
    pub already_there: bool,
    /// Planned orders left out because nothing they could hold had stock enough.
    pub left_out: usize,
    pub accounts_opened: usize,
}

/// Opens the demo customers' accounts and places about [`HISTORY_DAYS`] days of their orders up
/// to `now`, once: when any demo customer has an order already, no order is added. Needs the
/// demo admin and the demo catalogue (`seed_demo_accounts`, `seed_catalog`). Each Wave payment is
/// also a paid session of test mode's simulator, so that a demo shop's « Caisse » finds its
/// payments at « Wave » as a real shop would (`shop_name` is the merchant those sessions name).
pub async fn seed_demo_orders(
    accounts: &AccountService,
    database: &Database,
    shop_name: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<DemoOrdersReport> {
    let shop = DemoShop::new(database, shop_name);
    let admin = customers::existing(&shop.users, DEMO_ADMIN_EMAIL).await.context("the demo admin")?;
    let admin = Actor::admin(admin.id, &admin.first_name, &admin.last_name);
    let (customers, accounts_opened) = customers::open_accounts(accounts, &shop.users, database, now).await?;
    let mut report = DemoOrdersReport { accounts_opened, ..DemoOrdersReport::default() };
    if shop.any_orders(&customers).await? {
        report.already_there = true;
        return Ok(report);
    }
    let catalogue = shop.catalogue_ids().await?;
    for planned in plan::plan(now, customers.len()) {
        let customer = &customers[planned.customer];
        match shop.place(&planned, customer, &catalogue).await? {
            Some(order) => {
                shop.replay(order, &planned, customer, &admin).await?;
                report.created += 1;
            }
            None => report.left_out += 1,
        }
    }
    Ok(report)
}

struct DemoShop<'a> {
    database: &'a Database,
    users: PgUserRepository,
    products: PgProductRepository,
    orders: PgOrderRepository,
    zones: PgZoneRepository,
    sessions: PgSimulatedSessions,
    shop_name: String,
}

impl<'a> DemoShop<'a> {
    fn new(database: &'a Database, shop_name: &str) -> Self {
        Self {
            database,
            users: PgUserRepository::new(database.clone()),
            products: PgProductRepository::new(database.clone()),
            orders: PgOrderRepository::new(database.clone()),
            zones: PgZoneRepository::new(database.clone()),
            sessions: PgSimulatedSessions::new(database.clone()),
            shop_name: shop_name.to_owned(),
        }
    }

    async fn any_orders(&self, customers: &[Customer]) -> anyhow::Result<bool> {
        for customer in customers {
            let first =
                self.orders.list_for_user(customer.user_id, PageRequest::new(1, 1, 1)).await.map_err(|e| anyhow!(e))?;
            if !first.items.is_empty() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The ids of the demo catalogue's products in the shop.
    async fn catalogue_ids(&self) -> anyhow::Result<Vec<Uuid>> {
        let mut ids = Vec::new();
        for product in demo_catalogue()? {
            if let Some(found) =
                self.products.find_by_slug(&Slug::from_name(&product.name)).await.map_err(anyhow::Error::from_boxed)?
            {
                ids.push(found.id);
            }
        }
        if ids.is_empty() {
            bail!("the demo catalogue is not in the shop: seed it first");
        }
        Ok(ids)
    }

    /// The products on sale now, with their stock as it is now, in the order of their slugs.
    async fn on_sale(&self, ids: &[Uuid]) -> anyhow::Result<Vec<Product>> {
        let mut products = self.products.find_active_by_ids(ids).await.map_err(anyhow::Error::from_boxed)?;
        products.sort_by(|a, b| a.slug.as_str().cmp(b.slug.as_str()));
        Ok(products)
    }

    /// Places the planned order as checkout would, dated when it was placed; `None` when no
    /// variant it could hold has stock enough.
    async fn place(&self, planned: &PlannedOrder, customer: &Customer, ids: &[Uuid]) -> anyhow::Result<Option<Order>> {
        let Some(mut order) = self.checkout(planned, customer, ids).await? else { return Ok(None) };
        let placed = Actor::customer(customer.user_id);
        let first = StatusChange::new(OrderStatus::Pending, "Commande créée", &placed, planned.placed_at);
        let mut numbers = Dice::new(planned.basket);
        for _ in 0..5 {
            let random = u16::try_from(numbers.below(10_000)).unwrap_or_default();
            order.order_number = order_number(planned.placed_at, random);
            // A month of history, not a shopper's checkout: the cap on orders awaiting payment,
            // which the replay settles later, does not apply.
            match self.orders.place(order.clone(), first.clone(), None).await {
                Ok(order) => return Ok(Some(order)),
                Err(PlaceError::NumberTaken) => {}
                Err(e) => return Err(anyhow!(e).context(format!("the demo order of {}", planned.placed_at))),
            }
        }
        bail!("no free order number for the demo order of {}", planned.placed_at)
    }

    /// The order as checkout makes it from the customer's delivery form and a basket drawn from
    /// the products on sale now, still to be numbered.
    async fn checkout(
        &self,
        planned: &PlannedOrder,
        customer: &Customer,
        ids: &[Uuid],
    ) -> anyhow::Result<Option<NewOrder>> {
        let products = self.on_sale(ids).await?;
        let basket = basket::draw(planned.basket, &products);
        if basket.is_empty() {
            return Ok(None);
        }
        let person = customer.person;
        let delivered = planned.shipping != ShippingMethod::Pickup;
        let recipient = checkout::recipient(&person.contact(), &person.address(), &person.place(), delivered)?;
        let destination = self.destination(planned, person.commune).await?;
        destination.check(planned.shipping, planned.payment)?;
        let shipping = ShippingInfo::from(recipient).delivered_to(&destination);
        let choices = checkout::choices(&basket)?;
        let by_id: HashMap<Uuid, Product> = products.into_iter().map(|p| (p.id, p)).collect();
        let lines = checkout::lines(&choices, &by_id)?;
        let totals = checkout::totals(&lines, planned.shipping, &destination)?;
        Ok(Some(NewOrder {
            order_number: String::new(),
            user_id: customer.user_id,
            lines,
            subtotal: totals.subtotal,
            shipping_cost: totals.shipping_cost,
            discount: totals.discount,
            total: totals.total,
            shipping,
            shipping_method: planned.shipping,
            payment_method: planned.payment,
            idempotency_key: None,
            from_cart: true,
            promo: None,
            channel: bitik_orders::SalesChannel::Web,
            source: None,
        }))
    }

    /// The shop's call reached the customer: the confirmation a cash order needs before it is
    /// prepared (the history's entry is the step's own).
    async fn confirm(&self, order: &Order, by: &Actor, at: DateTime<Utc>) -> anyhow::Result<()> {
        let attempt =
            ConfirmationAttempt { outcome: Confirmation::Confirmed, by: by.label.clone(), by_user: by.user_id, at };
        let confirmed = self.orders.record_attempt(order.id, attempt, None, false).await.map_err(|e| anyhow!(e))?;
        confirmed.map(|_| ()).ok_or_else(|| anyhow!("demo order {}: not confirmable", order.order_number))
    }

    /// Where the order goes: the shop's counter, or the zone of the customer's commune as the
    /// shop's zones have it now.
    async fn destination(&self, planned: &PlannedOrder, commune: &str) -> anyhow::Result<Destination> {
        if planned.shipping == ShippingMethod::Pickup {
            return Ok(Destination::Pickup);
        }
        let found = self.zones.find_by_commune(commune).await.map_err(anyhow::Error::from_boxed)?;
        let (zone, commune) = found.with_context(|| format!("the commune {commune} is in no delivery zone"))?;
        Ok(Destination::Commune { zone: Box::new(zone), commune })
    }

    /// What happened to the order since it was placed, each step at its time, through the
    /// repository's transitions (with their stock effects) and payments.
    async fn replay(
        &self,
        mut order: Order,
        planned: &PlannedOrder,
        customer: &Customer,
        admin: &Actor,
    ) -> anyhow::Result<()> {
        let mut paid_at = None;
        for event in &planned.events {
            let to = event.step.status_after(order.status);
            let by = match event.step.author() {
                Author::Customer => Actor::customer(customer.user_id),
                Author::Shop => admin.clone(),
                Author::Wave => Actor::system("Wave"),
                Author::System => Actor::system("Système"),
            };
            let note = event.step.note(planned.shipping).to_owned();
            if event.step == Step::Confirmed {
                self.confirm(&order, &by, event.at).await?;
            }
            let change = StatusChange::new(to, note, &by, event.at);
            let outcome = if event.step.is_payment() {
                paid_at = Some(event.at);
                self.orders.record_payment(order.id, order.status, change).await
            } else {
                let stock = rules::stock_effect(order.status, to);
                self.orders.transition(order.id, order.status, change, stock).await
            };
            order = match outcome.map_err(|e| anyhow!(e))? {
                Transition::Applied(order) => *order,
                other => bail!("demo order {}: {:?} refused ({other:?})", order.order_number, event.step),
            };
            if event.step == Step::WavePaid {
                let paid = paid_session(&order, event.at, &self.shop_name);
                self.sessions.insert(&paid).await.map_err(|e| anyhow!(e))?;
            }
        }
        if order.status != planned.status() {
            bail!("demo order {} ended {:?}, planned {:?}", order.order_number, order.status, planned.status());
        }
        let last_change = planned.events.last().map_or(planned.placed_at, |event| event.at);
        bitik_postgres::date_demo_order(self.database, order.id, paid_at, last_change).await?;
        Ok(())
    }
}

/// The session test mode's Wave would hold for a demo order paid at `at`: opened a few minutes
/// before, completed then, for the order's total.
fn paid_session(order: &Order, at: DateTime<Utc>, shop_name: &str) -> SimulatedSession {
    let id = format!("cos-demo{}", order.order_number.trim_start_matches("ORD-"));
    let opened = at - chrono::Duration::minutes(2);
    SimulatedSession {
        session: WaveSession {
            launch_url: format!("/api/payments/wave/simulator/{id}"),
            id,
            amount: order.total,
            currency: CURRENCY.to_owned(),
            checkout_status: CheckoutStatus::Complete,
            payment_status: WavePaymentStatus::Succeeded,
            client_reference: Some(order.id.to_string()),
            business_name: shop_name.to_owned(),
            created_at: opened,
            expires_at: opened + chrono::Duration::minutes(30),
            completed_at: Some(at),
            transaction_id: Some(format!("TDEMO{}", order.order_number.trim_start_matches("ORD-"))),
            last_error: None,
        },
        success_url: format!("/payment-success?orderId={}", order.id),
        error_url: format!("/payment-error?orderId={}", order.id),
        refunded_at: None,
    }
}
