use async_trait::async_trait;
use bitik_common::{BoxError, Page};

use crate::admin::ProductStats;
use crate::facets::Facets;
use crate::filter::ProductFilter;
use crate::form::NewProduct;
use crate::model::{Product, ProductKey, Slug};
use crate::stock_adjustment::{StockAdjustment, StockMovement};

/// What removing a product did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    Deleted,
    /// Orders name it: it is hidden from shoppers and kept.
    Deactivated,
    NotFound,
}

/// Where products are kept. Reads for shoppers (`list`, `find_active`, `promotions`,
/// `new_arrivals`, `similar`) never return inactive products; each returned product carries its
/// full stock. Each method is one unit of work: `create` writes the product and its variants
/// together or not at all. An error is the storage failing, never a rule of the catalogue: the
/// service answers those itself, and reports a storage failure as `CatalogError::Repository`.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ProductRepository: Send + Sync {
    /// One page of the products matching `filter` (active ones only unless its visibility says
    /// otherwise, as only the back office sets it), with the number of all that match.
    async fn list(&self, filter: &ProductFilter) -> Result<Page<Product>, BoxError>;

    /// What the products matching `filter` offer to filter on, each facet counted without its
    /// own filter ([`Facets`]); `filter`'s page and order are ignored.
    async fn facets(&self, filter: &ProductFilter) -> Result<Facets, BoxError>;

    /// An active product by id or slug.
    async fn find_active(&self, key: &ProductKey) -> Result<Option<Product>, BoxError>;

    /// The active products among `ids` (missing or inactive ones are left out), in no order.
    async fn find_active_by_ids(&self, ids: &[uuid::Uuid]) -> Result<Vec<Product>, BoxError>;

    /// Every active product's slug and last change, for the sitemap.
    async fn active_slugs(&self) -> Result<Vec<(Slug, chrono::DateTime<chrono::Utc>)>, BoxError>;

    /// A product by slug whether active or not: for the back office and the seed.
    async fn find_by_slug(&self, slug: &Slug) -> Result<Option<Product>, BoxError>;

    /// Active products on promotion, newest first.
    async fn promotions(&self, limit: u32) -> Result<Vec<Product>, BoxError>;

    /// The newest active products.
    async fn new_arrivals(&self, limit: u32) -> Result<Vec<Product>, BoxError>;

    /// Active products like `product`: same subcategory first, then the same category, then the
    /// rest, newest first within each; never `product` itself.
    async fn similar(&self, product: &Product, limit: u32) -> Result<Vec<Product>, BoxError>;

    /// A product by id whether active or not: for the back office.
    async fn find_any(&self, id: uuid::Uuid) -> Result<Option<Product>, BoxError>;

    /// Replaces a product's fields and its variants in one transaction: those the grid no longer
    /// has go, new ones get the grid's quantity, the others keep theirs (a quantity changes by
    /// `adjust_stock`). Its slug stays, so links already shared keep working. `None` when there
    /// is no such product.
    async fn update(&self, id: uuid::Uuid, product: NewProduct) -> Result<Option<Product>, BoxError>;

    /// Sets the quantities of the variants the adjustment names, and of those only, under their
    /// rows' locks (a sale or another adjustment meanwhile is not overwritten by a stale grid),
    /// keeping one movement per quantity changed, in one transaction. `None` when there is no
    /// such product.
    async fn adjust_stock(&self, id: uuid::Uuid, adjustment: &StockAdjustment) -> Result<Option<Product>, BoxError>;

    /// The product's stock movements, newest first (at most 100).
    async fn stock_movements(&self, id: uuid::Uuid) -> Result<Vec<StockMovement>, BoxError>;

    /// Deletes a product no order names; one that orders name is deactivated instead, so those
    /// orders keep their product.
    async fn remove(&self, id: uuid::Uuid) -> Result<Removal, BoxError>;

    /// The dashboard's counts; stock levels by [`crate::StockLevel::bounds`] of each product's total.
    async fn stats(&self) -> Result<ProductStats, BoxError>;

    /// Every product, active or not, oldest first, with its stock: the catalogue's CSV export
    /// and what its import compares with.
    async fn all(&self) -> Result<Vec<Product>, BoxError>;

    /// Creates or replaces each product by its slug (a new one under exactly that slug), with
    /// its whole stock grid, all in one transaction: every product is written or none.
    async fn import(&self, products: &[(Slug, NewProduct)]) -> Result<(), BoxError>;

    /// Stores a new product with its variants under `product.slug()`, or the first of
    /// `slug-2`, `slug-3`… that no other product has.
    async fn create(&self, product: NewProduct) -> Result<Product, BoxError>;
}
