//! One phone rule in every form: registration, profile, address book, checkout and the back
//! office's accounts take Senegalese numbers as they are written, answer them in E.164, and
//! refuse what is not a phone with the same French message.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

/// How Senegalese numbers are written, and how the shop keeps them.
const TYPED: [&str; 2] = ["+221 77 123 45 67", "77.123.45.67"];
const STORED: &str = "+221771234567";
const INVALID: &str = "Veuillez entrer un numéro de téléphone valide";

async fn data(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.unwrap();
    body["data"].clone()
}

/// The answer to a form refused for its phone alone.
async fn assert_phone_refused(response: reqwest::Response) {
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["code"], "validation_failed", "{body}");
    assert_eq!(body["message"], INVALID);
    assert_eq!(body["fields"], json!({"phone": INVALID}));
}

fn registration(email: &str, phone: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": email, "password": "secret1", "phone": phone})
}

fn address(phone: &str) -> Value {
    json!({"label": "Maison", "firstName": "Awa", "lastName": "Diop", "phone": phone,
           "address": "Unité 15, villa 210", "commune": "parcelles-assainies", "landmark": "Près du terminus"})
}

fn checkout(product: &str, shipping: Value) -> Value {
    json!({"items": [{"productId": product, "quantity": 1, "size": "M", "color": "noir"}],
           "shippingInfo": shipping, "paymentMethod": "cash_on_delivery"})
}

fn shipping(phone: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": phone,
           "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée"})
}

#[tokio::test]
async fn registration_answers_the_phone_in_e164_and_refuses_junk() {
    let app = spawn_app().await;
    for (i, typed) in TYPED.iter().enumerate() {
        let email = format!("awa{i}@example.sn");
        let session = data(app.post_json("/api/auth/register", &registration(&email, typed)).await, 201).await;
        assert_eq!(session["user"]["phone"], STORED, "{typed}");
        let token = session["token"].as_str().unwrap();
        let me = data(app.send(Method::GET, "/api/auth/me", Some(token), None).await, 200).await;
        assert_eq!(me["phone"], STORED, "stored as answered");
    }
    assert_phone_refused(app.post_json("/api/auth/register", &registration("junk@example.sn", "abc")).await).await;
    assert_eq!(app.login("junk@example.sn", "secret1").await.status(), 401, "nobody was registered");
}

#[tokio::test]
async fn the_profile_answers_the_phone_in_e164_and_refuses_junk() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let profile = |phone: &str| json!({"firstName": "Awa", "lastName": "Diop", "phone": phone});
    for typed in TYPED {
        let user =
            data(app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&profile(typed))).await, 200).await;
        assert_eq!(user["phone"], STORED, "{typed}");
    }
    let refused = app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&profile("abc"))).await;
    assert_phone_refused(refused).await;
    let me = data(app.send(Method::GET, "/api/auth/me", Some(&token), None).await, 200).await;
    assert_eq!(me["phone"], STORED, "the refused form changed nothing");
    let cleared = data(app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&profile(""))).await, 200).await;
    assert_eq!(cleared["phone"], "", "the profile's phone may be left blank");
}

#[tokio::test]
async fn the_address_book_answers_the_phone_in_e164_and_refuses_junk() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    for typed in TYPED {
        let saved =
            data(app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address(typed))).await, 201).await;
        assert_eq!(saved["phone"], STORED, "{typed}");
        let path = format!("/api/users/addresses/{}", saved["id"].as_str().unwrap());
        let updated = data(app.send(Method::PUT, &path, Some(&token), Some(&address(typed))).await, 200).await;
        assert_eq!(updated["phone"], STORED);
    }
    assert_phone_refused(app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address("abc"))).await)
        .await;
    let book = data(app.send(Method::GET, "/api/users/addresses", Some(&token), None).await, 200).await;
    let phones: Vec<&str> = book.as_array().unwrap().iter().map(|a| a["phone"].as_str().unwrap()).collect();
    assert_eq!(phones, [STORED, STORED]);
}

