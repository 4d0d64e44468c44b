//! Corrections of an order before it leaves: its delivery details until it ships, its items until
//! it is prepared (stock moving by the difference, exactly, under a concurrent checkout), a paid
//! order's difference as a Wave link for the rest or money owed back, and a Wave order nobody
//! paid switched to cash on delivery.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body};
use crate::payments::{app_in_test_mode, browser, init, order_of, path_of, place};

const FOR_PIKINE: &str = "pikine-est";

async fn admin_order(app: &TestApp, admin: &str, id: &str) -> Value {
    let response = app.send(Method::GET, &format!("/api/admin/orders/{id}"), Some(admin), None).await;
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// Read as the back office reads it, never from the storefront's cache.
async fn units(app: &TestApp, admin: &str, product: &str, size: &str) -> i64 {
    let path = format!("/api/products/{product}?scope=admin");
    let body: Value = app.send(Method::GET, &path, Some(admin), None).await.json().await.unwrap();
    body["data"]["stock"]["noir"][size].as_i64().unwrap()
}

fn delivery(commune: &str, landmark: &str) -> Value {
    delivery_to(commune, landmark, "77 765 43 21")
}

fn delivery_to(commune: &str, landmark: &str, phone: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": phone,
           "address": "Cité Fadia, villa 12", "commune": commune, "landmark": landmark, "notes": "Sonner deux fois"})
}

async fn correct(app: &TestApp, admin: &str, id: &str, what: &str, body: &Value) -> reqwest::Response {
    app.send(Method::PUT, &format!("/api/admin/orders/{id}/{what}"), Some(admin), Some(body)).await
}

async fn ok(response: reqwest::Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Pays the order's open session on test mode's simulator.
async fn pay_on_simulator(app: &TestApp, token: &str, order: &str) -> Value {
    let session: Value = init(app, token, order).await.json().await.unwrap();
    let checkout = session["data"]["checkoutUrl"].as_str().expect("a session to pay").to_owned();
    let paid = browser().post(app.url(&format!("{}/pay", path_of(&checkout)))).send().await.unwrap();
    assert_eq!(paid.status(), 303);
    session["data"].clone()
}

#[tokio::test]
async fn staff_correct_delivery_details_until_the_parcel_leaves_and_the_fee_follows_the_commune() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let id = place(&app, &token, &tee, "cash_on_delivery").await;
    let admin = app.admin_token().await;

    let corrected = ok(correct(&app, &admin, &id, "delivery", &delivery(FOR_PIKINE, "Derrière le marché")).await).await;
    let info = &corrected["shippingInfo"];
    assert_eq!(
        (info["commune"].as_str(), info["zone"].as_str(), info["landmark"].as_str(), info["phone"].as_str()),
        (Some(FOR_PIKINE), Some("pikine-guediawaye"), Some("Derrière le marché"), Some("+221777654321"))
    );
    assert_eq!((corrected["shippingCost"].as_i64(), corrected["total"].as_i64()), (Some(2_000), Some(25_500)));
    let told = order_of(&app, &token, &id).await;
    let last = told["statusHistory"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["note"].as_str(), last["by"].as_str()),
        (Some("Informations de livraison corrigées : livraison 1 500 FCFA → 2 000 FCFA"), Some("L'équipe Bitik Dakar"))
    );

    let nowhere = correct(&app, &admin, &id, "delivery", &delivery("atlantide", "x")).await;
    assert_eq!(nowhere.status(), 400);
    assert_eq!(error_body(nowhere).await["fields"]["commune"], "Veuillez choisir une commune de la liste");
    let mut no_landmark = delivery("medina", "");
    no_landmark["landmark"] = json!("  ");
    assert_eq!(
        error_body(correct(&app, &admin, &id, "delivery", &no_landmark).await).await["fields"]["landmark"],
        "Ce champ est requis"
    );
    assert_eq!(order_of(&app, &token, &id).await["total"], 25_500, "bad input changed nothing");

    let path = format!("/api/admin/orders/{id}/confirmation");
    assert_eq!(
        app.send(Method::PUT, &path, Some(&admin), Some(&json!({"confirmation": "confirmed"}))).await.status(),
        200
    );
    let path = format!("/api/admin/orders/{id}/status");
    assert_eq!(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "shipped"}))).await.status(), 200);
    let late = correct(&app, &admin, &id, "delivery", &delivery("medina", "Près de la mosquée")).await;
    assert_eq!(late.status(), 409);
    assert_eq!(error_body(late).await["code"], "order_not_correctable");
    assert_eq!(
        app.send(
            Method::PUT,
            &format!("/api/admin/orders/{id}/delivery"),
            Some(&token),
            Some(&delivery("medina", "x"))
        )
        .await
        .status(),
        403
    );
}

