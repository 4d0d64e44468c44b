//! Small shops for the cart and order tests: a customer, a t-shirt with the stock asked for.

use std::collections::BTreeMap;

use bitik_catalog::{Product, ProductForm, ProductRepository};
use bitik_common::{Email, Phone};
use bitik_identity::ports::UserRepository;
use bitik_identity::{NewUser, Role, User};
use bitik_orders::OrderLine;
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgProductRepository, PgUserRepository};

pub async fn customer(test: &TestDatabase, email: &str) -> User {
    let users = PgUserRepository::new(test.database.clone());
    users
        .insert(NewUser {
            email: Email::parse(email).unwrap(),
            password_hash: "$argon2id$fake".into(),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: Phone::parse("77 123 45 67").ok(),
            role: Role::Customer,
        })
        .await
        .unwrap()
}

/// `quantity` black M of `product`, at its price.
pub fn line(product: &Product, quantity: u32) -> OrderLine {
    OrderLine {
        product_id: product.id,
        name: product.name.clone(),
        image: String::new(),
        color: "noir".into(),
        size: "M".into(),
        quantity,
        unit_price: product.price,
    }
}

/// A t-shirt at `price` FCFA whose stock is `(colour, size, quantity)`.
pub async fn tshirt(test: &TestDatabase, name: &str, price: i64, stock: &[(&str, &str, i64)]) -> Product {
    let mut colors: Vec<String> = Vec::new();
    let mut sizes: Vec<String> = Vec::new();
    let mut grid: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
    for &(color, size, quantity) in stock {
        if !colors.iter().any(|c| c == color) {
            colors.push(color.to_owned());
        }
        if !sizes.iter().any(|s| s == size) {
            sizes.push(size.to_owned());
        }
        grid.entry(color.to_owned()).or_default().insert(size.to_owned(), quantity);
    }
    let form = ProductForm {
        name: Some(name.to_owned()),
        description: Some("Un t-shirt.".to_owned()),
        short_description: None,
        price: Some(price),
        promo_price: None,
        on_promotion: false,
        category: Some("vetement".to_owned()),
        subcategory: Some("t-shirt".to_owned()),
        colors,
        sizes,
        stock: grid,
        images: Vec::new(),
        material: None,
        care_instructions: None,
        featured: false,
        active: Some(true),
    };
    PgProductRepository::new(test.database.clone()).create(form.validate(None).unwrap()).await.unwrap()
}
