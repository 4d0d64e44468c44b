//! Orders: checkout rules and pricing, delivery zones and their fees, order numbers, the status
//! rules and their history, cash on delivery's confirmation and outcomes, the dashboard's figures.
//! Only the server prices an order: what a client sends as prices is never read.

pub mod admin;
pub mod cash_on_delivery;
pub mod channel;
pub mod checkout;
pub mod corrections;
pub mod customer_view;
pub mod delivery;
mod error;
pub mod invoice;
mod model;
pub mod notices;
mod number;
pub mod open_orders;
pub mod order_link;
mod ports;
pub mod promo;
pub mod refund;
pub mod rules;
mod service;
pub mod shipping;
mod signing;
pub mod stats;

pub use admin::{ADMIN_PAGE_SIZE, AdminOrderFilter, AdminOrderQuery, AdminSort, ConfirmationFilter};
pub use channel::SalesChannel;
pub use checkout::{CheckoutRequest, RawCheckout, RawPlace, Recipient};
pub use error::OrderError;
pub use model::{
    Actor, ActorKind, NewOrder, Order, OrderLine, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo,
    StatusChange, StockEffect,
};
pub use number::order_number;
pub use open_orders::{MAX_OPEN_UNPAID_ORDERS, OpenOrdersOf};
pub use order_link::OrderLinks;
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockOrderRepository;
pub use ports::{BatchPayment, OrderRepository, PlaceError, Transition};
pub use refund::{NewRefund, Refund, RefundMethod, RefundState};
pub use service::{MAX_CASH_BATCH, MAX_PAGE_SIZE, OrderService};
pub use shipping::ShippingMethod;
pub use stats::{DaySales, OrderDashboard, OrderFigures, OrderTrends, TopProduct};

#[cfg(test)]
mod service_tests;
