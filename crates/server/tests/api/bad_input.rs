//! Bad input of every kind gets a clear French error and writes nothing; what a client slips
//! into a body that only the server decides (prices, roles, statuses, ids) is never used.

use reqwest::Method;
use reqwest::header::{ALLOW, CONTENT_TYPE};
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

fn shipping() -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
           "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal",
           "commune": "medina", "landmark": "Près de la mosquée"})
}

fn checkout(product: &str, quantity: Value) -> Value {
    json!({"items": [{"productId": product, "quantity": quantity, "size": "M", "color": "noir"}],
           "shippingInfo": shipping(), "shippingMethod": "standard", "paymentMethod": "cash_on_delivery"})
}

fn address() -> Value {
    json!({"label": "Maison", "firstName": "Awa", "lastName": "Diop", "phone": "77 123 45 67",
           "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal",
           "commune": "parcelles-assainies", "landmark": "Près du terminus"})
}

async fn data(app: &TestApp, path: &str, token: &str) -> Value {
    let response = app.send(Method::GET, path, Some(token), None).await;
    assert_eq!(response.status(), 200, "GET {path}");
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn stock_of(app: &TestApp, product: &str) -> i64 {
    let body: Value = app.get(&format!("/api/products/{product}")).await.json().await.unwrap();
    body["data"]["stock"]["noir"]["M"].as_i64().unwrap()
}

/// Sends `body` as is, with `content_type`, and returns the answer.
async fn raw(app: &TestApp, path: &str, token: Option<&str>, content_type: &str, body: Vec<u8>) -> reqwest::Response {
    let mut request = app.client.post(app.url(path)).header(CONTENT_TYPE, content_type).body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request")
}

#[tokio::test]
async fn quantities_that_are_not_whole_positive_numbers_order_nothing() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let too_small = "La quantité doit être au moins de 1";
    let not_whole = "La quantité doit être un nombre entier";
    let line_limit = "Vous ne pouvez pas prendre plus de 10 exemplaires d'un même article (même taille, même couleur).";
    let cases = [
        (json!(0), 400, too_small),
        (json!(-1), 400, too_small),
        (json!(1.5), 400, not_whole),
        (json!("2"), 400, not_whole),
        (json!(true), 400, not_whole),
        (json!(1.0000001), 400, not_whole),
        // JSON Schema's integers: the document says `integer`, and 1e30 is one (too large).
        (json!(1e30), 409, line_limit),
        (json!(2_147_483_648_i64), 409, line_limit),
        (json!(u64::MAX), 409, line_limit),
        (json!(4), 409, "Stock insuffisant pour T-shirt Teranga (noir, M). Seulement 3 disponible(s)."),
    ];
    for (quantity, status, message) in cases {
        let response =
            app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, quantity.clone()))).await;
        assert_eq!(response.status().as_u16(), status, "quantity {quantity}");
        assert_eq!(error_body(response).await["message"], message, "quantity {quantity}");
    }
    assert_eq!(data(&app, "/api/orders", &token).await, json!([]));
    assert_eq!(stock_of(&app, &tee).await, 3);
}

#[tokio::test]
async fn an_amount_past_what_the_shop_can_count_is_refused_never_free() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    // The back office takes prices up to 100 000 000 FCFA; one stored before that rule (or
    // written around the shop) may be any whole number.
    let price = i64::MAX / 2;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    app.sql(&format!("UPDATE products SET price = {price} WHERE id = '{tee}'")).await;
    let too_large = "Montant trop élevé.";

    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, json!(3)))).await;
    assert_eq!(response.status(), 409);
    let error = error_body(response).await;
    assert_eq!((&error["code"], &error["message"]), (&json!("amount_too_large"), &json!(too_large)));
    assert_eq!(data(&app, "/api/orders", &token).await, json!([]), "no order, free or not");
    assert_eq!(stock_of(&app, &tee).await, 5);

    let line = json!({"productId": tee, "quantity": 3, "size": "M", "color": "noir"});
    let response = app.send(Method::POST, "/api/cart/add", Some(&token), Some(&line)).await;
    assert_eq!(response.status(), 409);
    assert_eq!(error_body(response).await["message"], too_large);
    let line = json!({"productId": tee, "quantity": 2, "size": "M", "color": "noir"});
    let response = app.send(Method::POST, "/api/cart/add", Some(&token), Some(&line)).await;
    assert_eq!(response.status(), 200, "what can be counted still goes in");
    let cart = data(&app, "/api/cart", &token).await;
    assert_eq!((&cart["subtotal"], &cart["itemCount"]), (&json!(price * 2), &json!(2)), "{cart}");
}