#[tokio::test]
async fn a_paid_order_corrected_owes_the_rest_by_a_wave_link_or_is_owed_the_difference() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let id = place(&app, &token, &tee, "wave").await;
    pay_on_simulator(&app, &token, &id).await;
    let admin = app.admin_token().await;

    // Dearer: 500 FCFA more to pay, by a link for exactly that.
    let dearer = ok(correct(&app, &admin, &id, "delivery", &delivery(FOR_PIKINE, "Derrière le marché")).await).await;
    assert_eq!(
        (dearer["total"].as_i64(), dearer["amountPaid"].as_i64(), dearer["amountDue"].as_i64()),
        (Some(25_500), Some(25_000), Some(500))
    );
    assert_eq!(
        (dearer["paymentInfo"]["status"].as_str(), dearer["status"].as_str()),
        (Some("pending"), Some("processing"))
    );
    let mine = order_of(&app, &token, &id).await;
    assert_eq!(mine["payWithWave"], "pay_balance");
    let last = mine["statusHistory"].as_array().unwrap().last().unwrap()["note"].as_str().unwrap().to_owned();
    assert!(last.ends_with("; reste 500 FCFA à payer"), "{last}");
    let session = pay_on_simulator(&app, &token, &id).await;
    assert_eq!(session["amount"], 500, "the link is for the rest only");
    let paid = order_of(&app, &token, &id).await;
    assert_eq!(
        (paid["paymentInfo"]["status"].as_str(), paid["amountPaid"].as_i64(), paid["amountDue"].as_i64()),
        (Some("paid"), Some(25_500), Some(0))
    );
    assert!(paid["payWithWave"].is_null());

    // Cheaper again: the 500 FCFA go back, recorded by the shop (Wave refunds a session whole).
    let cheaper = ok(correct(&app, &admin, &id, "delivery", &delivery("medina", "Près de la mosquée")).await).await;
    assert_eq!((cheaper["total"].as_i64(), cheaper["overpaid"].as_i64()), (Some(25_000), Some(500)));
    assert_eq!(cheaper["paymentInfo"]["status"], "paid");
    let whole = app
        .send(
            Method::POST,
            &format!("/api/admin/orders/{id}/refund"),
            Some(&admin),
            Some(&json!({"reason": "Trop-perçu"})),
        )
        .await;
    assert_eq!(whole.status(), 409, "paid in two sessions: Wave cannot refund it whole");
    assert_eq!(error_body(whole).await["code"], "order_not_refundable");
    let back = json!({"amount": 500, "method": "wave_transfer", "reason": "Trop-perçu après correction"});
    let refunded =
        ok(app.send(Method::POST, &format!("/api/admin/orders/{id}/refund"), Some(&admin), Some(&back)).await).await;
    assert_eq!((refunded["overpaid"].as_i64(), refunded["paymentInfo"]["status"].as_str()), (Some(0), Some("paid")));
    assert_eq!(refunded["status"], "processing", "a partial refund changes neither status nor stock");
}

#[tokio::test]
async fn items_are_corrected_before_preparation_with_stock_moving_by_the_difference() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 10_000, None, &[("noir", "M", 5), ("noir", "L", 3)]).await;
    let two_m = json!({"items": [{"productId": tee, "quantity": 2, "size": "M", "color": "noir"}],
        "shippingInfo": delivery("medina", "Près de la mosquée"), "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"});
    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&two_m)).await;
    let id = response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    assert_eq!((units(&app, &admin, &tee, "M").await, units(&app, &admin, &tee, "L").await), (3, 3));

    let body = json!({"items": [
        {"productId": tee, "quantity": 1, "size": "M", "color": "noir"},
        {"productId": tee, "quantity": 1, "size": "L", "color": "noir"}]});
    let corrected = ok(correct(&app, &admin, &id, "items", &body).await).await;
    assert_eq!((units(&app, &admin, &tee, "M").await, units(&app, &admin, &tee, "L").await), (4, 2));
    let sizes: Vec<(&str, i64)> = corrected["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["size"].as_str().unwrap(), i["quantity"].as_i64().unwrap()))
        .collect();
    assert_eq!(sizes, [("M", 1), ("L", 1)]);
    assert_eq!((corrected["subtotal"].as_i64(), corrected["total"].as_i64()), (Some(20_000), Some(21_500)));
    let last = corrected["statusHistory"].as_array().unwrap().last().unwrap()["note"].as_str().unwrap().to_owned();
    assert_eq!(
        last,
        "Articles modifiés : retiré T-shirt Médina (noir, M) × 2 ; ajouté T-shirt Médina (noir, M) × 1, T-shirt Médina (noir, L) × 1"
    );

    let too_many = json!({"items": [{"productId": tee, "quantity": 4, "size": "L", "color": "noir"}]});
    let refused = correct(&app, &admin, &id, "items", &too_many).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(error_body(refused).await["code"], "insufficient_stock");
    assert_eq!((units(&app, &admin, &tee, "M").await, units(&app, &admin, &tee, "L").await), (4, 2), "nothing moved");
    let empty = correct(&app, &admin, &id, "items", &json!({"items": []})).await;
    assert_eq!(empty.status(), 400);

    let path = format!("/api/admin/orders/{id}/confirmation");
    assert_eq!(
        app.send(Method::PUT, &path, Some(&admin), Some(&json!({"confirmation": "confirmed"}))).await.status(),
        200
    );
    let path = format!("/api/admin/orders/{id}/status");
    assert_eq!(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"status": "processing"}))).await.status(), 200);
    let late = correct(&app, &admin, &id, "items", &body).await;
    assert_eq!(late.status(), 409);
    assert_eq!(error_body(late).await["message"], "Les articles d'une commande en préparation ne se modifient plus.");
}

