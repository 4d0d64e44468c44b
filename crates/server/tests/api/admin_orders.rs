//! The back office's orders: guards, status changes with their history and stock, cash.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};
use crate::refunds::deliver_cash_order;

async fn order(app: &TestApp, token: &str, product: &str, quantity: i64, payment: &str) -> Value {
    let body = json!({
        "items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": payment,
    });
    let response = app.send(Method::POST, "/api/orders", Some(token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// The admin's call reached the customer: the cash order may now be prepared and shipped.
async fn confirm(app: &TestApp, admin: &str, id: &str) {
    let path = format!("/api/admin/orders/{id}/confirmation");
    let response = app.send(Method::PUT, &path, Some(admin), Some(&json!({"confirmation": "confirmed"}))).await;
    assert_eq!(response.status(), 200);
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
        (Method::PUT, format!("/api/admin/orders/{id}/tracking"), Some(json!({"trackingNote": "Colis 1"}))),
        (Method::GET, "/api/admin/orders/stats".to_owned(), None),
    ];
    for (method, path, body) in &routes {
        assert_eq!(app.send(method.clone(), path, None, body.as_ref()).await.status(), 401, "{path}");
        assert_eq!(app.send(method.clone(), path, Some(&customer), body.as_ref()).await.status(), 403, "{path}");
    }
    let mine: Value =
        app.send(Method::GET, &format!("/api/orders/{id}"), Some(&customer), None).await.json().await.unwrap();
    assert_eq!(mine["data"]["status"], "pending", "the customer's attempts changed nothing");
    assert_eq!(mine["data"]["trackingNote"], "");
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
    confirm(&app, &admin, &id).await;
    let path = format!("/api/admin/orders/{id}/status");
    let body = json!({"status": "shipped", "note": "Remis au livreur"});
    let shipped = app.send(Method::PUT, &path, Some(&admin), Some(&body)).await;
    assert_eq!(shipped.status(), 200);
    let shipped = shipped.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(shipped["status"], "shipped");
    let last = &shipped["statusHistory"][2];
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
    confirm(&app, &admin, &id).await;
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
    let early = app.send(Method::PUT, &format!("/api/admin/orders/{cash}/payment"), Some(&admin), None).await;
    assert_eq!(early.status(), 409, "the cash changes hands at the door");
    let early = error_body(early).await;
    assert_eq!(
        (early["code"].as_str(), early["message"].as_str()),
        (Some("order_not_delivered"), Some("Le paiement à la livraison s'encaisse une fois la commande livrée."))
    );
    deliver_cash_order(&app, &admin, &cash).await;
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

#[tokio::test]
async fn an_admin_types_a_tracking_note_and_can_clear_it() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let id = order(&app, &customer, &tee, 1, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    let path = format!("/api/admin/orders/{id}/tracking");
    let noted =
        app.send(Method::PUT, &path, Some(&admin), Some(&json!({"trackingNote": " Tiak-Tiak, réf. 4411 "}))).await;
    assert_eq!(noted.status(), 200);
    assert_eq!(noted.json::<Value>().await.unwrap()["data"]["trackingNote"], "Tiak-Tiak, réf. 4411");
    let mine: Value =
        app.send(Method::GET, &format!("/api/orders/{id}"), Some(&customer), None).await.json().await.unwrap();
    assert_eq!(mine["data"]["trackingNote"], "Tiak-Tiak, réf. 4411", "the customer sees it too");
    let long = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"trackingNote": "x".repeat(501)}))).await;
    assert_eq!(long.status(), 400);
    let long = error_body(long).await;
    assert_eq!(long["fields"]["trackingNote"], "La note de suivi ne peut pas dépasser 500 caractères.");
    let cleared = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"trackingNote": ""}))).await;
    assert_eq!(cleared.json::<Value>().await.unwrap()["data"]["trackingNote"], "");
    let missing = format!("/api/admin/orders/{}/tracking", uuid::Uuid::new_v4());
    let missing = app.send(Method::PUT, &missing, Some(&admin), Some(&json!({"trackingNote": "x"}))).await;
    assert_eq!(error_body(missing).await["message"], "Commande introuvable");
}

