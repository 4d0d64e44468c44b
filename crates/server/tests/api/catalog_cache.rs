//! The storefront's catalogue reads come from memory between two changes of the catalogue: a
//! change made by the back office is seen at once, one made by an order or straight in
//! PostgreSQL as soon as its notification arrives; the cart and checkout never read from memory.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn product(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/products/{id}")).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// Asks for the product until `seen` holds (5 s at most).
async fn until_seen(app: &TestApp, id: &str, what: &str, seen: impl Fn(&Value) -> bool) {
    for _ in 0..100 {
        if seen(&product(app, id).await) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("after 5 s the storefront still does not show {what}: {}", product(app, id).await);
}

/// SQL on a connection of its own, as another program would run it: nothing tells the app but
/// PostgreSQL's notification.
async fn elsewhere(app: &TestApp, sql: &str) {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    let mut conn = AsyncPgConnection::establish(&app.database.url).await.unwrap();
    diesel::sql_query(sql).execute(&mut conn).await.unwrap();
}

async fn listening(app: &TestApp) {
    for _ in 0..100 {
        if app.catalog_cache.listening() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the app does not listen to the catalogue's changes");
}

/// The product, created once the app listens, after its creation's notification has arrived: the
/// counts that follow are not raced by it.
async fn noticed_product(app: &TestApp, name: &str, price: i64, stock: &[(&str, &str, i64)]) -> String {
    listening(app).await;
    let before = app.catalog_cache.generation();
    // One transaction, one notification; `product` also moves the generation itself.
    let id = app.product(name, price, None, stock).await;
    for _ in 0..100 {
        if app.catalog_cache.generation() >= before + 2 {
            return id;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the product's creation was not notified within 5 s");
}

#[tokio::test]
async fn a_product_page_is_read_from_memory_until_the_catalogue_changes_anywhere() {
    let app = spawn_app().await;
    let id = noticed_product(&app, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let before = app.catalog_cache.stats();
    assert_eq!(product(&app, &id).await["price"], 10_000);
    assert_eq!(product(&app, &id).await["price"], 10_000);
    assert_eq!(product(&app, "t-shirt-teranga").await["price"], 10_000);
    let after = app.catalog_cache.stats();
    assert_eq!((after.hits - before.hits, after.misses - before.misses), (1, 2), "by id twice, by slug once");

    elsewhere(&app, "UPDATE products SET price = 12500 WHERE slug = 't-shirt-teranga'").await;
    until_seen(&app, &id, "the price changed in SQL", |p| p["price"] == 12_500).await;
    until_seen(&app, "t-shirt-teranga", "the price changed in SQL, by slug", |p| p["price"] == 12_500).await;
    let listing: Value = app.get("/api/products?page=1&limit=12").await.json().await.unwrap();
    assert_eq!(listing["data"][0]["price"], 12_500);
}

#[tokio::test]
async fn the_back_office_sees_its_change_in_the_storefront_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    listening(&app).await;
    assert_eq!(product(&app, &id).await["stock"]["noir"]["M"], 3);
    assert_eq!(product(&app, &id).await["stock"]["noir"]["M"], 3);

    let path = format!("/api/products/{id}/stock");
    let response = app
        .send(Method::PUT, &path, Some(&admin), Some(&json!({"stock": {"noir": {"M": 7}}, "reason": "recount"})))
        .await;
    assert_eq!(response.status(), 200);
    // No wait: the write went through the cache it changes.
    assert_eq!(product(&app, &id).await["stock"]["noir"]["M"], 7);
}

#[tokio::test]
async fn an_order_changes_the_stock_the_storefront_shows_and_checkout_never_reads_from_memory() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let id = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    listening(&app).await;
    assert_eq!(product(&app, &id).await["stock"]["noir"]["M"], 3);

    // The price changes in SQL and the order is placed at once, before any notification could be
    // counted on: the order is priced from the database.
    elsewhere(&app, "UPDATE products SET price = 11000 WHERE slug = 't-shirt-teranga'").await;
    let order = json!({
        "items": [{"productId": id, "quantity": 2, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
        "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"});
    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&order)).await;
    assert_eq!(response.status(), 201);
    let placed: Value = response.json().await.unwrap();
    assert_eq!(placed["data"]["items"][0]["price"], 11_000);

    until_seen(&app, &id, "the stock the order took", |p| p["stock"]["noir"]["M"] == 1).await;
}

#[tokio::test]
async fn a_listing_asked_again_is_sent_as_made_the_first_time_until_the_catalogue_changes() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = noticed_product(&app, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let address = "/api/products?page=1&limit=12";
    let first = app.get(address).await;
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-type"], "application/json");
    let first = first.text().await.unwrap();

    let before = app.catalog_cache.stats();
    assert_eq!(app.get(address).await.text().await.unwrap(), first);
    let after = app.catalog_cache.stats();
    assert_eq!((after.hits - before.hits, after.misses - before.misses), (1, 0), "sent from memory, nothing read");
    let listing: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(listing["data"][0]["stock"]["noir"]["M"], 3);

    // The back office's edit shows at once; a change made in SQL once its notification arrives.
    let stock = json!({"stock": {"noir": {"M": 7}}, "reason": "recount"});
    let response = app.send(Method::PUT, &format!("/api/products/{id}/stock"), Some(&admin), Some(&stock)).await;
    assert_eq!(response.status(), 200);
    let listing: Value = app.get(address).await.json().await.unwrap();
    assert_eq!(listing["data"][0]["stock"]["noir"]["M"], 7);

    elsewhere(&app, "UPDATE products SET price = 12500 WHERE slug = 't-shirt-teranga'").await;
    for _ in 0..100 {
        let listing: Value = app.get(address).await.json().await.unwrap();
        if listing["data"][0]["price"] == 12_500 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("after 5 s the listing still does not show the price changed in SQL");
}

#[tokio::test]
async fn an_address_with_junk_reordered_or_respelled_asks_the_same_question_from_memory() {
    let app = spawn_app().await;
    noticed_product(&app, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let asked = [
        "/api/products?page=1&limit=12",
        "/api/products?limit=100",
        "/api/products/t-shirt-teranga",
        "/api/products/t-shirt-teranga/similar",
        "/api/products/promotions",
        "/api/products/new-arrivals?limit=8",
    ];
    let mut answers = Vec::new();
    for address in asked {
        let response = app.get(address).await;
        assert_eq!(response.status(), 200, "{address}");
        answers.push(response.text().await.unwrap());
    }
    let (size, before) = (app.catalog_cache.size(), app.catalog_cache.stats());

    let respelled = [
        ("/api/products", 0),
        ("/api/products?limit=12&page=1&sort=newest", 0),
        ("/api/products?category=&limit=12&utm_source=whatsapp", 0),
        ("/api/products?limit=100&junk=1", 1),
        ("/api/products?junk=2&limit=100", 1),
        ("/api/products?limit=0100", 1),
        ("/api/products?limit=500&page=01", 1),
        ("/api/products?limit=%20100%20&new=false&promotion=0", 1),
        ("/api/products/t-shirt-teranga?junk=3", 2),
        ("/api/products/t-shirt-teranga/similar?limit=4&junk=4", 3),
        ("/api/products/promotions?limit=&junk=5", 4),
        ("/api/products/new-arrivals?junk=6", 5),
    ];
    for (address, same_as) in respelled {
        let response = app.get(address).await;
        assert_eq!(response.status(), 200, "{address}");
        assert_eq!(response.text().await.unwrap(), answers[same_as], "{address}");
    }
    let after = app.catalog_cache.stats();
    assert_eq!(app.catalog_cache.size().entries, size.entries, "no address made a new entry");
    assert_eq!((after.hits - before.hits, after.misses - before.misses), (respelled.len() as u64, 0));
}
