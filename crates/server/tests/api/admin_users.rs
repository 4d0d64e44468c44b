//! The back office's accounts: guards, the list and its filters, the form, activation,
//! deletion, and the rules that keep an administrator from locking themselves out.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app};

async fn data(response: reqwest::Response, status: u16) -> Value {
    assert_eq!(response.status(), status);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// The administrator's own id, from their session.
async fn me(app: &TestApp, token: &str) -> String {
    let me: Value = app.send(Method::GET, "/api/auth/me", Some(token), None).await.json().await.unwrap();
    me["data"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn every_admin_user_route_wants_an_admin() {
    let app = spawn_app().await;
    let (customer, user) = app.register("awa@example.sn", "secret1").await;
    let id = user["id"].as_str().unwrap();
    let new_user = json!({"firstName": "Fatou", "lastName": "Fall", "email": "fatou@example.sn",
                          "phone": "77 000 00 00", "password": "secret1"});
    let routes = [
        (Method::GET, "/api/admin/users".to_owned(), None),
        (Method::GET, "/api/admin/users/stats".to_owned(), None),
        (Method::POST, "/api/admin/users".to_owned(), Some(new_user)),
        (Method::GET, format!("/api/admin/users/{id}"), None),
        (Method::PUT, format!("/api/admin/users/{id}"), Some(json!({"role": "admin"}))),
        (Method::PUT, format!("/api/admin/users/{id}/status"), Some(json!({"active": false}))),
        (Method::DELETE, format!("/api/admin/users/{id}"), None),
        (Method::POST, format!("/api/admin/users/{id}/reset-link"), None),
    ];
    for (method, path, body) in &routes {
        let anonymous = app.send(method.clone(), path, None, body.as_ref()).await;
        assert_eq!(anonymous.status(), 401, "{method} {path}");
        let response = app.send(method.clone(), path, Some(&customer), body.as_ref()).await;
        assert_eq!(response.status(), 403, "{method} {path}");
        assert_eq!(error_body(response).await["message"], "Cette section est réservée à l'équipe de la boutique.");
    }
    let mine: Value = app.send(Method::GET, "/api/auth/me", Some(&customer), None).await.json().await.unwrap();
    assert_eq!((mine["data"]["role"].as_str(), mine["data"]["active"].as_bool()), (Some("customer"), Some(true)));
    assert_eq!(app.login("fatou@example.sn", "secret1").await.status(), 401, "no account was created");
}

#[tokio::test]
async fn an_admin_creates_finds_and_edits_accounts() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.register("awa@example.sn", "secret1").await;
    let body = json!({"firstName": "Fatou", "lastName": "Fall", "email": " Fatou@Example.sn ",
                      "phone": "+221 70 999 88 77", "password": "secret1", "role": "admin"});
    let fatou = data(app.send(Method::POST, "/api/admin/users", Some(&admin), Some(&body)).await, 201).await;
    assert_eq!((fatou["email"].as_str(), fatou["role"].as_str()), (Some("fatou@example.sn"), Some("admin")));
    assert_eq!(fatou["passwordResetRequestedAt"], Value::Null);
    assert!(fatou.get("passwordHash").is_none() && fatou.get("tokenVersion").is_none());
    assert_eq!(app.login("fatou@example.sn", "secret1").await.status(), 200);
    let taken = app.send(Method::POST, "/api/admin/users", Some(&admin), Some(&body)).await;
    assert_eq!(taken.status(), 409);
    assert_eq!(error_body(taken).await["fields"]["email"], "Un compte existe déjà avec cet email");
    let empty = app.send(Method::POST, "/api/admin/users", Some(&admin), Some(&json!({}))).await;
    let empty = error_body(empty).await;
    assert_eq!(empty["fields"]["firstName"], "Le prénom est requis");
    assert_eq!(empty["fields"]["password"], "Le mot de passe est requis");

    let list = |query: &'static str| {
        let (app, admin) = (&app, &admin);
        async move {
            let page: Value = app
                .send(Method::GET, &format!("/api/admin/users{query}"), Some(admin), None)
                .await
                .json()
                .await
                .unwrap();
            let emails: Vec<String> =
                page["data"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap().to_owned()).collect();
            (emails, page["pagination"].clone())
        }
    };
    let (all, pagination) = list("").await;
    assert_eq!(all, ["fatou@example.sn", "awa@example.sn", "chef@bitik.sn"], "newest first");
    assert_eq!((pagination["limit"].as_u64(), pagination["totalPages"].as_u64()), (Some(10), Some(1)));
    assert_eq!(list("?search=fall").await.0, ["fatou@example.sn"]);
    assert_eq!(list("?search=709998877").await.0, ["fatou@example.sn"]);
    assert_eq!(list("?role=customer").await.0, ["awa@example.sn"]);
    assert_eq!(list("?limit=1&page=3").await.0, ["chef@bitik.sn"]);
    let bad = app.send(Method::GET, "/api/admin/users?role=boss", Some(&admin), None).await;
    assert_eq!(error_body(bad).await["fields"]["role"], "Rôle inconnu.");

    let id = fatou["id"].as_str().unwrap();
    let path = format!("/api/admin/users/{id}");
    let change = json!({"lastName": "Fall Ndiaye", "city": "Thiès", "role": "customer"});
    let changed = data(app.send(Method::PUT, &path, Some(&admin), Some(&change)).await, 200).await;
    assert_eq!(
        (changed["lastName"].as_str(), changed["city"].as_str(), changed["role"].as_str(), changed["phone"].as_str()),
        (Some("Fall Ndiaye"), Some("Thiès"), Some("customer"), Some("+221709998877"))
    );
    let shown = data(app.send(Method::GET, &path, Some(&admin), None).await, 200).await;
    assert_eq!(shown["lastName"], "Fall Ndiaye");
    let taken = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"email": "awa@example.sn"}))).await;
    assert_eq!(error_body(taken).await["code"], "email_taken");
    let missing = format!("/api/admin/users/{}", uuid::Uuid::new_v4());
    assert_eq!(
        error_body(app.send(Method::GET, &missing, Some(&admin), None).await).await["message"],
        "Utilisateur introuvable"
    );
}

