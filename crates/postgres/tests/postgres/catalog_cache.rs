//! The catalogue's read cache against a real PostgreSQL: whoever changes the catalogue, the next
//! reads see it; while nobody listens to the changes, nothing is served from memory.

use std::sync::Arc;
use std::time::Duration;

use bitik_catalog::{CacheStats, CachedProducts, CatalogCache};
use bitik_catalog::{ProductKey, ProductRepository};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgProductRepository, listen_for_changes};
use diesel_async::RunQueryDsl;

use crate::fixtures::tshirt;

/// Waits (5 s at most) until `done` holds.
async fn until(what: &str, mut done: impl AsyncFnMut() -> bool) {
    for _ in 0..100 {
        if done().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("still not so after 5 s: {what}");
}

async fn price(products: &CachedProducts, slug: &str) -> i64 {
    let key = ProductKey::parse(slug).unwrap();
    products.find_active(&key).await.unwrap().expect("the product").price.as_francs()
}

/// A shop of one t-shirt at 10 000 FCFA (3 in stock), read through the cache, whose listener
/// (to abort at the end) already listens.
async fn listening_shop() -> (TestDatabase, Arc<CatalogCache>, tokio::task::JoinHandle<()>, CachedProducts) {
    let test = TestDatabase::new().await;
    tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let cache = CatalogCache::new(true);
    let listener = tokio::spawn(listen_for_changes(test.url.clone(), cache.clone()));
    until("listening", async || cache.listening()).await;
    let products = CachedProducts::new(Arc::new(PgProductRepository::new(test.database.clone())), cache.clone());
    (test, cache, listener, products)
}

async fn sql(test: &TestDatabase, statement: &str) {
    let mut conn = test.database.conn().await.unwrap();
    diesel::sql_query(statement).execute(&mut conn).await.unwrap();
}

#[tokio::test]
async fn a_change_made_in_sql_by_anyone_is_seen_by_the_next_reads() {
    let (test, cache, listener, products) = listening_shop().await;

    assert_eq!(price(&products, "t-shirt-teranga").await, 10_000);
    assert_eq!(price(&products, "t-shirt-teranga").await, 10_000);
    assert_eq!(cache.stats(), CacheStats { hits: 1, misses: 1 }, "the second read came from memory");

    sql(&test, "UPDATE products SET price = 12500 WHERE slug = 't-shirt-teranga'").await;
    until("the new price", async || price(&products, "t-shirt-teranga").await == 12_500).await;

    // A stock change alone (as a checkout makes it) is a change of the catalogue too.
    let stock = async || {
        let key = ProductKey::parse("t-shirt-teranga").unwrap();
        let product = products.find_active(&key).await.unwrap().unwrap();
        product.stock.total()
    };
    assert_eq!(stock().await, 3);
    sql(&test, "UPDATE product_variants SET stock = stock - 1").await;
    until("the new stock", async || stock().await == 2).await;
    listener.abort();
}

#[tokio::test]
async fn nothing_is_served_from_memory_while_the_listening_connection_is_gone() {
    let (test, cache, listener, products) = listening_shop().await;
    assert_eq!(price(&products, "t-shirt-teranga").await, 10_000);

    let listening_backends = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()";
    sql(&test, listening_backends).await;
    until("not listening", async || !cache.listening()).await;
    let before = cache.stats();
    assert_eq!(price(&products, "t-shirt-teranga").await, 10_000);
    assert_eq!(cache.stats(), before, "read from the database, not from memory nor kept");

    // Back by itself, and what was kept before is not trusted.
    until("listening again", async || cache.listening()).await;
    assert_eq!(price(&products, "t-shirt-teranga").await, 10_000);
    assert_eq!(cache.stats().misses, before.misses + 1);
    listener.abort();
}
