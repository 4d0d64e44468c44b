use std::collections::BTreeMap;

use bitik_catalog::{
    Color, ListParams, Picture, Product, ProductFilter, ProductForm, ProductKey, ProductRepository, Size, Slug,
};
use bitik_common::{Money, Page};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{DbError, PgProductRepository};
use chrono::{Duration, Utc};
use diesel_async::SimpleAsyncConnection;

/// One product of the test shop: name, subcategory, price, promotional price, and stock as
/// (colour, size, quantity); colours and sizes are those the stock names.
struct Item {
    name: &'static str,
    subcategory: &'static str,
    price: i64,
    promo: Option<i64>,
    stock: &'static [(&'static str, &'static str, i64)],
    featured: bool,
    active: bool,
    days_ago: i64,
}

const ITEM: Item = Item {
    name: "",
    subcategory: "t-shirt",
    price: 10_000,
    promo: None,
    stock: &[("noir", "M", 1)],
    featured: false,
    active: true,
    days_ago: 0,
};

/// Newest first: Pull Caché (inactive), Teranga, Lunettes Aviateur, Lunettes Ronde, Ndakarou,
/// Harmattan, Chaîne.
const SHOP: &[Item] = &[
    Item {
        name: "T-shirt Teranga Oversize",
        price: 9_500,
        stock: &[("noir", "M", 5), ("noir", "L", 0), ("blanc", "M", 0), ("blanc", "L", 0)],
        featured: true,
        days_ago: 2,
        ..ITEM
    },
    Item {
        name: "T-shirt Ndakarou",
        price: 8_000,
        promo: Some(6_000),
        stock: &[("rouge", "S", 3)],
        days_ago: 10,
        ..ITEM
    },
    Item {
        name: "Pull Harmattan",
        subcategory: "pull",
        price: 20_000,
        stock: &[("noir", "XL", 0), ("gris", "XL", 2)],
        days_ago: 40,
        ..ITEM
    },
    Item {
        name: "Lunettes Soleil Ronde",
        subcategory: "lunette",
        price: 12_000,
        stock: &[("noir", "unique", 4)],
        featured: true,
        days_ago: 5,
        ..ITEM
    },
    Item {
        name: "Lunettes Aviateur",
        subcategory: "lunette",
        price: 10_000,
        stock: &[("doré", "unique", 2)],
        days_ago: 4,
        ..ITEM
    },
    Item {
        name: "Chaîne Cubaine Dorée",
        subcategory: "chaine",
        price: 15_000,
        promo: Some(11_000),
        stock: &[("doré", "unique", 0)],
        days_ago: 60,
        ..ITEM
    },
    Item {
        name: "Pull Caché",
        subcategory: "pull",
        price: 5_000,
        stock: &[("noir", "M", 10)],
        featured: true,
        active: false,
        days_ago: 1,
        ..ITEM
    },
];

fn form(item: &Item) -> ProductForm {
    let category = if matches!(item.subcategory, "t-shirt" | "pull") { "vetement" } else { "accessoire" };
    let mut colors: Vec<String> = Vec::new();
    let mut sizes: Vec<String> = Vec::new();
    let mut stock: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
    for &(color, size, quantity) in item.stock {
        if !colors.iter().any(|c| c == color) {
            colors.push(color.to_owned());
        }
        if !sizes.iter().any(|s| s == size) {
            sizes.push(size.to_owned());
        }
        stock.entry(color.to_owned()).or_default().insert(size.to_owned(), quantity);
    }
    ProductForm {
        name: Some(item.name.to_owned()),
        description: Some(format!("{} : la description.", item.name)),
        short_description: Some("Court.".to_owned()),
        price: Some(item.price),
        promo_price: item.promo,
        on_promotion: item.promo.is_some(),
        category: Some(category.to_owned()),
        subcategory: Some(item.subcategory.to_owned()),
        colors,
        sizes,
        stock,
        images: vec![format!("/uploads/products/{}/800.jpg", Slug::from_name(item.name))],
        image_colors: Vec::new(),
        material: Some("Coton".to_owned()),
        care_instructions: Some("30 °C".to_owned()),
        featured: item.featured,
        active: Some(item.active),
    }
}

