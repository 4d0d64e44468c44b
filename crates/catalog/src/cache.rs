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
//!
//! Only the storefront's catalogue reads use it. The cart and checkout read products through the
//! plain repository: a price or a stock level that decides an order never comes from memory.

use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use bitik_common::{BoxError, Page};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{
    NewProduct, Product, ProductFilter, ProductKey, ProductRepository, ProductStats, Removal, Slug, Stock, Visibility,
};

/// Longest an answer is kept, even with no notification.
pub const MAX_AGE: Duration = Duration::from_secs(30);

/// Answers kept at most; past it, the oldest generation's are dropped, then everything.
const MAX_ENTRIES: usize = 1024;

/// What a read was asked: the key of its answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Question {
    Product(ProductKey),
    List(ProductFilter),
    Promotions(u32),
    NewArrivals(u32),
    Similar(Uuid, u32),
    /// What a reader outside the repository made of its answers: the API's JSON of a storefront
    /// read, by the address it was asked at.
    Rendered(String),
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
    answers: Mutex<HashMap<Question, Answer>>,
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

impl CatalogCache {
    /// A cache that serves nothing until the storage adapter (`bitik_postgres::listen_for_changes`) listens; `enabled: false` never
    /// serves nor keeps anything (`CATALOG_CACHE=off`).
    pub fn new(enabled: bool) -> Arc<Self> {
        Arc::new(Self {
            generation: AtomicU64::new(0),
            listening: AtomicBool::new(false),
            enabled,
            answers: Mutex::new(HashMap::new()),
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

    /// Whether the catalogue's changes are heard (by the adapter that listens to them): while
    /// they are not, nothing is served nor kept.
    pub fn set_listening(&self, listening: bool) {
        self.listening.store(listening, Ordering::Release);
        // Whatever was kept before may have missed changes made while nobody listened.
        self.changed();
    }

    /// The current generation, or `None` when answers may be neither served nor kept.
    fn current(&self) -> Option<u64> {
        (self.enabled && self.listening.load(Ordering::Acquire)).then(|| self.generation.load(Ordering::Acquire))
    }

    fn answers(&self) -> std::sync::MutexGuard<'_, HashMap<Question, Answer>> {
        self.answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get<T: Clone + Send + Sync + 'static>(&self, question: &Question, generation: u64) -> Option<T> {
        let answers = self.answers();
        let answer = answers.get(question)?;
        if answer.generation != generation || answer.kept_at.elapsed() > MAX_AGE {
            return None;
        }
        answer.value.downcast_ref::<T>().cloned()
    }

    fn keep<T: Send + Sync + 'static>(&self, question: Question, generation: u64, value: T) {
        let mut answers = self.answers();
        if answers.len() >= MAX_ENTRIES {
            answers.retain(|_, answer| answer.generation == generation && answer.kept_at.elapsed() <= MAX_AGE);
            if answers.len() >= MAX_ENTRIES {
                answers.clear();
            }
        }
        answers.insert(question, Answer { generation, kept_at: Instant::now(), value: Arc::new(value) });
    }

    /// What `render` makes of the storefront's catalogue reads, kept by the `address` they were
    /// asked at and dropped with them at the catalogue's next change. The API keeps its JSON
    /// answers here, so that a page asked again is sent as the bytes made the first time, without
    /// copying, converting and serialising its products again. `render` must read the catalogue
    /// through [`CachedProducts`] and nothing else: its answer is kept under the same rules.
    pub async fn rendered<T, E, F>(&self, address: &str, render: F) -> Result<T, E>
    where
        T: Clone + Send + Sync + 'static,
        F: Future<Output = Result<T, E>>,
    {
        // A rendering that was not kept is not counted as a miss: the reads it makes are.
        self.answer(Question::Rendered(address.to_owned()), render, false).await
    }

    /// The answer to `question`: from memory when the catalogue has not changed since it was kept,
    /// else from `read`, kept under the generation seen before it ran.
    async fn answer<T, E, F>(&self, question: Question, read: F, count_miss: bool) -> Result<T, E>
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
        if self.current() == Some(generation) {
            self.keep(question, generation, value.clone());
        }
        Ok(value)
    }

    /// A read of the repository: a miss is a read of the database.
    async fn read<T, F>(&self, question: Question, read: F) -> Result<T, BoxError>
    where
        T: Clone + Send + Sync + 'static,
        F: Future<Output = Result<T, BoxError>>,
    {
        self.answer(question, read, true).await
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
        self.cache.read(Question::List(filter.clone()), self.inner.list(filter)).await
    }

    async fn find_active(&self, key: &ProductKey) -> Result<Option<Product>, BoxError> {
        self.cache.read(Question::Product(key.clone()), self.inner.find_active(key)).await
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
        self.cache.read(Question::Promotions(limit), self.inner.promotions(limit)).await
    }

    async fn new_arrivals(&self, limit: u32) -> Result<Vec<Product>, BoxError> {
        self.cache.read(Question::NewArrivals(limit), self.inner.new_arrivals(limit)).await
    }

