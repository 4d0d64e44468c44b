//! The catalogue: products, their variants and stock, and how shoppers browse and search them.
//!
//! Pure domain: the storage is behind [`ProductRepository`], implemented by the PostgreSQL
//! adapter; the HTTP routes call [`CatalogService`].

mod admin;
mod cache;
mod choice;
mod error;
mod facets;
mod filter;
#[cfg(any(test, feature = "mocks"))]
pub mod fixtures;
mod form;
mod model;
mod ports;
mod service;

pub use admin::{ADMIN_PAGE_SIZE, AdminListParams, ProductStats};
pub use cache::{CacheSize, CacheStats, CachedProducts, CatalogCache, MAX_AGE, MAX_BYTES, MAX_ENTRIES, ShopRead};
pub use choice::{
    Choice, ChoiceError, MAX_LINE_QUANTITY, RawChoice, Variant, line_limit, whole_quantity, within_line_limit,
};
pub use error::CatalogError;
pub use facets::{CategoryCount, Facets, facet_filter};
pub use filter::{
    DEFAULT_PAGE_SIZE, ListParams, MAX_PAGE_SIZE, MAX_SEARCH_CHARS, NEW_ARRIVAL_DAYS, ProductFilter, ProductSort,
    SearchText, Visibility, parse_limit,
};
pub use form::{MAX_PRICE, NewProduct, ProductForm};
pub use model::{
    Category, Color, LOW_STOCK_THRESHOLD, PLACEHOLDER_IMAGE, Product, ProductKey, Size, Slug, Stock, StockLevel,
    Subcategory,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockProductRepository;
pub use ports::{ProductRepository, Removal};
pub use service::{CatalogService, DEFAULT_NEW_ARRIVALS, DEFAULT_PROMOTIONS, DEFAULT_SIMILAR, product_key};