struct Shop {
    // Dropping it drops the database.
    test: TestDatabase,
    repo: PgProductRepository,
}

impl Shop {
    async fn with(items: &[Item]) -> Shop {
        let test = TestDatabase::new().await;
        let repo = PgProductRepository::new(test.database.clone());
        for item in items {
            let created_at = Utc::now() - Duration::days(item.days_ago);
            repo.create(form(item).validate(Some(created_at)).unwrap()).await.unwrap();
        }
        Shop { test, repo }
    }

    async fn new() -> Shop {
        Shop::with(SHOP).await
    }

    async fn page(&self, query: &[(&str, &str)]) -> Page<Product> {
        self.repo.list(&filter(query)).await.unwrap()
    }

    /// Names of the listed products, in order.
    async fn names(&self, query: &[(&str, &str)]) -> Vec<String> {
        names(&self.page(query).await.items)
    }

    async fn get(&self, slug: &str) -> Product {
        self.repo.find_by_slug(&Slug::parse(slug).unwrap()).await.unwrap().unwrap()
    }
}

fn filter(query: &[(&str, &str)]) -> ProductFilter {
    let mut params = ListParams::default();
    for &(key, value) in query {
        let value = Some(value.to_owned());
        match key {
            "page" => params.page = value,
            "limit" => params.limit = value,
            "category" => params.category = value,
            "subcategory" => params.subcategory = value,
            "minPrice" => params.min_price = value,
            "maxPrice" => params.max_price = value,
            "colors" => params.colors = value,
            "sizes" => params.sizes = value,
            "promotion" => params.promotion = value,
            "featured" => params.featured = value,
            "new" => params.new = value,
            "search" => params.search = value,
            "sort" => params.sort = value,
            other => panic!("no parameter {other}"),
        }
    }
    params.into_filter(Utc::now()).unwrap()
}

fn names(products: &[Product]) -> Vec<String> {
    products.iter().map(|product| product.name.clone()).collect()
}

const ALL_ACTIVE_NEWEST_FIRST: [&str; 6] = [
    "T-shirt Teranga Oversize",
    "Lunettes Aviateur",
    "Lunettes Soleil Ronde",
    "T-shirt Ndakarou",
    "Pull Harmattan",
    "Chaîne Cubaine Dorée",
];

#[tokio::test]
async fn the_listing_shows_active_products_newest_first_with_their_stock() {
    let shop = Shop::new().await;
    let page = shop.page(&[]).await;
    assert_eq!(names(&page.items), ALL_ACTIVE_NEWEST_FIRST);
    assert_eq!((page.total_items, page.total_pages()), (6, 1));

    let teranga = &page.items[0];
    assert_eq!(teranga.slug.as_str(), "t-shirt-teranga-oversize");
    assert_eq!(teranga.colors, [Color::parse("noir").unwrap(), Color::parse("blanc").unwrap()]);
    assert_eq!(teranga.sizes, [Size::M, Size::L]);
    assert_eq!(teranga.stock.quantity(&Color::parse("noir").unwrap(), Size::M), 5);
    assert_eq!(teranga.stock.variants().count(), 4);
    assert_eq!(teranga.pictures, [Picture::any_color("/uploads/products/t-shirt-teranga-oversize/800.jpg")]);
    assert_eq!(teranga.description, "T-shirt Teranga Oversize : la description.");
    assert_eq!((teranga.material.as_str(), teranga.care_instructions.as_str()), ("Coton", "30 °C"));
    assert!(teranga.featured && teranga.active);
    let age = Utc::now() - teranga.created_at;
    assert!(age > Duration::hours(47) && age < Duration::hours(49), "created two days ago, not {age}");
}

