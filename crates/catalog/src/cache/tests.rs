use crate::{Adjuster, CatalogError, MockProductRepository, StockReason, Subcategory, fixtures};
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
    assert_eq!(cache.size().entries, 1);
    cache.set_listening(false);
    assert_eq!(cache.size(), CacheSize { entries: 0, bytes: 0 }, "emptied when the listening is lost");
    assert_eq!(price(&products).await, 12_000, "not kept meanwhile");
    assert_eq!(cache.size().entries, 0);
    cache.set_listening(true);
    assert_eq!(cache.size(), CacheSize { entries: 0, bytes: 0 }, "emptied again when it listens again");
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
    inner.expect_adjust_stock().times(1).returning(|_, _| Ok(None));
    let products = CachedProducts::new(Arc::new(inner), cache.clone());
    assert_eq!(price(&products).await, 10_000);
    assert_eq!(price(&products).await, 10_000);
    let adjustment = StockAdjustment {
        quantities: vec![],
        reason: StockReason::Recount,
        note: String::new(),
        by: Adjuster { id: Uuid::from_u128(2), name: "Awa".into() },
    };
    products.adjust_stock(Uuid::from_u128(1), &adjustment).await.unwrap();
    assert_eq!(price(&products).await, 11_000);
}

/// Renders `read` with the product's price, counting its renderings in `made`.
async fn rendering(products: &CachedProducts, cache: &CatalogCache, made: &AtomicU64, read: &ShopRead) -> String {
    let render = async {
        made.fetch_add(1, Ordering::SeqCst);
        Ok::<_, CatalogError>(format!("{{\"price\":{}}}", price(products).await))
    };
    cache.rendered(read, render).await.unwrap()
}

fn by_slug(slug: &str) -> ShopRead {
    ShopRead::product(&ProductKey::parse(slug).unwrap())
}

