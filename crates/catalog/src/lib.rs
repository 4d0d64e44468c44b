//! The catalogue: products, their variants and stock, and how shoppers browse and search them.
//!
//! Pure domain: the storage is behind [`ProductRepository`], implemented by the PostgreSQL
//! adapter; the HTTP routes call [`CatalogService`].

mod admin;
mod alerts;
mod cache;
mod choice;
mod error;
mod facets;
mod filter;
#[cfg(any(test, feature = "mocks"))]
pub mod fixtures;
mod form;
mod import;
mod model;
mod ports;
mod service;
mod spellings;
mod stock_adjustment;

pub use admin::{ADMIN_PAGE_SIZE, AdminListParams, ProductStats};
#[cfg(any(test, feature = "mocks"))]
pub use alerts::MockStockAlertRepository;
pub use alerts::{AlertRequest, AlertService, StockAlert, StockAlertRepository, Waiting};
pub use cache::{CacheSize, CacheStats, CachedProducts, CatalogCache, MAX_AGE, MAX_BYTES, MAX_ENTRIES, ShopRead};
pub use choice::{
    Choice, ChoiceError, MAX_LINE_QUANTITY, RawChoice, Variant, line_limit, whole_quantity, within_line_limit,
};
pub use error::{CatalogError, RowError};
pub use facets::{CategoryCount, Facets, facet_filter};
pub use filter::{
    DEFAULT_PAGE_SIZE, ListParams, MAX_PAGE_SIZE, MAX_SEARCH_CHARS, NEW_ARRIVAL_DAYS, ProductFilter, ProductSort,
    SearchText, Visibility, parse_limit,
};
pub use form::{MAX_PRICE, NewProduct, ProductForm};
pub use import::{COLUMNS, ImportChange, ImportPlan, ImportRow, ImportedProduct, export_rows};
pub use model::{
    Category, Color, LOW_STOCK_THRESHOLD, PLACEHOLDER_IMAGE, Picture, Product, ProductKey, Size, Slug, Stock,
    StockLevel, Subcategory,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockProductRepository;
pub use ports::{ProductRepository, Removal};
pub use service::{CatalogService, DEFAULT_NEW_ARRIVALS, DEFAULT_PROMOTIONS, DEFAULT_SIMILAR, product_key};
pub use stock_adjustment::{Adjuster, MAX_NOTE_CHARS, RawAdjustment, StockAdjustment, StockMovement, StockReason};
