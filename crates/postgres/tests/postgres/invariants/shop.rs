//! The real services on the real repositories of one fresh database, a fake Wave, and the
//! operations the property tests drive, each checked against what the model predicts.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use bitik_cart::{CartError, CartService};
use bitik_catalog::{CatalogService, RawChoice};
use bitik_common::{RawAddress, RawContact};
use bitik_orders::{CheckoutRequest, OrderError, OrderService, OrderStatus, RawCheckout, RawPlace, ShippingMethod};
use bitik_payments::{PaymentError, PaymentService, PaymentState, WebhookOutcome};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgCartRepository, PgOrderRepository, PgPaymentRepository, PgProductRepository, PgZoneRepository};
use chrono::{DateTime, Duration, Utc};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::fake_wave::{FakeWave, TrustedWebhooks};
use super::model::{CUSTOMERS, Model, PRICES, VARIANTS};
use crate::fixtures::{customer, tshirt};

/// How far time jumps when the test lets unpaid orders expire: past the 30 minutes of a session.
const EXPIRY_JUMP: i64 = 35;
/// The payment service's clock moves this much before each step, so that a status check always
/// finds what Wave said last older than the 3 s it is trusted for.
const STEP_SECONDS: i64 = 5;

#[derive(Debug, Clone, Copy)]
pub enum Delivery {
    /// Wave's signed `checkout.session.completed`, a new event id.
    Webhook,
    /// The last event delivered again with its own id (Wave retries).
    Replay,
    /// The shopper back on the site asks the status.
    Status,
    /// Paid at Wave, nothing reaches the shop (yet).
    Lost,
}

pub struct Shop {
    pub test: TestDatabase,
    pub wave: Arc<FakeWave>,
    pub carts: CartService,
    pub orders: OrderService,
    pub payments: PaymentService,
    pub catalog: CatalogService,
    pub customers: Vec<Uuid>,
    pub products: Vec<Uuid>,
    offset: Arc<AtomicI64>,
    /// The last event id delivered per session, for replays.
    events: HashMap<String, String>,
    pub model: Model,
}

impl Shop {
    pub async fn open(stock: &[u32]) -> Self {
        let test = TestDatabase::new().await;
        let db = test.database.clone();
        let start = Utc::now();
        let offset = Arc::new(AtomicI64::new(0));
        let seconds = offset.clone();
        let clock: bitik_payments::Clock =
            Arc::new(move || start + Duration::seconds(AtomicI64::load(&seconds, Ordering::SeqCst)));
        let wave = Arc::new(FakeWave::new(clock.clone()));
        let products_repo = Arc::new(PgProductRepository::new(db.clone()));
        let orders_repo = Arc::new(PgOrderRepository::new(db.clone()));
        let payments = PaymentService::new(
            orders_repo.clone(),
            Arc::new(PgPaymentRepository::new(db.clone())),
            wave.clone(),
            Arc::new(TrustedWebhooks),
            "https://bitik.test",
        )
        .with_clock(clock);
        let mut customers = Vec::new();
        for n in 0..CUSTOMERS {
            customers.push(customer(&test, &format!("client{n}@example.sn")).await.id);
        }
        let products = vec![
            tshirt(&test, "T-shirt Dakar", PRICES[0], &grid(stock, 0)).await.id,
            tshirt(&test, "T-shirt Gorée", PRICES[1], &grid(stock, 1)).await.id,
        ];
        Shop {
            carts: CartService::new(Arc::new(PgCartRepository::new(db.clone())), products_repo.clone()),
            orders: OrderService::new(orders_repo, products_repo.clone(), Arc::new(PgZoneRepository::new(db.clone()))),
            catalog: CatalogService::new(products_repo),
            payments,
            wave,
            test,
            customers,
            products,
            offset,
            events: HashMap::new(),
            model: Model::new(stock),
        }
    }

    pub fn tick(&self) {
        self.offset.fetch_add(STEP_SECONDS, Ordering::SeqCst);
    }

    pub async fn check(&self) -> Result<(), String> {
        super::check::invariants(&self.test.database, &self.model, &self.products, &self.wave).await
    }