#[tokio::test]
async fn checkout_answers_the_phone_in_e164_and_refuses_junk() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    for typed in TYPED {
        let body = checkout(&tee, shipping(typed));
        let order = data(app.send(Method::POST, "/api/orders", Some(&token), Some(&body)).await, 201).await;
        assert_eq!(order["shippingInfo"]["phone"], STORED, "{typed}");
    }
    let refused = app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, shipping("abc")))).await;
    assert_phone_refused(refused).await;
}

#[tokio::test]
async fn a_phone_saved_in_the_address_book_is_taken_at_checkout() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    data(app.send(Method::POST, "/api/users/addresses", Some(&token), Some(&address("77.123.45.67"))).await, 201).await;
    let book = data(app.send(Method::GET, "/api/users/addresses", Some(&token), None).await, 200).await;
    let saved = &book[0];
    let shipping = json!({"firstName": saved["firstName"], "lastName": saved["lastName"], "email": "awa@example.sn",
                          "phone": saved["phone"], "address": saved["address"], "city": saved["city"],
                          "commune": "medina", "landmark": "Près de la mosquée", "country": saved["country"]});
    let order =
        data(app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, shipping))).await, 201).await;
    assert_eq!(order["shippingInfo"]["phone"], STORED);
}

async fn create_user(app: &TestApp, admin: &str, email: &str, phone: &str) -> reqwest::Response {
    let body = json!({"firstName": "Fatou", "lastName": "Fall", "email": email, "phone": phone, "password": "secret1"});
    app.send(Method::POST, "/api/admin/users", Some(admin), Some(&body)).await
}

#[tokio::test]
async fn the_back_offices_account_forms_answer_the_phone_in_e164_and_refuse_junk() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let created = data(create_user(&app, &admin, "fatou@example.sn", TYPED[0]).await, 201).await;
    assert_eq!(created["phone"], STORED);
    let path = format!("/api/admin/users/{}", created["id"].as_str().unwrap());
    let change = json!({"phone": "76.123.45.67"});
    let changed = data(app.send(Method::PUT, &path, Some(&admin), Some(&change)).await, 200).await;
    assert_eq!(changed["phone"], "+221761234567");
    let change = json!({"phone": TYPED[1]});
    assert_eq!(data(app.send(Method::PUT, &path, Some(&admin), Some(&change)).await, 200).await["phone"], STORED);
    assert_phone_refused(create_user(&app, &admin, "junk@example.sn", "abc").await).await;
    assert_phone_refused(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"phone": "abc"}))).await).await;
    let shown = data(app.send(Method::GET, &path, Some(&admin), None).await, 200).await;
    assert_eq!(shown["phone"], STORED, "the refused change changed nothing");
}

#[tokio::test]
async fn the_back_office_finds_a_customer_and_their_orders_however_the_phone_is_typed() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let order =
        data(app.send(Method::POST, "/api/orders", Some(&token), Some(&checkout(&tee, shipping(TYPED[1])))).await, 201)
            .await;
    let admin = app.admin_token().await;
    for typed in ["77 123 45 67", "771234567", "+221771234567"] {
        let search = typed.replace('+', "%2B").replace(' ', "%20");
        let users =
            app.send(Method::GET, &format!("/api/admin/users?role=customer&search={search}"), Some(&admin), None).await;
        let users = data(users, 200).await;
        let emails: Vec<&str> = users.as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap()).collect();
        assert_eq!(emails, ["awa@example.sn"], "{typed}");
        let orders = app.send(Method::GET, &format!("/api/admin/orders?search={search}"), Some(&admin), None).await;
        let orders = data(orders, 200).await;
        assert_eq!(orders.as_array().unwrap().len(), 1, "{typed}");
        assert_eq!(orders[0]["orderNumber"], order["orderNumber"]);
    }
}
