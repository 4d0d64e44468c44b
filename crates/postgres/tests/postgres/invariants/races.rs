//! Steps whose operations run at the same time. What cannot be predicted (who wins) is read from
//! the answers; what must hold whoever wins is checked here, the rest by the invariants after.

use std::time::Duration;

use bitik_cart::CartError;
use bitik_orders::{OrderError, OrderStatus, ShippingMethod};
use bitik_payments::WebhookOutcome;
use proptest::sample::Index;
use uuid::Uuid;

use super::model::CUSTOMERS;
use super::shop::Shop;

impl Shop {
    /// Every customer orders `quantity` of a variant with `stock` units left, all at once: exactly
    /// as many orders as the stock covers go through.
    pub async fn race_last_units(
        &mut self,
        variant: usize,
        stock: u32,
        quantity: u32,
        wave: bool,
    ) -> Result<(), String> {
        self.set_stock(variant, stock).await?;
        for customer in 0..CUSTOMERS {
            self.empty_cart(customer).await?;
            self.add(customer, variant, quantity).await?;
        }
        let capped: Vec<bool> = (0..CUSTOMERS).map(|c| self.model.at_open_cap(c)).collect();
        let buyers = (0..CUSTOMERS).filter(|&c| !self.model.carts[c].is_empty() && !capped[c]).count() as u32;
        let shipping = ShippingMethod::Standard;
        let (a, b, c) = tokio::join!(
            self.place_order(0, wave, shipping),
            self.place_order(1, wave, shipping),
            self.place_order(2, wave, shipping)
        );
        let mut placed = 0;
        for (customer, result) in [a, b, c].into_iter().enumerate() {
            match result {
                Ok(id) if !capped[customer] => {
                    self.model.place(id, customer, wave, shipping);
                    placed += 1;
                }
                Err(OrderError::OutOfStock { .. } | OrderError::EmptyOrder) => {}
                Err(OrderError::TooManyOpenOrders { .. }) if capped[customer] => {}
                other => {
                    return Err(format!(
                        "racing order of customer {customer} (at cap {}): {other:?}",
                        capped[customer]
                    ));
                }
            }
            self.empty_cart(customer).await?;
        }
        let expected = buyers.min(stock / quantity);
        if placed != expected {
            return Err(format!("{placed} orders of {quantity} went through on {stock} units, expected {expected}"));
        }
        Ok(())
    }

    /// One customer adds the same variant three times at once: the cart never passes the stock.
    pub async fn race_adds(&mut self, customer: usize, variant: usize, quantity: u32) -> Result<(), String> {
        let stock = self.model.stock[variant];
        let room = stock.saturating_sub(self.model.cart_line(customer, variant));
        let user = self.customers[customer];
        let (a, b, c) = tokio::join!(
            self.carts.add(user, self.choice(variant, quantity)),
            self.carts.add(user, self.choice(variant, quantity)),
            self.carts.add(user, self.choice(variant, quantity)),
        );
        let mut added = 0;
        for result in [a, b, c] {
            match result {
                Ok(_) => added += 1,
                Err(CartError::InsufficientStock { .. }) => {}
                Err(other) => return Err(format!("racing add: {other:?}")),
            }
        }
        let expected = if quantity > stock { 0 } else { (room / quantity).min(3) };
        if added != expected {
            return Err(format!("{added} adds of {quantity} went through with room for {room}, expected {expected}"));
        }
        if added > 0 {
            *self.model.carts[customer].entry(variant).or_default() += added * quantity;
        }
        Ok(())
    }

    /// An expired order's shopper pays at the last moment while the sweep runs: paid (and kept)
    /// if Wave took the money, else cancelled with its stock back; never both.
    pub async fn race_pay_expiry(&mut self, pick: &Index, delay: u64) -> Result<(), String> {
        let Some((index, session)) = self.awaiting_with_session(pick).await? else { return Ok(()) };
        self.let_time_pass().await?;
        let pay = async {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            if !self.wave.pay(&session) {
                return Ok(false);
            }
            match self.deliver(&session).await {
                Ok(WebhookOutcome::Paid { .. } | WebhookOutcome::AlreadyPaid { .. }) => Ok(true),
                other => Err(format!("webhook racing the sweep: {other:?}")),
            }
        };
        let (paid, report) = tokio::join!(pay, self.payments.sweep_expired());
        let report = report.map_err(|e| e.to_string())?;
        if !report.errors.is_empty() {
            return Err(format!("sweep racing a payment: {report:?}"));
        }
        if paid? {
            self.model.pay(index);
        } else {
            self.model.cancel(index);
        }
        self.expect_sweep();
        Ok(())
    }