    pub fn choice(&self, variant: usize, quantity: u32) -> RawChoice {
        let (product, color, size) = VARIANTS[variant];
        RawChoice {
            product_id: Some(self.products[product].to_string()),
            quantity: Some(Ok(i64::from(quantity))),
            size: Some(size.to_owned()),
            color: Some(color.to_owned()),
        }
    }

    // Operations, each checked against the model -------------------------------------------

    pub async fn add(&mut self, customer: usize, variant: usize, quantity: u32) -> Result<(), String> {
        let in_cart = self.model.cart_line(customer, variant);
        let stock = self.model.stock[variant];
        let result = self.carts.add(self.customers[customer], self.choice(variant, quantity)).await;
        match result {
            Ok(cart) if in_cart + quantity <= stock => {
                self.model.carts[customer].insert(variant, in_cart + quantity);
                let lines = cart.items.len();
                let expected = self.model.carts[customer].len();
                if lines != expected {
                    return Err(format!("cart has {lines} lines, expected {expected}"));
                }
                Ok(())
            }
            Err(CartError::InsufficientStock { available }) if in_cart + quantity > stock && available == stock => {
                Ok(())
            }
            other => {
                Err(format!("add {quantity} of variant {variant} ({in_cart} in cart, {stock} in stock): {other:?}"))
            }
        }
    }

    pub async fn place(&mut self, customer: usize, wave: bool, shipping: ShippingMethod) -> Result<(), String> {
        let empty = self.model.carts[customer].is_empty();
        let in_stock = self.model.cart_in_stock(customer);
        let at_cap = self.model.at_open_cap(customer);
        match self.place_order(customer, wave, shipping).await {
            // The whole cart was ordered: the order took every line out of it.
            Ok(id) if !empty && in_stock && !at_cap => {
                self.model.place(id, customer, wave, shipping);
            }
            Err(OrderError::EmptyOrder) if empty => {}
            Err(OrderError::OutOfStock { .. }) if !empty && !in_stock => {}
            // Refused whole: the cart stays as it was.
            Err(OrderError::TooManyOpenOrders { .. }) if !empty && in_stock && at_cap => {}
            other => {
                return Err(format!("place (empty cart {empty}, in stock {in_stock}, at cap {at_cap}): {other:?}"));
            }
        }
        self.check_cart(customer).await
    }

    /// The customer's cart holds the lines and units the model says it does.
    async fn check_cart(&self, customer: usize) -> Result<(), String> {
        let cart = self.carts.cart(self.customers[customer]).await.map_err(|e| e.to_string())?;
        let expected = &self.model.carts[customer];
        let (lines, units) = (cart.items.len(), cart.item_count());
        if lines != expected.len() || units != expected.values().map(|&units| u64::from(units)).sum::<u64>() {
            return Err(format!(
                "cart of customer {customer} holds {lines} lines of {units} units, expected {expected:?}"
            ));
        }
        Ok(())
    }

    /// The checkout the storefront sends: the cart's lines and a valid delivery form.
    pub async fn place_order(&self, customer: usize, wave: bool, shipping: ShippingMethod) -> Result<Uuid, OrderError> {
        let items = self.model.carts[customer].iter().map(|(&v, &q)| self.choice(v, q)).collect();
        let raw = RawCheckout {
            items,
            contact: RawContact {
                first_name: "Awa".into(),
                last_name: "Diop".into(),
                email: format!("client{customer}@example.sn"),
                // A phone each: the cap on orders awaiting payment is the account's.
                phone: format!("77 123 45 6{customer}"),
            },
            address: RawAddress {
                address: "Unité 15, Parcelles Assainies".into(),
                city: "Dakar".into(),
                country: "Sénégal".into(),
                zip_code: String::new(),
            },
            place: RawPlace {
                commune: "parcelles-assainies".into(),
                landmark: "Près du terminus".into(),
                notes: String::new(),
            },
            shipping_method: Some(shipping.as_str().to_owned()),
            payment_method: Some(if wave { "wave" } else { "cash_on_delivery" }.to_owned()),
            idempotency_key: None,
            promo_code: None,
            source: None,
        };
        self.orders.place(self.customers[customer], CheckoutRequest::parse(raw)?).await.map(|o| o.id)
    }

