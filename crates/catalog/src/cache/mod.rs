//! The shop's catalogue reads, kept in memory between two changes of the catalogue.
//!
//! A product page or the first listing page is asked for far more often than the catalogue
//! changes, and each answer from PostgreSQL costs the small server more than serving it from
//! memory (docs/benchmarks.md). [`CachedProducts`] wraps the repository the storefront's catalogue
//! reads go through and keeps what they answered, until the catalogue changes:
//!
//! - Every committed statement that writes `products` or `product_variants`, from any process
//!   (this server's admin and orders, another instance, `psql`), notifies the channel
//!   `bitik_catalog` (triggers of `migrations/2026-11-24-000040_catalog_changes`).
//!   the storage adapter (`bitik_postgres::listen_for_changes`) holds a connection listening to it and, at each notification, moves
//!   the cache to a new generation: everything kept before is no longer served.
//! - While that connection is not listening (at start, after PostgreSQL went away), nothing is
//!   served from memory nor kept: reads go to the database as if there were no cache.
//! - An answer is kept under the generation seen before its statement ran: a change committed
//!   while it ran makes it stale at once. What remains is the notification's own delay after a
//!   commit (a millisecond on one machine); the writes made through this repository (the back
//!   office's) also move the generation themselves, so their next read is fresh.
//! - Entries are also dropped after [`MAX_AGE`], in case a notification were ever lost.
//! - Answers are kept by what was asked, parsed ([`ShopRead`], the repository's arguments), never
//!   by an address, within [`MAX_ENTRIES`] and [`MAX_BYTES`]: past either, the least recently
//!   used answers are forgotten first, so the pages shoppers keep asking stay while made-up
//!   questions pass through.
//!
//! Only the storefront's catalogue reads use it. The cart and checkout read products through the
//! plain repository: a price or a stock level that decides an order never comes from memory.

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use bitik_common::{BoxError, Page};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::facets::{Facets, facet_filter};
use crate::{
    NewProduct, Product, ProductFilter, ProductKey, ProductRepository, ProductStats, Removal, Slug, StockAdjustment,
    StockMovement, Visibility,
};

mod lru;
#[cfg(test)]
mod tests;
mod weight;

use lru::Lru;
use weight::{ENTRY_OVERHEAD, Weigh};

/// Longest an answer is kept, even with no notification.
pub const MAX_AGE: Duration = Duration::from_secs(30);

/// Answers kept at most, reads and renderings together.
pub const MAX_ENTRIES: usize = 1024;

/// Bytes the kept answers may hold together, as `cache/weight.rs` estimates them: some forty listing
/// pages of a hundred products, each read and rendered (about 400 KB), or the entry bound's worth
/// of product pages (about 5 KB each), well within what the small server can spare.
pub const MAX_BYTES: usize = 16 << 20;

/// A storefront read as the catalogue understood it: checked, with its defaults, and nothing of
/// how its address spelled it (parameter order, blank or unknown parameters, `limit=500` served
/// as 100). Two addresses asking the same get the same answer, so the API keeps its renderings
/// under this rather than under the address: made-up addresses cannot make new entries.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShopRead(Read);

impl ShopRead {
    /// A page of the storefront's listing, as `CatalogService::list_filter` checked it.
    pub fn list(filter: &ProductFilter) -> Self {
        ShopRead(Read::list(filter))
    }

    /// The facets of a storefront listing, as `CatalogService::list_filter` checked it: every
    /// page and sort of one listing shares them.
    pub fn facets(filter: &ProductFilter) -> Self {
        ShopRead(Read::facets(filter))
    }

    pub fn product(key: &ProductKey) -> Self {
        ShopRead(Read::Product(key.clone()))
    }

    pub fn promotions(limit: u32) -> Self {
        ShopRead(Read::Promotions(limit))
    }

    pub fn new_arrivals(limit: u32) -> Self {
        ShopRead(Read::NewArrivals(limit))
    }