#[tokio::test]
async fn roles_statuses_prices_and_ids_slipped_into_bodies_are_never_used() {
    let app = spawn_app().await;
    let body = json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "password": "secret1",
                      "phone": "77 123 45 67", "role": "admin", "active": false, "tokenVersion": 99,
                      "id": "00000000-0000-0000-0000-000000000001", "createdAt": "2020-01-01T00:00:00Z"});
    let response = app.post_json("/api/auth/register", &body).await;
    assert_eq!(response.status(), 201);
    let token = response.json::<Value>().await.unwrap()["data"]["token"].as_str().unwrap().to_owned();
    let me = data(&app, "/api/auth/me", &token).await;
    assert_eq!((me["role"].as_str(), me["active"].as_bool()), (Some("customer"), Some(true)));
    assert_ne!(me["id"], "00000000-0000-0000-0000-000000000001");
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(&token), None).await.status(), 403);

    let mut profile = address();
    profile["email"] = json!("autre@example.sn");
    profile["role"] = json!("admin");
    let response = app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&profile)).await;
    assert_eq!(response.status(), 200);
    let me = data(&app, "/api/auth/me", &token).await;
    assert_eq!((me["email"].as_str(), me["role"].as_str()), (Some("awa@example.sn"), Some("customer")));

    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;
    let mut order = checkout(&tee, json!(1));
    order["items"][0]["price"] = json!(1);
    order["total"] = json!(1);
    order["status"] = json!("delivered");
    order["paymentStatus"] = json!("paid");
    order["userId"] = json!("00000000-0000-0000-0000-000000000001");
    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&order)).await;
    assert_eq!(response.status(), 201);
    let orders = data(&app, "/api/orders", &token).await;
    let stored = &orders[0];
    assert_eq!((stored["items"][0]["price"].as_i64(), stored["total"].as_i64()), (Some(10_000), Some(11_500)));
    assert_eq!(
        (stored["status"].as_str(), stored["paymentInfo"]["status"].as_str()),
        (Some("pending"), Some("pending"))
    );
}

#[tokio::test]
async fn unknown_fields_are_ignored_and_change_nothing_else() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let mut body = address();
    body["nickname"] = json!("x");
    body["userId"] = json!("00000000-0000-0000-0000-000000000001");
    body["__proto__"] = json!({"admin": true});
    let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    let stored = data(&app, "/api/users/addresses", &token).await;
    assert_eq!(stored.as_array().unwrap().len(), 1);
    assert!(stored[0].get("nickname").is_none() && stored[0].get("userId").is_none());
    assert_eq!(stored[0]["label"], "Maison");
}

#[tokio::test]
async fn huge_strings_are_refused_in_french_and_nothing_is_written() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let huge = "a".repeat(10_000);
    let cases = [
        ("firstName", "Ce champ ne peut pas dépasser 100 caractères"),
        ("address", "Ce champ ne peut pas dépasser 300 caractères"),
        ("label", "Ce champ ne peut pas dépasser 60 caractères"),
    ];
    for (field, message) in cases {
        let mut body = address();
        body[field] = json!(huge);
        let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
        assert_eq!(response.status(), 400, "{field}");
        let error = error_body(response).await;
        assert_eq!(error["fields"][field], message, "{field}");
    }
    assert_eq!(data(&app, "/api/users/addresses", &token).await, json!([]));

    let register = json!({"firstName": huge, "lastName": "Diop", "email": "long@example.sn", "password": "secret1"});
    let response = app.post_json("/api/auth/register", &register).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["fields"]["firstName"], "Ce champ ne peut pas dépasser 100 caractères");
    assert_eq!(app.login("long@example.sn", "secret1").await.status(), 401);
}

