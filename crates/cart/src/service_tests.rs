use std::sync::{Arc, Mutex};

use bitik_catalog::{Color, MockProductRepository, Picture, Product, Size, Slug, Stock, Subcategory};
use bitik_common::Money;
use chrono::Utc;
use uuid::Uuid;

use crate::error::CartError;
use crate::model::{AddToCart, CartLine, VariantRef};
use crate::ports::MockCartRepository;
use crate::service::CartService;

/// A black/white t-shirt: black M ×3, black L ×0, white M ×5; 10 000 FCFA, 8 000 on promotion.
fn tshirt() -> Product {
    let (black, white) = (Color::parse("noir").unwrap(), Color::parse("blanc").unwrap());
    let mut stock = Stock::default();
    stock.set(black.clone(), Size::parse("M").unwrap(), 3);
    stock.set(black.clone(), Size::parse("L").unwrap(), 0);
    stock.set(white.clone(), Size::parse("M").unwrap(), 5);
    stock.set(white.clone(), Size::parse("L").unwrap(), 2);
    Product {
        id: Uuid::from_u128(1),
        slug: Slug::parse("t-shirt-teranga").unwrap(),
        name: "T-shirt Teranga".into(),
        short_description: String::new(),
        description: "d".into(),
        price: Money::francs(10_000),
        promo_price: Some(Money::francs(8_000)),
        on_promotion: true,
        subcategory: Subcategory::parse("t-shirt").unwrap(),
        pictures: vec![
            Picture::of("/uploads/products/a/800.jpg", &black),
            Picture::of("/uploads/products/b/800.jpg", &white),
        ],
        colors: vec![black, white],
        sizes: vec![Size::parse("M").unwrap(), Size::parse("L").unwrap()],
        stock,
        material: String::new(),
        care_instructions: String::new(),
        featured: false,
        active: true,
        created_at: Utc::now(),
    }
}

fn catalogue() -> MockProductRepository {
    let mut products = MockProductRepository::new();
    products.expect_find_active().returning(|key| {
        Ok(matches!(key, bitik_catalog::ProductKey::Id(id) if *id == Uuid::from_u128(1)).then(tshirt))
    });
    products
        .expect_find_active_by_ids()
        .returning(|ids| Ok(ids.iter().filter(|id| **id == Uuid::from_u128(1)).map(|_| tshirt()).collect()));
    products
}

/// An in-memory cart behind the mock, so tests see what the data becomes.
fn cart_store(lines: Arc<Mutex<Vec<CartLine>>>) -> MockCartRepository {
    let mut carts = MockCartRepository::new();
    let l = lines.clone();
    carts.expect_lines().returning(move |_| Ok(l.lock().unwrap().clone()));
    let l = lines.clone();
    carts.expect_add().returning(move |_, variant, quantity, max| {
        let mut lines = l.lock().unwrap();
        match lines.iter_mut().find(|line| line.variant == variant) {
            Some(line) if line.quantity + quantity > max => Ok(None),
            Some(line) => {
                line.quantity += quantity;
                Ok(Some(line.clone()))
            }
            None => {
                let line = CartLine { id: Uuid::new_v4(), variant, quantity };
                lines.push(line.clone());
                Ok(Some(line))
            }
        }
    });
    let l = lines.clone();
    carts.expect_merge().returning(move |_, merged| {
        let mut lines = l.lock().unwrap();
        for (variant, quantity, max) in merged {
            match lines.iter_mut().find(|line| line.variant == variant) {
                Some(line) => line.quantity = (line.quantity + quantity).min(max),
                None => lines.push(CartLine { id: Uuid::new_v4(), variant, quantity: quantity.min(max) }),
            }
        }
        Ok(())
    });
    carts
}

fn add(product: &str, quantity: Option<Result<i64, ()>>, size: &str, color: &str) -> AddToCart {
    AddToCart {
        product_id: Some(product.into()),
        quantity,
        size: (!size.is_empty()).then(|| size.into()),
        color: (!color.is_empty()).then(|| color.into()),
    }
}

const TSHIRT: &str = "00000000-0000-0000-0000-000000000001";

