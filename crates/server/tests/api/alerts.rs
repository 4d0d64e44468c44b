//! Back-in-stock alerts (docs/rules.md#back-in-stock): asked without an account on a sold-out
//! variant, one per address and variant, rate-limited; told once by e-mail (a real SMTP server)
//! when the variant has stock again, whether the admin restocks it or a cancelled order gives
//! it back; the message's unsubscribe link ends the address's other alerts.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app, spawn_app_with};
use crate::messages::{Smtpd, to};

/// A shop that sends e-mail and runs its jobs every second.
async fn shop(smtpd: &Smtpd) -> TestApp {
    spawn_app_with(&[("SMTP_URL", &smtpd.url()), ("SWEEP_SECONDS", "1")]).await
}

async fn ask(app: &TestApp, product: &str, size: &str, email: &str) -> reqwest::Response {
    let body = json!({"color": "noir", "size": size, "email": email});
    app.post_json(&format!("/api/products/{product}/alerts"), &body).await
}

async fn waiting(app: &TestApp, admin: &str, product: &str) -> Value {
    let response = app.send(Method::GET, &format!("/api/admin/products/{product}/alerts"), Some(admin), None).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn set_stock(app: &TestApp, admin: &str, product: &str, size: &str, quantity: i64) {
    let body = json!({"stock": {"noir": {size: quantity}}, "reason": "recount"});
    let response = app.send(Method::PUT, &format!("/api/products/{product}/stock"), Some(admin), Some(&body)).await;
    assert_eq!(response.status(), 200);
}

/// The back-in-stock messages the outbox holds, however they fared.
async fn outbox_count(app: &TestApp, admin: &str) -> usize {
    let response = app.send(Method::GET, "/api/admin/messages?limit=100", Some(admin), None).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["data"].as_array().unwrap().iter().filter(|m| m["kind"] == "back_in_stock").count()
}

/// Several slots of the job, long enough for a second telling to have happened if it could.
async fn a_few_sweeps() {
    tokio::time::sleep(Duration::from_secs(3)).await;
}

#[tokio::test]
async fn each_address_is_told_once_when_the_admin_restocks_and_asking_twice_is_asking_once() {
    let smtpd = Smtpd::started().await;
    let app = shop(&smtpd).await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 0), ("noir", "L", 2)]).await;

    for email in ["awa@example.sn", " Awa@Example.sn ", "moussa@example.sn"] {
        let response = ask(&app, &tee, "M", email).await;
        assert_eq!(response.status(), 201, "{email}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["data"]["waiting"], true);
    }
    // In stock: the shopper can buy it now.
    let in_stock = error_body(ask(&app, &tee, "L", "awa@example.sn").await).await;
    assert_eq!(in_stock["code"], "in_stock");
    assert_eq!(in_stock["message"], "Cet article est disponible : vous pouvez le commander dès maintenant.");
    assert_eq!(waiting(&app, &admin, &tee).await, json!([{"color": "noir", "size": "M", "count": 2}]));

    a_few_sweeps().await;
    assert!(smtpd.mails().is_empty(), "nothing is told while the variant is sold out");

    set_stock(&app, &admin, &tee, "M", 3).await;
    let mails = smtpd.wait_for(2, Duration::from_secs(30)).await;
    let mut recipients: Vec<String> = mails.iter().map(|m| to(m)).collect();
    recipients.sort();
    assert_eq!(recipients, ["awa@example.sn", "moussa@example.sn"]);
    for mail in &mails {
        assert!(mail.contains("T-shirt Teranga est de retour en stock"), "{mail}");
        assert!(mail.contains("Noir, taille M"), "{mail}");
        assert!(mail.contains("/product/t-shirt-teranga"), "the product's link: {mail}");
        assert!(mail.contains("/alerts/unsubscribe/"), "the unsubscribe link: {mail}");
    }
    assert_eq!(waiting(&app, &admin, &tee).await, json!([]), "the alerts are spent");

    // Sold out and back again: spent alerts say nothing more.
    set_stock(&app, &admin, &tee, "M", 0).await;
    set_stock(&app, &admin, &tee, "M", 4).await;
    a_few_sweeps().await;
    assert_eq!(smtpd.mails().len(), 2, "each address told once");
    assert_eq!(outbox_count(&app, &admin).await, 2, "one message per alert in the outbox");
}

fn order_body(product: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
           "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                            "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée",
                            "country": "Sénégal"},
           "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
}

#[tokio::test]
async fn a_cancelled_order_that_gives_the_last_unit_back_tells_the_waiting_shoppers() {
    let smtpd = Smtpd::started().await;
    let app = shop(&smtpd).await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 1)]).await;
    let (token, _) = app.register("client@example.sn", "secret1").await;
    let placed = app.send(Method::POST, "/api/orders", Some(&token), Some(&order_body(&tee))).await;
    assert_eq!(placed.status(), 201);
    let order: Value = placed.json().await.unwrap();
    let order_id = order["data"]["id"].as_str().unwrap().to_owned();

    assert_eq!(ask(&app, &tee, "M", "fatou@example.sn").await.status(), 201);
    a_few_sweeps().await;
    assert!(mails_to(&smtpd, "fatou@example.sn").is_empty(), "sold out: nothing to tell yet");
    let cancelled = app.send(Method::POST, &format!("/api/orders/{order_id}/cancel"), Some(&token), None).await;
    assert_eq!(cancelled.status(), 200);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while mails_to(&smtpd, "fatou@example.sn").is_empty() {
        assert!(std::time::Instant::now() < deadline, "the alert was not told");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    a_few_sweeps().await;
    let told = mails_to(&smtpd, "fatou@example.sn");
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(told[0].contains("est de retour en stock"));
}

