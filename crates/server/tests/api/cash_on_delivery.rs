//! Cash on delivery: confirmed before it ships (by the shop's call, the customer's signed link
//! or their account), cancelled by the sweep when nobody confirms it, parcels refused at the
//! door and back at the shop, couriers, and phones that may no longer pay at the door.

use std::collections::HashMap;

use bitik_server::config::Config;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app, spawn_app_with};

const PUBLIC_URL: &str = "https://boutique.test";
const PHONE: &str = "+221771234567";

/// A shop with a t-shirt (`stock` black M), an admin and a customer.
pub(crate) struct Shop {
    pub(crate) app: TestApp,
    pub(crate) admin: String,
    pub(crate) customer: String,
    pub(crate) tee: String,
}

impl Shop {
    pub(crate) async fn open(stock: i64) -> Self {
        Self::open_with(stock, &[]).await
    }

    async fn open_with(stock: i64, settings: &[(&str, &str)]) -> Self {
        let mut settings = settings.to_vec();
        settings.push(("PUBLIC_URL", PUBLIC_URL));
        let app = spawn_app_with(&settings).await;
        let (customer, _) = app.register("awa@example.sn", "secret1").await;
        let admin = app.admin_token().await;
        let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", stock)]).await;
        Shop { app, admin, customer, tee }
    }

    pub(crate) async fn checkout(&self, token: &str, quantity: i64, payment: &str) -> reqwest::Response {
        let body = json!({
            "items": [{"productId": self.tee, "quantity": quantity, "size": "M", "color": "noir"}],
            "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn",
                             "phone": "77 123 45 67", "address": "Unité 15, villa 210", "city": "Dakar"},
            "shippingMethod": "pickup",
            "paymentMethod": payment,
        });
        self.app.send(Method::POST, "/api/orders", Some(token), Some(&body)).await
    }

    /// The customer's order of `quantity` t-shirts: its id.
    pub(crate) async fn order(&self, quantity: i64, payment: &str) -> String {
        let response = self.checkout(&self.customer, quantity, payment).await;
        assert_eq!(response.status(), 201);
        response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned()
    }

    pub(crate) async fn admin(&self, method: Method, path: &str, body: Option<Value>) -> reqwest::Response {
        self.app.send(method, path, Some(&self.admin), body.as_ref()).await
    }

    pub(crate) async fn admin_order(&self, id: &str) -> Value {
        let response = self.admin(Method::GET, &format!("/api/admin/orders/{id}"), None).await;
        response.json::<Value>().await.unwrap()["data"].clone()
    }

    pub(crate) async fn customer_order(&self, id: &str) -> Value {
        let response = self.app.send(Method::GET, &format!("/api/orders/{id}"), Some(&self.customer), None).await;
        response.json::<Value>().await.unwrap()["data"].clone()
    }

    pub(crate) async fn report(&self, id: &str, outcome: &str) -> reqwest::Response {
        let body = json!({ "confirmation": outcome });
        self.admin(Method::PUT, &format!("/api/admin/orders/{id}/confirmation"), Some(body)).await
    }

    pub(crate) async fn set_status(&self, id: &str, status: &str) -> reqwest::Response {
        let body = json!({ "status": status });
        self.admin(Method::PUT, &format!("/api/admin/orders/{id}/status"), Some(body)).await
    }

    /// Read as the back office reads it, never from the storefront's cache, which hears of a
    /// write a moment after it is committed.
    pub(crate) async fn stock(&self) -> i64 {
        let path = format!("/api/products/{}?scope=admin", self.tee);
        let body: Value = self.admin(Method::GET, &path, None).await.json().await.unwrap();
        body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
    }

    /// A cash order confirmed, shipped and refused at the door.
    async fn refused_order(&self, quantity: i64) -> String {
        let id = self.order(quantity, "cash_on_delivery").await;
        assert_eq!(self.report(&id, "confirmed").await.status(), 200);
        assert_eq!(self.set_status(&id, "shipped").await.status(), 200);
        assert_eq!(self.set_status(&id, "refused").await.status(), 200);
        id
    }

    async fn phone_record(&self, phone: &str) -> reqwest::Response {
        self.admin(Method::GET, &format!("/api/admin/phones/{phone}"), None).await
    }
}

