//! Delivery zones: the list shoppers choose from, the fee checkout charges by the commune's zone,
//! what a zone refuses, and the back office's changes (which never reach a placed order).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

fn shipping(commune: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
           "address": "Rue 11 x 22", "commune": commune, "landmark": "En face du marché Tilène",
           "notes": "Appeler en arrivant"})
}

fn checkout(product: &str, quantity: i64, commune: &str, method: &str, payment: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
           "shippingInfo": shipping(commune), "shippingMethod": method, "paymentMethod": payment})
}

async fn place(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, "/api/orders", Some(token), Some(body)).await
}

async fn placed(app: &TestApp, token: &str, body: &Value) -> Value {
    let response = place(app, token, body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// A customer's token and a 10 000 FCFA t-shirt with 20 black M.
async fn shop(app: &TestApp) -> (String, String) {
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 20)]).await;
    (token, tee)
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

async fn zones(app: &TestApp) -> Vec<Value> {
    let response = app.get("/api/delivery/zones").await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn the_active_zones_are_listed_with_their_communes_the_cheapest_first() {
    let app = spawn_app().await;
    let zones = zones(&app).await;
    let codes: Vec<&str> = zones.iter().map(|z| z["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["dakar-ville", "pikine-guediawaye", "keur-massar-rufisque", "regions"]);
    let dakar = &zones[0];
    assert_eq!(
        (&dakar["name"], &dakar["fee"], &dakar["expressFee"], &dakar["freeFrom"], &dakar["delay"]),
        (&json!("Dakar ville"), &json!(1_500), &json!(2_500), &json!(50_000), &json!("24 h"))
    );
    assert_eq!((&dakar["cashOnDelivery"], &dakar["active"]), (&json!(true), &json!(true)));
    assert_eq!(dakar["communes"].as_array().unwrap().len(), 19);
    assert!(dakar["communes"].as_array().unwrap().contains(&json!({"code": "medina", "name": "Médina"})));
    let keys: Vec<&String> = dakar.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "active",
            "cashOnDelivery",
            "code",
            "communes",
            "delay",
            "expressDelay",
            "expressFee",
            "fee",
            "freeFrom",
            "name"
        ],
        "the zone's JSON, exactly"
    );
    assert_eq!((&zones[2]["expressFee"], &zones[3]["cashOnDelivery"]), (&json!(null), &json!(false)));
    // Express says how fast it is, not the standard delay again; no express, no delay.
    assert_eq!((&dakar["expressDelay"], &zones[1]["expressDelay"]), (&json!("Le jour même"), &json!("24 h")));
    assert_eq!(zones[2]["expressDelay"], json!(null));
}

#[tokio::test]
async fn the_fee_is_the_communes_zones_and_the_order_keeps_commune_landmark_and_notes() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let order = placed(&app, &token, &checkout(&tee, 1, "medina", "standard", "cash_on_delivery")).await;
    assert_eq!((&order["shippingCost"], &order["total"]), (&json!(1_500), &json!(11_500)));
    let shipping = &order["shippingInfo"];
    assert_eq!(
        (&shipping["commune"], &shipping["communeName"], &shipping["zone"], &shipping["zoneName"]),
        (&json!("medina"), &json!("Médina"), &json!("dakar-ville"), &json!("Dakar ville"))
    );
    assert_eq!(
        (&shipping["landmark"], &shipping["notes"], &shipping["city"]),
        (&json!("En face du marché Tilène"), &json!("Appeler en arrivant"), &json!("Médina"))
    );
    let pikine = placed(&app, &token, &checkout(&tee, 1, "thiaroye-sur-mer", "standard", "wave")).await;
    assert_eq!(pikine["shippingCost"], 2_000);
    let rufisque = placed(&app, &token, &checkout(&tee, 1, "jaxaay-parcelles", "standard", "wave")).await;
    assert_eq!(
        (&rufisque["shippingCost"], &rufisque["shippingInfo"]["zoneName"]),
        (&json!(2_500), &json!("Keur Massar et Rufisque"))
    );
}

#[tokio::test]
async fn standard_delivery_is_free_from_the_zones_threshold_and_express_costs_its_own_fee() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let free = placed(&app, &token, &checkout(&tee, 5, "medina", "standard", "wave")).await;
    assert_eq!((&free["subtotal"], &free["shippingCost"]), (&json!(50_000), &json!(0)), "from 50 000 FCFA");
    let express = placed(&app, &token, &checkout(&tee, 5, "medina", "express", "wave")).await;
    assert_eq!((&express["shippingCost"], &express["total"]), (&json!(2_500), &json!(52_500)), "express is never free");
    let pikine = placed(&app, &token, &checkout(&tee, 1, "golf-sud", "express", "wave")).await;
    assert_eq!(pikine["shippingCost"], 3_000);
}