fn mails_to(smtpd: &Smtpd, email: &str) -> Vec<String> {
    smtpd.mails().into_iter().filter(|m| to(m) == email).collect()
}

/// The unsubscribe link's token, read from a message.
fn token_in(mail: &str) -> String {
    let start = mail.find("/alerts/unsubscribe/").expect("an unsubscribe link") + "/alerts/unsubscribe/".len();
    mail[start..start + 36].to_owned()
}

#[tokio::test]
async fn the_unsubscribe_link_ends_the_addresss_waiting_alerts_and_works_again() {
    let smtpd = Smtpd::started().await;
    let app = shop(&smtpd).await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 0), ("noir", "L", 0)]).await;
    for size in ["M", "L"] {
        assert_eq!(ask(&app, &tee, size, "awa@example.sn").await.status(), 201);
    }
    assert_eq!(ask(&app, &tee, "L", "moussa@example.sn").await.status(), 201);

    set_stock(&app, &admin, &tee, "M", 2).await;
    let mails = smtpd.wait_for(1, Duration::from_secs(30)).await;
    let token = token_in(&mails[0]);

    for _ in 0..2 {
        let response = app.post_json("/api/alerts/unsubscribe", &json!({"token": token})).await;
        assert_eq!(response.status(), 200, "the link works, and again");
    }
    // Awa's alert on L is gone; Moussa's stays.
    assert_eq!(waiting(&app, &admin, &tee).await, json!([{"color": "noir", "size": "L", "count": 1}]));
    let unknown = app.post_json("/api/alerts/unsubscribe", &json!({"token": uuid::Uuid::new_v4()})).await;
    let unknown = error_body(unknown).await;
    assert_eq!(unknown["code"], "alert_not_found");

    set_stock(&app, &admin, &tee, "L", 1).await;
    let mails = smtpd.wait_for(2, Duration::from_secs(30)).await;
    a_few_sweeps().await;
    let recipients: Vec<String> = smtpd.mails().iter().map(|m| to(m)).collect();
    assert_eq!(mails.len(), 2);
    assert_eq!(recipients.iter().filter(|r| *r == "awa@example.sn").count(), 1, "{recipients:?}");
    assert_eq!(recipients.iter().filter(|r| *r == "moussa@example.sn").count(), 1, "{recipients:?}");
}

#[tokio::test]
async fn bad_alerts_are_refused_in_french_and_change_nothing() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 0)]).await;
    let body = json!({"color": "violet", "size": "M", "email": "pas-une-adresse", "phone": "12"});
    let refused = error_body(app.post_json(&format!("/api/products/{tee}/alerts"), &body).await).await;
    assert_eq!(refused["code"], "validation_failed");
    assert_eq!(refused["fields"]["email"], "Veuillez entrer une adresse email valide");
    assert_eq!(refused["fields"]["size"], "Cette taille ou cette couleur n'existe pas pour ce produit.");
    assert_eq!(refused["fields"]["phone"], "Veuillez entrer un numéro de téléphone valide");
    let missing = ask(&app, &uuid::Uuid::new_v4().to_string(), "M", "awa@example.sn").await;
    assert_eq!(error_body(missing).await["code"], "product_not_found");
    assert_eq!(waiting(&app, &admin, &tee).await, json!([]));
}

#[tokio::test]
async fn alerts_are_rate_limited_per_address_and_per_client() {
    let app = spawn_app().await;
    let sizes = ["XS", "S", "M", "L", "XL", "XXL"];
    let stock: Vec<(&str, &str, i64)> = sizes.iter().map(|size| ("noir", *size, 0)).collect();
    let tee = app.product("T-shirt Teranga", 12_000, None, &stock).await;
    let second = app.product("Pull Ndar", 12_000, None, &stock).await;
    // Ten for one address in an hour, whatever the variants (asking again counts too).
    for n in 0..10 {
        let product = if n < 6 { &tee } else { &second };
        assert_eq!(ask(&app, product, sizes[n % 6], "awa@example.sn").await.status(), 201, "alert {n}");
    }
    let refused = ask(&app, &second, "XL", "awa@example.sn").await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(error_body(refused).await["code"], "too_many_requests");
    // Twenty from one client, whatever the addresses.
    for n in 0..10 {
        assert_eq!(ask(&app, &tee, "M", &format!("client{n}@example.sn")).await.status(), 201, "alert {n}");
    }
    assert_eq!(ask(&app, &tee, "M", "encore@example.sn").await.status(), 429);
}
