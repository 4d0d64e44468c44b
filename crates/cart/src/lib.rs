//! The customer's server cart: lines of (product, colour, size, quantity), priced from the
//! catalogue each time they are read, and the merge of a guest's browser cart on login.

mod error;
mod model;
mod ports;
mod service;

pub use error::CartError;
pub use model::{AddToCart, Cart, CartItem, CartLine, DroppedItem, MergeReport, VariantRef};
pub use ports::CartRepository;
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockCartRepository;
pub use service::{CartService, MAX_MERGED_ITEMS};

#[cfg(test)]
mod service_tests;