    pub async fn cancel(&mut self, index: usize, by_owner: bool) -> Result<(), String> {
        let order = self.model.orders[index].clone();
        let who = if by_owner { order.owner } else { (order.owner + 1) % CUSTOMERS };
        let allowed = order.status == OrderStatus::Pending && !order.paid;
        match self.orders.cancel_by_customer(self.customers[who], order.id).await {
            Ok(o) if by_owner && allowed && o.status == OrderStatus::Cancelled => {
                self.model.cancel(index);
                Ok(())
            }
            Err(OrderError::CannotCancel) if by_owner && !allowed => Ok(()),
            Err(OrderError::NotFound) if !by_owner => Ok(()),
            other => Err(format!("cancel {order:?} (by owner {by_owner}): {other:?}")),
        }
    }

    /// Opens (or reuses) a Wave session for the order.
    pub async fn init(&mut self, index: usize) -> Result<(), String> {
        let order = self.model.orders[index].clone();
        let now = self.now();
        let before = self.wave.sessions_of(order.id);
        let reusable = before.iter().find(|s| s.payable_at(now)).map(|s| s.id.clone());
        let paid_at_wave = before.iter().any(|s| s.succeeded());
        let result = self.payments.init(self.customers[order.owner], Some(&order.id.to_string())).await;
        let after = self.wave.sessions_of(order.id).len();
        let outcome = match result {
            Err(PaymentError::AlreadyPaid) if order.paid => Ok(()),
            Err(PaymentError::NotPayable) if !order.paid && order.wave && order.status != OrderStatus::Pending => {
                Ok(())
            }
            Err(PaymentError::AlreadyPaid) if order.awaiting_wave() && paid_at_wave => {
                self.model.pay(index);
                Ok(())
            }
            Ok(opened) if order.awaiting_wave() && !paid_at_wave => match &reusable {
                Some(id) if *id == opened.session.id && after == before.len() => Ok(()),
                None if after == before.len() + 1 => Ok(()),
                _ => Err("a session opened where one was open, or none where none was".to_owned()),
            },
            other => Err(format!("{other:?}")),
        };
        outcome.map_err(|e| format!("init {order:?} (sessions {before:?}): {e}"))
    }

    /// The shopper pays the order's latest session at Wave (nothing happens if it is not open),
    /// then the shop hears of it as `delivery` says.
    pub async fn pay(&mut self, index: usize, delivery: Delivery) -> Result<(), String> {
        let order = self.model.orders[index].clone();
        if order.awaiting_wave() && self.wave.sessions_of(order.id).is_empty() {
            // The shopper goes to Wave from checkout: a session is opened first.
            self.init(index).await?;
            // Paying on Wave's page takes the shopper longer than the 3 s a status is trusted.
            self.tick();
        }
        let Some(session) = self.wave.sessions_of(order.id).pop() else { return Ok(()) };
        self.wave.pay(&session.id);
        let paid_at_wave = self.wave.paid(order.id);
        match delivery {
            Delivery::Lost => Ok(()),
            Delivery::Status => self.status_check(index, &session.id, paid_at_wave).await,
            Delivery::Replay if self.events.contains_key(&session.id) => {
                let event = self.events[&session.id].clone();
                match self.payments.receive_webhook(Some(&event), session.id.as_bytes()).await {
                    Ok(WebhookOutcome::AlreadyDone) => Ok(()),
                    other => Err(format!("replayed event {event} of {order:?}: {other:?}")),
                }
            }
            Delivery::Replay | Delivery::Webhook => self.webhook(index, &session.id).await,
        }
    }

    /// A webhook delivery of the session with a new event id.
    pub async fn deliver(&self, session_id: &str) -> Result<WebhookOutcome, PaymentError> {
        let event = format!("EV_{}", Uuid::new_v4().simple());
        self.payments.receive_webhook(Some(&event), session_id.as_bytes()).await
    }

