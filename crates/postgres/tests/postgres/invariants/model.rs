//! What the test expects the shop to hold, computed without the shop's code: stock per variant,
//! carts, orders with their status, payment and total, and the units the shop owns.

use std::collections::BTreeMap;

use bitik_orders::{OrderStatus, ShippingMethod};
use uuid::Uuid;

/// The shop's variants: (product, colour, size). Product 0 has a full 2 × 2 grid.
pub const VARIANTS: [(usize, &str, &str); 6] =
    [(0, "noir", "M"), (0, "noir", "L"), (0, "blanc", "M"), (0, "blanc", "L"), (1, "rouge", "S"), (1, "rouge", "M")];
/// Prices in francs; two of the dearer one pass the free-delivery threshold.
pub const PRICES: [i64; 2] = [12_000, 27_500];
pub const CUSTOMERS: usize = 3;

#[derive(Debug, Clone)]
pub struct ModelOrder {
    pub id: Uuid,
    pub owner: usize,
    pub lines: Vec<(usize, u32)>,
    pub wave: bool,
    pub status: OrderStatus,
    pub paid: bool,
    pub total: i64,
}

impl ModelOrder {
    /// Pending, unpaid and paid by Wave: what a session can be opened for and the sweep looks at.
    pub fn awaiting_wave(&self) -> bool {
        self.wave && self.status == OrderStatus::Pending && !self.paid
    }

    /// Unpaid and still holding its units: it counts against the customer's cap.
    pub fn awaits_payment(&self) -> bool {
        !self.paid && !matches!(self.status, OrderStatus::Cancelled | OrderStatus::Delivered)
    }
}

#[derive(Debug, Clone)]
pub struct Model {
    pub stock: Vec<u32>,
    pub carts: Vec<BTreeMap<usize, u32>>,
    pub orders: Vec<ModelOrder>,
    /// Units on the shelf plus units in orders not cancelled: only an admin's stock change moves it.
    pub units: i64,
}

impl Model {
    pub fn new(stock: &[u32]) -> Self {
        Model {
            stock: stock.to_vec(),
            carts: vec![BTreeMap::new(); CUSTOMERS],
            orders: Vec::new(),
            units: stock.iter().map(|&s| i64::from(s)).sum(),
        }
    }

    pub fn cart_line(&self, customer: usize, variant: usize) -> u32 {
        self.carts[customer].get(&variant).copied().unwrap_or(0)
    }

    /// Whether every line of the cart is still in stock (an order of it goes through).
    pub fn cart_in_stock(&self, customer: usize) -> bool {
        self.carts[customer].iter().all(|(&v, &q)| q <= self.stock[v])
    }

    /// Whether the customer (each on a phone of their own) holds as many orders awaiting
    /// payment, neither paid nor cancelled nor delivered, as an account may.
    pub fn at_open_cap(&self, customer: usize) -> bool {
        let open = self.orders.iter().filter(|o| o.owner == customer && o.awaits_payment()).count();
        open >= bitik_orders::MAX_OPEN_UNPAID_ORDERS as usize
    }

    /// The customer's cart becomes an order: its units leave the shelf.
    pub fn place(&mut self, id: Uuid, customer: usize, wave: bool, shipping: ShippingMethod) -> &ModelOrder {
        let lines: Vec<(usize, u32)> = std::mem::take(&mut self.carts[customer]).into_iter().collect();
        for &(v, q) in &lines {
            self.stock[v] -= q;
        }
        let total = expected_total(&lines, shipping);
        self.orders.push(ModelOrder {
            id,
            owner: customer,
            lines,
            wave,
            status: OrderStatus::Pending,
            paid: false,
            total,
        });
        self.orders.last().expect("just pushed")
    }

    /// Cancelling gives the order's units back.
    pub fn cancel(&mut self, index: usize) {
        let order = &mut self.orders[index];
        order.status = OrderStatus::Cancelled;
        for &(v, q) in &order.lines {
            self.stock[v] += q;
        }
    }

    /// Wave's money recorded: a pending order goes to processing, any other keeps its status.
    pub fn pay(&mut self, index: usize) {
        let order = &mut self.orders[index];
        order.paid = true;
        if order.status == OrderStatus::Pending {
            order.status = OrderStatus::Processing;
        }
    }

    pub fn set_stock(&mut self, variant: usize, quantity: u32) {
        self.units += i64::from(quantity) - i64::from(self.stock[variant]);
        self.stock[variant] = quantity;
    }
}

/// Lines at the catalogue's price plus delivery to Parcelles Assainies, in the seeded Dakar ville
/// zone: 1 500 F standard (free from 50 000 F), 2 500 F express, nothing for pickup.
pub fn expected_total(lines: &[(usize, u32)], shipping: ShippingMethod) -> i64 {
    let subtotal: i64 = lines.iter().map(|&(v, q)| PRICES[VARIANTS[v].0] * i64::from(q)).sum();
    let fee = match shipping {
        ShippingMethod::Standard if subtotal >= 50_000 => 0,
        ShippingMethod::Standard => 1_500,
        ShippingMethod::Express => 2_500,
        ShippingMethod::Pickup => 0,
    };
    subtotal + fee
}