    async fn similar(&self, product: &Product, limit: u32) -> Result<Vec<Product>, BoxError> {
        self.cache.read(Question::Similar(product.id, limit), self.inner.similar(product, limit)).await
    }

    async fn find_any(&self, id: Uuid) -> Result<Option<Product>, BoxError> {
        self.inner.find_any(id).await
    }

    async fn update(&self, id: Uuid, product: NewProduct) -> Result<Option<Product>, BoxError> {
        let result = self.inner.update(id, product).await;
        self.wrote(result)
    }

    async fn set_stock(&self, id: Uuid, stock: Stock) -> Result<Option<Product>, BoxError> {
        let result = self.inner.set_stock(id, stock).await;
        self.wrote(result)
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
}

#[cfg(test)]
mod tests {
    use crate::{CatalogError, MockProductRepository, Subcategory, fixtures};
    use bitik_common::Money;

    use super::*;

    fn tee(price: i64) -> Product {
        let tee = fixtures::product("T-shirt Teranga", Subcategory::parse("t-shirt").unwrap(), DateTime::UNIX_EPOCH);
        Product { id: Uuid::from_u128(1), price: Money::francs(price), ..tee }
    }

    /// A repository answering `find_active` with the prices of `prices`, one per call, and failing
    /// the test past them; `during` runs inside each read, as a change committed meanwhile would.
    fn reads(prices: &[i64], during: impl Fn() + Send + 'static) -> Arc<dyn ProductRepository> {
        let mut inner = MockProductRepository::new();
        let times = prices.len();
        let prices = Mutex::new(Vec::from(prices).into_iter());
        inner.expect_find_active().times(times).returning(move |_| {
            during();
            Ok(prices.lock().unwrap().next().map(tee))
        });
        Arc::new(inner)
    }

    /// What a change committed during a read does to `cache`.
    fn changes(cache: &Arc<CatalogCache>) -> impl Fn() + Send + 'static {
        let cache = Arc::downgrade(cache);
        move || cache.upgrade().map(|cache| cache.changed()).unwrap_or_default()
    }

    fn listening(enabled: bool) -> Arc<CatalogCache> {
        let cache = CatalogCache::new(enabled);
        cache.set_listening(true);
        cache
    }

    async fn price(products: &CachedProducts) -> i64 {
        let key = ProductKey::parse("t-shirt-teranga").unwrap();
        products.find_active(&key).await.unwrap().unwrap().price.as_francs()
    }

    #[tokio::test]
    async fn a_read_is_served_from_memory_until_the_catalogue_changes() {
        let cache = listening(true);
        let products = CachedProducts::new(reads(&[10_000, 12_000], || {}), cache.clone());
        assert_eq!(price(&products).await, 10_000);
        assert_eq!(price(&products).await, 10_000);
        assert_eq!(cache.stats(), CacheStats { hits: 1, misses: 1 });

        cache.changed();
        assert_eq!(price(&products).await, 12_000);
        assert_eq!(price(&products).await, 12_000);
        assert_eq!(cache.stats(), CacheStats { hits: 2, misses: 2 });
    }

    #[tokio::test]
    async fn nothing_is_served_from_memory_while_nobody_listens_or_when_it_is_off() {
        for cache in [CatalogCache::new(true), listening(false)] {
            let products = CachedProducts::new(reads(&[10_000, 12_000, 13_000], || {}), cache.clone());
            assert_eq!(price(&products).await, 10_000);
            assert_eq!(price(&products).await, 12_000);
            assert_eq!(price(&products).await, 13_000);
            assert_eq!(cache.stats(), CacheStats { hits: 0, misses: 0 });
        }

        // Listening lost: what was kept before is not served, even once listening again.
        let cache = listening(true);
        let products = CachedProducts::new(reads(&[10_000, 12_000], || {}), cache.clone());
        assert_eq!(price(&products).await, 10_000);
        cache.set_listening(false);
        cache.set_listening(true);
        assert_eq!(price(&products).await, 12_000);
    }

    #[tokio::test]
    async fn an_answer_read_while_the_catalogue_changed_is_not_kept() {
        let cache = listening(true);
        let products = CachedProducts::new(reads(&[10_000, 12_000], changes(&cache)), cache.clone());
        assert_eq!(price(&products).await, 10_000);
        assert_eq!(price(&products).await, 12_000);
        assert_eq!(cache.stats(), CacheStats { hits: 0, misses: 2 });
    }

    #[tokio::test]
    async fn a_failed_read_is_passed_on_as_it_came_and_never_kept() {
        let cache = listening(true);
        let mut inner = MockProductRepository::new();
        let mut failed = false;
        inner.expect_find_active().times(2).returning(move |_| {
            if std::mem::replace(&mut failed, true) {
                return Ok(Some(tee(10_000)));
            }
            Err(Box::new(bitik_common::Unavailable("pool timed out".into())))
        });
        let products = CachedProducts::new(Arc::new(inner), cache.clone());
        let key = ProductKey::parse("t-shirt-teranga").unwrap();
        let error = products.find_active(&key).await.unwrap_err();
        assert!(bitik_common::is_unavailable(error.as_ref()), "{error:?}");
        assert_eq!(price(&products).await, 10_000);
    }