#[tokio::test]
async fn a_deactivated_customer_is_logged_out_and_cannot_log_in_until_reactivated() {
    let app = spawn_app().await;
    let (customer, user) = app.register("awa@example.sn", "secret1").await;
    let admin = app.admin_token().await;
    let path = format!("/api/admin/users/{}/status", user["id"].as_str().unwrap());
    let off = data(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"active": false}))).await, 200).await;
    assert_eq!(off["active"], false);
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&customer), None).await.status(), 401, "session ended");
    let refused = app.login("awa@example.sn", "secret1").await;
    assert_eq!(refused.status(), 403);
    assert_eq!(error_body(refused).await["message"], "Ce compte a été désactivé. Contactez le service client.");
    let inactive: Value =
        app.send(Method::GET, "/api/admin/users?status=inactive", Some(&admin), None).await.json().await.unwrap();
    assert_eq!(inactive["data"][0]["email"], "awa@example.sn");
    data(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"active": true}))).await, 200).await;
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 200);
    let missing = app.send(Method::PUT, &path, Some(&admin), Some(&json!({}))).await;
    assert_eq!(error_body(missing).await["fields"]["active"], "Le statut (active) doit valoir true ou false.");
}

#[tokio::test]
async fn an_admin_cannot_lock_themselves_out_nor_delete_an_admin() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let id = me(&app, &admin).await;
    let status = app
        .send(Method::PUT, &format!("/api/admin/users/{id}/status"), Some(&admin), Some(&json!({"active": false})))
        .await;
    assert_eq!(status.status(), 409);
    assert_eq!(error_body(status).await["message"], "Vous ne pouvez pas désactiver votre propre compte.");
    let path = format!("/api/admin/users/{id}");
    let demote = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"role": "customer"}))).await;
    assert_eq!(demote.status(), 409);
    assert_eq!(error_body(demote).await["message"], "Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
    let delete = app.send(Method::DELETE, &path, Some(&admin), None).await;
    assert_eq!(delete.status(), 409);
    assert_eq!(error_body(delete).await["message"], "Un administrateur ne peut pas être supprimé.");
    let still: Value = app.send(Method::GET, "/api/auth/me", Some(&admin), None).await.json().await.unwrap();
    assert_eq!((still["data"]["role"].as_str(), still["data"]["active"].as_bool()), (Some("admin"), Some(true)));
}

#[tokio::test]
async fn a_customer_is_deleted_unless_orders_name_them() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (_, quiet) = app.register("awa@example.sn", "secret1").await;
    let (buyer_token, buyer) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 5)]).await;
    let order = json!({
        "items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Moussa", "lastName": "Sène", "email": "moussa@example.sn", "phone": "77 123 45 67",
                         "address": "Unité 15", "city": "Dakar", "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": "cash_on_delivery",
    });
    assert_eq!(app.send(Method::POST, "/api/orders", Some(&buyer_token), Some(&order)).await.status(), 201);
    let quiet_path = format!("/api/admin/users/{}", quiet["id"].as_str().unwrap());
    let deleted = data(app.send(Method::DELETE, &quiet_path, Some(&admin), None).await, 200).await;
    assert_eq!(deleted, json!({"deleted": true, "deactivated": false, "message": "Utilisateur supprimé avec succès"}));
    assert_eq!(app.send(Method::GET, &quiet_path, Some(&admin), None).await.status(), 404);
    let buyer_path = format!("/api/admin/users/{}", buyer["id"].as_str().unwrap());
    let kept = data(app.send(Method::DELETE, &buyer_path, Some(&admin), None).await, 200).await;
    assert_eq!(kept["deactivated"], true);
    assert_eq!(kept["message"], "Ce client a des commandes : son compte a été désactivé au lieu d'être supprimé.");
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&buyer_token), None).await.status(), 401);
    let orders: Value = app.send(Method::GET, "/api/admin/orders", Some(&admin), None).await.json().await.unwrap();
    assert_eq!(orders["pagination"]["totalItems"], 1, "the shop keeps the order");
}

