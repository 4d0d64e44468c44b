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
            email: Some(Email::parse(email).unwrap()),
            password_hash: Some("$argon2id$fake".into()),
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            phone: Phone::parse("77 123 45 67").ok(),
            role: Role::Customer,
            login_phone: None,
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
        image_colors: Vec::new(),
        material: None,
        care_instructions: None,
        featured: false,
        active: Some(true),
    };
    PgProductRepository::new(test.database.clone()).create(form.validate(None).unwrap()).await.unwrap()
}

/// A cash-on-delivery order for `customer`, as checkout would store it, without messages.
pub async fn placed_order(
    repository: &bitik_postgres::PgOrderRepository,
    test: &TestDatabase,
    customer: &User,
) -> bitik_orders::Order {
    use bitik_common::Money;
    use bitik_orders::{
        NewOrder, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo, ShippingMethod, StatusChange,
    };
    let product =
        tshirt(test, &format!("T-shirt {}", uuid::Uuid::new_v4().simple()), 5_000, &[("noir", "M", 10)]).await;
    let lines = vec![line(&product, 2)];
    let order = NewOrder {
        order_number: format!("ORD-{:010}", uuid::Uuid::new_v4().as_u128() % 10_000_000_000),
        user_id: customer.id,
        lines,
        subtotal: Money::francs(10_000),
        shipping_cost: Money::francs(1_000),
        discount: Money::ZERO,
        total: Money::francs(11_000),
        shipping: ShippingInfo {
            first_name: "Awa".into(),
            last_name: "Diop".into(),
            email: customer.email.clone().unwrap().into_inner(),
            phone: "+221771234567".into(),
            address: "Unité 15".into(),
            city: "Dakar".into(),
            country: "Sénégal".into(),
            ..ShippingInfo::default()
        },
        shipping_method: ShippingMethod::Standard,
        payment_method: PaymentMethod::CashOnDelivery,
        idempotency_key: None,
        from_cart: true,
        promo: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    };
    let first = StatusChange {
        status: OrderStatus::Pending,
        note: "Commande créée".into(),
        by: "Client".into(),
        by_user: Some(customer.id),
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: chrono::Utc::now(),
    };
    repository.place(order, first, None).await.unwrap()
}

/// The id of such an order.
pub async fn order_for(test: &TestDatabase, customer: &User) -> uuid::Uuid {
    let repository = bitik_postgres::PgOrderRepository::new(test.database.clone());
    placed_order(&repository, test, customer).await.id
}