#[tokio::test]
async fn sql_and_html_in_text_fields_are_stored_and_returned_as_plain_text() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let sql = "'); DROP TABLE users; --";
    let html = "<img src=x onerror=alert(1)><script>alert('x')</script>";
    let mut body = address();
    body["label"] = json!(sql);
    body["address"] = json!(html);
    body["city"] = json!("Dakar\" OR 1=1 --");
    let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    let stored = data(&app, "/api/users/addresses", &token).await;
    assert_eq!(
        (stored[0]["label"].as_str(), stored[0]["address"].as_str(), stored[0]["city"].as_str()),
        (Some(sql), Some(html), Some("Dakar\" OR 1=1 --"))
    );
    let search: Value =
        app.get("/api/products?search=%27%3B%20DROP%20TABLE%20products%3B%20--").await.json().await.unwrap();
    assert_eq!(search["data"], json!([]));
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 200, "the users table is still there");
}

#[tokio::test]
async fn malformed_json_and_malformed_utf8_get_a_french_400_and_register_nobody() {
    let app = spawn_app().await;
    let malformed = "Le corps de la requête n'est pas un JSON valide.";
    let bodies: [&[u8]; 4] = [
        br#"{"email": "x@example.sn", "password": "#,
        br#"{"email": "x@example.sn",}"#,
        b"{\"email\": \"x\xff\xfe@example.sn\", \"password\": \"secret1\", \"firstName\": \"A\", \"lastName\": \"B\"}",
        b"",
    ];
    for body in bodies {
        let response = raw(&app, "/api/auth/register", None, "application/json", body.to_vec()).await;
        assert_eq!(response.status(), 400, "{}", String::from_utf8_lossy(body));
        let error = error_body(response).await;
        assert_eq!((error["code"].as_str(), error["message"].as_str()), (Some("malformed_json"), Some(malformed)));
    }
    let wrong_shape = raw(&app, "/api/auth/register", None, "application/json", b"[1, 2]".to_vec()).await;
    assert_eq!(wrong_shape.status(), 400);
    assert_eq!(error_body(wrong_shape).await["message"], "Données invalides. Vérifiez vos informations.");
    assert_eq!(app.login("x@example.sn", "secret1").await.status(), 401);
}

#[tokio::test]
async fn a_body_not_sent_as_json_gets_415() {
    let app = spawn_app().await;
    let body = br#"{"firstName": "A", "lastName": "B", "email": "x@example.sn", "password": "secret1"}"#.to_vec();
    for content_type in ["text/plain", "application/x-www-form-urlencoded", "application/xml"] {
        let response = raw(&app, "/api/auth/register", None, content_type, body.clone()).await;
        assert_eq!(response.status(), 415, "{content_type}");
        assert_eq!(error_body(response).await["message"], "Le contenu doit être envoyé au format JSON.");
    }
    let response = app.client.post(app.url("/api/auth/register")).body(body).send().await.unwrap();
    assert_eq!(response.status(), 415, "no content type at all");
    assert_eq!(app.login("x@example.sn", "secret1").await.status(), 401);
}

#[tokio::test]
async fn a_body_over_the_limit_gets_413() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let mut body = address();
    body["label"] = json!("a".repeat(300 * 1024));
    let response =
        raw(&app, "/api/users/addresses", Some(&token), "application/json", body.to_string().into_bytes()).await;
    assert_eq!(response.status(), 413);
    let error = error_body(response).await;
    assert_eq!(
        (error["code"].as_str(), error["message"].as_str()),
        (Some("payload_too_large"), Some("La requête est trop volumineuse."))
    );
    assert_eq!(data(&app, "/api/users/addresses", &token).await, json!([]));
}