#[tokio::test]
async fn category_and_subcategory_filters() {
    let shop = Shop::new().await;
    assert_eq!(
        shop.names(&[("category", "vetement")]).await,
        ["T-shirt Teranga Oversize", "T-shirt Ndakarou", "Pull Harmattan"]
    );
    assert_eq!(
        shop.names(&[("category", "accessoire")]).await,
        ["Lunettes Aviateur", "Lunettes Soleil Ronde", "Chaîne Cubaine Dorée"]
    );
    assert_eq!(shop.names(&[("subcategory", "pull")]).await, ["Pull Harmattan"]);
    assert_eq!(shop.names(&[("subcategory", "chaine")]).await, ["Chaîne Cubaine Dorée"]);
}

#[tokio::test]
async fn price_filters_use_the_price_the_shopper_pays() {
    let shop = Shop::new().await;
    // Ndakarou costs 8 000 but sells at 6 000; the Chaîne 15 000 at 11 000.
    assert_eq!(shop.names(&[("maxPrice", "7000")]).await, ["T-shirt Ndakarou"]);
    assert_eq!(
        shop.names(&[("minPrice", "10000"), ("maxPrice", "12000")]).await,
        ["Lunettes Aviateur", "Lunettes Soleil Ronde", "Chaîne Cubaine Dorée"]
    );
    assert_eq!(shop.names(&[("minPrice", "20000")]).await, ["Pull Harmattan"]);
    assert!(shop.names(&[("minPrice", "20001")]).await.is_empty());
}

#[tokio::test]
async fn color_filter_matches_any_of_the_colors() {
    let shop = Shop::new().await;
    assert_eq!(shop.names(&[("colors", "rouge")]).await, ["T-shirt Ndakarou"]);
    assert_eq!(
        shop.names(&[("colors", "gris,doré")]).await,
        ["Lunettes Aviateur", "Pull Harmattan", "Chaîne Cubaine Dorée"]
    );
    assert!(shop.names(&[("colors", "violet")]).await.is_empty());
}

#[tokio::test]
async fn size_filter_counts_only_sizes_in_stock() {
    let shop = Shop::new().await;
    assert_eq!(shop.names(&[("sizes", "M")]).await, ["T-shirt Teranga Oversize"]);
    // Teranga has L in its grid, but none left in any colour.
    assert!(shop.names(&[("sizes", "L")]).await.is_empty());
    assert_eq!(shop.names(&[("sizes", "S,XL")]).await, ["T-shirt Ndakarou", "Pull Harmattan"]);
    // Accessories in stock: the sold-out Chaîne is left out.
    assert_eq!(shop.names(&[("sizes", "unique")]).await, ["Lunettes Aviateur", "Lunettes Soleil Ronde"]);
}

#[tokio::test]
async fn color_and_size_together_mean_that_size_in_that_color() {
    let shop = Shop::new().await;
    // Harmattan has XL left in gris only.
    assert!(shop.names(&[("colors", "noir"), ("sizes", "XL")]).await.is_empty());
    assert_eq!(shop.names(&[("colors", "gris"), ("sizes", "XL")]).await, ["Pull Harmattan"]);
    assert_eq!(
        shop.names(&[("colors", "noir,gris"), ("sizes", "XL,M")]).await,
        ["T-shirt Teranga Oversize", "Pull Harmattan"]
    );
}

#[tokio::test]
async fn promotion_featured_and_new_filters() {
    let shop = Shop::new().await;
    assert_eq!(shop.names(&[("promotion", "true")]).await, ["T-shirt Ndakarou", "Chaîne Cubaine Dorée"]);
    // Pull Caché is featured but inactive.
    assert_eq!(shop.names(&[("featured", "true")]).await, ["T-shirt Teranga Oversize", "Lunettes Soleil Ronde"]);
    // Created within 30 days: Harmattan (40) and the Chaîne (60) are not new.
    assert_eq!(
        shop.names(&[("new", "true")]).await,
        ["T-shirt Teranga Oversize", "Lunettes Aviateur", "Lunettes Soleil Ronde", "T-shirt Ndakarou"]
    );
    assert_eq!(shop.names(&[("promotion", "false"), ("featured", "false")]).await, ALL_ACTIVE_NEWEST_FIRST);
}