#[tokio::test]
async fn express_where_the_zone_offers_none_is_refused_in_french_and_takes_nothing() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let response = place(&app, &token, &checkout(&tee, 1, "bargny", "express", "wave")).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    let message = "La livraison express n'est pas proposée dans la zone Keur Massar et Rufisque : choisissez la livraison standard.";
    assert_eq!((&body["message"], &body["fields"]["shippingMethod"]), (&json!(message), &json!(message)));
    assert_eq!(stock_of(&app, &tee).await, 20);
}

#[tokio::test]
async fn cash_on_delivery_is_refused_in_the_regions_and_wave_is_taken() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let response = place(&app, &token, &checkout(&tee, 1, "thies", "standard", "cash_on_delivery")).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    let message = "Le paiement à la livraison n'est pas proposé dans la zone Régions : veuillez payer avec Wave.";
    assert_eq!((&body["message"], &body["fields"]["paymentMethod"]), (&json!(message), &json!(message)));
    assert_eq!(stock_of(&app, &tee).await, 20, "nothing taken");
    let wave = placed(&app, &token, &checkout(&tee, 1, "thies", "standard", "wave")).await;
    assert_eq!((&wave["shippingCost"], &wave["shippingInfo"]["communeName"]), (&json!(3_500), &json!("Thiès")));
}

#[tokio::test]
async fn a_commune_off_the_list_is_a_400_on_its_field_and_a_delivery_needs_one_and_a_landmark() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    for commune in ["atlantide", "Médina", "medina' OR '1'='1", "12500"] {
        let response = place(&app, &token, &checkout(&tee, 1, commune, "standard", "wave")).await;
        assert_eq!(response.status(), 400, "{commune}");
        let body = error_body(response).await;
        assert_eq!(body["fields"]["commune"], "Veuillez choisir une commune de la liste", "{commune}");
    }
    let mut bare = checkout(&tee, 1, "medina", "standard", "wave");
    bare["shippingInfo"]["commune"] = json!("");
    bare["shippingInfo"]["landmark"] = json!("  ");
    let body = error_body(place(&app, &token, &bare).await).await;
    assert_eq!(body["message"], "Veuillez remplir tous les champs obligatoires");
    assert_eq!(
        (&body["fields"]["commune"], &body["fields"]["landmark"]),
        (&json!("Ce champ est requis"), &json!("Ce champ est requis"))
    );
    let mut long = checkout(&tee, 1, "medina", "standard", "wave");
    long["shippingInfo"]["landmark"] = json!("l".repeat(201));
    long["shippingInfo"]["notes"] = json!("n".repeat(501));
    let body = error_body(place(&app, &token, &long).await).await;
    assert_eq!(body["fields"]["landmark"], "Ce champ ne peut pas dépasser 200 caractères");
    assert_eq!(body["fields"]["notes"], "Ce champ ne peut pas dépasser 500 caractères");
    assert_eq!(stock_of(&app, &tee).await, 20);
}

#[tokio::test]
async fn pickup_at_the_shop_needs_no_address_commune_or_landmark_and_is_free() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let body = json!({"items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67"},
        "shippingMethod": "pickup", "paymentMethod": "cash_on_delivery"});
    let order = placed(&app, &token, &body).await;
    assert_eq!((&order["shippingCost"], &order["total"]), (&json!(0), &json!(10_000)));
    assert_eq!((&order["shippingInfo"]["commune"], &order["shippingInfo"]["zone"]), (&json!(""), &json!("")));
}

#[tokio::test]
async fn a_postcode_sent_by_an_older_client_is_not_read() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let mut body = checkout(&tee, 1, "medina", "standard", "wave");
    body["shippingInfo"]["zipCode"] = json!("12500");
    let order = placed(&app, &token, &body).await;
    assert_eq!(order["shippingInfo"]["zipCode"], "");
}

/// The admin's form of a zone, as its screen sends it.
fn zone_form(fee: i64, communes: Value) -> Value {
    json!({"name": "Saly", "fee": fee, "expressFee": null, "freeFrom": 80_000, "delay": "48 h",
           "cashOnDelivery": true, "communes": communes})
}

#[tokio::test]
async fn a_fee_changed_after_an_order_never_changes_that_order() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let admin = app.admin_token().await;
    let before = placed(&app, &token, &checkout(&tee, 1, "medina", "standard", "wave")).await;
    let mut dakar = zones(&app).await[0].clone();
    dakar["fee"] = json!(2_000);
    let response = app.send(Method::PUT, "/api/admin/delivery/zones/dakar-ville", Some(&admin), Some(&dakar)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["data"]["fee"], 2_000);
    let path = format!("/api/orders/{}", before["id"].as_str().unwrap());
    let kept: Value = app.send(Method::GET, &path, Some(&token), None).await.json().await.unwrap();
    assert_eq!((&kept["data"]["shippingCost"], &kept["data"]["total"]), (&json!(1_500), &json!(11_500)));
    let after = placed(&app, &token, &checkout(&tee, 1, "medina", "standard", "wave")).await;
    assert_eq!(after["shippingCost"], 2_000, "new orders pay the new fee");
}