pub(crate) async fn data(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    response.json::<Value>().await.unwrap()["data"].clone()
}

fn last_history(order: &Value) -> (String, String, String) {
    let last = order["statusHistory"].as_array().unwrap().last().unwrap().clone();
    let text = |key: &str| last[key].as_str().unwrap().to_owned();
    (text("status"), text("by"), text("note"))
}

/// The token of the signed link the admin sees.
fn token_of(link: &Value) -> String {
    let link = link.as_str().expect("a confirmation link");
    let token = link.strip_prefix(&format!("{PUBLIC_URL}/confirm/")).expect("the storefront's /confirm page");
    token.to_owned()
}

#[tokio::test]
async fn a_cash_order_is_confirmed_before_it_is_prepared_and_every_call_is_kept() {
    let shop = Shop::open(10).await;
    let id = shop.order(1, "cash_on_delivery").await;
    let mine = shop.customer_order(&id).await;
    assert_eq!((mine["confirmation"].as_str(), mine["confirmable"].as_bool()), (Some("awaiting"), Some(true)));
    assert_eq!(mine["confirmationAttempts"], json!([]));
    assert!(mine.get("confirmationLink").is_none(), "the link is the admin's to send");
    let wave = shop.customer_order(&shop.order(1, "wave").await).await;
    assert_eq!((&wave["confirmation"], &wave["confirmable"]), (&Value::Null, &json!(false)));

    for status in ["processing", "shipped", "delivered"] {
        let refused = shop.set_status(&id, status).await;
        assert_eq!(refused.status(), 409, "{status}");
        let body = error_body(refused).await;
        assert_eq!(body["code"], "order_not_confirmed");
        assert_eq!(body["message"], "Cette commande doit d'abord être confirmée par le client.");
    }
    let link = shop.admin_order(&id).await["confirmationLink"].clone();
    assert!(!token_of(&link).is_empty());

    let silent = data(shop.report(&id, "no_answer").await, 200).await;
    assert_eq!(silent["confirmation"], "no_answer");
    let attempt = &silent["confirmationAttempts"][0];
    assert_eq!((attempt["outcome"].as_str(), attempt["by"].as_str()), (Some("no_answer"), Some("Admin Awa Diop")));
    assert!(attempt["at"].is_string());
    assert_eq!(silent["confirmationLink"], link, "the same link while the order waits");
    let unknown = error_body(shop.report(&id, "awaiting").await).await;
    assert_eq!(
        (unknown["code"].as_str(), unknown["fields"]["confirmation"].is_string()),
        (Some("unknown_confirmation"), true)
    );

    let confirmed = data(shop.report(&id, "confirmed").await, 200).await;
    assert_eq!(confirmed["confirmation"], "confirmed");
    assert_eq!(confirmed["confirmationAttempts"].as_array().unwrap().len(), 2, "each attempt with its time");
    assert_eq!(confirmed["confirmationLink"], Value::Null);
    assert_eq!(
        last_history(&confirmed),
        ("pending".into(), "Admin Awa Diop".into(), "Commande confirmée par téléphone".into())
    );
    assert_eq!(error_body(shop.report(&id, "wrong_number").await).await["code"], "already_confirmed");
    assert_eq!(shop.set_status(&id, "processing").await.status(), 200, "confirmed: it may be prepared");
    let wave_id = wave["id"].as_str().unwrap();
    assert_eq!(error_body(shop.report(wave_id, "confirmed").await).await["code"], "not_cash_on_delivery");
}