#[tokio::test]
async fn the_same_variant_adds_up_and_is_priced_from_the_catalogue() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let service = CartService::new(Arc::new(cart_store(lines.clone())), Arc::new(catalogue()));
    let user = Uuid::new_v4();
    service.add(user, add(TSHIRT, None, "M", "Noir")).await.unwrap();
    let cart = service.add(user, add(TSHIRT, Some(Ok(2)), "m", "noir")).await.unwrap();
    assert_eq!(cart.items.len(), 1);
    let item = &cart.items[0];
    assert_eq!((item.quantity, item.color.as_str(), item.size.as_str()), (3, "noir", "M"));
    assert_eq!(item.unit_price(), Money::francs(8_000), "the promotion applies");
    assert_eq!(item.image, "/uploads/products/a/800.jpg", "the black picture");
    assert_eq!(cart.subtotal(), Money::francs(24_000));
    assert_eq!(cart.item_count(), 3);
}

#[tokio::test]
async fn stock_counts_what_the_cart_already_holds() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let service = CartService::new(Arc::new(cart_store(lines.clone())), Arc::new(catalogue()));
    let user = Uuid::new_v4();
    service.add(user, add(TSHIRT, Some(Ok(2)), "M", "noir")).await.unwrap();
    let error = service.add(user, add(TSHIRT, Some(Ok(2)), "M", "noir")).await.unwrap_err();
    assert_eq!(error.to_string(), "Stock insuffisant. Seulement 3 disponible(s).");
    assert_eq!(lines.lock().unwrap()[0].quantity, 2, "nothing changed");
    let sold_out = service.add(user, add(TSHIRT, None, "L", "noir")).await.unwrap_err();
    assert!(matches!(sold_out, CartError::InsufficientStock { available: 0 }));
}

#[tokio::test]
async fn bad_requests_are_refused_before_any_lookup() {
    let service = CartService::new(Arc::new(MockCartRepository::new()), Arc::new(MockProductRepository::new()));
    let user = Uuid::new_v4();
    let cases = [
        (add("", None, "M", "noir"), "ID de produit invalide"),
        (add("abc", None, "M", "noir"), "ID de produit invalide"),
        (add(TSHIRT, None, "", "noir"), "Veuillez sélectionner une taille et une couleur"),
        (add(TSHIRT, None, "M", " "), "Veuillez sélectionner une taille et une couleur"),
        (add(TSHIRT, Some(Ok(0)), "M", "noir"), "La quantité doit être au moins de 1"),
        (add(TSHIRT, Some(Ok(-1)), "M", "noir"), "La quantité doit être au moins de 1"),
        (add(TSHIRT, Some(Err(())), "M", "noir"), "La quantité doit être un nombre entier"),
    ];
    for (request, message) in cases {
        assert_eq!(service.add(user, request.clone()).await.unwrap_err().to_string(), message, "{request:?}");
    }
}

#[tokio::test]
async fn unknown_products_and_variants_are_told_apart() {
    let service = CartService::new(Arc::new(MockCartRepository::new()), Arc::new(catalogue()));
    let user = Uuid::new_v4();
    let missing = service.add(user, add("00000000-0000-0000-0000-000000000009", None, "M", "noir")).await;
    assert!(matches!(missing, Err(CartError::ProductNotFound)));
    let wrong_color = service.add(user, add(TSHIRT, None, "M", "violet")).await;
    assert!(matches!(wrong_color, Err(CartError::UnknownVariant)));
    let huge = service.add(user, add(TSHIRT, Some(Ok(1 << 40)), "M", "noir")).await;
    assert!(matches!(huge, Err(CartError::InsufficientStock { available: 3 })));
}

#[tokio::test]
async fn merging_adds_up_caps_at_stock_and_reports_what_was_dropped() {
    let user = Uuid::new_v4();
    let black_m = VariantRef { product_id: Uuid::from_u128(1), color: "noir".into(), size: "M".into() };
    let lines = Arc::new(Mutex::new(vec![CartLine { id: Uuid::new_v4(), variant: black_m.clone(), quantity: 2 }]));
    let service = CartService::new(Arc::new(cart_store(lines.clone())), Arc::new(catalogue()));
    let guest = vec![
        add(TSHIRT, Some(Ok(1)), "M", "noir"),
        add(TSHIRT, Some(Ok(1)), "M", "Noir"),
        add(TSHIRT, Some(Ok(1)), "M", "blanc"),
        add(TSHIRT, Some(Ok(1)), "L", "noir"),
        add("00000000-0000-0000-0000-000000000009", Some(Ok(1)), "M", "noir"),
        add(TSHIRT, Some(Ok(0)), "M", "blanc"),
    ];
    let (cart, report) = service.merge(user, guest).await.unwrap();
    let quantity = |color: &str| cart.items.iter().find(|i| i.color == color).map(|i| i.quantity);
    assert_eq!(quantity("noir"), Some(3), "2 + 1 + 1 capped at the 3 in stock");
    assert_eq!(quantity("blanc"), Some(1));
    assert_eq!((report.merged, report.capped), (2, 1));
    let reasons: Vec<&str> = report.dropped.iter().map(|d| d.reason.as_str()).collect();
    assert_eq!(reasons, ["La quantité doit être au moins de 1", "Épuisé", "Ce produit n'est plus disponible"]);
}

