//! The shop's search and the listing's facets, as the browser reads them: which products a
//! search finds and in what order, and what each filter of the listing can still choose.

use std::collections::BTreeMap;
use std::sync::Arc;

use bitik_catalog::{CatalogService, ProductForm};
use bitik_postgres::PgProductRepository;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

/// A product of `subcategory`, with its colours' stock per size (`unique` for accessories).
struct Item {
    name: &'static str,
    subcategory: &'static str,
    price: i64,
    description: &'static str,
    stock: &'static [(&'static str, &'static [(&'static str, i64)])],
    days_ago: i64,
}

async fn add(app: &TestApp, item: &Item) {
    let category = if matches!(item.subcategory, "t-shirt" | "pull") { "vetement" } else { "accessoire" };
    let mut sizes: Vec<String> = Vec::new();
    let mut stock = BTreeMap::new();
    for (color, quantities) in item.stock {
        let grid: BTreeMap<String, i64> = quantities.iter().map(|(size, n)| ((*size).to_owned(), *n)).collect();
        for size in grid.keys() {
            if !sizes.contains(size) {
                sizes.push(size.clone());
            }
        }
        stock.insert((*color).to_owned(), grid);
    }
    let form = ProductForm {
        name: Some(item.name.to_owned()),
        description: Some(item.description.to_owned()),
        price: Some(item.price),
        category: Some(category.to_owned()),
        subcategory: Some(item.subcategory.to_owned()),
        colors: item.stock.iter().map(|(color, _)| (*color).to_owned()).collect(),
        sizes: if category == "vetement" { sizes } else { Vec::new() },
        stock,
        ..ProductForm::default()
    };
    let catalog = CatalogService::new(Arc::new(PgProductRepository::new(app.database.database.clone())));
    catalog.create(form, Some(Utc::now() - Duration::days(item.days_ago))).await.unwrap();
    app.catalog_cache.changed();
}

async fn shop_with(items: &[Item]) -> TestApp {
    let app = spawn_app().await;
    for item in items {
        add(&app, item).await;
    }
    app
}

async fn json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