#[tokio::test]
async fn a_links_page_says_an_order_the_shop_confirmed_is_confirmed_rather_than_asking_again() {
    let shop = Shop::open(10).await;
    let id = shop.order(1, "cash_on_delivery").await;
    let token = token_of(&shop.admin_order(&id).await["confirmationLink"]);
    let state = |token: String| {
        let app = &shop.app;
        async move { app.get(&format!("/api/orders/confirm/{token}")).await }
    };
    let waiting = data(state(token.clone()).await, 200).await;
    let number = shop.customer_order(&id).await["orderNumber"].clone();
    assert_eq!(waiting, json!({"orderNumber": number, "confirmation": "awaiting", "confirmable": true}));

    assert_eq!(shop.report(&id, "confirmed").await.status(), 200);
    let confirmed = data(state(token.clone()).await, 200).await;
    assert_eq!((&confirmed["confirmation"], &confirmed["confirmable"]), (&json!("confirmed"), &json!(false)));
    assert_eq!(shop.admin_order(&id).await["confirmation"], "confirmed", "reading the link changed nothing");

    let forged = state(format!("{}{}", uuid::Uuid::new_v4().simple(), &token[32..])).await;
    assert_eq!(forged.status(), 404);
    assert_eq!(error_body(forged).await["code"], "invalid_confirmation_link");
}

#[tokio::test]
async fn the_signed_link_confirms_its_own_order_once_and_no_other() {
    let shop = Shop::open(10).await;
    let (moussa, _) = shop.app.register("moussa@example.sn", "secret1").await;
    let awas = shop.order(1, "cash_on_delivery").await;
    let moussas = data(shop.checkout(&moussa, 1, "cash_on_delivery").await, 201).await;
    let token = token_of(&shop.admin_order(&awas).await["confirmationLink"]);

    // Moussa's order id with the signature of Awa's: not a link of this shop.
    let moussas_id = uuid::Uuid::parse_str(moussas["id"].as_str().unwrap()).unwrap();
    let forged = format!("{}{}", moussas_id.simple(), &token[32..]);
    for bad in [forged.as_str(), "not-a-token", ""] {
        let refused = shop.app.post_json("/api/orders/confirm", &json!({ "token": bad })).await;
        assert_eq!(refused.status(), 404, "{bad}");
        let body = error_body(refused).await;
        assert_eq!(body["code"], "invalid_confirmation_link");
        assert_eq!(body["message"], "Ce lien de confirmation n'est pas valide.");
    }
    assert_eq!(shop.admin_order(moussas["id"].as_str().unwrap()).await["confirmation"], "awaiting");

    // Whoever holds the link, without logging in.
    let confirmed = data(shop.app.post_json("/api/orders/confirm", &json!({ "token": token })).await, 200).await;
    assert_eq!(
        confirmed,
        json!({"orderNumber": shop.customer_order(&awas).await["orderNumber"], "confirmation": "confirmed"})
    );
    let order = shop.admin_order(&awas).await;
    assert_eq!(order["confirmation"], "confirmed");
    assert_eq!(
        last_history(&order),
        ("pending".into(), "Client".into(), "Commande confirmée par le client (lien de confirmation)".into())
    );
    let again = shop.app.post_json("/api/orders/confirm", &json!({ "token": token })).await;
    assert_eq!(again.status(), 409);
    let again = error_body(again).await;
    assert_eq!(
        (again["code"].as_str(), again["message"].as_str()),
        (Some("confirmation_link_used"), Some("Ce lien de confirmation a déjà servi."))
    );
}

#[tokio::test]
async fn a_logged_in_customer_confirms_their_own_order_and_no_one_elses() {
    let shop = Shop::open(10).await;
    let (moussa, _) = shop.app.register("moussa@example.sn", "secret1").await;
    let id = shop.order(1, "cash_on_delivery").await;
    let path = format!("/api/orders/{id}/confirm");
    let stranger = shop.app.send(Method::POST, &path, Some(&moussa), None).await;
    assert_eq!(stranger.status(), 404);
    let confirmed = data(shop.app.send(Method::POST, &path, Some(&shop.customer), None).await, 200).await;
    assert_eq!(
        (confirmed["confirmation"].as_str(), confirmed["confirmable"].as_bool()),
        (Some("confirmed"), Some(false))
    );
    assert_eq!(
        last_history(&confirmed),
        ("pending".into(), "Client".into(), "Commande confirmée par le client".into())
    );
    let again = shop.app.send(Method::POST, &path, Some(&shop.customer), None).await;
    assert_eq!(error_body(again).await["code"], "already_confirmed");
    let link = shop.admin_order(&id).await["confirmationLink"].clone();
    assert_eq!(link, Value::Null, "nothing left to confirm");
}