#[tokio::test]
async fn filters_combine() {
    let shop = Shop::new().await;
    assert_eq!(shop.names(&[("category", "vetement"), ("promotion", "true")]).await, ["T-shirt Ndakarou"]);
    assert_eq!(
        shop.names(&[("category", "accessoire"), ("new", "true"), ("maxPrice", "11000")]).await,
        ["Lunettes Aviateur"]
    );
    assert_eq!(
        shop.names(&[("subcategory", "lunette"), ("featured", "true"), ("colors", "noir"), ("sizes", "unique")]).await,
        ["Lunettes Soleil Ronde"]
    );
    assert_eq!(shop.names(&[("search", "lunettes"), ("minPrice", "11000")]).await, ["Lunettes Soleil Ronde"]);
    assert!(shop.names(&[("category", "vetement"), ("colors", "doré")]).await.is_empty());
}

#[tokio::test]
async fn sorting_by_price_paid_and_by_date() {
    let shop = Shop::new().await;
    let by_price = [
        "T-shirt Ndakarou",         // 6 000 (promotion)
        "T-shirt Teranga Oversize", // 9 500
        "Lunettes Aviateur",        // 10 000
        "Chaîne Cubaine Dorée",     // 11 000 (promotion)
        "Lunettes Soleil Ronde",    // 12 000
        "Pull Harmattan",           // 20 000
    ];
    assert_eq!(shop.names(&[("sort", "price-asc")]).await, by_price);
    let mut descending = by_price.to_vec();
    descending.reverse();
    assert_eq!(shop.names(&[("sort", "price-desc")]).await, descending);
    assert_eq!(shop.names(&[("sort", "newest")]).await, ALL_ACTIVE_NEWEST_FIRST);
}

#[tokio::test]
async fn pages_split_the_list_without_overlap() {
    let shop = Shop::new().await;
    let mut seen = Vec::new();
    for page in ["1", "2", "3"] {
        let listed = shop.page(&[("limit", "2"), ("page", page), ("sort", "price-asc")]).await;
        assert_eq!((listed.total_items, listed.total_pages(), listed.items.len()), (6, 3, 2), "page {page}");
        seen.extend(names(&listed.items));
    }
    assert_eq!(seen, shop.names(&[("sort", "price-asc")]).await);
}

#[tokio::test]
async fn a_page_past_the_end_is_empty_but_still_counts_the_list() {
    let shop = Shop::new().await;
    let past = shop.page(&[("limit", "4"), ("page", "3")]).await;
    assert!(past.items.is_empty());
    assert_eq!((past.total_items, past.total_pages(), past.request.page), (6, 2, 3));
    let nothing = shop.page(&[("colors", "violet"), ("page", "2")]).await;
    assert_eq!((nothing.items.len(), nothing.total_items, nothing.total_pages()), (0, 0, 0));
}

#[tokio::test]
async fn a_huge_limit_is_served_the_maximum_page() {
    let shop = Shop::new().await;
    let page = shop.page(&[("limit", "100000")]).await;
    assert_eq!(page.request.limit, 100);
    assert_eq!(page.items.len(), 6);
    let one = shop.page(&[("limit", "1"), ("page", "6")]).await;
    assert_eq!(names(&one.items), ["Chaîne Cubaine Dorée"]);
    assert_eq!(one.total_pages(), 6);
}

#[tokio::test]
async fn search_ignores_case_and_accents() {
    let shop = Shop::new().await;
    assert_eq!(shop.names(&[("search", "chaine")]).await, ["Chaîne Cubaine Dorée"]);
    assert_eq!(shop.names(&[("search", "CHAÎNE")]).await, ["Chaîne Cubaine Dorée"]);
    assert_eq!(shop.names(&[("search", "doree")]).await, ["Chaîne Cubaine Dorée"]);
}