#[tokio::test]
async fn a_correction_and_a_checkout_for_the_last_unit_never_both_get_it() {
    let app = app_in_test_mode().await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Médina", 10_000, None, &[("noir", "M", 20), ("noir", "L", 1)]).await;
    // A few rounds: registrations per address are limited (10 an hour).
    for round in 0..4 {
        let (token, _) = app.register(&format!("awa{round}@example.sn"), "secret1").await;
        let (other, _) = app.register(&format!("moussa{round}@example.sn"), "secret1").await;
        let phone = format!("77 000 10 {round:02}");
        let order = |size: &str| {
            json!({"items": [{"productId": tee, "quantity": 1, "size": size, "color": "noir"}],
            "shippingInfo": delivery_to("medina", "Près de la mosquée", &phone), "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
        };
        let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&order("M"))).await;
        let id = response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
        app.sql(&format!("UPDATE product_variants SET stock = 1 WHERE product_id = '{tee}' AND size = 'L'")).await;
        let to_l = json!({"items": [{"productId": tee, "quantity": 1, "size": "L", "color": "noir"}]});
        let other_order = order("L");
        let (corrected, checkout) = tokio::join!(
            correct(&app, &admin, &id, "items", &to_l),
            app.send(Method::POST, "/api/orders", Some(&other), Some(&other_order)),
        );
        let won = [corrected.status().as_u16() == 200, checkout.status().as_u16() == 201];
        assert_eq!(won.iter().filter(|w| **w).count(), 1, "round {round}: {won:?}");
        assert_eq!(units(&app, &admin, &tee, "L").await, 0, "round {round}");
    }
}

#[tokio::test]
async fn an_unpaid_wave_order_is_paid_at_the_door_instead_where_the_zone_takes_cash() {
    let app = app_in_test_mode().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let (stranger, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let id = place(&app, &token, &tee, "wave").await;
    let open = init(&app, &token, &id).await.json::<Value>().await.unwrap()["data"]["checkoutUrl"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(order_of(&app, &token, &id).await["switchToCash"], true);
    let path = format!("/api/orders/{id}/cash-on-delivery");
    assert_eq!(app.send(Method::POST, &path, Some(&stranger), None).await.status(), 404);

    let switched = ok(app.send(Method::POST, &path, Some(&token), None).await).await;
    assert_eq!(
        (switched["paymentMethod"].as_str(), switched["confirmation"].as_str(), switched["confirmable"].as_bool()),
        (Some("cash_on_delivery"), Some("awaiting"), Some(true))
    );
    assert_eq!(switched["paymentInfo"]["label"], "À payer à la livraison");
    assert_eq!(switched["switchToCash"], false);
    // The session opened for Wave is closed: it can no longer be paid.
    let page = browser().get(app.url(&path_of(&open))).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Cette session de paiement a expiré."), "{page}");
    let again = app.send(Method::POST, &path, Some(&token), None).await;
    assert_eq!(error_body(again).await["code"], "not_switchable_to_cash");

    // The regions take no cash at the door.
    let far = json!({"items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": delivery("thies", "Gare routière"), "shippingMethod": "standard", "paymentMethod": "wave"});
    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&far)).await;
    let far = response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    let admin = app.admin_token().await;
    let refused =
        app.send(Method::POST, &format!("/api/admin/orders/{far}/cash-on-delivery"), Some(&admin), None).await;
    assert_eq!(refused.status(), 400);
    assert!(error_body(refused).await["message"].as_str().unwrap().contains("n'est pas proposé dans la zone Régions"));
    assert_eq!(admin_order(&app, &admin, &far).await["paymentMethod"], "wave", "nothing changed");
}