    pub fn similar(key: &ProductKey, limit: u32) -> Self {
        ShopRead(Read::Similar(key.clone(), limit))
    }
}

/// What a read of the repository, or a rendering of one, was asked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Read {
    Product(ProductKey),
    List(ProductFilter),
    Facets(ProductFilter),
    Promotions(u32),
    NewArrivals(u32),
    Similar(ProductKey, u32),
}

impl Read {
    /// The filter without the instant `new=true` counts its 30 days from: that instant is the
    /// clock's, so every request would otherwise be a question of its own. An answer is kept
    /// [`MAX_AGE`] at most, so the window it was read with is at most that much older.
    fn list(filter: &ProductFilter) -> Self {
        let created_since = filter.created_since.map(|_| DateTime::UNIX_EPOCH);
        Read::List(ProductFilter { created_since, ..filter.clone() })
    }

    fn facets(filter: &ProductFilter) -> Self {
        match Read::list(&facet_filter(filter)) {
            Read::List(filter) => Read::Facets(filter),
            _ => unreachable!("Read::list reads a list"),
        }
    }
}

/// The key of a kept answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Question {
    /// A read of the repository.
    Read(Read),
    /// What a reader outside the repository made of its answers: the API's JSON of a storefront
    /// read.
    Rendered(Read),
}

struct Answer {
    generation: u64,
    kept_at: Instant,
    value: Arc<dyn Any + Send + Sync>,
}

/// The answers, and the generation of the catalogue they belong to. Shared by every worker.
pub struct CatalogCache {
    generation: AtomicU64,
    listening: AtomicBool,
    enabled: bool,
    answers: Mutex<Lru<Question, Answer>>,
    hits: AtomicU64,
    misses: AtomicU64,
}

/// How often reads were answered from memory (a kept read or a kept rendering of one), and how
/// often they went to the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: u64,
    pub misses: u64,
}

/// What the cache holds now: its entries (stale ones not yet forgotten included) and their
/// estimated bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheSize {
    pub entries: usize,
    pub bytes: usize,
}

impl CatalogCache {
    /// A cache that serves nothing until the storage adapter (`bitik_postgres::listen_for_changes`) listens; `enabled: false` never
    /// serves nor keeps anything (`CATALOG_CACHE=off`).
    pub fn new(enabled: bool) -> Arc<Self> {
        Self::bounded(enabled, MAX_ENTRIES, MAX_BYTES)
    }

    fn bounded(enabled: bool, max_entries: usize, max_bytes: usize) -> Arc<Self> {
        Arc::new(Self {
            generation: AtomicU64::new(0),
            listening: AtomicBool::new(false),
            enabled,
            answers: Mutex::new(Lru::new(max_entries, max_bytes)),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        })
    }

    /// The catalogue changed: nothing kept so far is served again.
    pub fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// How many changes the cache has seen (notified, written through it, or listening lost).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Whether the change notifications are being listened to, so that reads may be kept.
    pub fn listening(&self) -> bool {
        self.listening.load(Ordering::Acquire)
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats { hits: self.hits.load(Ordering::Relaxed), misses: self.misses.load(Ordering::Relaxed) }
    }

    pub fn size(&self) -> CacheSize {
        let answers = self.answers();
        CacheSize { entries: answers.len(), bytes: answers.bytes() }
    }

    /// Whether the catalogue's changes are heard (by the adapter that listens to them): while
    /// they are not, nothing is served nor kept.
    pub fn set_listening(&self, listening: bool) {
        self.listening.store(listening, Ordering::Release);
        // Whatever was kept before may have missed changes made while nobody listened: nothing
        // of it is served again, and its room is given back at once.
        self.changed();
        let forgotten = self.answers().clear();
        drop(forgotten);
    }