/// A search is planned with its text at each execution, never prepared: PostgreSQL's generic plan
/// of a prepared one ignores how many products hold the text. Other listings stay prepared.
#[tokio::test]
async fn searches_are_planned_with_their_text_and_listings_are_prepared() {
    #[derive(diesel::QueryableByName)]
    struct Prepared {
        #[diesel(sql_type = diesel::sql_types::Text)]
        statement: String,
    }
    let shop = Shop::new().await;
    // One connection, so that its prepared statements are those of the reads below.
    let database = bitik_postgres::Database::connect(
        &shop.test.url,
        &bitik_postgres::PoolSettings { max_size: 1, ..bitik_postgres::PoolSettings::default() },
    )
    .unwrap();
    let repo = PgProductRepository::new(database.clone());
    for _ in 0..6 {
        repo.list(&filter(&[("search", "chaine")])).await.unwrap();
        repo.list(&filter(&[("search", "harmatan")])).await.unwrap();
        repo.list(&filter(&[("page", "1")])).await.unwrap();
    }
    let mut conn = database.conn().await.unwrap();
    let prepared: Vec<String> = diesel_async::RunQueryDsl::load::<Prepared>(
        diesel::sql_query("SELECT statement FROM pg_prepared_statements"),
        &mut conn,
    )
    .await
    .unwrap()
    .into_iter()
    .map(|p| p.statement)
    .collect();
    assert!(prepared.iter().any(|s| s.contains("ORDER BY \"products\".\"created_at\" DESC")), "{prepared:?}");
    assert!(!prepared.iter().any(|s| s.contains("bitik_search")), "{prepared:?}");
}

#[tokio::test]
async fn search_finds_t_shirts_written_without_the_hyphen() {
    let shop = Shop::new().await;
    for typed in ["tshirt", "Tshirts", "t-shirt", "t shirt"] {
        let mut found = shop.names(&[("search", typed)]).await;
        found.sort();
        assert_eq!(found, ["T-shirt Ndakarou", "T-shirt Teranga Oversize"], "{typed:?}");
    }
}

#[tokio::test]
async fn search_forgives_small_typos() {
    let shop = Shop::new().await;
    let mut found = shop.names(&[("search", "lunete")]).await;
    found.sort();
    assert_eq!(found, ["Lunettes Aviateur", "Lunettes Soleil Ronde"]);
    assert_eq!(shop.names(&[("search", "harmatan")]).await, ["Pull Harmattan"]);
    assert!(shop.names(&[("search", "ordinateur")]).await.is_empty());
}

#[tokio::test]
async fn search_finds_only_products_holding_every_word() {
    let shop = Shop::new().await;
    // Aviateur is newer and holds « lunettes » only.
    assert_eq!(shop.names(&[("search", "lunettes ronde")]).await, ["Lunettes Soleil Ronde"]);
    // An explicit sort wins over relevance.
    assert_eq!(
        shop.names(&[("search", "lunettes"), ("sort", "price-asc")]).await,
        ["Lunettes Aviateur", "Lunettes Soleil Ronde"]
    );
}

#[tokio::test]
async fn a_word_the_catalogue_holds_is_searched_as_typed_and_another_is_corrected_or_completed() {
    let shop = Shop::with(&[
        Item { name: "Pull Sabar", subcategory: "pull", days_ago: 3, ..ITEM },
        Item { name: "T-shirt Sabaroise", days_ago: 1, ..ITEM },
        Item { name: "T-shirt Sabbar", days_ago: 0, ..ITEM },
    ])
    .await;
    // A word some product holds is not widened to its neighbours.
    assert_eq!(shop.names(&[("search", "SABAR")]).await, ["Pull Sabar"]);
    assert_eq!(shop.names(&[("search", "sabbar")]).await, ["T-shirt Sabbar"]);
    // One held nowhere: the words one typo away, and the words it begins, newest first.
    assert_eq!(shop.names(&[("search", "sabarr")]).await, ["Pull Sabar"]);
    assert_eq!(shop.names(&[("search", "sabaro")]).await, ["T-shirt Sabaroise", "Pull Sabar"]);
    assert_eq!(shop.names(&[("search", "sabba")]).await, ["T-shirt Sabbar"]);
}

