//! `bitik seed --products N`'s generated catalogue, and what a listing of such a catalogue counts.

use bitik_catalog::{Color, ListParams, ProductRepository, Size};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgProductRepository, seed_generated_products};
use chrono::Utc;

fn shop_filter(limit: &str, page: &str, search: Option<&str>) -> bitik_catalog::ProductFilter {
    ListParams {
        limit: Some(limit.to_owned()),
        page: Some(page.to_owned()),
        search: search.map(str::to_owned),
        ..ListParams::default()
    }
    .into_filter(Utc::now())
    .unwrap()
}

#[tokio::test]
async fn generates_n_browsable_products_once() {
    let test = TestDatabase::new().await;
    assert_eq!(seed_generated_products(&test.database, 200).await.unwrap(), 200);
    // Numbered products: a second run finds them all there.
    assert_eq!(seed_generated_products(&test.database, 200).await.unwrap(), 0);
    assert_eq!(seed_generated_products(&test.database, 210).await.unwrap(), 10);

    let repo = PgProductRepository::new(test.database.clone());
    let mut admin = shop_filter("100", "1", None);
    admin.visibility = bitik_catalog::Visibility::All;
    admin.exact_total = true;
    assert_eq!(repo.list(&admin).await.unwrap().total_items, 210);

    // Every 40th product is inactive, every 4th a chain.
    let shop = repo.list(&shop_filter("100", "1", None)).await.unwrap();
    assert_eq!(shop.total_items, 210 - 5);
    let chains = repo.list(&shop_filter("100", "1", Some("chaine"))).await.unwrap();
    assert!((45..=60).contains(&chains.total_items), "{} chains", chains.total_items);

    let product = &shop.items[0];
    assert!(product.slug.as_str().contains("-gen-"), "{}", product.slug);
    assert!(product.colors.len() >= 2);
    let sizes_expected = if product.subcategory.category().as_str() == "vetement" { 5 } else { 1 };
    assert!(product.sizes.len() >= sizes_expected, "{:?}", product.sizes);
    // A variant for every colour and size, none with negative stock by construction.
    assert_eq!(product.stock.variants().count(), product.colors.len() * product.sizes.len());
    let all_units: u64 = shop.items.iter().map(|p| p.stock.total()).sum();
    assert!(all_units > 0);
    let black = Color::parse("noir").unwrap();
    assert!(shop.items.iter().any(|p| p.colors.contains(&black)));
    assert!(shop.items.iter().any(|p| p.sizes.contains(&Size::Unique)));
}

#[tokio::test]
async fn a_shop_listing_counts_ten_pages_ahead_and_the_back_office_everything() {
    let test = TestDatabase::new().await;
    seed_generated_products(&test.database, 100).await.unwrap();
    let repo = PgProductRepository::new(test.database.clone());
    let active = 100 - 2;

    // Pages of 2: page 1 counts up to page 11, 22 products, "at least".
    let first = repo.list(&shop_filter("2", "1", None)).await.unwrap();
    assert_eq!((first.items.len(), first.total_items, first.total_pages()), (2, 22, 11));
    assert!(first.total_is_lower_bound);
    let fifth = repo.list(&shop_filter("2", "5", None)).await.unwrap();
    assert_eq!((fifth.total_items, fifth.total_is_lower_bound), (30, true));
    // Near the end the count is exact again.
    let last = repo.list(&shop_filter("2", "49", None)).await.unwrap();
    assert_eq!((last.items.len(), last.total_items, last.total_is_lower_bound), (2, active, false));
    // Exactly at the cap: 98 products, page 39 of 2 counts up to 98, and knows there is no more.
    let at_cap = repo.list(&shop_filter("2", "39", None)).await.unwrap();
    assert_eq!((at_cap.total_items, at_cap.total_is_lower_bound), (active, false));
    let past = repo.list(&shop_filter("2", "60", None)).await.unwrap();
    assert_eq!((past.items.len(), past.total_items, past.total_is_lower_bound), (0, active, false));

    let mut admin = shop_filter("2", "1", None);
    admin.exact_total = true;
    let admin = repo.list(&admin).await.unwrap();
    assert_eq!((admin.total_items, admin.total_is_lower_bound), (active, false));
}