    /// The current generation, or `None` when answers may be neither served nor kept.
    fn current(&self) -> Option<u64> {
        (self.enabled && self.listening.load(Ordering::Acquire)).then(|| self.generation.load(Ordering::Acquire))
    }

    fn answers(&self) -> std::sync::MutexGuard<'_, Lru<Question, Answer>> {
        self.answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get<T: Clone + Send + Sync + 'static>(&self, question: &Question, generation: u64) -> Option<T> {
        let mut answers = self.answers();
        let answer = answers.get(question)?;
        if answer.generation == generation && answer.kept_at.elapsed() <= MAX_AGE {
            return answer.value.downcast_ref::<T>().cloned();
        }
        // Never served again: its room is better used by the answer about to replace it. Dropped
        // once the lock is released, as a page of products takes a while to free.
        let stale = answers.remove(question);
        drop(answers);
        drop(stale);
        None
    }

    fn keep<T: Send + Sync + 'static>(&self, question: Question, generation: u64, value: T, bytes: usize) {
        let answer = Answer { generation, kept_at: Instant::now(), value: Arc::new(value) };
        let forgotten = self.answers().insert(question, answer, ENTRY_OVERHEAD + bytes);
        drop(forgotten);
    }

    /// What `render` makes of a storefront read, kept under what it asked (`read`) and dropped
    /// with the reads at the catalogue's next change. The API keeps its JSON answers here, so that
    /// a page asked again is sent as the bytes made the first time, without copying, converting
    /// and serialising its products again. `render` must read the catalogue through
    /// [`CachedProducts`] and nothing else, and make the same bytes of the same `read`: its
    /// answer is kept under the same rules.
    pub async fn rendered<T, E, F>(&self, read: &ShopRead, render: F) -> Result<T, E>
    where
        T: AsRef<[u8]> + Clone + Send + Sync + 'static,
        F: Future<Output = Result<T, E>>,
    {
        // A rendering that was not kept is not counted as a miss: the reads it makes are.
        self.answer(Question::Rendered(read.0.clone()), render, false, |bytes: &T| Some(bytes.as_ref().len())).await
    }

    /// The answer to `question`: from memory when the catalogue has not changed since it was kept,
    /// else from `read`, kept under the generation seen before it ran when `weigh` gives its
    /// size (`None`: not worth keeping).
    async fn answer<T, E, F>(
        &self,
        question: Question,
        read: F,
        count_miss: bool,
        weigh: impl FnOnce(&T) -> Option<usize>,
    ) -> Result<T, E>
    where
        T: Clone + Send + Sync + 'static,
        F: Future<Output = Result<T, E>>,
    {
        let Some(generation) = self.current() else { return read.await };
        if let Some(value) = self.get::<T>(&question, generation) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(value);
        }
        if count_miss {
            self.misses.fetch_add(1, Ordering::Relaxed);
        }
        let value = read.await?;
        if self.current() == Some(generation)
            && let Some(bytes) = weigh(&value)
        {
            self.keep(question, generation, value.clone(), bytes);
        }
        Ok(value)
    }

    /// A read of the repository: a miss is a read of the database.
    async fn read<T, F>(&self, read: Read, answer: F) -> Result<T, BoxError>
    where
        T: Weigh + Clone + Send + Sync + 'static,
        F: Future<Output = Result<T, BoxError>>,
    {
        self.answer(Question::Read(read), answer, true, |value: &T| Some(value.weight())).await
    }
}

/// A [`ProductRepository`] whose storefront reads are answered from [`CatalogCache`] when they
/// can be; every other call goes to `inner`, and writes through it also move the generation.
pub struct CachedProducts {
    inner: Arc<dyn ProductRepository>,
    cache: Arc<CatalogCache>,
}

impl CachedProducts {
    pub fn new(inner: Arc<dyn ProductRepository>, cache: Arc<CatalogCache>) -> Self {
        Self { inner, cache }
    }