    /// The customer cancels while Wave's payment arrives: the money is recorded either way, and
    /// the order is cancelled only if the cancellation came first.
    pub async fn race_cancel_pay(&mut self, pick: &Index, delay: u64) -> Result<(), String> {
        let Some((index, session)) = self.awaiting_with_session(pick).await? else { return Ok(()) };
        let order = self.model.orders[index].clone();
        let pay = async {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            let paid = self.wave.pay(&session);
            (paid, self.deliver(&session).await)
        };
        let (cancelled, (paid, outcome)) =
            tokio::join!(self.orders.cancel_by_customer(self.customers[order.owner], order.id), pay);
        if !paid || !matches!(outcome, Ok(WebhookOutcome::Paid { .. })) {
            return Err(format!("payment racing a cancellation: paid at Wave {paid}, {outcome:?}"));
        }
        match cancelled {
            Ok(o) if o.status == OrderStatus::Cancelled => self.model.cancel(index),
            Err(OrderError::CannotCancel) => {}
            other => return Err(format!("cancellation racing a payment: {other:?}")),
        }
        self.model.pay(index);
        Ok(())
    }

    /// A paid session heard of three ways at once (two webhook deliveries, a status check):
    /// recorded once. With `cancel_first`, the customer cancelled before paying at Wave: the
    /// money is recorded once all the same, on an order that stays cancelled.
    pub async fn race_deliveries(&mut self, pick: &Index, cancel_first: bool) -> Result<(), String> {
        let Some((index, session)) = self.awaiting_with_session(pick).await? else { return Ok(()) };
        if cancel_first {
            self.cancel(index, true).await?;
        }
        let owner = self.customers[self.model.orders[index].owner];
        if !self.wave.pay(&session) {
            return Err(format!("session {session} could not be paid"));
        }
        let (a, b, view) =
            tokio::join!(self.deliver(&session), self.deliver(&session), self.payments.status(owner, &session, true));
        let paid = [&a, &b].iter().filter(|o| matches!(o, Ok(WebhookOutcome::Paid { .. }))).count();
        let known =
            [&a, &b].iter().all(|o| matches!(o, Ok(WebhookOutcome::Paid { .. } | WebhookOutcome::AlreadyPaid { .. })));
        if paid > 1 || !known || view.is_err() {
            return Err(format!("racing deliveries: {a:?}, {b:?}, {view:?}"));
        }
        self.model.pay(index);
        Ok(())
    }

    /// A pending, unpaid Wave order nobody paid at Wave yet, with an open session (opened now
    /// if needed).
    async fn awaiting_with_session(&mut self, pick: &Index) -> Result<Option<(usize, String)>, String> {
        let awaiting: Vec<usize> = (0..self.model.orders.len())
            .filter(|&i| self.model.orders[i].awaiting_wave() && !self.wave.paid(self.model.orders[i].id))
            .collect();
        if awaiting.is_empty() {
            return Ok(None);
        }
        let index = awaiting[pick.index(awaiting.len())];
        let id: Uuid = self.model.orders[index].id;
        if self.open_session(id).is_none() {
            self.init(index).await?;
        }
        Ok(self.open_session(id).map(|s| (index, s)))
    }

    fn open_session(&self, order_id: Uuid) -> Option<String> {
        let now = self.wave.now();
        self.wave.sessions_of(order_id).into_iter().rev().find(|s| s.payable_at(now)).map(|s| s.id)
    }

    async fn empty_cart(&mut self, customer: usize) -> Result<(), String> {
        self.carts.clear(self.customers[customer]).await.map_err(|e| e.to_string())?;
        self.model.carts[customer].clear();
        Ok(())
    }
}
