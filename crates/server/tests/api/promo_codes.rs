//! Promo codes: the back office's codes with their uses and revenue, the cart's check with its
//! French reasons, checkout's discount, the race for the last use, and a cancelled order giving
//! its use back.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

fn checkout(items: Value, phone: &str, promo: Option<&str>) -> Value {
    let mut body = json!({"items": items,
           "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": phone},
           "shippingMethod": "pickup", "paymentMethod": "cash_on_delivery"});
    if let Some(code) = promo {
        body["promoCode"] = json!(code);
    }
    body
}

fn item(product: &str, quantity: i64) -> Value {
    json!({"productId": product, "quantity": quantity, "size": "M", "color": "noir"})
}

async fn create_code(app: &TestApp, admin: &str, body: Value) -> Value {
    let response = app.send(Method::POST, "/api/admin/promo-codes", Some(admin), Some(&body)).await;
    assert_eq!(response.status(), 201, "{body}");
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn listed(app: &TestApp, admin: &str, code: &str) -> Value {
    let body: Value = app.send(Method::GET, "/api/admin/promo-codes", Some(admin), None).await.json().await.unwrap();
    body["data"].as_array().unwrap().iter().find(|c| c["code"] == code).cloned().expect("listed")
}

async fn add_to_cart(app: &TestApp, token: &str, product: &str, quantity: i64) {
    let response = app.send(Method::POST, "/api/cart/add", Some(token), Some(&item(product, quantity))).await;
    assert_eq!(response.status(), 200);
}

async fn check(app: &TestApp, token: &str, code: &str) -> reqwest::Response {
    app.send(Method::POST, "/api/cart/promo-code", Some(token), Some(&json!({"code": code}))).await
}

/// The refusal's code and French message.
async fn refusal(response: reqwest::Response) -> (u16, String, String) {
    let status = response.status().as_u16();
    let body = error_body(response).await;
    (status, body["code"].as_str().unwrap().to_owned(), body["message"].as_str().unwrap().to_owned())
}

async fn place(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.send(Method::POST, "/api/orders", Some(token), Some(body)).await
}

async fn placed(app: &TestApp, token: &str, body: &Value) -> Value {
    let response = place(app, token, body).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// `count` customers more, logged in, made by SQL from one registration (so that no
/// registration limit stands in the way of a crowd).
async fn customers(app: &TestApp, count: usize) -> Vec<String> {
    app.register("modele@example.sn", "secret1").await;
    let mut tokens = Vec::new();
    for n in 0..count {
        let email = format!("client{n}@example.sn");
        app.sql(&format!(
            "INSERT INTO users (email, password_hash, first_name, last_name, phone, role)
             SELECT '{email}', password_hash, first_name, last_name, phone, role FROM users
             WHERE email = 'modele@example.sn'"
        ))
        .await;
        let body: Value = app.login(&email, "secret1").await.json().await.unwrap();
        tokens.push(body["data"]["token"].as_str().unwrap().to_owned());
    }
    tokens
}

#[tokio::test]
async fn the_admin_creates_lists_and_changes_codes_and_sees_their_uses_and_revenue() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (shopper, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;

    let code = create_code(
        &app,
        &admin,
        json!({"code": " bienvenue ", "kind": "percent", "value": 10,
        "startsAt": "2026-01-01", "endsAt": null}),
    )
    .await;
    assert_eq!((&code["code"], &code["kind"], &code["value"]), (&json!("BIENVENUE"), &json!("percent"), &json!(10)));
    assert_eq!(
        (&code["startsAt"], &code["endsAt"], &code["usageLimit"]),
        (&json!("2026-01-01T00:00:00Z"), &Value::Null, &Value::Null)
    );
    assert_eq!(
        (&code["active"], &code["oncePerCustomer"], &code["includesPromotions"]),
        (&json!(true), &json!(false), &json!(false))
    );

    let same = app
        .send(
            Method::POST,
            "/api/admin/promo-codes",
            Some(&admin),
            Some(&json!({"code": "Bienvenue", "kind": "fixed", "value": 500})),
        )
        .await;
    assert_eq!(refusal(same).await, (409, "promo_code_exists".into(), "Un code promo porte déjà ce nom.".into()));
    let wrong = app
        .send(
            Method::POST,
            "/api/admin/promo-codes",
            Some(&admin),
            Some(&json!({"code": "X", "kind": "percent", "value": 150, "endsAt": "demain"})),
        )
        .await;
    assert_eq!(wrong.status(), 400);
    let fields = error_body(wrong).await["fields"].clone();
    assert_eq!(fields["code"], "Le code doit faire 3 à 30 caractères : lettres, chiffres, - ou _");
    assert_eq!(fields["value"], "Le pourcentage doit être compris entre 1 et 100");
    assert!(fields["endsAt"].is_string());
    let shopper_tries = app.send(Method::GET, "/api/admin/promo-codes", Some(&shopper), None).await;
    assert_eq!(shopper_tries.status(), 403);

    // Two orders with it: one paid (revenue), one not yet; a cancelled one counts for nothing.
    let first = placed(&app, &shopper, &checkout(json!([item(&tee, 2)]), "77 000 00 01", Some("bienvenue"))).await;
    assert_eq!(
        (&first["discount"], &first["total"], &first["promoCode"]),
        (&json!(2_000), &json!(18_000), &json!("BIENVENUE"))
    );
    placed(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 02", Some("BIENVENUE"))).await;
    let third = placed(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 03", Some("Bienvenue"))).await;
    let cancel = app
        .send(Method::POST, &format!("/api/orders/{}/cancel", third["id"].as_str().unwrap()), Some(&shopper), None)
        .await;
    assert_eq!(cancel.status(), 200);
    crate::refunds::deliver_cash_order(&app, &admin, first["id"].as_str().unwrap()).await;
    let paid = app
        .send(Method::PUT, &format!("/api/admin/orders/{}/payment", first["id"].as_str().unwrap()), Some(&admin), None)
        .await;
    assert_eq!(paid.status(), 200);
    let stats = listed(&app, &admin, "BIENVENUE").await;
    assert_eq!((&stats["uses"], &stats["revenue"], &stats["discounts"]), (&json!(2), &json!(18_000), &json!(3_000)));

    // Changed: a fixed amount now, switched off; shoppers are refused it.
    let id = code["id"].as_str().unwrap();
    let changed = app
        .send(
            Method::PUT,
            &format!("/api/admin/promo-codes/{id}"),
            Some(&admin),
            Some(&json!({"code": "BIENVENUE", "kind": "fixed", "value": 1500, "active": false})),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let changed: Value = changed.json().await.unwrap();
    assert_eq!(
        (&changed["data"]["kind"], &changed["data"]["startsAt"], &changed["data"]["active"]),
        (&json!("fixed"), &Value::Null, &json!(false))
    );
    add_to_cart(&app, &shopper, &tee, 1).await;
    assert_eq!(refusal(check(&app, &shopper, "bienvenue").await).await.2, "Code invalide");
    let missing = app
        .send(
            Method::PUT,
            &format!("/api/admin/promo-codes/{}", uuid::Uuid::nil()),
            Some(&admin),
            Some(&json!({"code": "AUTRE", "kind": "fixed", "value": 1500})),
        )
        .await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn the_cart_s_check_answers_the_discount_or_the_reason_in_french() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (shopper, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    let sale = app.product("Casquette Soldée", 8_000, Some(6_000), &[("noir", "M", 40)]).await;
    create_code(&app, &admin, json!({"code": "MIN20", "kind": "fixed", "value": 3000, "minSubtotal": 20000})).await;
    create_code(&app, &admin, json!({"code": "PASSE", "kind": "percent", "value": 10, "endsAt": "2020-12-31"})).await;
    create_code(
        &app,
        &admin,
        json!({"code": "BIENTOT", "kind": "percent", "value": 10, "startsAt": "2099-01-01T08:00"}),
    )
    .await;
    create_code(&app, &admin, json!({"code": "UNEFOIS", "kind": "percent", "value": 10, "oncePerCustomer": true}))
        .await;
    create_code(&app, &admin, json!({"code": "TOUT", "kind": "percent", "value": 50, "includesPromotions": true}))
        .await;

    assert_eq!(
        refusal(check(&app, &shopper, "MIN20").await).await,
        (409, "promo_code_refused".into(), "Votre panier est vide".into())
    );
    add_to_cart(&app, &shopper, &sale, 2).await;
    assert_eq!(
        refusal(check(&app, &shopper, "unefois").await).await.2,
        "Ce code ne s'applique pas aux articles déjà en promotion"
    );
    let all: Value = check(&app, &shopper, "tout").await.json().await.unwrap();
    assert_eq!(all["data"], json!({"code": "TOUT", "discount": 6_000, "subtotal": 12_000, "eligibleSubtotal": 12_000}));

    add_to_cart(&app, &shopper, &tee, 1).await;
    // 10 000 of lines not on promotion: the promotion's 12 000 do not count towards the minimum.
    assert_eq!(refusal(check(&app, &shopper, "min20").await).await.2, "Montant minimum de 20 000 FCFA non atteint");
    add_to_cart(&app, &shopper, &tee, 1).await;
    let ok: Value = check(&app, &shopper, " Min20 ").await.json().await.unwrap();
    assert_eq!(ok["data"], json!({"code": "MIN20", "discount": 3_000, "subtotal": 32_000, "eligibleSubtotal": 20_000}));

    assert_eq!(refusal(check(&app, &shopper, "passe").await).await.2, "Code expiré");
    assert_eq!(refusal(check(&app, &shopper, "bientot").await).await.2, "Ce code n'est pas encore valable");
    assert_eq!(refusal(check(&app, &shopper, "INCONNU").await).await.2, "Code invalide");
    let blank = check(&app, &shopper, "  ").await;
    assert_eq!(blank.status(), 400);
    assert_eq!(error_body(blank).await["fields"]["code"], "Saisissez un code promo");

    let once: Value = check(&app, &shopper, "UNEFOIS").await.json().await.unwrap();
    assert_eq!(once["data"]["discount"], 2_000);
    placed(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 01", Some("unefois"))).await;
    assert_eq!(refusal(check(&app, &shopper, "UNEFOIS").await).await.2, "Code déjà utilisé");
    let again = place(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 02", Some("unefois"))).await;
    let (status, code, message) = refusal(again).await;
    assert_eq!((status, code.as_str(), message.as_str()), (409, "promo_code_refused", "Code déjà utilisé"));

    let anonymous = app.post_json("/api/cart/promo-code", &json!({"code": "TOUT"})).await;
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn checkout_discounts_the_eligible_lines_never_delivery_and_the_order_keeps_code_and_amount() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (shopper, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    let sale = app.product("Casquette Soldée", 8_000, Some(6_000), &[("noir", "M", 40)]).await;
    create_code(&app, &admin, json!({"code": "DIX", "kind": "percent", "value": 10})).await;
    create_code(&app, &admin, json!({"code": "GROS", "kind": "fixed", "value": 1_000_000})).await;

    let order =
        placed(&app, &shopper, &checkout(json!([item(&tee, 1), item(&sale, 1)]), "77 000 00 01", Some("dix"))).await;
    assert_eq!(
        (&order["subtotal"], &order["discount"], &order["total"]),
        (&json!(16_000), &json!(1_000), &json!(15_000))
    );

    // A delivery: the fee is paid in full, whatever the code.
    let mut delivered = checkout(json!([item(&tee, 1)]), "77 000 00 02", Some("gros"));
    delivered["shippingMethod"] = json!("standard");
    delivered["shippingInfo"]["address"] = json!("Rue 10");
    delivered["shippingInfo"]["commune"] = json!("medina");
    delivered["shippingInfo"]["landmark"] = json!("Près du marché");
    let order = placed(&app, &shopper, &delivered).await;
    let fee = order["shippingCost"].as_i64().unwrap();
    assert!(fee > 0, "{order}");
    assert_eq!(
        (&order["discount"], &order["total"], &order["promoCode"]),
        (&json!(10_000), &json!(fee), &json!("GROS"))
    );

    let unknown = place(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 03", Some("rien"))).await;
    let (status, code, message) = refusal(unknown).await;
    assert_eq!((status, code.as_str(), message.as_str()), (409, "promo_code_refused", "Code invalide"));
    let without = placed(&app, &shopper, &checkout(json!([item(&tee, 1)]), "77 000 00 03", None)).await;
    assert_eq!((&without["discount"], &without["promoCode"]), (&json!(0), &Value::Null));
}

#[tokio::test]
async fn ten_checkouts_racing_for_the_last_use_give_one_discounted_order_and_the_others_may_order_without() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 100)]).await;
    create_code(&app, &admin, json!({"code": "DERNIER", "kind": "fixed", "value": 2500, "usageLimit": 1})).await;
    let shoppers = customers(&app, 10).await;

    let racing = shoppers.iter().enumerate().map(|(n, token)| {
        let body = checkout(json!([item(&tee, 1)]), &format!("77 000 10 {n:02}"), Some("dernier"));
        let app = &app;
        async move { (place(app, token, &body).await, body) }
    });
    let answers = futures_util::future::join_all(racing).await;
    let (mut discounted, mut refused) = (0, Vec::new());
    for (n, (response, body)) in answers.into_iter().enumerate() {
        match response.status().as_u16() {
            201 => {
                let order: Value = response.json().await.unwrap();
                assert_eq!((&order["data"]["discount"], &order["data"]["total"]), (&json!(2500), &json!(7500)));
                discounted += 1;
            }
            409 => {
                let (_, code, message) = refusal(response).await;
                assert_eq!(code, "promo_code_exhausted");
                assert_eq!(message, "Code épuisé : il a atteint sa limite d'utilisation");
                refused.push((n, body));
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!((discounted, refused.len()), (1, 9));
    assert_eq!(listed(&app, &admin, "DERNIER").await["uses"], 1);

    // Confirmed by the shopper: the same order without the code.
    let (n, mut body) = refused.pop().unwrap();
    body.as_object_mut().unwrap().remove("promoCode");
    let order = placed(&app, &shoppers[n], &body).await;
    assert_eq!((&order["discount"], &order["total"]), (&json!(0), &json!(10_000)));
    let stock: Value = app.get(&format!("/api/products/{tee}")).await.json().await.unwrap();
    assert_eq!(stock["data"]["stock"]["noir"]["M"], 98, "a refused checkout took no stock");
}

#[tokio::test]
async fn a_cancelled_order_gives_its_use_back_whoever_cancels_it() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 40)]).await;
    create_code(&app, &admin, json!({"code": "UNIQUE", "kind": "percent", "value": 20, "usageLimit": 1})).await;
    let shoppers = customers(&app, 2).await;
    let (awa, moussa) = (&shoppers[0], &shoppers[1]);
    let body = |phone: &str| checkout(json!([item(&tee, 1)]), phone, Some("unique"));

    let first = placed(&app, awa, &body("77 000 00 01")).await;
    add_to_cart(&app, moussa, &tee, 1).await;
    assert_eq!(refusal(check(&app, moussa, "unique").await).await.1, "promo_code_exhausted");
    assert_eq!(refusal(place(&app, moussa, &body("77 000 00 02")).await).await.1, "promo_code_exhausted");

    // The customer cancels: the use comes back.
    let cancel =
        app.send(Method::POST, &format!("/api/orders/{}/cancel", first["id"].as_str().unwrap()), Some(awa), None).await;
    assert_eq!(cancel.status(), 200);
    let second = placed(&app, moussa, &body("77 000 00 02")).await;
    assert_eq!(second["discount"], 2_000);
    assert_eq!(refusal(place(&app, awa, &body("77 000 00 03")).await).await.1, "promo_code_exhausted");

    // The shop cancels: the use comes back too.
    let cancelled = app
        .send(
            Method::PUT,
            &format!("/api/admin/orders/{}/status", second["id"].as_str().unwrap()),
            Some(&admin),
            Some(&json!({"status": "cancelled"})),
        )
        .await;
    assert_eq!(cancelled.status(), 200);
    let third = placed(&app, awa, &body("77 000 00 03")).await;
    assert_eq!(third["discount"], 2_000);
    let stats = listed(&app, &admin, "UNIQUE").await;
    assert_eq!((&stats["uses"], &stats["discounts"]), (&json!(1), &json!(2_000)));
}

#[tokio::test]
async fn a_changed_code_is_in_the_audit_log_with_what_changed() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let code = create_code(&app, &admin, json!({"code": "TABASKI", "kind": "percent", "value": 10})).await;
    let path = format!("/api/admin/promo-codes/{}", code["id"].as_str().unwrap());
    let changed = json!({"code": "TABASKI", "kind": "percent", "value": 15});
    let response = app.send(Method::PUT, &path, Some(&admin), Some(&changed)).await;
    assert_eq!(response.status(), 200);
    let request = crate::helpers::header(&response, "x-request-id");
    assert_eq!(app.audit_actions(&request).await, ["promo_code.update"]);
    let journal: Value = app
        .send(Method::GET, "/api/admin/audit?action=promo_code.update", Some(&admin), None)
        .await
        .json()
        .await
        .unwrap();
    let entry = &journal["data"][0];
    assert_eq!(entry["target"]["label"], "TABASKI");
    assert_eq!(entry["actor"]["email"], "chef@bitik.sn");
    assert_eq!(entry["changes"], json!([{"field": "value", "before": 10, "after": 15}]));
}
