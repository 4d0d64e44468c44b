//! Couriers of the team (docs/roles.md#couriers): a parcel given to a courier's account is among
//! their orders, with what they need to deliver it; another courier's is not found.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

async fn hire(app: &TestApp, admin: &str, email: &str, phone: &str) -> (String, String) {
    let body = json!({"firstName": "Modou", "lastName": "Fall", "email": email, "phone": phone,
                      "password": "livreur1", "role": "courier"});
    let created = app.send(Method::POST, "/api/admin/users", Some(admin), Some(&body)).await;
    assert_eq!(created.status(), 201);
    let id = created.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    let login: Value = app.login(email, "livreur1").await.json().await.unwrap();
    (id, login["data"]["token"].as_str().unwrap().to_owned())
}

async fn shipped_cash_order(app: &TestApp, admin: &str) -> String {
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let body = json!({
        "items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Villa 12", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": "cash_on_delivery",
    });
    let placed = app.send(Method::POST, "/api/orders", Some(&token), Some(&body)).await;
    assert_eq!(placed.status(), 201);
    let order = placed.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    for (path, body) in
        [("confirmation", json!({"confirmation": "confirmed"})), ("status", json!({"status": "shipped"}))]
    {
        let answer =
            app.send(Method::PUT, &format!("/api/admin/orders/{order}/{path}"), Some(admin), Some(&body)).await;
        assert_eq!(answer.status(), 200);
    }
    order
}

#[tokio::test]
async fn a_parcel_given_to_a_couriers_account_is_theirs_alone() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (modou, modou_token) = hire(&app, &admin, "modou@bitik.sn", "77 100 00 02").await;
    let (_, ibou_token) = hire(&app, &admin, "ibou@bitik.sn", "77 100 00 03").await;
    let order = shipped_cash_order(&app, &admin).await;

    let path = format!("/api/admin/orders/{order}/courier");
    let customer = app.register("fatou@example.sn", "secret1").await.1["id"].as_str().unwrap().to_owned();
    let not_a_courier = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"courierId": customer}))).await;
    assert_eq!(not_a_courier.status(), 400);
    assert_eq!(error_body(not_a_courier).await["fields"]["courierId"], "Choisissez un livreur actif de l'équipe.");

    let given = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"courierId": modou}))).await;
    assert_eq!(given.status(), 200);
    let order_seen: Value = given.json().await.unwrap();
    assert_eq!(order_seen["data"]["courier"]["name"], "Modou Fall");
    assert_eq!(order_seen["data"]["courier"]["phone"], "+221771000002");

    let theirs: Value =
        app.send(Method::GET, "/api/courier/orders", Some(&modou_token), None).await.json().await.unwrap();
    let listed = theirs["data"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], order.as_str());
    assert_eq!(listed[0]["landmark"], "Près de la mosquée");
    let total = order_seen["data"]["total"].as_i64().unwrap();
    assert!(total > 12_000, "the T-shirt and its delivery");
    assert_eq!(listed[0]["amountToCollect"], total, "cash on delivery: the whole total");
    assert!(listed[0].get("total").is_none() && listed[0].get("history").is_none(), "no figures, no history");
    let one = app.send(Method::GET, &format!("/api/courier/orders/{order}"), Some(&modou_token), None).await;
    assert_eq!(one.status(), 200);

    let other: Value =
        app.send(Method::GET, "/api/courier/orders", Some(&ibou_token), None).await.json().await.unwrap();
    assert_eq!(other["data"], json!([]));
    let not_theirs = app.send(Method::GET, &format!("/api/courier/orders/{order}"), Some(&ibou_token), None).await;
    assert_eq!(not_theirs.status(), 404);
    let back_office = app.send(Method::GET, &format!("/api/admin/orders/{order}"), Some(&modou_token), None).await;
    assert_eq!(back_office.status(), 403, "a courier reads their orders, not the back office's");
}
