//! A product for the tests of this crate and of those that use the catalogue (`mocks` feature).

use bitik_common::Money;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::model::{Color, Product, Size, Slug, Stock, Subcategory};

/// An active product at 10 000 FCFA, black, in M, with no stock recorded and no picture.
pub fn product(name: &str, subcategory: Subcategory, created_at: DateTime<Utc>) -> Product {
    Product {
        id: Uuid::new_v4(),
        slug: Slug::from_name(name),
        name: name.to_owned(),
        short_description: String::new(),
        description: "Une description.".to_owned(),
        price: Money::francs(10_000),
        promo_price: None,
        on_promotion: false,
        subcategory,
        colors: vec![Color::parse("noir").unwrap()],
        sizes: vec![Size::M],
        pictures: vec![],
        stock: Stock::default(),
        material: String::new(),
        care_instructions: String::new(),
        featured: false,
        active: true,
        created_at,
    }
}