    /// `result` after telling the cache that the catalogue changed (successful or not: a write
    /// that failed may still have done part of its work elsewhere, and one more miss is cheap).
    fn wrote<T>(&self, result: Result<T, BoxError>) -> Result<T, BoxError> {
        self.cache.changed();
        result
    }
}

#[async_trait]
impl ProductRepository for CachedProducts {
    async fn list(&self, filter: &ProductFilter) -> Result<Page<Product>, BoxError> {
        // The back office's listings (inactive products, exact counts) always read afresh.
        if filter.visibility != Visibility::Active || filter.exact_total {
            return self.inner.list(filter).await;
        }
        self.cache.read(Read::list(filter), self.inner.list(filter)).await
    }

    async fn facets(&self, filter: &ProductFilter) -> Result<Facets, BoxError> {
        if filter.visibility != Visibility::Active {
            return self.inner.facets(filter).await;
        }
        self.cache.read(Read::facets(filter), self.inner.facets(filter)).await
    }

    async fn find_active(&self, key: &ProductKey) -> Result<Option<Product>, BoxError> {
        // An absence is not kept: made-up slugs would otherwise each take an entry, and an
        // address that names no product is no page that is asked often.
        let question = Question::Read(Read::Product(key.clone()));
        let weigh = |product: &Option<Product>| product.as_ref().map(Weigh::weight);
        self.cache.answer(question, self.inner.find_active(key), true, weigh).await
    }

    async fn find_active_by_ids(&self, ids: &[Uuid]) -> Result<Vec<Product>, BoxError> {
        self.inner.find_active_by_ids(ids).await
    }

    async fn active_slugs(&self) -> Result<Vec<(Slug, DateTime<Utc>)>, BoxError> {
        self.inner.active_slugs().await
    }

    async fn find_by_slug(&self, slug: &Slug) -> Result<Option<Product>, BoxError> {
        self.inner.find_by_slug(slug).await
    }

    async fn promotions(&self, limit: u32) -> Result<Vec<Product>, BoxError> {
        self.cache.read(Read::Promotions(limit), self.inner.promotions(limit)).await
    }

    async fn new_arrivals(&self, limit: u32) -> Result<Vec<Product>, BoxError> {
        self.cache.read(Read::NewArrivals(limit), self.inner.new_arrivals(limit)).await
    }

    async fn similar(&self, product: &Product, limit: u32) -> Result<Vec<Product>, BoxError> {
        self.cache.read(Read::Similar(ProductKey::Id(product.id), limit), self.inner.similar(product, limit)).await
    }

    async fn find_any(&self, id: Uuid) -> Result<Option<Product>, BoxError> {
        self.inner.find_any(id).await
    }

    async fn update(&self, id: Uuid, product: NewProduct) -> Result<Option<Product>, BoxError> {
        let result = self.inner.update(id, product).await;
        self.wrote(result)
    }

    async fn adjust_stock(&self, id: Uuid, adjustment: &StockAdjustment) -> Result<Option<Product>, BoxError> {
        let result = self.inner.adjust_stock(id, adjustment).await;
        self.wrote(result)
    }

    async fn stock_movements(&self, id: Uuid) -> Result<Vec<StockMovement>, BoxError> {
        self.inner.stock_movements(id).await
    }

    async fn remove(&self, id: Uuid) -> Result<Removal, BoxError> {
        let result = self.inner.remove(id).await;
        self.wrote(result)
    }

    async fn stats(&self) -> Result<ProductStats, BoxError> {
        self.inner.stats().await
    }

    async fn create(&self, product: NewProduct) -> Result<Product, BoxError> {
        let result = self.inner.create(product).await;
        self.wrote(result)
    }

    async fn all(&self) -> Result<Vec<Product>, BoxError> {
        self.inner.all().await
    }

    async fn import(&self, products: &[(Slug, NewProduct)]) -> Result<(), BoxError> {
        let result = self.inner.import(products).await;
        self.wrote(result)
    }
}