#[tokio::test]
async fn a_password_set_by_an_admin_ends_the_old_sessions() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (customer, user) = app.register("awa@example.sn", "secret1").await;
    app.post_json("/api/auth/forgot-password", &json!({"email": "awa@example.sn"})).await;
    let path = format!("/api/admin/users/{}", user["id"].as_str().unwrap());
    let asked = data(app.send(Method::GET, &path, Some(&admin), None).await, 200).await;
    assert!(asked["passwordResetRequestedAt"].is_string(), "support sees the request");
    let short = app.send(Method::PUT, &path, Some(&admin), Some(&json!({"password": "12345"}))).await;
    assert_eq!(error_body(short).await["fields"]["password"], "Le mot de passe doit contenir au moins 6 caractères");
    let changed =
        data(app.send(Method::PUT, &path, Some(&admin), Some(&json!({"password": "nouveau-1"}))).await, 200).await;
    assert_eq!(changed["passwordResetRequestedAt"], Value::Null);
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&customer), None).await.status(), 401);
    assert_eq!(app.login("awa@example.sn", "nouveau-1").await.status(), 200);
}

#[tokio::test]
async fn account_counts_for_the_dashboard() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    app.register("awa@example.sn", "secret1").await;
    app.register("moussa@example.sn", "secret1").await;
    let stats = data(app.send(Method::GET, "/api/admin/users/stats", Some(&admin), None).await, 200).await;
    assert_eq!(stats["totalUsers"], 3);
    assert_eq!(stats["totalCustomers"], 2);
    assert_eq!(stats["newUsers"], 3, "all created this month");
    assert_eq!(stats["previousMonthNewUsers"], 0);
    assert_eq!(stats["trends"]["newUsers"], Value::Null, "no percentage against nothing");
}

#[tokio::test]
async fn the_owner_makes_a_team_and_a_new_role_ends_that_person_s_sessions_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    // The owner makes a manager's account; its permissions are the table's.
    let body = json!({"firstName": "Aïda", "lastName": "Ba", "email": "aida@bitik.sn", "phone": "77 100 00 01",
        "password": "gerant1", "role": "manager"});
    let created = data(app.send(Method::POST, "/api/admin/users", Some(&admin), Some(&body)).await, 201).await;
    assert_eq!(created["role"], "manager");
    let login: Value = app.login("aida@bitik.sn", "gerant1").await.json().await.unwrap();
    let manager = login["data"]["token"].as_str().unwrap().to_owned();
    let permissions = &login["data"]["user"]["permissions"];
    assert!(permissions.as_array().unwrap().contains(&json!("money.handle")), "{permissions}");
    assert!(!permissions.as_array().unwrap().contains(&json!("staff.manage")), "{permissions}");
    assert_eq!(app.send(Method::GET, "/api/admin/orders/stats", Some(&manager), None).await.status(), 200);
    // A manager does not make accounts: that is the owner's.
    let hire = json!({"firstName": "Ibou", "lastName": "Sy", "email": "ibou@bitik.sn", "password": "secret1", "role": "admin"});
    let refused = app.send(Method::POST, "/api/admin/users", Some(&manager), Some(&hire)).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(error_body(refused).await["message"], "L'équipe et le journal sont réservés à l'administrateur.");

    // Made a seller: the manager's session ends at once.
    let id = created["id"].as_str().unwrap();
    let seller = json!({"role": "seller"});
    assert_eq!(
        data(app.send(Method::PUT, &format!("/api/admin/users/{id}"), Some(&admin), Some(&seller)).await, 200).await["role"],
        "seller"
    );
    assert_eq!(app.send(Method::GET, "/api/admin/orders/stats", Some(&manager), None).await.status(), 401);
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&manager), None).await.status(), 401);
    // Logged in again, a seller handles orders but reads no figures.
    let login: Value = app.login("aida@bitik.sn", "gerant1").await.json().await.unwrap();
    let again = login["data"]["token"].as_str().unwrap();
    assert_eq!(login["data"]["user"]["permissions"], json!(["orders.handle", "deliveries.own", "stock.adjust"]));
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(again), None).await.status(), 200);
    let figures = app.send(Method::GET, "/api/admin/orders/stats", Some(again), None).await;
    assert_eq!(figures.status(), 403);
    assert_eq!(
        error_body(figures).await["message"],
        "Les chiffres de la boutique sont réservés au gérant et à l'administrateur."
    );
    // The same role again ends nothing.
    assert_eq!(
        data(app.send(Method::PUT, &format!("/api/admin/users/{id}"), Some(&admin), Some(&seller)).await, 200).await["role"],
        "seller"
    );
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(again), None).await.status(), 200);
}
