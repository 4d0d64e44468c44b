//! Back-in-stock alerts: one waits per address and variant; a release tells the alerts of
//! restocked variants of products for sale, writing their messages and spending them in one
//! transaction, and two releases at once tell each alert once; unsubscribing ends an address's
//! waiting alerts.

use bitik_catalog::{
    Adjuster, Color, ProductRepository, Size, StockAdjustment, StockAlert, StockAlertRepository, StockReason, Waiting,
};
use bitik_common::{Email, PageRequest, Shop};
use bitik_messages::templates::Templates;
use bitik_messages::{MessageKind, MessageState, Outbox};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgOutbox, PgProductRepository, PgStockAlerts};
use uuid::Uuid;

use crate::fixtures::tshirt;

fn alerts(test: &TestDatabase) -> PgStockAlerts {
    PgStockAlerts::new(test.database.clone(), Templates::new(Shop::default(), "https://bitik.sn"))
}

fn alert(product: Uuid, size: Size, email: &str) -> StockAlert {
    StockAlert {
        product_id: product,
        color: Color::parse("noir").unwrap(),
        size,
        email: Email::parse(email).unwrap(),
        phone: None,
    }
}

async fn restock(test: &TestDatabase, product: Uuid, size: Size, quantity: u32) {
    let products = PgProductRepository::new(test.database.clone());
    let adjustment = StockAdjustment {
        quantities: vec![(Color::parse("noir").unwrap(), size, quantity)],
        reason: StockReason::Found,
        note: String::new(),
        by: Adjuster { id: Uuid::from_u128(1), name: "Awa".into() },
    };
    products.adjust_stock(product, &adjustment).await.unwrap().unwrap();
}

async fn told(test: &TestDatabase) -> Vec<String> {
    let outbox = PgOutbox::new(test.database.clone());
    let mut recipients = Vec::new();
    // The back office's listing gives 100 messages a page at most.
    for page in 1.. {
        let page = outbox.list(Some(MessageState::Pending), PageRequest::new(page, 100, 100)).await.unwrap();
        let last = page.items.len() < 100;
        recipients.extend(page.items.into_iter().filter(|m| m.kind == MessageKind::BackInStock).map(|m| m.recipient));
        if last {
            return recipients;
        }
    }
    unreachable!("pages are counted until one is not full")
}

#[tokio::test]
async fn asking_twice_waits_once_and_the_back_office_counts_per_variant() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 9_500, &[("noir", "M", 0), ("noir", "L", 0)]).await;
    let alerts = alerts(&test);
    for (size, email) in [(Size::M, "awa@example.sn"), (Size::M, "awa@example.sn"), (Size::M, "moussa@example.sn")] {
        alerts.ask(&alert(tee.id, size, email)).await.unwrap();
    }
    alerts.ask(&alert(tee.id, Size::L, "awa@example.sn")).await.unwrap();
    let waiting = alerts.waiting(tee.id).await.unwrap();
    assert_eq!(
        waiting,
        [
            Waiting { color: "noir".into(), size: "L".into(), count: 1 },
            Waiting { color: "noir".into(), size: "M".into(), count: 2 },
        ]
    );
}

#[tokio::test]
async fn a_release_tells_restocked_variants_of_products_for_sale_once_and_spends_their_alerts() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 9_500, &[("noir", "M", 0), ("noir", "L", 0)]).await;
    let hidden = tshirt(&test, "Pull Ndar", 20_000, &[("noir", "M", 0)]).await;
    let alerts = alerts(&test);
    alerts.ask(&alert(tee.id, Size::M, "awa@example.sn")).await.unwrap();
    alerts.ask(&alert(tee.id, Size::L, "moussa@example.sn")).await.unwrap();
    alerts.ask(&alert(hidden.id, Size::M, "fatou@example.sn")).await.unwrap();
    assert_eq!(alerts.release().await.unwrap(), 0, "nothing has stock");

    restock(&test, tee.id, Size::M, 2).await;
    restock(&test, hidden.id, Size::M, 2).await;
    let mut conn = test.database.conn().await.unwrap();
    diesel_async::RunQueryDsl::execute(
        diesel::sql_query(format!("UPDATE products SET active = false WHERE id = '{}'", hidden.id)),
        &mut conn,
    )
    .await
    .unwrap();

    assert_eq!(alerts.release().await.unwrap(), 1);
    assert_eq!(told(&test).await, ["awa@example.sn"], "only the restocked variant of a product for sale");
    assert_eq!(alerts.release().await.unwrap(), 0, "a spent alert is not told again");
    let waiting = alerts.waiting(tee.id).await.unwrap();
    assert_eq!(waiting, [Waiting { color: "noir".into(), size: "L".into(), count: 1 }]);
    // Spent, the address may ask again, for the next time it sells out.
    alerts.ask(&alert(tee.id, Size::M, "awa@example.sn")).await.unwrap();
    assert_eq!(alerts.waiting(tee.id).await.unwrap().len(), 2);
}

#[tokio::test]
async fn two_releases_at_once_tell_each_alert_once() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 9_500, &[("noir", "M", 0)]).await;
    let alerts = alerts(&test);
    for n in 0..300 {
        alerts.ask(&alert(tee.id, Size::M, &format!("client{n}@example.sn"))).await.unwrap();
    }
    restock(&test, tee.id, Size::M, 1).await;
    let other_instance = self::alerts(&test);
    let (one, two) = tokio::join!(alerts.release(), other_instance.release());
    assert_eq!(one.unwrap() + two.unwrap(), 300);
    let mut recipients = told(&test).await;
    recipients.sort();
    recipients.dedup();
    assert_eq!(recipients.len(), 300, "every alert told");
    assert_eq!(told(&test).await.len(), 300, "and once");
}

#[tokio::test]
async fn unsubscribing_ends_the_addresss_waiting_alerts_only() {
    let test = TestDatabase::new().await;
    let tee = tshirt(&test, "T-shirt Teranga", 9_500, &[("noir", "M", 0), ("noir", "L", 0)]).await;
    let alerts = alerts(&test);
    alerts.ask(&alert(tee.id, Size::M, "awa@example.sn")).await.unwrap();
    alerts.ask(&alert(tee.id, Size::L, "awa@example.sn")).await.unwrap();
    alerts.ask(&alert(tee.id, Size::L, "moussa@example.sn")).await.unwrap();
    restock(&test, tee.id, Size::M, 1).await;
    alerts.release().await.unwrap();
    let outbox = PgOutbox::new(test.database.clone());
    let page = outbox.list(None, PageRequest::new(1, 10, 100)).await.unwrap();
    let link = &page.items[0].text;
    let start = link.find("/alerts/unsubscribe/").unwrap() + "/alerts/unsubscribe/".len();
    let token: Uuid = link[start..start + 36].parse().unwrap();

    assert!(alerts.unsubscribe(token).await.unwrap());
    assert!(alerts.unsubscribe(token).await.unwrap(), "the link works again");
    assert!(!alerts.unsubscribe(Uuid::new_v4()).await.unwrap());
    assert_eq!(alerts.waiting(tee.id).await.unwrap(), [Waiting { color: "noir".into(), size: "L".into(), count: 1 }]);
}