#[tokio::test]
async fn search_text_is_matched_literally() {
    let shop = Shop::with(&[
        Item { name: "T-shirt 100% coton", days_ago: 1, ..ITEM },
        Item { name: "T-shirt 100 ans", ..ITEM },
    ])
    .await;
    // Words are searched, not characters: both hold « 100 », newest first.
    assert_eq!(shop.names(&[("search", "100%")]).await, ["T-shirt 100 ans", "T-shirt 100% coton"]);
    assert!(shop.names(&[("search", "0_a")]).await.is_empty(), "`_` is not a wildcard");
}

#[tokio::test]
async fn inactive_products_are_hidden_from_shoppers_but_found_by_slug() {
    let shop = Shop::new().await;
    let hidden = shop.get("pull-cache").await;
    assert!(!hidden.active);
    assert_eq!(shop.repo.find_active(&ProductKey::Id(hidden.id)).await.unwrap(), None);
    assert_eq!(shop.repo.find_active(&ProductKey::Slug(hidden.slug.clone())).await.unwrap(), None);
    assert!(!shop.names(&[("search", "cache")]).await.contains(&"Pull Caché".to_owned()));
    assert!(!names(&shop.repo.new_arrivals(10).await.unwrap()).contains(&"Pull Caché".to_owned()));
}

#[tokio::test]
async fn an_active_product_is_found_by_id_or_slug_with_its_stock() {
    let shop = Shop::new().await;
    let chain = shop.get("chaine-cubaine-doree").await;
    let by_id = shop.repo.find_active(&ProductKey::Id(chain.id)).await.unwrap().unwrap();
    let by_slug = shop.repo.find_active(&ProductKey::Slug(chain.slug.clone())).await.unwrap().unwrap();
    assert_eq!(by_id, by_slug);
    assert_eq!(by_id.price, Money::francs(15_000));
    assert_eq!(by_id.price_paid(), Money::francs(11_000));
    assert_eq!(by_id.sizes, [Size::Unique]);
    assert_eq!(by_id.stock.total(), 0);
    assert_eq!(shop.repo.find_active(&ProductKey::Id(uuid::Uuid::new_v4())).await.unwrap(), None);
}

#[tokio::test]
async fn promotions_and_new_arrivals_for_the_home_page() {
    let shop = Shop::new().await;
    assert_eq!(names(&shop.repo.promotions(4).await.unwrap()), ["T-shirt Ndakarou", "Chaîne Cubaine Dorée"]);
    assert_eq!(names(&shop.repo.promotions(1).await.unwrap()), ["T-shirt Ndakarou"]);
    assert_eq!(names(&shop.repo.new_arrivals(3).await.unwrap()), ALL_ACTIVE_NEWEST_FIRST[..3]);
}

#[tokio::test]
async fn similar_products_start_with_the_same_subcategory_and_never_the_product() {
    let shop = Shop::new().await;
    let teranga = shop.get("t-shirt-teranga-oversize").await;
    let similar = names(&shop.repo.similar(&teranga, 10).await.unwrap());
    assert_eq!(
        similar,
        ["T-shirt Ndakarou", "Pull Harmattan", "Lunettes Aviateur", "Lunettes Soleil Ronde", "Chaîne Cubaine Dorée"]
    );
    let ronde = shop.get("lunettes-soleil-ronde").await;
    assert_eq!(names(&shop.repo.similar(&ronde, 2).await.unwrap()), ["Lunettes Aviateur", "Chaîne Cubaine Dorée"]);
}