/// The app's services on the test's database, configured with `settings`, to run the sweep when
/// the test says.
fn sweeper(shop: &Shop, settings: &[(&str, &str)]) -> bitik_api::state::AppState {
    let mut vars: HashMap<&str, String> =
        HashMap::from([("DATABASE_URL", shop.app.database.url.clone()), ("FRONTEND_DIR", "/nonexistent".to_owned())]);
    vars.extend(settings.iter().map(|(k, v)| (*k, (*v).to_owned())));
    let config = Config::from_lookup(|name| vars.get(name).cloned()).unwrap();
    bitik_server::startup::build_state(config, shop.app.database.database.clone()).unwrap()
}

#[tokio::test]
async fn the_sweep_cancels_an_order_nobody_confirmed_within_the_hours_and_returns_its_stock_once() {
    let shop = Shop::open_with(10, &[("COD_CONFIRM_HOURS", "2")]).await;
    let late = shop.order(3, "cash_on_delivery").await;
    let confirmed = shop.order(1, "cash_on_delivery").await;
    shop.report(&confirmed, "confirmed").await;
    let recent = shop.order(1, "cash_on_delivery").await;
    for id in [&late, &confirmed] {
        shop.app
            .sql(&format!(
                "UPDATE order_confirmations SET requested_at = now() - interval '3 hours' WHERE order_id = '{id}'"
            ))
            .await;
    }
    assert_eq!(shop.stock().await, 5);
    let state = sweeper(&shop, &[("COD_CONFIRM_HOURS", "2")]);
    tokio::join!(bitik_server::startup::sweep_once(&state), bitik_server::startup::sweep_once(&state));
    bitik_server::startup::sweep_once(&state).await;
    assert_eq!(shop.stock().await, 8, "its three units are back, once");
    let swept = shop.customer_order(&late).await;
    assert_eq!(swept["status"], "cancelled");
    assert_eq!(last_history(&swept), ("cancelled".into(), "Système".into(), "Annulée : non confirmée sous 2 h".into()));
    assert_eq!(shop.customer_order(&confirmed).await["status"], "pending", "confirmed: it stays");
    assert_eq!(shop.customer_order(&recent).await["status"], "pending", "younger than the hours");
    let record = data(shop.phone_record(PHONE).await, 200).await;
    assert_eq!(record["cancelledUnconfirmed"], 1);
}

#[tokio::test]
async fn a_refused_parcel_comes_back_to_stock_once_when_the_admin_marks_it_returned() {
    let shop = Shop::open(10).await;
    let id = shop.order(2, "cash_on_delivery").await;
    shop.report(&id, "confirmed").await;
    assert_eq!(shop.set_status(&id, "processing").await.status(), 200);
    let early = shop.set_status(&id, "refused").await;
    assert_eq!(early.status(), 409);
    let early = error_body(early).await;
    assert_eq!(
        (early["code"].as_str(), early["message"].as_str()),
        (Some("order_not_shipped"), Some("Seule une commande expédiée peut être refusée à la livraison."))
    );
    let returned_path = format!("/api/admin/orders/{id}/returned");
    assert_eq!(error_body(shop.admin(Method::POST, &returned_path, None).await).await["code"], "order_not_refused");
    shop.set_status(&id, "shipped").await;
    let refused = data(shop.set_status(&id, "refused").await, 200).await;
    assert_eq!((refused["status"].as_str(), &refused["returnedAt"]), (Some("refused"), &Value::Null));
    assert_eq!(shop.stock().await, 8, "the parcel is not back yet");

    let returned = data(shop.admin(Method::POST, &returned_path, None).await, 200).await;
    assert!(returned["returnedAt"].is_string());
    assert_eq!(shop.stock().await, 10, "its units are back");
    let steps: Vec<(&str, &str)> = returned["statusHistory"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["status"].as_str().unwrap(), h["note"].as_str().unwrap()))
        .collect();
    assert_eq!(
        &steps[steps.len() - 2..],
        [("refused", ""), ("refused", "Colis revenu à la boutique : articles remis en stock")],
        "both steps in the history"
    );
    let again = shop.admin(Method::POST, &returned_path, None).await;
    assert_eq!(again.status(), 409);
    assert_eq!(error_body(again).await["code"], "already_returned");
    assert_eq!(shop.stock().await, 10, "once");
    let closed = shop.set_status(&id, "shipped").await;
    assert_eq!(error_body(closed).await["code"], "order_returned");
    let mine = shop.customer_order(&id).await;
    assert_eq!(mine["status"], "refused");
    let stats = data(shop.admin(Method::GET, "/api/admin/orders/stats", None).await, 200).await;
    assert_eq!((stats["todayOrders"].as_u64(), stats["todayRevenue"].as_i64()), (Some(0), Some(0)), "not a sale");
}

