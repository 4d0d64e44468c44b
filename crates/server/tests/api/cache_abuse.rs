//! Made-up addresses against the real `bitik` binary: the catalogue's cache keeps answers by the
//! question the catalogue read, not by the address, and within a bound of bytes, so junk cannot
//! push the shop's pages out of memory nor grow the server.

use std::time::{Duration, Instant};

use bitik_postgres::testing::TestDatabase;
use futures_util::StreamExt;

use crate::helpers::{Server, TempDir};

/// Products in the shop: a junk address with `limit=100` asks for a full page.
const PRODUCTS: usize = 100;

/// A catalogue of `PRODUCTS` products with the texts, pictures and variants of a real shop's.
async fn shop(database: &TestDatabase) {
    use bitik_catalog::{ProductForm, ProductRepository};
    let repository = bitik_postgres::PgProductRepository::new(database.database.clone());
    let sentence = "Coton épais tissé à Dakar, coupe ample, col côtelé qui garde sa forme lavage après lavage. ";
    for n in 0..PRODUCTS {
        let colors = ["noir", "blanc", "beige"];
        let sizes = ["XS", "S", "M", "L", "XL", "XXL"];
        let form = ProductForm {
            name: Some(format!("T-shirt Teranga {n}")),
            short_description: Some(sentence.to_owned()),
            description: Some(sentence.repeat(6)),
            price: Some(5_000 + 100 * n as i64),
            category: Some("vetement".to_owned()),
            subcategory: Some("t-shirt".to_owned()),
            colors: colors.map(str::to_owned).to_vec(),
            sizes: sizes.map(str::to_owned).to_vec(),
            stock: colors.iter().map(|c| (c.to_string(), sizes.iter().map(|s| (s.to_string(), 7)).collect())).collect(),
            images: (0..3).map(|i| format!("/uploads/products/{n:032x}/{i}/800.jpg")).collect(),
            material: Some("100 % coton biologique".to_owned()),
            care_instructions: Some(sentence.repeat(2)),
            active: Some(true),
            ..ProductForm::default()
        };
        repository.create(form.validate(None).unwrap()).await.unwrap();
    }
}

/// Waits until the server listens to the catalogue's changes: before, it keeps nothing.
async fn listening(database: &TestDatabase) {
    use diesel::sql_types::BigInt;
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let mut conn = database.database.conn().await.unwrap();
    let query = "SELECT count(*) AS n FROM pg_stat_activity \
                 WHERE datname = current_database() AND query = 'LISTEN bitik_catalog'";
    for _ in 0..100 {
        let listeners: Count = diesel::sql_query(query).get_result(&mut conn).await.unwrap();
        if listeners.n > 0 {
            // `set_listening` follows the statement's answer at once.
            tokio::time::sleep(Duration::from_millis(200)).await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server does not listen to the catalogue's changes");
}

/// Renames every product without telling anyone: triggers do not fire for a session replaying
/// changes (`session_replication_role = replica`), so an answer still showing the old names
/// comes from memory.
async fn rename_silently(database: &TestDatabase) {
    use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
    let mut conn = AsyncPgConnection::establish(&database.url).await.unwrap();
    diesel::sql_query("SET session_replication_role = replica").execute(&mut conn).await.unwrap();
    diesel::sql_query("UPDATE products SET name = name || ' renommé'").execute(&mut conn).await.unwrap();
}

/// GETs every address, four at a time, each answered 200.
async fn ask_all(client: &reqwest::Client, server: &Server, addresses: impl Iterator<Item = String>) {
    let answers = futures_util::stream::iter(addresses)
        .map(|address| async move {
            let response = client.get(server.url(&address)).send().await.expect("request");
            assert_eq!(response.status(), 200, "{address}");
            response.bytes().await.expect("body").len()
        })
        .buffer_unordered(4);
    answers.for_each(|_| async {}).await;
}

#[tokio::test]
async fn five_thousand_junk_addresses_leave_the_first_page_in_memory_and_the_server_small() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    shop(&database).await;
    let server = Server::start(&database, &uploads).await;
    listening(&database).await;
    let client = reqwest::Client::new();
    let first_page = "/api/products?page=1&limit=12";
    let before = client.get(server.url(first_page)).send().await.unwrap().text().await.unwrap();
    let started = Instant::now();
    let resident_before = server.resident_kib();

    ask_all(&client, &server, (0..5_000).map(|n| format!("/api/products?limit=100&junk={n}"))).await;

    let resident_after = server.resident_kib();
    let junk_took = started.elapsed();
    rename_silently(&database).await;
    let after = client.get(server.url(first_page)).send().await.unwrap().text().await.unwrap();
    let fresh = client.get(server.url("/api/products?page=1&limit=11")).send().await.unwrap().text().await.unwrap();
    eprintln!(
        "5 000 junk addresses in {junk_took:?}: resident {resident_before} KiB → {resident_after} KiB (+{} KiB)",
        resident_after.saturating_sub(resident_before)
    );
    assert!(
        resident_after < resident_before + 50 * 1024,
        "resident memory grew from {resident_before} KiB to {resident_after} KiB"
    );
    assert!(fresh.contains(" renommé"), "the database did change: a page never asked shows it");
    assert!(started.elapsed() < bitik_catalog::MAX_AGE, "too slow to tell memory from age: {junk_took:?}");
    assert_eq!(after, before, "the first listing page is still served from memory");
}

#[tokio::test]
async fn distinct_full_pages_are_kept_within_the_bound_of_bytes() {
    let database = TestDatabase::new().await;
    let uploads = TempDir::new();
    shop(&database).await;
    let server = Server::start(&database, &uploads).await;
    listening(&database).await;
    let client = reqwest::Client::new();
    let page = client.get(server.url("/api/products?limit=100")).send().await.unwrap().bytes().await.unwrap();
    let resident_before = server.resident_kib();

    // Each a question of its own, each answered with the whole catalogue.
    const PAGES: usize = 400;
    let started = Instant::now();
    ask_all(&client, &server, (0..PAGES).map(|n| format!("/api/products?limit=100&maxPrice={}", 1_000_000 + n))).await;

    let resident_after = server.resident_kib();
    eprintln!(
        "{PAGES} distinct pages of {} bytes in {:?}: resident {resident_before} KiB → {resident_after} KiB (+{} KiB)",
        page.len(),
        started.elapsed(),
        resident_after.saturating_sub(resident_before)
    );
    assert!(PAGES * 2 * page.len() > 4 * bitik_catalog::MAX_BYTES, "kept unbounded, they would hold far more");
    assert!(
        resident_after < resident_before + 50 * 1024,
        "resident memory grew from {resident_before} KiB to {resident_after} KiB"
    );
}
