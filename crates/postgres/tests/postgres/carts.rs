use bitik_cart::{CartRepository, VariantRef};
use bitik_postgres::PgCartRepository;
use bitik_postgres::testing::TestDatabase;

use crate::fixtures::{customer, tshirt};

fn variant(product: &bitik_catalog::Product, color: &str, size: &str) -> VariantRef {
    VariantRef { product_id: product.id, color: color.into(), size: size.into() }
}

#[tokio::test]
async fn adding_the_same_variant_grows_one_line_within_the_limit() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    carts.add(awa.id, variant(&tee, "noir", "M"), 2, 3).await.unwrap().unwrap();
    assert!(carts.add(awa.id, variant(&tee, "noir", "M"), 2, 3).await.unwrap().is_none(), "2 + 2 > 3");
    let line = carts.add(awa.id, variant(&tee, "noir", "M"), 1, 3).await.unwrap().unwrap();
    assert_eq!(line.quantity, 3);
    assert_eq!(carts.lines(awa.id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn racing_adds_never_pass_the_limit() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let carts = std::sync::Arc::new(PgCartRepository::new(test.database.clone()));
    let adds = (0..10).map(|_| {
        let (carts, v) = (carts.clone(), variant(&tee, "noir", "M"));
        tokio::spawn(async move { carts.add(awa.id, v, 1, 5).await.unwrap().is_some() })
    });
    let mut accepted = 0;
    for add in adds {
        accepted += usize::from(add.await.unwrap());
    }
    assert_eq!(accepted, 5);
    assert_eq!(carts.lines(awa.id).await.unwrap()[0].quantity, 5);
}

#[tokio::test]
async fn a_cart_is_its_owners_only() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let moussa = customer(&test, "moussa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    let line = carts.add(awa.id, variant(&tee, "noir", "M"), 1, 3).await.unwrap().unwrap();
    assert!(carts.line(moussa.id, line.id).await.unwrap().is_none());
    assert!(carts.set_quantity(moussa.id, line.id, 2).await.unwrap().is_none());
    assert!(!carts.remove(moussa.id, line.id).await.unwrap());
    carts.clear(moussa.id).await.unwrap();
    assert_eq!(carts.lines(awa.id).await.unwrap().len(), 1, "Moussa's clear left Awa's cart alone");
    assert_eq!(carts.set_quantity(awa.id, line.id, 2).await.unwrap().unwrap().quantity, 2);
    assert!(carts.remove(awa.id, line.id).await.unwrap());
    assert!(carts.lines(awa.id).await.unwrap().is_empty());
}

#[tokio::test]
async fn merging_adds_up_capped_at_the_maximum() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3), ("blanc", "L", 4)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    carts.add(awa.id, variant(&tee, "noir", "M"), 2, 3).await.unwrap();
    carts.merge(awa.id, vec![(variant(&tee, "noir", "M"), 2, 3), (variant(&tee, "blanc", "L"), 9, 4)]).await.unwrap();
    let lines = carts.lines(awa.id).await.unwrap();
    let quantity = |color: &str| lines.iter().find(|l| l.variant.color == color).unwrap().quantity;
    assert_eq!((quantity("noir"), quantity("blanc")), (3, 4));
}

#[tokio::test]
async fn merged_lines_keep_the_guests_order() {
    let test = TestDatabase::new().await;
    let awa = customer(&test, "awa@example.sn").await;
    let tee = tshirt(&test, "T-shirt Teranga", 10_000, &[("noir", "M", 3), ("blanc", "L", 4), ("gris", "S", 2)]).await;
    let carts = PgCartRepository::new(test.database.clone());
    let guest = vec![
        (variant(&tee, "gris", "S"), 1, 2),
        (variant(&tee, "noir", "M"), 1, 3),
        (variant(&tee, "blanc", "L"), 1, 4),
    ];
    carts.merge(awa.id, guest).await.unwrap();
    let colors: Vec<String> = carts.lines(awa.id).await.unwrap().into_iter().map(|l| l.variant.color).collect();
    assert_eq!(colors, ["gris", "noir", "blanc"]);
}