#[tokio::test]
async fn the_customer_sees_who_carries_the_parcel_and_the_tracking_note() {
    let shop = Shop::open(10).await;
    let id = shop.order(1, "cash_on_delivery").await;
    let courier_path = format!("/api/admin/orders/{id}/courier");
    let modou = json!({"name": " Modou Fall ", "phone": "77 000 11 22"});
    let early = shop.admin(Method::PUT, &courier_path, Some(modou.clone())).await;
    assert_eq!(error_body(early).await["code"], "order_not_shipped");
    shop.report(&id, "confirmed").await;
    shop.set_status(&id, "shipped").await;
    let bad = shop.admin(Method::PUT, &courier_path, Some(json!({"name": "Modou", "phone": "12"}))).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(error_body(bad).await["fields"]["phone"], "Veuillez entrer un numéro de téléphone valide");
    data(shop.admin(Method::PUT, &courier_path, Some(modou)).await, 200).await;
    let tracking = json!({"trackingNote": "Tiak-Tiak, réf. 4411"});
    shop.admin(Method::PUT, &format!("/api/admin/orders/{id}/tracking"), Some(tracking)).await;
    let mine = shop.customer_order(&id).await;
    assert_eq!(mine["courier"], json!({"name": "Modou Fall", "phone": "+221770001122"}));
    assert_eq!(mine["trackingNote"], "Tiak-Tiak, réf. 4411");
    let cleared = data(shop.admin(Method::PUT, &courier_path, Some(json!({"name": "", "phone": ""}))).await, 200).await;
    assert_eq!(cleared["courier"], Value::Null);
}

#[tokio::test]
async fn after_two_refusals_a_phone_pays_with_wave_until_an_admin_lifts_it() {
    let shop = Shop::open(20).await;
    shop.refused_order(1).await;
    assert_eq!(shop.checkout(&shop.customer, 1, "cash_on_delivery").await.status(), 201, "one refusal: still offered");
    shop.refused_order(1).await;
    let refused = shop.checkout(&shop.customer, 1, "cash_on_delivery").await;
    assert_eq!(refused.status(), 409);
    let refused = error_body(refused).await;
    assert_eq!(refused["code"], "cash_on_delivery_refused");
    assert_eq!(
        refused["message"],
        "Le paiement à la livraison n'est plus proposé pour ce numéro. Payez avec Wave pour commander."
    );
    assert_eq!(shop.checkout(&shop.customer, 1, "wave").await.status(), 201, "Wave stays open");

    let record = data(shop.phone_record("77%20123%2045%2067").await, 200).await;
    assert_eq!(
        (record["phone"].as_str(), record["refused"].as_u64(), record["cashOnDelivery"].as_bool()),
        (Some(PHONE), Some(2), Some(false))
    );
    assert_eq!((record["maxRefusals"].as_u64(), &record["codAllowed"]), (Some(2), &Value::Null));
    let path = format!("/api/admin/phones/{PHONE}");
    let nothing_decided = shop.admin(Method::PUT, &path, Some(json!({"note": "Cliente fidèle"}))).await;
    assert_eq!(nothing_decided.status(), 400, "codAllowed may be null, not left out");
    assert!(error_body(nothing_decided).await["fields"]["codAllowed"].is_string());
    let no_reason = shop.admin(Method::PUT, &path, Some(json!({"codAllowed": true}))).await;
    assert_eq!(no_reason.status(), 400);
    assert_eq!(error_body(no_reason).await["fields"]["note"], "Indiquez la raison de cette décision.");
    let lifted = json!({"codAllowed": true, "note": "Cliente fidèle, refus expliqués"});
    let lifted = data(shop.admin(Method::PUT, &path, Some(lifted)).await, 200).await;
    assert_eq!(
        (lifted["cashOnDelivery"].as_bool(), lifted["updatedBy"].as_str()),
        (Some(true), Some("Admin Awa Diop"))
    );
    assert_eq!(shop.checkout(&shop.customer, 1, "cash_on_delivery").await.status(), 201, "lifted by the admin");
    let blocked = json!({"codAllowed": false, "note": "Trop de refus"});
    data(shop.admin(Method::PUT, &path, Some(blocked)).await, 200).await;
    assert_eq!(shop.checkout(&shop.customer, 1, "cash_on_delivery").await.status(), 409);
    let rule = data(shop.admin(Method::PUT, &path, Some(json!({"codAllowed": null}))).await, 200).await;
    assert_eq!((&rule["codAllowed"], rule["cashOnDelivery"].as_bool()), (&Value::Null, Some(false)));
    assert_eq!(shop.phone_record("abc").await.status(), 400);
}

