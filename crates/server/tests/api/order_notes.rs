//! What the customer reads of their order: the status changes and the notes meant for them,
//! signed by the shop's team; never an internal note, a refund's reason, the confirmation's calls
//! or a staff member's name, in any answer the customer gets.

use reqwest::Method;
use serde_json::{Value, json};

use crate::cash_on_delivery::{Shop, data};

const INTERNAL: &str = "Cliente pressée, rappeler après 18 h";
const REASON: &str = "Geste commercial pour le retard";
const FOR_CUSTOMER: &str = "Votre colis part cet après-midi";
const TEAM: &str = "L'équipe Bitik Dakar";

/// What of the staff's own words or names a customer's answer holds.
fn leaks(answer: &str) -> Vec<&'static str> {
    ["Mariama", "Sow", INTERNAL, REASON].into_iter().filter(|secret| answer.contains(secret)).collect()
}

async fn status(shop: &Shop, id: &str, status: &str, note: Option<&str>, visible: bool) {
    let body = json!({"status": status, "note": note, "customerVisible": visible});
    let response = shop.admin(Method::PUT, &format!("/api/admin/orders/{id}/status"), Some(body)).await;
    assert_eq!(response.status(), 200, "{status}");
}

async fn customer_answer(shop: &Shop, method: Method, path: &str) -> String {
    let response = shop.app.send(method, path, Some(&shop.customer), None).await;
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

fn history(order: &Value) -> Vec<(String, String, String)> {
    let text = |entry: &Value, key: &str| entry[key].as_str().unwrap().to_owned();
    order["statusHistory"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (text(e, "status"), text(e, "note"), text(e, "by")))
        .collect()
}

#[tokio::test]
async fn no_customer_answer_carries_an_internal_note_or_a_staff_name() {
    let shop = Shop::open(10).await;
    shop.app.sql("UPDATE users SET first_name = 'Mariama', last_name = 'Sow' WHERE email = 'chef@bitik.sn'").await;

    // A cash order through its whole life: a call unanswered, confirmed by phone, an internal
    // note, a note for the customer, delivered, paid, part of it refunded with a reason.
    let id = shop.order(1, "cash_on_delivery").await;
    assert_eq!(shop.report(&id, "no_answer").await.status(), 200);
    assert_eq!(shop.report(&id, "confirmed").await.status(), 200);
    status(&shop, &id, "processing", Some(INTERNAL), false).await;
    status(&shop, &id, "shipped", Some(FOR_CUSTOMER), true).await;
    status(&shop, &id, "delivered", None, false).await;
    let paid = shop.admin(Method::PUT, &format!("/api/admin/orders/{id}/payment"), None).await;
    assert_eq!(paid.status(), 200);
    let refund = json!({"amount": 1000, "method": "cash", "reason": REASON});
    let refunded = shop.admin(Method::POST, &format!("/api/admin/orders/{id}/refund"), Some(refund)).await;
    assert_eq!(refunded.status(), 200);

    // The back office reads every word, who wrote it, and whether the customer does.
    let staff = shop.admin_order(&id).await;
    let staff_text = staff.to_string();
    assert!(staff_text.contains(INTERNAL) && staff_text.contains(REASON) && staff_text.contains("Admin Mariama Sow"));
    let internal = staff["statusHistory"].as_array().unwrap().iter().find(|e| e["note"] == INTERNAL).unwrap();
    assert_eq!(internal["customerVisible"], false);
    let meant = staff["statusHistory"].as_array().unwrap().iter().find(|e| e["note"] == FOR_CUSTOMER).unwrap();
    assert_eq!(meant["customerVisible"], true);

    // The customer reads the changes of status and the notes meant for them, by the team.
    let mine = shop.customer_order(&id).await;
    assert_eq!(
        history(&mine),
        [
            ("pending", "Commande créée", "Client"),
            ("pending", "Commande confirmée par téléphone", TEAM),
            ("processing", "", TEAM),
            ("shipped", FOR_CUSTOMER, TEAM),
            ("delivered", "", TEAM),
            ("delivered", "Paiement à la livraison reçu", TEAM),
        ]
        .map(|(s, n, b)| (s.to_owned(), n.to_owned(), b.to_owned()))
    );
    assert_eq!((mine["refunds"][0]["amount"].as_i64(), mine["refunds"][0]["reason"].as_str()), (Some(1000), Some("")));
    assert_eq!(mine["refunds"][0]["by"], TEAM);
    assert_eq!(mine["confirmationAttempts"], json!([]), "who called and when is the shop's record");

    // Two more orders, each with a call the shop reported: one the customer cancels, one they
    // confirm. Every answer the customer gets is checked.
    let cancelled = shop.order(1, "cash_on_delivery").await;
    let confirmed = shop.order(1, "cash_on_delivery").await;
    for other in [&cancelled, &confirmed] {
        assert_eq!(shop.report(other, "no_answer").await.status(), 200);
    }
    let answers = [
        customer_answer(&shop, Method::GET, "/api/orders").await,
        customer_answer(&shop, Method::GET, &format!("/api/orders/{id}")).await,
        customer_answer(&shop, Method::POST, &format!("/api/orders/{cancelled}/cancel")).await,
        customer_answer(&shop, Method::POST, &format!("/api/orders/{confirmed}/confirm")).await,
    ];
    for answer in &answers {
        assert!(leaks(answer).is_empty(), "{:?} in {answer}", leaks(answer));
    }
    assert!(answers[0].contains(FOR_CUSTOMER) && answers[0].contains(TEAM), "the list carries the same history");
    let placed = data(shop.checkout(&shop.customer, 1, "cash_on_delivery").await, 201).await;
    assert!(leaks(&placed.to_string()).is_empty());
}