#[tokio::test]
async fn a_nul_character_in_text_is_refused_before_the_database() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let message = "Le texte ne peut pas contenir de caractère nul.";
    let mut body = address();
    body["city"] = json!("Da\u{0}kar");
    let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["message"], message);
    assert_eq!(data(&app, "/api/users/addresses", &token).await, json!([]));

    for path in ["/api/products?search=a%00b", "/api/products/slug%00x"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 400, "{path}");
        assert_eq!(error_body(response).await["message"], message, "{path}");
    }
    // An escaped backslash before `u0000` is text, not a NUL.
    let mut body = address();
    body["label"] = json!("\\u0000");
    let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
    assert_eq!(response.status(), 201);
}

#[tokio::test]
async fn a_method_a_route_does_not_take_gets_405_with_allow() {
    let app = spawn_app().await;
    let cases = [
        (Method::DELETE, "/api/auth/login", "POST"),
        (Method::PATCH, "/api/cart", "GET"),
        (Method::PUT, "/api/products", "GET, POST"),
        (Method::POST, "/api/users/addresses/3f0c5e0e-6b8a-4c1e-9d55-2a7f1b0c9e11", "DELETE, PUT"),
    ];
    for (method, path, allow) in cases {
        let response = app.send(method.clone(), path, None, None).await;
        assert_eq!(response.status(), 405, "{method} {path}");
        assert_eq!(response.headers().get(ALLOW).and_then(|v| v.to_str().ok()), Some(allow), "{method} {path}");
        let error = error_body(response).await;
        assert_eq!(error["message"], "Cette méthode n'est pas permise ici.");
    }
    let response = app.get("/api/nowhere").await;
    assert_eq!(response.status(), 404);
    assert_eq!(error_body(response).await["message"], "Cette adresse de l'API n'existe pas.");
}

#[tokio::test]
async fn a_body_that_is_not_an_object_is_refused_not_read_field_by_field() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    // serde would read `["Fatou", "Sow"]` as firstName and lastName, in order.
    for body in [&b"[\"Fatou\", \"Sow\"]"[..], b"[null, null]", b"42", b"\"Fatou\""] {
        let mut request = app.client.put(app.url("/api/auth/profile")).header(CONTENT_TYPE, "application/json");
        request = request.bearer_auth(&token).body(body.to_vec());
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 400, "{}", String::from_utf8_lossy(body));
        let error = error_body(response).await;
        assert_eq!(error["message"], "Données invalides. Vérifiez vos informations.");
    }
    assert_eq!(data(&app, "/api/auth/me", &token).await["firstName"], "Awa");
}

/// Found by fuzzing: two "make it the default" at once for one customer broke the one-default
/// index (a 500).
#[tokio::test]
async fn concurrent_default_address_changes_leave_exactly_one_default() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let mut ids = Vec::new();
    for label in ["Maison", "Bureau", "Famille"] {
        let mut body = address();
        body["label"] = json!(label);
        let response = app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&body)).await;
        ids.push(response.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned());
    }
    for _ in 0..10 {
        let paths: Vec<String> = ids.iter().map(|id| format!("/api/users/addresses/{id}/default")).collect();
        let requests = paths.iter().map(|path| app.send(Method::PUT, path, Some(&token), None));
        for response in futures_util::future::join_all(requests).await {
            assert_eq!(response.status(), 200);
        }
    }
    let stored = data(&app, "/api/users/addresses", &token).await;
    let defaults = stored.as_array().unwrap().iter().filter(|a| a["isDefault"] == true).count();
    assert_eq!(defaults, 1);
}