#[tokio::test]
async fn another_customers_line_is_not_found() {
    let mut carts = MockCartRepository::new();
    carts.expect_line().returning(|_, _| Ok(None));
    carts.expect_remove().returning(|_, _| Ok(false));
    let service = CartService::new(Arc::new(carts), Arc::new(catalogue()));
    let (user, line) = (Uuid::new_v4(), Uuid::new_v4());
    assert!(matches!(service.set_quantity(user, line, Some(Ok(1))).await, Err(CartError::ItemNotFound)));
    assert!(matches!(service.remove(user, line).await, Err(CartError::ItemNotFound)));
    let too_small = service.set_quantity(user, line, Some(Ok(0))).await.unwrap_err();
    assert_eq!(too_small.to_string(), "La quantité doit être au moins de 1");
}

/// The catalogue with the t-shirt at `price` francs, no promotion.
fn catalogue_at(price: i64) -> MockProductRepository {
    let priced = move || Product { price: Money::francs(price), on_promotion: false, ..tshirt() };
    let mut products = MockProductRepository::new();
    products.expect_find_active().returning(move |_| Ok(Some(priced())));
    products.expect_find_active_by_ids().returning(move |_| Ok(vec![priced()]));
    products
}

#[tokio::test]
async fn units_whose_amount_cannot_be_counted_are_refused_before_they_are_stored() {
    let lines = Arc::new(Mutex::new(Vec::<CartLine>::new()));
    let mut store = cart_store(lines.clone());
    let l = lines.clone();
    store.expect_line().returning(move |_, id| Ok(l.lock().unwrap().iter().find(|line| line.id == id).cloned()));
    let l = lines.clone();
    store.expect_set_quantity().returning(move |_, id, quantity| {
        let mut lines = l.lock().unwrap();
        let line = lines.iter_mut().find(|line| line.id == id);
        Ok(line.map(|line| {
            line.quantity = quantity;
            line.clone()
        }))
    });
    let service = CartService::new(Arc::new(store), Arc::new(catalogue_at(i64::MAX / 4)));
    let user = Uuid::new_v4();
    let quarter = i64::MAX / 4;
    let cart = service.add(user, add(TSHIRT, Some(Ok(3)), "M", "noir")).await.unwrap();
    assert_eq!(cart.subtotal(), Money::francs(quarter * 3));
    let too_large = |result: Result<crate::Cart, CartError>| {
        let error = result.unwrap_err();
        assert!(matches!(error, CartError::AmountTooLarge(_)), "{error:?}");
        assert_eq!(error.to_string(), "Montant trop élevé.");
    };
    // Two lines each countable, not together; one line past the limit on its own.
    too_large(service.add(user, add(TSHIRT, Some(Ok(2)), "M", "blanc")).await);
    too_large(service.add(user, add(TSHIRT, Some(Ok(5)), "M", "blanc")).await);

    let black = lines.lock().unwrap()[0].id;
    assert_eq!(service.set_quantity(user, black, Some(Ok(1))).await.unwrap().subtotal(), Money::francs(quarter));
    let cart = service.add(user, add(TSHIRT, Some(Ok(2)), "M", "blanc")).await.unwrap();
    assert_eq!(cart.subtotal(), Money::francs(quarter * 3));
    too_large(service.set_quantity(user, black, Some(Ok(3))).await);
    too_large(service.merge(user, vec![add(TSHIRT, Some(Ok(2)), "L", "blanc")]).await.map(|(cart, _)| cart));

    let stored: Vec<u32> = lines.lock().unwrap().iter().map(|line| line.quantity).collect();
    assert_eq!(stored, [1, 2], "nothing refused was stored");
}

