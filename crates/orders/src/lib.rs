//! Orders: pricing, shipping, order numbers, the order status rules and their history.

pub mod shipping;

pub use shipping::{FREE_DELIVERY_THRESHOLD, ShippingMethod};