#[tokio::test]
async fn the_back_office_lists_orders_by_confirmation_and_the_dashboard_counts_those_to_confirm() {
    let shop = Shop::open(20).await;
    let awaiting = shop.order(1, "cash_on_delivery").await;
    let silent = shop.order(1, "cash_on_delivery").await;
    shop.report(&silent, "no_answer").await;
    let confirmed = shop.order(1, "cash_on_delivery").await;
    shop.report(&confirmed, "confirmed").await;
    // Delivered, its cash received: it no longer counts among the 3 an account may keep unpaid.
    for status in ["processing", "shipped", "delivered"] {
        assert_eq!(shop.set_status(&confirmed, status).await.status(), 200);
    }
    assert_eq!(shop.admin(Method::PUT, &format!("/api/admin/orders/{confirmed}/payment"), None).await.status(), 200);
    shop.order(1, "wave").await;
    let ids = |query: &'static str| {
        let shop = &shop;
        async move {
            let list: Value =
                shop.admin(Method::GET, &format!("/api/admin/orders?{query}"), None).await.json().await.unwrap();
            let mut ids: Vec<String> =
                list["data"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap().to_owned()).collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(ids("confirmation=awaiting").await, std::slice::from_ref(&awaiting));
    assert_eq!(ids("confirmation=confirmed").await, [confirmed]);
    let mut to_confirm = vec![awaiting, silent];
    to_confirm.sort();
    assert_eq!(ids("status=pending&confirmation=unconfirmed").await, to_confirm);
    let bad = shop.admin(Method::GET, "/api/admin/orders?confirmation=peut-etre", None).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(error_body(bad).await["fields"]["confirmation"], "État de confirmation inconnu.");
    let stats = data(shop.admin(Method::GET, "/api/admin/orders/stats", None).await, 200).await;
    assert_eq!(stats["awaitingConfirmation"], 2);
}

#[tokio::test]
async fn every_cash_on_delivery_route_of_the_back_office_wants_an_admin() {
    let app = spawn_app().await;
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let id = uuid::Uuid::new_v4();
    let routes = [
        (Method::PUT, format!("/api/admin/orders/{id}/confirmation"), Some(json!({"confirmation": "confirmed"}))),
        (Method::POST, format!("/api/admin/orders/{id}/returned"), None),
        (Method::PUT, format!("/api/admin/orders/{id}/courier"), Some(json!({"name": "Modou", "phone": "770001122"}))),
        (Method::GET, format!("/api/admin/phones/{PHONE}"), None),
        (Method::PUT, format!("/api/admin/phones/{PHONE}"), Some(json!({"codAllowed": true, "note": "x"}))),
    ];
    for (method, path, body) in &routes {
        assert_eq!(app.send(method.clone(), path, None, body.as_ref()).await.status(), 401, "{path}");
        assert_eq!(app.send(method.clone(), path, Some(&customer), body.as_ref()).await.status(), 403, "{path}");
    }
    let mine = app.send(Method::POST, &format!("/api/orders/{id}/confirm"), None, None).await;
    assert_eq!(mine.status(), 401);
}