#[tokio::test]
async fn admins_find_orders_by_number_name_or_phone_and_sort_them() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 9)]).await;
    let small = order(&app, &customer, &tee, 1, "cash_on_delivery").await;
    let body = json!({
        "items": [{"productId": tee, "quantity": 3, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Moussa", "lastName": "Sène", "email": "moussa@example.sn",
                         "phone": "+221 709998877", "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": "cash_on_delivery",
    });
    let big = app.send(Method::POST, "/api/orders", Some(&customer), Some(&body)).await.json::<Value>().await.unwrap();
    assert!(big["data"]["orderNumber"].is_string(), "{big}");
    let big = &big["data"];
    let admin = app.admin_token().await;
    let numbers = |list: Value| {
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["orderNumber"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let find = |query: String| {
        let (app, admin) = (&app, &admin);
        async move { numbers(app.send(Method::GET, &query, Some(admin), None).await.json().await.unwrap()) }
    };
    let big_number = big["orderNumber"].as_str().unwrap().to_owned();
    let small_number = small["orderNumber"].as_str().unwrap().to_owned();
    let (big_only, small_only) = (vec![big_number.clone()], vec![small_number.clone()]);
    assert_eq!(find(format!("/api/admin/orders?search={}", &small_number[4..])).await, small_only);
    assert_eq!(find("/api/admin/orders?search=sene%20moussa".into()).await, big_only);
    assert_eq!(find("/api/admin/orders?search=70999887".into()).await, big_only);
    assert_eq!(find("/api/admin/orders?search=awa".into()).await, small_only);
    assert_eq!(find("/api/admin/orders?sort=total&order=asc".into()).await, [small_number.clone(), big_number.clone()]);
    assert_eq!(find("/api/admin/orders?sort=total&order=desc".into()).await, [big_number, small_number]);
    let bad = app.send(Method::GET, "/api/admin/orders?order=up", Some(&admin), None).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(error_body(bad).await["fields"]["order"], "Ordre de tri inconnu.");
}

#[tokio::test]
async fn a_storefront_order_is_a_web_order_keeping_its_campaign_and_the_list_filters_by_channel() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 9)]).await;
    let plain = order(&app, &customer, &tee, 1, "cash_on_delivery").await;
    let body = |source: &str| {
        json!({
            "items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
            "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                             "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
            "paymentMethod": "wave",
            "source": source,
        })
    };
    let placed = |source: &'static str| {
        let (app, customer, body) = (&app, &customer, body(source));
        async move {
            let response = app.send(Method::POST, "/api/orders", Some(customer), Some(&body)).await;
            assert_eq!(response.status(), 201, "a campaign's name never refuses an order");
            response.json::<Value>().await.unwrap()["data"].clone()
        }
    };
    let campaign = placed(" Instagram ").await;
    let forged = placed("<script>alert(1)</script>").await;
    assert_eq!(
        (&plain["channel"], &plain["channelLabel"], &plain["source"]),
        (&json!("web"), &json!("Site web"), &Value::Null)
    );
    assert_eq!((&campaign["channel"], &campaign["source"]), (&json!("web"), &json!("instagram")));
    assert_eq!(forged["source"], Value::Null, "not a campaign's name: left out");

    let admin = app.admin_token().await;
    let listed = |channel: &'static str| {
        let (app, admin) = (&app, &admin);
        async move {
            let path = format!("/api/admin/orders?channel={channel}");
            let list: Value = app.send(Method::GET, &path, Some(admin), None).await.json().await.unwrap();
            list["data"].as_array().unwrap().len()
        }
    };
    assert_eq!((listed("web").await, listed("whatsapp").await), (3, 0));
    let bad = app.send(Method::GET, "/api/admin/orders?channel=snapchat", Some(&admin), None).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(error_body(bad).await["fields"]["channel"], "Canal de vente inconnu.");
}

#[tokio::test]
async fn the_dashboard_counts_todays_orders_and_revenue_from_the_data() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 20)]).await;
    let admin = app.admin_token().await;
    let empty: Value = app.send(Method::GET, "/api/admin/orders/stats", Some(&admin), None).await.json().await.unwrap();
    let empty = &empty["data"];
    assert_eq!((empty["todayOrders"].as_u64(), empty["todayRevenue"].as_i64()), (Some(0), Some(0)));
    assert_eq!(empty["trends"]["todayRevenue"], Value::Null, "nothing to compare with: no percentage");
    // Paid in cash: 2 × 10 000 + 1 500 (Médina's zone). Unpaid: counted, no revenue. Cancelled: neither.
    let paid = order(&app, &customer, &tee, 2, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    deliver_cash_order(&app, &admin, &paid).await;
    let received = app.send(Method::PUT, &format!("/api/admin/orders/{paid}/payment"), Some(&admin), None).await;
    assert_eq!(received.status(), 200);
    order(&app, &customer, &tee, 1, "cash_on_delivery").await;
    let cancelled = order(&app, &customer, &tee, 5, "cash_on_delivery").await["id"].as_str().unwrap().to_owned();
    let path = format!("/api/admin/orders/{cancelled}/status");
    app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "cancelled"}))).await;
    let response = app.send(Method::GET, "/api/admin/orders/stats", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    let stats = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!(stats["todayOrders"], 2);
    assert_eq!(stats["todayRevenue"], 21_500);
    assert_eq!(stats["monthRevenue"], 21_500);
    assert_eq!(stats["pendingOrders"], 1, "the delivered one and the cancelled one are no longer pending");
    assert_eq!(stats["recentOrders"].as_array().unwrap().len(), 3);
    assert_eq!(stats["recentOrders"][0]["status"], "cancelled", "newest first, any status");
    assert_eq!(stats["recentOrders"][0]["customerName"], "Awa Diop");
    assert_eq!(stats["topProducts"][0]["name"], "T-shirt Teranga");
    assert_eq!(stats["topProducts"][0]["unitsSold"], 3, "the cancelled order's units are not sold");
    let days = stats["salesByDay"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let today = chrono::Utc::now().date_naive().to_string();
    assert_eq!(days[29]["date"], today.as_str());
    assert_eq!((days[29]["orders"].as_u64(), days[29]["revenue"].as_i64()), (Some(2), Some(21_500)));
}
