//! Invoices in PostgreSQL: numbered from 1 without gaps whatever the concurrency, one per order,
//! and never rewritten.

use bitik_orders::PaymentMethod;
use bitik_orders::invoice::{InvoiceContent, InvoiceRepository, Party};
use bitik_postgres::PgInvoiceRepository;
use bitik_postgres::testing::TestDatabase;
use diesel_async::RunQueryDsl;

use crate::payments::{now, wave_order};

fn content(order_number: &str) -> InvoiceContent {
    let party = |name: &str| Party {
        name: name.into(),
        address: vec!["Médina".into()],
        phone: "+221771234567".into(),
        email: String::new(),
        legal_id: String::new(),
    };
    InvoiceContent {
        seller: party("Bitik Dakar"),
        customer: party("Awa Diop"),
        order_number: order_number.into(),
        ordered_at: now(),
        lines: Vec::new(),
        subtotal: 10_000,
        shipping_cost: 1_000,
        shipping: "Livraison standard".into(),
        discount: 0,
        promo_code: None,
        total: 11_000,
        payment_method: "Wave".into(),
        payment_state: "Payée".into(),
        amount_paid: 11_000,
    }
}

#[tokio::test]
async fn numbers_run_from_one_without_gaps_and_an_order_keeps_its_one_invoice() {
    let test = TestDatabase::new().await;
    let invoices = std::sync::Arc::new(PgInvoiceRepository::new(test.database.clone()));
    let mut orders = Vec::new();
    for _ in 0..6 {
        orders.push(wave_order(&test, PaymentMethod::Wave, now()).await);
    }
    // Every order asked twice at once: twelve issues racing for six numbers.
    let tasks: Vec<_> = orders
        .iter()
        .flat_map(|order| [order.clone(), order.clone()])
        .map(|order| {
            let invoices = invoices.clone();
            tokio::spawn(async move {
                let issued = invoices.issue(order.id, content(&order.order_number), now()).await.unwrap();
                (order.id, issued.number)
            })
        })
        .collect();
    let mut issued = Vec::new();
    for task in tasks {
        issued.push(task.await.unwrap());
    }
    for order in &orders {
        let numbers: Vec<i64> = issued.iter().filter(|(id, _)| *id == order.id).map(|(_, n)| *n).collect();
        assert_eq!(numbers[0], numbers[1], "one invoice per order, whoever asks");
        let kept = invoices.find(order.id).await.unwrap().unwrap();
        assert_eq!((kept.number, kept.content.order_number.as_str()), (numbers[0], order.order_number.as_str()));
    }
    let mut numbers: Vec<i64> = issued.iter().map(|(_, n)| *n).collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers, (1..=6).collect::<Vec<_>>(), "no number skipped, none given twice");

    let next = wave_order(&test, PaymentMethod::Wave, now()).await;
    assert_eq!(invoices.issue(next.id, content(&next.order_number), now()).await.unwrap().number, 7);
}

#[tokio::test]
async fn an_issued_invoice_is_never_rewritten_nor_removed() {
    let test = TestDatabase::new().await;
    let order = wave_order(&test, PaymentMethod::Wave, now()).await;
    let invoices = PgInvoiceRepository::new(test.database.clone());
    let issued = invoices.issue(order.id, content(&order.order_number), now()).await.unwrap();
    let mut conn = test.database.conn().await.unwrap();
    for sql in ["UPDATE invoices SET content = '{}'", "DELETE FROM invoices"] {
        let refused = diesel::sql_query(sql).execute(&mut conn).await;
        assert!(refused.is_err(), "{sql} went through");
    }
    assert_eq!(invoices.find(order.id).await.unwrap().unwrap(), issued);
}
