//! The back office's orders: guards, status changes with their history and stock, cash.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

async fn order(app: &TestApp, token: &str, product: &str, quantity: i64, payment: &str) -> Value {
    let body = json!({
        "items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15", "city": "Dakar"},
        "paymentMethod": payment,
    });
    let response = app.send(Method::POST, "/api/orders", Some(token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

#[tokio::test]
async fn every_admin_order_route_wants_an_admin() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let id = order(&app, &customer, &tee, 1, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let routes = [
        (Method::GET, "/api/admin/orders".to_owned(), None),
        (Method::GET, format!("/api/admin/orders/{id}"), None),
        (Method::PUT, format!("/api/admin/orders/{id}/status"), Some(json!({"status": "shipped"}))),
        (Method::PUT, format!("/api/admin/orders/{id}/payment"), None),
    ];
    for (method, path, body) in &routes {
        assert_eq!(app.send(method.clone(), path, None, body.as_ref()).await.status(), 401, "{path}");
        assert_eq!(app.send(method.clone(), path, Some(&customer), body.as_ref()).await.status(), 403, "{path}");
    }
    let mine: Value =
        app.send(Method::GET, &format!("/api/orders/{id}"), Some(&customer), None).await.json().await.unwrap();
    assert_eq!(mine["data"]["status"], "pending", "the customer's attempts changed nothing");
}

#[tokio::test]
async fn an_admin_ships_an_order_and_the_history_says_who_and_when() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let id = order(&app, &customer, &tee, 2, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    let list: Value =
        app.send(Method::GET, "/api/admin/orders?status=pending", Some(&admin), None).await.json().await.unwrap();
    assert_eq!(list["pagination"]["totalItems"], 1);
    assert_eq!(list["pagination"]["limit"], 10);
    let path = format!("/api/admin/orders/{id}/status");
    let body = json!({"status": "shipped", "note": "Remis au livreur"});
    let shipped = app.send(Method::PUT, &path, Some(&admin), Some(&body)).await;
    assert_eq!(shipped.status(), 200);
    let shipped = shipped.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(shipped["status"], "shipped");
    let last = &shipped["statusHistory"][1];
    assert_eq!(
        (last["status"].as_str(), last["by"].as_str(), last["note"].as_str()),
        (Some("shipped"), Some("Admin Awa Diop"), Some("Remis au livreur"))
    );
    assert!(last["date"].is_string());
    let same = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "shipped"}))).await;
    assert_eq!(same.status(), 409);
    let unknown = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "perdue"}))).await;
    assert_eq!(error_body(unknown).await["message"], "Statut de commande inconnu.");
    assert_eq!(stock_of(&app, &tee).await, 3, "shipping leaves the stock taken");
}

#[tokio::test]
async fn cancelling_returns_stock_and_reopening_takes_it_back_or_is_refused() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let id = order(&app, &customer, &tee, 2, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    let path = format!("/api/admin/orders/{id}/status");
    app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "processing"}))).await;
    app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "cancelled"}))).await;
    assert_eq!(stock_of(&app, &tee).await, 3);
    order(&app, &customer, &tee, 2, "cash_on_delivery").await;
    let reopen = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "pending"}))).await;
    assert_eq!(reopen.status(), 409);
    assert_eq!(
        error_body(reopen).await["message"],
        "Impossible de rouvrir cette commande : stock insuffisant pour T-shirt Teranga (noir, M), 1 disponible(s)."
    );
    assert_eq!(stock_of(&app, &tee).await, 1, "the refused reopening took nothing");
}

#[tokio::test]
async fn cash_is_recorded_for_cash_on_delivery_only_and_once() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let cash = order(&app, &customer, &tee, 1, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let wave = order(&app, &customer, &tee, 1, "wave").await["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    let paid = app.send(Method::PUT, &format!("/api/admin/orders/{cash}/payment"), Some(&admin), None).await;
    assert_eq!(paid.status(), 200);
    let paid = paid.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(paid["paymentInfo"]["status"], "paid");
    assert_eq!(paid["cancellable"], false, "a paid order is no longer the customer's to cancel");
    let again = app.send(Method::PUT, &format!("/api/admin/orders/{cash}/payment"), Some(&admin), None).await;
    assert_eq!(error_body(again).await["message"], "Cette commande est déjà payée.");
    let not_cash = app.send(Method::PUT, &format!("/api/admin/orders/{wave}/payment"), Some(&admin), None).await;
    assert_eq!(not_cash.status(), 409);
    assert_eq!(error_body(not_cash).await["code"], "not_cash_on_delivery");
}