    async fn webhook(&mut self, index: usize, session_id: &str) -> Result<(), String> {
        let order = self.model.orders[index].clone();
        let event = format!("EV_{}", Uuid::new_v4().simple());
        let succeeded = self.wave.session_paid(session_id);
        let outcome = self.payments.receive_webhook(Some(&event), session_id.as_bytes()).await;
        self.events.insert(session_id.to_owned(), event);
        match outcome {
            Ok(WebhookOutcome::Paid { order_id }) if succeeded && !order.paid && order_id == order.id => {
                self.model.pay(index);
                Ok(())
            }
            Ok(WebhookOutcome::AlreadyPaid { .. }) if succeeded && order.paid => Ok(()),
            Ok(WebhookOutcome::NotPaid) if !succeeded => Ok(()),
            other => Err(format!("webhook for {order:?} (session paid {succeeded}): {other:?}")),
        }
    }

    /// A status check settles a paid session of an order neither paid nor cancelled.
    async fn status_check(&mut self, index: usize, session_id: &str, paid_at_wave: bool) -> Result<(), String> {
        let order = self.model.orders[index].clone();
        let settles = paid_at_wave && !order.paid && order.status != OrderStatus::Cancelled;
        let view = self.payments.status(self.customers[order.owner], session_id, true).await;
        if settles {
            self.model.pay(index);
        }
        let paid = self.model.orders[index].paid;
        match view {
            Ok(view) if (view.state == PaymentState::Paid) == paid => Ok(()),
            other => Err(format!("status of {order:?} (paid at Wave {paid_at_wave}): {other:?}")),
        }
    }

    /// Time jumps past every session's lifetime, then the sweep runs once.
    pub async fn expire(&mut self) -> Result<(), String> {
        self.let_time_pass().await?;
        let (cancelled, paid) = self.expect_sweep();
        let report = self.payments.sweep_expired().await.map_err(|e| e.to_string())?;
        if report.cancelled != cancelled || report.paid != paid || !report.errors.is_empty() {
            return Err(format!("sweep: {report:?}, expected {cancelled} cancelled and {paid} paid"));
        }
        Ok(())
    }

    /// Every order and session becomes older than a session lives.
    pub async fn let_time_pass(&self) -> Result<(), String> {
        let mut conn = self.test.database.conn().await.map_err(|e| e.to_string())?;
        diesel::sql_query(format!("UPDATE orders SET created_at = created_at - interval '{EXPIRY_JUMP} minutes'"))
            .execute(&mut conn)
            .await
            .map_err(|e| e.to_string())?;
        self.wave.age(Duration::minutes(EXPIRY_JUMP));
        Ok(())
    }

    /// The sweep's expected effect on the model: an awaiting order paid at Wave becomes paid,
    /// any other is cancelled. Answers (cancelled, paid).
    pub fn expect_sweep(&mut self) -> (u32, u32) {
        let (mut cancelled, mut paid) = (0, 0);
        for index in 0..self.model.orders.len() {
            let order = &self.model.orders[index];
            if !order.awaiting_wave() {
                continue;
            }
            if self.wave.paid(order.id) {
                self.model.pay(index);
                paid += 1;
            } else {
                self.model.cancel(index);
                cancelled += 1;
            }
        }
        (cancelled, paid)
    }

    pub async fn set_stock(&mut self, variant: usize, quantity: u32) -> Result<(), String> {
        let (product, color, size) = VARIANTS[variant];
        let grid = BTreeMap::from([(color.to_owned(), BTreeMap::from([(size.to_owned(), i64::from(quantity))]))]);
        let raw = bitik_catalog::RawAdjustment { quantities: grid, reason: Some("recount".into()), note: None };
        let by = bitik_catalog::Adjuster { id: uuid::Uuid::from_u128(1), name: "Inventaire".into() };
        self.catalog.adjust_stock(self.products[product], raw, by).await.map_err(|e| format!("set stock: {e:?}"))?;
        self.model.set_stock(variant, quantity);
        Ok(())
    }

    fn now(&self) -> DateTime<Utc> {
        // The same instant the payment service reads.
        self.wave.now()
    }
}

/// The fixture's stock list for one product.
fn grid(stock: &[u32], product: usize) -> Vec<(&'static str, &'static str, i64)> {
    VARIANTS
        .iter()
        .zip(stock)
        .filter(|((p, _, _), _)| *p == product)
        .map(|(&(_, c, s), &q)| (c, s, i64::from(q)))
        .collect()
}