#[tokio::test]
async fn a_search_many_products_match_pages_like_the_full_ranking_and_counts_ten_pages_ahead() {
    let test = TestDatabase::new().await;
    seed_generated_products(&test.database, 200).await.unwrap();
    let repo = PgProductRepository::new(test.database.clone());
    let ranked_in_full = |page: &str| {
        let mut filter = shop_filter("2", page, Some("chaîne"));
        filter.exact_total = true;
        filter
    };
    let all = repo.list(&ranked_in_full("1")).await.unwrap();
    assert!(all.total_items > 22, "{} chains: more than the 11 pages of 2 counted", all.total_items);

    for page in ["1", "2", "7"] {
        let shop = repo.list(&shop_filter("2", page, Some("chaîne"))).await.unwrap();
        let full = repo.list(&ranked_in_full(page)).await.unwrap();
        let names: Vec<&str> = shop.items.iter().map(|p| p.name.as_str()).collect();
        let expected: Vec<&str> = full.items.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, expected, "page {page}");
        assert_eq!(names.len(), 2);
        assert!(names.iter().all(|name| name.starts_with("Chaîne ")), "{names:?}");
        let page_number: u64 = page.parse().unwrap();
        // Counted up to ten pages past this one, and said to be a lower bound.
        assert_eq!((shop.total_items, shop.total_is_lower_bound), (2 * (page_number + 10), true), "page {page}");
    }
    // Newest first among products holding the text.
    let first = repo.list(&shop_filter("2", "1", Some("chaine"))).await.unwrap();
    assert!(first.items[0].created_at >= first.items[1].created_at);

    // The last pages count exactly, from the full ranking.
    let last_page = all.total_items.div_ceil(2).to_string();
    let last = repo.list(&shop_filter("2", &last_page, Some("chaine"))).await.unwrap();
    assert_eq!((last.total_items, last.total_is_lower_bound), (all.total_items, false));
}

/// A search with many matches is read tier by tier, newest first, stopping after a page; one with
/// few is ranked in one statement. Both ways give the same pages, in every sort.
#[tokio::test]
async fn both_ways_of_ranking_a_search_give_the_same_pages() {
    let test = TestDatabase::new().await;
    seed_generated_products(&test.database, 200).await.unwrap();
    let tiered = PgProductRepository::new(test.database.clone()).ranking_in_one_statement_up_to(0);
    let in_one = PgProductRepository::new(test.database.clone()).ranking_in_one_statement_up_to(i64::MAX);
    for search in ["chaine", "chaines", "t-shirt noir", "noir", "dakar", "pull coton", "lunetes soleil"] {
        for sort in [None, Some("price-asc"), Some("price-desc")] {
            for page in ["1", "2", "9"] {
                let mut filter = shop_filter("5", page, Some(search));
                if let Some(sort) = sort {
                    filter = ListParams {
                        limit: Some("5".into()),
                        page: Some(page.into()),
                        search: Some(search.into()),
                        sort: Some(sort.into()),
                        ..ListParams::default()
                    }
                    .into_filter(Utc::now())
                    .unwrap();
                }
                let a = tiered.list(&filter).await.unwrap();
                let b = in_one.list(&filter).await.unwrap();
                let ids = |page: &bitik_common::Page<bitik_catalog::Product>| {
                    page.items.iter().map(|p| p.id).collect::<Vec<_>>()
                };
                assert_eq!(ids(&a), ids(&b), "{search:?} {sort:?} page {page}");
                assert_eq!(a.total_items, b.total_items, "{search:?} {sort:?} page {page}");
            }
        }
    }
    // Names first: every chain's name holds « chaîne », so the first page has only chains.
    let first = tiered.list(&shop_filter("5", "1", Some("chaine"))).await.unwrap();
    assert!(first.items.iter().all(|p| p.name.starts_with("Chaîne ")), "{:?}", first.items);
    // « noir » is a colour, never a name here: its first page holds black products only.
    let black = tiered.list(&shop_filter("5", "1", Some("noir"))).await.unwrap();
    assert!(!black.items.is_empty());
    assert!(black.items.iter().all(|p| p.colors.iter().any(|c| c.as_str() == "noir")), "{:?}", black.items);
}