#[tokio::test]
async fn a_taken_slug_gets_the_next_free_number() {
    let shop = Shop::with(&[]).await;
    let mut slugs = Vec::new();
    for _ in 0..3 {
        let product = form(&Item { name: "Pull Harmattan", subcategory: "pull", ..ITEM }).validate(None).unwrap();
        slugs.push(shop.repo.create(product).await.unwrap().slug.as_str().to_owned());
    }
    assert_eq!(slugs, ["pull-harmattan", "pull-harmattan-2", "pull-harmattan-3"]);
    // A name whose slug merely starts the same is no collision.
    let longer = form(&Item { name: "Pull Harmattan Long", subcategory: "pull", ..ITEM }).validate(None).unwrap();
    assert_eq!(shop.repo.create(longer).await.unwrap().slug.as_str(), "pull-harmattan-long");
}

#[tokio::test]
async fn a_product_is_written_whole_or_not_at_all() {
    let test = TestDatabase::new().await;
    let repo = PgProductRepository::new(test.database.clone());
    let mut conn = test.database.conn().await.unwrap();
    // Make the variants' insert fail after the product's has succeeded.
    conn.batch_execute(
        "CREATE FUNCTION refuse_variant() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'no variants today'; END $$;
         CREATE TRIGGER refuse_variant BEFORE INSERT ON product_variants
         FOR EACH ROW EXECUTE FUNCTION refuse_variant();",
    )
    .await
    .unwrap();
    let product = form(&Item { name: "Pull Fantôme", subcategory: "pull", ..ITEM }).validate(None).unwrap();
    let error = repo.create(product).await.unwrap_err();
    // A statement that failed, not a database gone: the HTTP layer answers 500, not 503.
    assert!(matches!(error.downcast_ref::<DbError>(), Some(DbError::Query(_))), "{error:?}");
    assert!(!bitik_common::is_unavailable(error.as_ref()));
    assert_eq!(repo.find_by_slug(&Slug::parse("pull-fantome").unwrap()).await.unwrap(), None);
}

/// The back office's listing: `(parameter, value)` pairs of the admin query.
fn admin_filter(query: &[(&str, &str)]) -> ProductFilter {
    let get = |k: &str| query.iter().find(|(key, _)| *key == k).map(|(_, v)| (*v).to_owned());
    bitik_catalog::AdminListParams {
        list: ListParams { search: get("search"), limit: get("limit"), ..ListParams::default() },
        stock: get("stock"),
        status: get("status"),
        sort_by: get("sortBy"),
        sort_order: get("sortOrder"),
    }
    .into_filter(Utc::now())
    .unwrap()
}

impl Shop {
    async fn admin_names(&self, query: &[(&str, &str)]) -> Vec<String> {
        names(&self.repo.list(&admin_filter(query)).await.unwrap().items)
    }
}

#[tokio::test]
async fn the_back_office_lists_inactive_products_too_and_filters_by_total_stock() {
    let shop = Shop::new().await;
    let all = shop.repo.list(&admin_filter(&[])).await.unwrap();
    assert_eq!(all.total_items, 7);
    assert_eq!(all.request.limit, 10);
    assert_eq!(names(&all.items)[..2], ["Pull Caché", "T-shirt Teranga Oversize"]);
    assert_eq!(shop.admin_names(&[("stock", "0")]).await, ["Chaîne Cubaine Dorée"]);
    assert_eq!(
        shop.admin_names(&[("stock", "low")]).await,
        ["Lunettes Aviateur", "Lunettes Soleil Ronde", "T-shirt Ndakarou", "Pull Harmattan"]
    );
    assert_eq!(shop.admin_names(&[("stock", "in")]).await, ["Pull Caché", "T-shirt Teranga Oversize"]);
    assert_eq!(shop.admin_names(&[("status", "inactive")]).await, ["Pull Caché"]);
    assert_eq!(shop.admin_names(&[("status", "active"), ("stock", "in")]).await, ["T-shirt Teranga Oversize"]);
    assert_eq!(shop.admin_names(&[("search", "cache")]).await, ["Pull Caché"], "searching finds hidden ones too");
}