#[tokio::test]
async fn a_rendering_is_kept_by_its_question_until_the_catalogue_changes() {
    let cache = listening(true);
    let products = CachedProducts::new(reads(&[10_000, 12_000, 13_000], || {}), cache.clone());
    let made = AtomicU64::new(0);
    let first = by_slug("t-shirt-teranga");
    assert_eq!(rendering(&products, &cache, &made, &first).await, r#"{"price":10000}"#);
    assert_eq!(rendering(&products, &cache, &made, &first).await, r#"{"price":10000}"#);
    assert_eq!(made.load(Ordering::SeqCst), 1);
    // Another question is rendered again, from the read kept meanwhile.
    let other = ShopRead::similar(&ProductKey::parse("t-shirt-teranga").unwrap(), 4);
    assert_eq!(rendering(&products, &cache, &made, &other).await, r#"{"price":10000}"#);
    assert_eq!(made.load(Ordering::SeqCst), 2);
    // Hits: the rendering, then the read; misses: the one read of the database.
    assert_eq!(cache.stats(), CacheStats { hits: 2, misses: 1 });

    cache.changed();
    assert_eq!(rendering(&products, &cache, &made, &first).await, r#"{"price":12000}"#);
    assert_eq!(rendering(&products, &cache, &made, &other).await, r#"{"price":12000}"#);
    assert_eq!(made.load(Ordering::SeqCst), 4);

    // Not listening: rendered every time, from the database.
    cache.set_listening(false);
    assert_eq!(rendering(&products, &cache, &made, &first).await, r#"{"price":13000}"#);
    assert_eq!(made.load(Ordering::SeqCst), 5);
}

#[tokio::test]
async fn a_rendering_made_while_the_catalogue_changed_or_that_failed_is_not_kept() {
    let cache = listening(true);
    let products = CachedProducts::new(reads(&[10_000, 12_000], changes(&cache)), cache.clone());
    let made = AtomicU64::new(0);
    let read = by_slug("t-shirt-teranga");
    assert_eq!(rendering(&products, &cache, &made, &read).await, r#"{"price":10000}"#);
    assert_eq!(rendering(&products, &cache, &made, &read).await, r#"{"price":12000}"#);

    let absent = by_slug("absent");
    let failed = cache.rendered(&absent, async { Err::<String, _>(CatalogError::NotFound) }).await;
    assert!(matches!(failed, Err(CatalogError::NotFound)));
    let later = cache.rendered(&absent, async { Ok::<_, CatalogError>("created since".to_owned()) }).await;
    assert_eq!(later.unwrap(), "created since", "a failure is not kept as the answer");
}

/// Keeps `body` as the rendering of `read` unless one is kept; whether it was.
async fn served_from_memory(cache: &CatalogCache, read: &ShopRead, body: &str) -> bool {
    let made = AtomicBool::new(false);
    let render = async {
        made.store(true, Ordering::SeqCst);
        Ok::<_, CatalogError>(body.to_owned())
    };
    cache.rendered(read, render).await.unwrap();
    !made.load(Ordering::SeqCst)
}

fn page(number: u32) -> ShopRead {
    ShopRead::list(&ProductFilter { page: bitik_common::PageRequest::new(number, 12, 100), ..ProductFilter::default() })
}

#[tokio::test]
async fn past_its_entries_the_least_recently_used_answers_are_forgotten_and_the_asked_ones_stay() {
    let cache = CatalogCache::bounded(true, 64, MAX_BYTES);
    cache.set_listening(true);
    let popular = page(1);
    assert!(!served_from_memory(&cache, &popular, "first page").await);
    for made_up in 2..5_000 {
        assert!(!served_from_memory(&cache, &page(made_up), "a page nobody asks again").await);
        if made_up % 10 == 0 {
            assert!(served_from_memory(&cache, &popular, "first page").await, "after {made_up} made-up pages");
        }
        assert!(cache.size().entries <= 64);
    }
    assert!(served_from_memory(&cache, &page(4_990), "").await, "the most recent ones are kept");
    assert!(!served_from_memory(&cache, &page(2), "").await, "the oldest are forgotten");
}

#[tokio::test]
async fn past_its_bytes_the_least_recently_used_answers_are_forgotten() {
    let cache = CatalogCache::bounded(true, MAX_ENTRIES, 100 * (ENTRY_OVERHEAD + 10_000));
    cache.set_listening(true);
    let big = "x".repeat(10_000);
    for number in 1..=1_000 {
        served_from_memory(&cache, &page(number), &big).await;
        let size = cache.size();
        assert!(size.bytes <= 100 * (ENTRY_OVERHEAD + 10_000), "{size:?}");
    }
    assert_eq!(cache.size().entries, 100);
    assert!(served_from_memory(&cache, &page(1_000), "").await);
    assert!(!served_from_memory(&cache, &page(900), "").await);
}

#[test]
fn a_question_is_what_was_parsed_never_how_it_was_spelled() {
    let at = |seconds: i64| DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap();
    let listing = |now| {
        crate::ListParams { new: Some("true".into()), limit: Some("500".into()), ..Default::default() }
            .into_filter(now)
            .unwrap()
    };
    // The 30 days of `new=true` are counted from the clock, which has moved between two requests.
    assert_ne!(listing(at(0)), listing(at(7)));
    assert_eq!(ShopRead::list(&listing(at(0))), ShopRead::list(&listing(at(7))));
    let hundred = crate::ListParams { new: Some("1".into()), limit: Some("100".into()), ..Default::default() };
    assert_eq!(ShopRead::list(&listing(at(0))), ShopRead::list(&hundred.into_filter(at(3)).unwrap()));
    assert_ne!(ShopRead::list(&listing(at(0))), ShopRead::list(&ProductFilter::default()));
    assert_ne!(ShopRead::promotions(4), ShopRead::new_arrivals(4));
}

#[tokio::test]
async fn a_listing_of_new_arrivals_is_read_once_whatever_the_clock_says() {
    let cache = listening(true);
    let mut inner = MockProductRepository::new();
    inner.expect_list().times(1).returning(|filter| Ok(Page::counted(vec![tee(10_000)], filter.page, 1)));
    let products = CachedProducts::new(Arc::new(inner), cache.clone());
    for seconds in [0, 5, 20] {
        let now = DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap();
        let filter = crate::ListParams { new: Some("true".into()), ..Default::default() }.into_filter(now).unwrap();
        products.list(&filter).await.unwrap();
    }
    assert_eq!(cache.stats(), CacheStats { hits: 2, misses: 1 });
}

#[tokio::test]
async fn an_absent_product_is_not_kept() {
    let cache = listening(true);
    let mut inner = MockProductRepository::new();
    inner.expect_find_active().times(3).returning(|_| Ok(None));
    let products = CachedProducts::new(Arc::new(inner), cache.clone());
    for slug in ["made-up-1", "made-up-2", "made-up-1"] {
        assert!(products.find_active(&ProductKey::parse(slug).unwrap()).await.unwrap().is_none());
    }
    assert_eq!(cache.size().entries, 0);
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