#[tokio::test]
async fn a_cart_made_uncountable_by_a_new_price_is_refused_never_shown_free() {
    let lines = Arc::new(Mutex::new(vec![CartLine {
        id: Uuid::new_v4(),
        variant: VariantRef { product_id: Uuid::from_u128(1), color: "noir".into(), size: "M".into() },
        quantity: 3,
    }]));
    let service = CartService::new(Arc::new(cart_store(lines)), Arc::new(catalogue_at(i64::MAX / 2)));
    let error = service.cart(Uuid::new_v4()).await.unwrap_err();
    assert!(matches!(error, CartError::AmountTooLarge(_)), "{error:?}");
}

/// The catalogue with 40 black M t-shirts: more than a line may hold.
fn plentiful() -> MockProductRepository {
    let stocked = || {
        let mut product = tshirt();
        product.stock.set(Color::parse("noir").unwrap(), Size::parse("M").unwrap(), 40);
        product
    };
    let mut products = MockProductRepository::new();
    products.expect_find_active().returning(move |_| Ok(Some(stocked())));
    products.expect_find_active_by_ids().returning(move |_| Ok(vec![stocked()]));
    products
}

const LINE_LIMIT: &str =
    "Vous ne pouvez pas prendre plus de 10 exemplaires d'un même article (même taille, même couleur).";

#[tokio::test]
async fn a_line_holds_ten_units_at_most_even_when_the_stock_holds_more() {
    let lines = Arc::new(Mutex::new(Vec::<CartLine>::new()));
    let mut store = cart_store(lines.clone());
    let l = lines.clone();
    store.expect_line().returning(move |_, id| Ok(l.lock().unwrap().iter().find(|line| line.id == id).cloned()));
    store.expect_set_quantity().never();
    let service = CartService::new(Arc::new(store), Arc::new(plentiful()));
    let user = Uuid::new_v4();
    let eleven = service.add(user, add(TSHIRT, Some(Ok(11)), "M", "noir")).await.unwrap_err();
    assert_eq!(eleven.to_string(), LINE_LIMIT);
    assert!(lines.lock().unwrap().is_empty(), "nothing stored");
    assert_eq!(service.add(user, add(TSHIRT, Some(Ok(8)), "M", "noir")).await.unwrap().items[0].quantity, 8);
    let beyond = service.add(user, add(TSHIRT, Some(Ok(3)), "M", "noir")).await.unwrap_err();
    assert_eq!(beyond.to_string(), LINE_LIMIT, "8 held + 3 asked");
    assert_eq!(service.add(user, add(TSHIRT, Some(Ok(2)), "M", "noir")).await.unwrap().items[0].quantity, 10);
    let line = lines.lock().unwrap()[0].id;
    let typed = service.set_quantity(user, line, Some(Ok(11))).await.unwrap_err();
    assert_eq!(typed.to_string(), LINE_LIMIT);
    assert_eq!(lines.lock().unwrap()[0].quantity, 10);
}

#[tokio::test]
async fn below_ten_in_stock_the_stock_is_what_a_refusal_names() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let service = CartService::new(Arc::new(cart_store(lines)), Arc::new(catalogue()));
    let error = service.add(Uuid::new_v4(), add(TSHIRT, Some(Ok(12)), "M", "noir")).await.unwrap_err();
    assert_eq!(error.to_string(), "Stock insuffisant. Seulement 3 disponible(s).");
}

#[tokio::test]
async fn a_merged_guest_line_is_lowered_to_ten_and_reported_capped() {
    let black_m = VariantRef { product_id: Uuid::from_u128(1), color: "noir".into(), size: "M".into() };
    let lines = Arc::new(Mutex::new(vec![CartLine { id: Uuid::new_v4(), variant: black_m, quantity: 7 }]));
    let service = CartService::new(Arc::new(cart_store(lines.clone())), Arc::new(plentiful()));
    let (cart, report) = service.merge(Uuid::new_v4(), vec![add(TSHIRT, Some(Ok(7)), "M", "noir")]).await.unwrap();
    assert_eq!(cart.items[0].quantity, 10, "7 held + 7 from the guest, 40 in stock");
    assert_eq!((report.merged, report.capped), (1, 1));
}