#[tokio::test]
async fn the_back_office_sorts_by_name_price_or_date_either_way() {
    let shop = Shop::new().await;
    let by_name = [
        "Chaîne Cubaine Dorée",
        "Lunettes Aviateur",
        "Lunettes Soleil Ronde",
        "Pull Caché",
        "Pull Harmattan",
        "T-shirt Ndakarou",
        "T-shirt Teranga Oversize",
    ];
    assert_eq!(shop.admin_names(&[("sortBy", "name"), ("sortOrder", "asc")]).await, by_name);
    let mut reversed = by_name;
    reversed.reverse();
    assert_eq!(shop.admin_names(&[("sortBy", "name")]).await, reversed);
    assert_eq!(
        shop.admin_names(&[("sortBy", "price"), ("sortOrder", "asc")]).await,
        [
            "Pull Caché",
            "T-shirt Ndakarou",
            "T-shirt Teranga Oversize",
            "Lunettes Aviateur",
            "Chaîne Cubaine Dorée",
            "Lunettes Soleil Ronde",
            "Pull Harmattan"
        ],
        "the price paid: promotional when on promotion"
    );
    assert_eq!(shop.admin_names(&[("sortBy", "createdAt"), ("sortOrder", "asc")]).await[0], "Chaîne Cubaine Dorée");
}

#[tokio::test]
async fn product_counts_for_the_dashboard() {
    let shop = Shop::new().await;
    let stats = shop.repo.stats().await.unwrap();
    assert_eq!(stats, bitik_catalog::ProductStats { total: 7, active: 6, inactive: 1, out_of_stock: 1, low_stock: 4 });
    let empty = Shop::with(&[]).await;
    assert_eq!(empty.repo.stats().await.unwrap(), bitik_catalog::ProductStats::default());
}

#[tokio::test]
async fn pictures_keep_their_colours_and_products_stored_before_read_the_nth_picture_as_the_nth_colours() {
    let shop =
        Shop::with(&[Item { name: "Chemise Rayée", stock: &[("rouge", "M", 1), ("blanc", "M", 1)], ..ITEM }]).await;
    let shirt = shop.get("chemise-rayee").await;
    let [rouge, blanc] = [Color::parse("rouge").unwrap(), Color::parse("blanc").unwrap()];
    let pictures = |colors: [Option<&str>; 3]| {
        let mut form = form(&Item { name: "Chemise Rayée", stock: &[("rouge", "M", 1), ("blanc", "M", 1)], ..ITEM });
        form.images = vec!["/r.jpg".into(), "/detail.jpg".into(), "/b.jpg".into()];
        form.image_colors = colors.map(|color| color.map(str::to_owned)).to_vec();
        form.validate(None).unwrap()
    };
    let updated = shop.repo.update(shirt.id, pictures([Some("rouge"), None, Some("blanc")])).await.unwrap().unwrap();
    let stored = [Picture::of("/r.jpg", &rouge), Picture::any_color("/detail.jpg"), Picture::of("/b.jpg", &blanc)];
    assert_eq!(updated.pictures, stored);
    assert_eq!(shop.get("chemise-rayee").await.pictures, stored, "read back as written");
    assert_eq!(shop.page(&[]).await.items[0].pictures, stored, "the listing reads them too");

    // As the migration found it: pictures without colours, one more picture than colours.
    let mut conn = shop.test.database.conn().await.unwrap();
    conn.batch_execute(&format!(
        "{} {}",
        include_str!("../../../../migrations/2026-12-06-000190_picture_colors/down.sql"),
        include_str!("../../../../migrations/2026-12-06-000190_picture_colors/up.sql")
    ))
    .await
    .unwrap();
    let migrated = shop.get("chemise-rayee").await.pictures;
    assert_eq!(
        migrated,
        [Picture::of("/r.jpg", &rouge), Picture::of("/detail.jpg", &blanc), Picture::any_color("/b.jpg")],
        "the n-th picture is the n-th colour's, a picture past the colours every colour's"
    );
}