    #[tokio::test]
    async fn a_write_through_it_makes_the_next_read_fresh() {
        let cache = listening(true);
        let mut inner = MockProductRepository::new();
        let calls = Arc::new(AtomicU64::new(0));
        let counted = calls.clone();
        inner
            .expect_find_active()
            .returning(move |_| Ok(Some(tee(10_000 + 1_000 * counted.fetch_add(1, Ordering::SeqCst) as i64))));
        inner.expect_set_stock().times(1).returning(|_, _| Ok(None));
        let products = CachedProducts::new(Arc::new(inner), cache.clone());
        assert_eq!(price(&products).await, 10_000);
        assert_eq!(price(&products).await, 10_000);
        products.set_stock(Uuid::from_u128(1), Stock::default()).await.unwrap();
        assert_eq!(price(&products).await, 11_000);
    }

    /// Renders `address` with the product's price, counting its renderings in `made`.
    async fn rendering(products: &CachedProducts, cache: &CatalogCache, made: &AtomicU64, address: &str) -> String {
        let render = async {
            made.fetch_add(1, Ordering::SeqCst);
            Ok::<_, CatalogError>(format!("{{\"price\":{}}}", price(products).await))
        };
        cache.rendered(address, render).await.unwrap()
    }

    #[tokio::test]
    async fn a_rendering_is_kept_by_its_address_until_the_catalogue_changes() {
        let cache = listening(true);
        let products = CachedProducts::new(reads(&[10_000, 12_000, 13_000], || {}), cache.clone());
        let made = AtomicU64::new(0);
        let first = "/api/products/t-shirt-teranga";
        assert_eq!(rendering(&products, &cache, &made, first).await, r#"{"price":10000}"#);
        assert_eq!(rendering(&products, &cache, &made, first).await, r#"{"price":10000}"#);
        assert_eq!(made.load(Ordering::SeqCst), 1);
        // Another address is rendered again, from the read kept meanwhile.
        let other = "/api/products/t-shirt-teranga?x=1";
        assert_eq!(rendering(&products, &cache, &made, other).await, r#"{"price":10000}"#);
        assert_eq!(made.load(Ordering::SeqCst), 2);
        // Hits: the rendering, then the read; misses: the one read of the database.
        assert_eq!(cache.stats(), CacheStats { hits: 2, misses: 1 });

        cache.changed();
        assert_eq!(rendering(&products, &cache, &made, first).await, r#"{"price":12000}"#);
        assert_eq!(rendering(&products, &cache, &made, other).await, r#"{"price":12000}"#);
        assert_eq!(made.load(Ordering::SeqCst), 4);

        // Not listening: rendered every time, from the database.
        cache.set_listening(false);
        assert_eq!(rendering(&products, &cache, &made, first).await, r#"{"price":13000}"#);
        assert_eq!(made.load(Ordering::SeqCst), 5);
    }

    #[tokio::test]
    async fn a_rendering_made_while_the_catalogue_changed_or_that_failed_is_not_kept() {
        let cache = listening(true);
        let products = CachedProducts::new(reads(&[10_000, 12_000], changes(&cache)), cache.clone());
        let made = AtomicU64::new(0);
        let address = "/api/products/t-shirt-teranga";
        assert_eq!(rendering(&products, &cache, &made, address).await, r#"{"price":10000}"#);
        assert_eq!(rendering(&products, &cache, &made, address).await, r#"{"price":12000}"#);

        let absent = "/api/products/absent";
        let failed = cache.rendered(absent, async { Err::<String, _>(CatalogError::NotFound) }).await;
        assert!(matches!(failed, Err(CatalogError::NotFound)));
        let later = cache.rendered(absent, async { Ok::<_, CatalogError>("created since".to_owned()) }).await;
        assert_eq!(later.unwrap(), "created since", "a failure is not kept as the answer");
    }

    #[tokio::test]
    async fn the_back_office_listings_are_never_kept() {
        let cache = listening(true);
        let mut inner = MockProductRepository::new();
        inner.expect_list().times(4).returning(|filter| Ok(Page::counted(vec![tee(10_000)], filter.page, 1)));
        let products = CachedProducts::new(Arc::new(inner), cache.clone());
        let everything = ProductFilter { visibility: Visibility::All, ..ProductFilter::default() };
        let counted = ProductFilter { exact_total: true, ..ProductFilter::default() };
        for filter in [&everything, &everything, &counted, &counted] {
            products.list(filter).await.unwrap();
        }
        assert_eq!(cache.stats(), CacheStats { hits: 0, misses: 0 });
    }
}