#[tokio::test]
async fn whole_numbers_written_with_a_decimal_point_are_read_as_the_document_says() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let admin = app.admin_token().await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;

    let stock = json!({"stock": {"noir": {"M": 7.0}}, "reason": "recount"});
    let response = app.send(Method::PUT, &format!("/api/products/{tee}/stock"), Some(&admin), Some(&stock)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(stock_of(&app, &tee).await, 7);

    let line = json!({"productId": tee, "quantity": 2.0, "size": "M", "color": "noir"});
    assert_eq!(app.send(Method::POST, "/api/cart/add", Some(&token), Some(&line)).await.status(), 200);
    let cart = data(&app, "/api/cart", &token).await;
    assert_eq!(cart["items"][0]["quantity"], 2);
    let item = cart["items"][0]["id"].as_str().unwrap().to_owned();
    let path = format!("/api/cart/items/{item}");
    let response = app.send(Method::PUT, &path, Some(&token), Some(&json!({"quantity": 3.0}))).await;
    assert_eq!(response.status(), 200);
    assert_eq!(data(&app, "/api/cart", &token).await["items"][0]["quantity"], 3);

    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, json!(1.0)))).await;
    assert_eq!(response.status(), 201);
    assert_eq!(data(&app, "/api/orders", &token).await[0]["items"][0]["quantity"], 1);
    assert_eq!(stock_of(&app, &tee).await, 6);

    let half = json!({"stock": {"noir": {"M": 2.5}}, "reason": "recount"});
    let response = app.send(Method::PUT, &format!("/api/products/{tee}/stock"), Some(&admin), Some(&half)).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["message"], "Données invalides. Vérifiez vos informations.");
    assert_eq!(stock_of(&app, &tee).await, 6);
}

#[tokio::test]
async fn a_blank_query_value_is_read_as_absent_and_a_malformed_one_refused() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.register("awa@example.sn", "secret1").await;
    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 3)]).await;

    let all = app.get("/api/products").await.json::<Value>().await.unwrap();
    let blank = app.get("/api/products?limit=&category=&sizes=&sort=&minPrice=").await;
    assert_eq!(blank.status(), 200);
    assert_eq!(blank.json::<Value>().await.unwrap(), all);
    let users = data(&app, "/api/admin/users?role=&status=&limit=", &admin).await;
    assert_eq!(users.as_array().map(Vec::len), Some(2));
    assert_eq!(data(&app, "/api/admin/orders?fromDate=&toDate=&sort=&order=", &admin).await, json!([]));

    let date = "Date invalide (format attendu : AAAA-MM-JJ).";
    for (query, field, message) in [
        ("fromDate=2026-1-5", "fromDate", date),
        ("toDate=%2B2026-11-22", "toDate", date),
        ("order=up", "order", "Ordre de tri inconnu."),
    ] {
        let response = app.send(Method::GET, &format!("/api/admin/orders?{query}"), Some(&admin), None).await;
        assert_eq!(response.status(), 400, "{query}");
        assert_eq!(error_body(response).await["fields"][field], message, "{query}");
    }
    // Sizes are read in ASCII: the long s (ſ) is not an S, whatever its upper case.
    let response = app.get("/api/products?sizes=X%C5%BF").await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["fields"]["sizes"], "Taille inconnue : Xſ.");
}

#[tokio::test]
async fn an_unknown_reset_link_is_not_found_and_a_null_password_changes_nothing() {
    let app = spawn_app().await;
    let response = app.post_json("/api/auth/reset-password/not-a-link", &json!({"password": "brand-new"})).await;
    assert_eq!(response.status(), 404);
    let error = error_body(response).await;
    assert_eq!(
        (error["code"].as_str(), error["message"].as_str()),
        (Some("invalid_reset_token"), Some("Ce lien de réinitialisation est invalide ou a expiré."))
    );

    let admin = app.admin_token().await;
    let (_, user) = app.register("awa@example.sn", "secret1").await;
    let path = format!("/api/admin/users/{}", user["id"].as_str().unwrap());
    let response = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"password": null, "city": "Thiès"}))).await;
    assert_eq!(response.status(), 200);
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 200);
}