async fn found(app: &TestApp, search: &str) -> Vec<String> {
    let path = format!("/api/products?search={}", urlencoding(search));
    let list = json(app, &path).await;
    list["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect()
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

const RANKED: &[Item] = &[
    Item {
        name: "Pull Baobab",
        subcategory: "pull",
        price: 20_000,
        description: "Molleton épais.",
        stock: &[("gris", &[("M", 2)])],
        days_ago: 5,
    },
    Item {
        name: "Sweat Lamb",
        subcategory: "pull",
        price: 18_000,
        description: "Coton gratté, à porter sur un t-shirt.",
        stock: &[("noir", &[("L", 1)])],
        days_ago: 4,
    },
    Item {
        name: "T-shirt Gris Perle",
        subcategory: "t-shirt",
        price: 8_000,
        description: "Coton léger.",
        stock: &[("blanc", &[("S", 3)])],
        days_ago: 6,
    },
    Item {
        name: "T-shirt Teranga",
        subcategory: "t-shirt",
        price: 9_500,
        description: "Coton bio épais.",
        stock: &[("noir", &[("M", 1)]), ("blanc", &[("M", 1)])],
        days_ago: 3,
    },
    Item {
        name: "T-shirt Ndakarou",
        subcategory: "t-shirt",
        price: 12_000,
        description: "Se porte avec un jean noir ou un pull gris.",
        stock: &[("blanc", &[("L", 2)])],
        days_ago: 0,
    },
    Item {
        name: "Chaîne Sabar",
        subcategory: "chaine",
        price: 15_000,
        description: "Un baobab gravé sur le fermoir.",
        stock: &[("doré", &[("unique", 3)])],
        days_ago: 1,
    },
];

/// Where a word is found ranks the product: its name, then its category and subcategory, then its
/// colours, then its description; the newest first among equals. The newest products here are the
/// ones with the word in their description, so only the ranking puts the others first.
#[tokio::test]
async fn a_search_ranks_the_name_then_the_kind_then_the_colours_then_the_description() {
    let app = shop_with(RANKED).await;
    let table: &[(&str, &[&str])] = &[
        ("baobab", &["Pull Baobab", "Chaîne Sabar"]),
        ("pull", &["Pull Baobab", "Sweat Lamb", "T-shirt Ndakarou"]),
        ("gris", &["T-shirt Gris Perle", "Pull Baobab", "T-shirt Ndakarou"]),
        ("t-shirt noir", &["T-shirt Teranga", "T-shirt Ndakarou", "Sweat Lamb"]),
        ("sweat coton", &["Sweat Lamb"]),
        ("accessoire", &["Chaîne Sabar"]),
    ];
    for (search, expected) in table {
        assert_eq!(found(&app, search).await, *expected, "{search:?}");
    }
}

#[tokio::test]
async fn t_shirt_noir_lists_the_black_t_shirts_first_however_it_is_typed() {
    let app = shop_with(RANKED).await;
    for typed in ["t-shirt noir", "T-SHIRT NOIR", "tshirt noir", "t-shirts noirs", "noire t-shirt", "Tshirts  Noirs"] {
        assert_eq!(found(&app, typed).await[0], "T-shirt Teranga", "{typed:?}");
    }
}

/// The shop's common spellings of its words find what the catalogue spells otherwise.
#[tokio::test]
async fn the_shops_common_spellings_find_its_t_shirts_sweats_and_glasses() {
    let glasses = Item {
        name: "Lunettes Soleil Gorée",
        subcategory: "lunette",
        price: 7_500,
        description: "Monture légère.",
        stock: &[("noir", &[("unique", 2)])],
        days_ago: 2,
    };
    let app = shop_with(RANKED).await;
    add(&app, &glasses).await;
    let tees = ["T-shirt Ndakarou", "T-shirt Teranga", "T-shirt Gris Perle"];
    for typed in ["tee shirt", "Tee-Shirt", "teeshirt", "tshirt", "t shirt", "tee shirts"] {
        let mut names = found(&app, typed).await;
        names.retain(|name| name.starts_with("T-shirt"));
        assert_eq!(names.len(), tees.len(), "{typed:?}: {names:?}");
    }
    assert_eq!(found(&app, "tee shirt noir").await[0], "T-shirt Teranga");
    for typed in ["sweat", "sweatshirt", "sweat-shirt"] {
        assert_eq!(found(&app, typed).await, ["Sweat Lamb"], "{typed:?}");
    }
    for typed in ["lunette", "lunettes", "LUNETTE soleil"] {
        assert_eq!(found(&app, typed).await, ["Lunettes Soleil Gorée"], "{typed:?}");
    }
}

#[tokio::test]
async fn every_word_must_match_with_accents_case_and_one_typo_per_word_forgiven() {
    let app = shop_with(RANKED).await;
    let black_tees = ["T-shirt Teranga", "T-shirt Ndakarou", "Sweat Lamb"];
    let table: &[(&str, &[&str])] = &[
        // One letter dropped, swapped, changed, added: in one word or in each.
        ("tshrt noir", &black_tees),
        ("t-shirt nior", &black_tees),
        ("tshrt nior", &black_tees),
        ("baobob", &["Pull Baobab", "Chaîne Sabar"]),
        ("swet cotton", &["Sweat Lamb"]),
        ("CHAÎNE sabar", &["Chaîne Sabar"]),
        ("chaines", &["Chaîne Sabar"]),
        ("gravé", &["Chaîne Sabar"]),
        // A word being typed finds the words it begins.
        ("ndaka", &["T-shirt Ndakarou"]),
        // Two typos in one word, or one word found nowhere: nothing.
        ("boabob", &[]),
        ("pull ordinateur", &[]),
        ("t-shirt doré", &[]),
    ];
    for (search, expected) in table {
        assert_eq!(found(&app, search).await, *expected, "{search:?}");
    }
    // Words a search ignores alone ask for nothing: the listing.
    assert_eq!(found(&app, "de la").await.len(), RANKED.len());
}

#[tokio::test]
async fn a_search_with_a_sort_keeps_its_matches_in_that_order_and_pages_them() {
    let app = shop_with(RANKED).await;
    let list = json(&app, "/api/products?search=t-shirt%20noir&sort=price-asc").await;
    let names: Vec<&str> = list["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["T-shirt Teranga", "T-shirt Ndakarou", "Sweat Lamb"]);
    let second = json(&app, "/api/products?search=t-shirt%20noir&limit=2&page=2").await;
    assert_eq!(second["data"][0]["name"], "Sweat Lamb");
    assert_eq!(second["pagination"]["totalItems"], 3);
}

const FACETED: &[Item] = &[
    Item {
        name: "T-shirt Teranga",
        subcategory: "t-shirt",
        price: 9_500,
        description: "Coton bio.",
        stock: &[("noir", &[("S", 4), ("M", 0)]), ("blanc", &[("M", 1)])],
        days_ago: 3,
    },
    Item {
        name: "T-shirt Ndakarou",
        subcategory: "t-shirt",
        price: 12_000,
        description: "Coton peigné.",
        stock: &[("noir", &[("M", 2)]), ("rouge", &[("M", 0), ("L", 3)])],
        days_ago: 2,
    },
    Item {
        name: "Pull Harmattan",
        subcategory: "pull",
        price: 20_000,
        description: "Molleton.",
        stock: &[("noir", &[("M", 1)]), ("gris", &[("L", 2)])],
        days_ago: 1,
    },
    Item {
        name: "Chaîne Cubaine",
        subcategory: "chaine",
        price: 15_000,
        description: "Acier doré.",
        stock: &[("doré", &[("unique", 3)])],
        days_ago: 0,
    },
];

#[tokio::test]
async fn facets_count_every_value_without_their_own_filter() {
    let app = shop_with(FACETED).await;
    let all = json(&app, "/api/products/facets").await;
    assert_eq!(
        all["data"],
        json!({
            "colors": [
                {"value": "noir", "count": 3}, {"value": "blanc", "count": 1}, {"value": "doré", "count": 1},
                {"value": "gris", "count": 1}, {"value": "rouge", "count": 1},
            ],
            "sizes": [
                {"value": "S", "count": 1}, {"value": "M", "count": 3}, {"value": "L", "count": 2},
                {"value": "unique", "count": 1},
            ],
            "price": {"min": 9_500, "max": 20_000},
            "categories": [
                {"value": "vetement", "count": 3, "subcategories": [
                    {"value": "t-shirt", "count": 2}, {"value": "pull", "count": 1},
                ]},
                {"value": "accessoire", "count": 1, "subcategories": [{"value": "chaine", "count": 1}]},
            ],
        })
    );

    // Black, size M, clothing: the listing has the two black M still in stock.
    let filters = "category=vetement&colors=noir&sizes=M";
    let listing = json(&app, &format!("/api/products?{filters}")).await;
    let names: Vec<&str> = listing["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Pull Harmattan", "T-shirt Ndakarou"]);
    let facets = json(&app, &format!("/api/products/facets?{filters}&page=3&sort=price-desc")).await;
    assert_eq!(
        facets["data"],
        json!({
            // Colours with an M in stock in them, whatever colour is chosen: Teranga's M is white.
            "colors": [{"value": "noir", "count": 2}, {"value": "blanc", "count": 1}],
            // Sizes in stock in black, whatever size is chosen.
            "sizes": [{"value": "S", "count": 1}, {"value": "M", "count": 2}],
            // Prices of the black M, whatever bounds are chosen.
            "price": {"min": 12_000, "max": 20_000},
            // Categories of the black M, whatever category is chosen: no black M among accessories.
            "categories": [{"value": "vetement", "count": 2, "subcategories": [
                {"value": "t-shirt", "count": 1}, {"value": "pull", "count": 1},
            ]}],
        })
    );

    // A search and a price bound narrow every facet but their own.
    let searched = json(&app, "/api/products/facets?search=t-shirt&colors=rouge&maxPrice=10000").await;
    assert_eq!(searched["data"]["colors"], json!([{"value": "blanc", "count": 1}, {"value": "noir", "count": 1}]));
    assert_eq!(searched["data"]["price"], json!({"min": 12_000, "max": 12_000}));
    assert_eq!(searched["data"]["sizes"], json!([]));
    assert_eq!(searched["data"]["categories"], json!([]));

    let nothing = json(&app, "/api/products/facets?search=ordinateur").await;
    assert_eq!(nothing["data"], json!({"colors": [], "sizes": [], "price": null, "categories": []}));
}

#[tokio::test]
async fn facets_are_refused_a_malformed_filter_in_french_and_served_from_the_cache() {
    let app = shop_with(FACETED).await;
    let response = app.get("/api/products/facets?minPrice=abc").await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["fields"]["minPrice"], "Le prix minimum doit être un nombre entier de francs, positif ou nul.");

    // The products' own notifications arrive a moment after they were written and start a new
    // generation: asked again until then, the facets are then answered from memory, whatever page
    // and sort the listing is on.
    let mut from_memory = false;
    for _ in 0..100 {
        json(&app, "/api/products/facets?colors=noir").await;
        let before = app.catalog_cache.stats();
        let again = json(&app, "/api/products/facets?colors=noir&page=2&sort=price-asc").await;
        let after = app.catalog_cache.stats();
        assert_eq!(again["data"]["colors"][0], json!({"value": "noir", "count": 3}));
        if (after.hits - before.hits, after.misses - before.misses) == (1, 0) {
            from_memory = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(from_memory, "the same facets were never answered from memory");
    // A new product is counted at the catalogue's next change.
    add(
        &app,
        &Item {
            name: "T-shirt Yoff",
            subcategory: "t-shirt",
            price: 7_000,
            description: "Coton.",
            stock: &[("noir", &[("XL", 1)])],
            days_ago: 0,
        },
    )
    .await;
    let changed = json(&app, "/api/products/facets?colors=noir").await;
    assert_eq!(changed["data"]["colors"][0], json!({"value": "noir", "count": 4}));
}