#[tokio::test]
async fn the_admin_creates_a_zone_whose_communes_checkout_then_takes() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let admin = app.admin_token().await;
    let form = zone_form(4_000, json!([{"name": "Saly Portudal"}, {"code": "ngaparou", "name": "Ngaparou"}]));
    let response = app.send(Method::POST, "/api/admin/delivery/zones", Some(&admin), Some(&form)).await;
    assert_eq!(response.status(), 201);
    let zone = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!((&zone["code"], &zone["active"], &zone["expressFee"]), (&json!("saly"), &json!(true), &json!(null)));
    assert_eq!(
        zone["communes"],
        json!([{"code": "ngaparou", "name": "Ngaparou"}, {"code": "saly-portudal", "name": "Saly Portudal"}])
    );
    let order = placed(&app, &token, &checkout(&tee, 1, "saly-portudal", "standard", "wave")).await;
    assert_eq!(order["shippingCost"], 4_000);
    let mut express = zone_form(4_000, json!([{"name": "Somone"}]));
    express["expressFee"] = json!(6_000);
    let silent = app.send(Method::POST, "/api/admin/delivery/zones", Some(&admin), Some(&express)).await;
    assert_eq!(silent.status(), 400, "express needs its own delay");
    assert_eq!(error_body(silent).await["fields"]["expressDelay"], "Le délai de la livraison express est requis");

    let again = app.send(Method::POST, "/api/admin/delivery/zones", Some(&admin), Some(&form)).await;
    assert_eq!(again.status(), 409);
    assert_eq!(error_body(again).await["code"], "delivery_zone_exists");
    let stealing = zone_form(4_000, json!([{"code": "medina", "name": "Médina"}]));
    let mut stealing = stealing;
    stealing["name"] = json!("Autre");
    let refused = app.send(Method::POST, "/api/admin/delivery/zones", Some(&admin), Some(&stealing)).await;
    assert_eq!(refused.status(), 409);
    let body = error_body(refused).await;
    assert_eq!(
        (&body["code"], &body["message"]),
        (&json!("commune_in_other_zone"), &json!("La commune Médina appartient déjà à la zone Dakar ville."))
    );
    let invalid = app.send(Method::POST, "/api/admin/delivery/zones", Some(&admin), Some(&json!({"fee": -5}))).await;
    assert_eq!(invalid.status(), 400);
    let body = error_body(invalid).await;
    assert_eq!(
        (&body["fields"]["fee"], &body["fields"]["name"]),
        (&json!("Un montant doit être positif ou nul"), &json!("Le nom de la zone est requis"))
    );
    let missing = app.send(Method::PUT, "/api/admin/delivery/zones/nulle-part", Some(&admin), Some(&form)).await;
    assert_eq!(missing.status(), 404);
    assert_eq!(error_body(missing).await["message"], "Zone de livraison introuvable");
}

#[tokio::test]
async fn a_zone_orders_name_is_deactivated_not_deleted_and_its_communes_are_no_longer_offered() {
    let app = spawn_app().await;
    let (token, tee) = shop(&app).await;
    let admin = app.admin_token().await;
    placed(&app, &token, &checkout(&tee, 1, "golf-sud", "standard", "wave")).await;
    let response = app.send(Method::DELETE, "/api/admin/delivery/zones/pikine-guediawaye", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    let removal = response.json::<Value>().await.unwrap()["data"].clone();
    assert_eq!((&removal["deleted"], &removal["deactivated"]), (&json!(false), &json!(true)));
    assert!(!zones(&app).await.iter().any(|z| z["code"] == "pikine-guediawaye"), "offered to nobody");
    let all: Value = app.send(Method::GET, "/api/admin/delivery/zones", Some(&admin), None).await.json().await.unwrap();
    let kept = all["data"].as_array().unwrap().iter().find(|z| z["code"] == "pikine-guediawaye").unwrap().clone();
    assert_eq!(kept["active"], false);
    let refused = error_body(place(&app, &token, &checkout(&tee, 1, "golf-sud", "standard", "wave")).await).await;
    assert_eq!(refused["fields"]["commune"], "Nous ne livrons pas à Golf Sud pour le moment.");

    let response = app.send(Method::DELETE, "/api/admin/delivery/zones/regions", Some(&admin), None).await;
    assert_eq!(response.json::<Value>().await.unwrap()["data"]["deleted"], true, "no order names it");
    let gone = app.send(Method::DELETE, "/api/admin/delivery/zones/regions", Some(&admin), None).await;
    assert_eq!(gone.status(), 404);

    let mut reopened = kept;
    reopened["active"] = json!(true);
    let path = "/api/admin/delivery/zones/pikine-guediawaye";
    assert_eq!(app.send(Method::PUT, path, Some(&admin), Some(&reopened)).await.status(), 200);
    placed(&app, &token, &checkout(&tee, 1, "golf-sud", "standard", "wave")).await;
}
