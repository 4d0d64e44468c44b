//! Accounts, sessions, roles, addresses and password resets.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{error_body, spawn_app};

#[tokio::test]
async fn registering_answers_a_token_and_the_user_without_secrets() {
    let app = spawn_app().await;
    let (token, user) = app.register("Awa@Example.SN", "secret1").await;
    assert!(!token.is_empty());
    assert_eq!(user["email"], "awa@example.sn");
    assert_eq!(user["role"], "customer");
    assert_eq!(user["country"], "Sénégal");
    assert!(user.get("passwordHash").is_none() && user.get("password").is_none());
    let me = app.send(Method::GET, "/api/auth/me", Some(&token), None).await;
    assert_eq!(me.status(), 200);
    let me: serde_json::Value = me.json().await.unwrap();
    assert_eq!(me["data"]["email"], "awa@example.sn");
}

#[tokio::test]
async fn the_same_email_in_another_case_is_refused_with_409() {
    let app = spawn_app().await;
    app.register("awa@example.sn", "secret1").await;
    let body = json!({"firstName": "A", "lastName": "D", "email": "AWA@example.sn", "password": "secret1", "phone": "77 123 45 67"});
    let response = app.post_json("/api/auth/register", &body).await;
    assert_eq!(response.status(), 409);
    assert_eq!(error_body(response).await["message"], "Un compte existe déjà avec cet email");
}

#[tokio::test]
async fn registration_validation_speaks_the_seeds_french() {
    let app = spawn_app().await;
    let response = app.post_json("/api/auth/register", &json!({})).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["message"], "Veuillez corriger les erreurs dans le formulaire.");
    assert_eq!(body["fields"]["firstName"], "Le prénom est requis");
    assert_eq!(body["fields"]["lastName"], "Le nom est requis");
    assert_eq!(body["fields"]["email"], "L'email est requis");
    assert_eq!(body["fields"]["phone"], "Le téléphone est requis");
    assert_eq!(body["fields"]["password"], "Le mot de passe est requis");
    let body = json!({"firstName": "A", "lastName": "D", "email": "awa@", "password": "12345", "phone": "77"});
    let body = error_body(app.post_json("/api/auth/register", &body).await).await;
    assert_eq!(body["fields"]["email"], "Veuillez saisir un email valide");
    assert_eq!(body["fields"]["password"], "Le mot de passe doit contenir au moins 6 caractères");
}

#[tokio::test]
async fn a_wrong_email_and_a_wrong_password_get_the_same_answer() {
    let app = spawn_app().await;
    app.register("awa@example.sn", "secret1").await;
    let wrong_password = app.login("awa@example.sn", "wrong-one").await;
    let unknown_email = app.login("nobody@example.sn", "secret1").await;
    assert_eq!((wrong_password.status().as_u16(), unknown_email.status().as_u16()), (401, 401));
    let (a, b) = (error_body(wrong_password).await, error_body(unknown_email).await);
    assert_eq!(a, b);
    assert_eq!(a["message"], "Email ou mot de passe incorrect");
    assert_eq!(app.login("AWA@example.sn", "secret1").await.status(), 200);
}

#[tokio::test]
async fn logout_password_change_and_deactivation_end_earlier_tokens() {
    let app = spawn_app().await;
    let (first, _) = app.register("awa@example.sn", "secret1").await;
    let response = app.send(Method::POST, "/api/auth/logout", Some(&first), None).await;
    assert_eq!(response.status(), 200);
    let after_logout = app.send(Method::GET, "/api/auth/me", Some(&first), None).await;
    assert_eq!(after_logout.status(), 401);
    assert_eq!(error_body(after_logout).await["code"], "session_expired");

    let login: serde_json::Value = app.login("awa@example.sn", "secret1").await.json().await.unwrap();
    let second = login["data"]["token"].as_str().unwrap().to_owned();
    let wrong = json!({"currentPassword": "nope", "newPassword": "newpass1"});
    let response = app.send(Method::PUT, "/api/auth/password", Some(&second), Some(&wrong)).await;
    assert_eq!(response.status(), 401);
    assert_eq!(error_body(response).await["message"], "Mot de passe actuel incorrect");
    let right = json!({"currentPassword": "secret1", "newPassword": "newpass1"});
    let response = app.send(Method::PUT, "/api/auth/password", Some(&second), Some(&right)).await;
    assert_eq!(response.status(), 200);
    let changed: serde_json::Value = response.json().await.unwrap();
    let third = changed["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&second), None).await.status(), 401);
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&third), None).await.status(), 200);
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 401);

    app.sql("UPDATE users SET active = false WHERE email = 'awa@example.sn'").await;
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&third), None).await.status(), 401);
    let response = app.login("awa@example.sn", "newpass1").await;
    assert_eq!(response.status(), 403);
    assert_eq!(error_body(response).await["code"], "account_disabled");
}

#[tokio::test]
async fn expired_tampered_foreign_and_deleted_user_tokens_are_refused() {
    let app = spawn_app().await;
    let (token, user) = app.register("awa@example.sn", "secret1").await;
    let tampered = {
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[2] = parts[2].chars().rev().collect();
        parts.join(".")
    };
    let other_key =
        bitik_identity::TokenService::new(b"some-other-secret-of-32-bytes-or-more", std::time::Duration::from_secs(60));
    let user_id: uuid::Uuid = user["id"].as_str().unwrap().parse().unwrap();
    let forged_user = crate::access::user_as(&user_id.to_string(), bitik_identity::Role::Admin);
    let foreign = other_key.issue(&forged_user);
    let dev_secret_expired = bitik_identity::TokenService::new(
        b"bitik-development-secret-do-not-use-in-production",
        std::time::Duration::ZERO,
    )
    .issue(&forged_user);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    for bad in [tampered.as_str(), foreign.as_str(), dev_secret_expired.as_str(), "not-a-token"] {
        let response = app.send(Method::GET, "/api/auth/me", Some(bad), None).await;
        assert_eq!(response.status(), 401, "{bad}");
    }
    app.sql("DELETE FROM users WHERE email = 'awa@example.sn'").await;
    assert_eq!(app.send(Method::GET, "/api/auth/me", Some(&token), None).await.status(), 401);
}

#[tokio::test]
async fn admin_routes_want_a_token_and_the_admin_role() {
    let app = spawn_app().await;
    let (customer, user) = app.register("awa@example.sn", "secret1").await;
    let path = format!("/api/admin/users/{}/reset-link", user["id"].as_str().unwrap());
    let response = app.send(Method::POST, &path, None, None).await;
    assert_eq!(response.status(), 401);
    let response = app.send(Method::POST, &path, Some(&customer), None).await;
    assert_eq!(response.status(), 403);
    assert_eq!(error_body(response).await["code"], "forbidden");
    let admin = app.admin_token().await;
    let response = app.send(Method::POST, &path, Some(&admin), None).await;
    assert_eq!(response.status(), 201);
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once() {
    let app = spawn_app().await;
    let (_, user) = app.register("awa@example.sn", "secret1").await;
    let admin = app.admin_token().await;
    let path = format!("/api/admin/users/{}/reset-link", user["id"].as_str().unwrap());
    let link: serde_json::Value = app.send(Method::POST, &path, Some(&admin), None).await.json().await.unwrap();
    let url = link["data"]["url"].as_str().unwrap();
    let token = url.rsplit('/').next().unwrap();
    assert!(url.contains("/reset-password/"));
    let reset = format!("/api/auth/reset-password/{token}");
    let short = app.post_json(&reset, &json!({"password": "123"})).await;
    assert_eq!(error_body(short).await["fields"]["password"], "Le mot de passe doit contenir au moins 6 caractères");
    assert_eq!(app.post_json(&reset, &json!({"password": "brand-new"})).await.status(), 200);
    let again = app.post_json(&reset, &json!({"password": "brand-new2"})).await;
    assert_eq!(again.status(), 404);
    assert_eq!(error_body(again).await["code"], "invalid_reset_token");
    assert_eq!(app.login("awa@example.sn", "brand-new").await.status(), 200);
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 401);
}

#[tokio::test]
async fn forgot_password_answers_the_same_whatever_the_email() {
    let app = spawn_app().await;
    app.register("awa@example.sn", "secret1").await;
    let known = app.post_json("/api/auth/forgot-password", &json!({"email": "awa@example.sn"})).await;
    let unknown = app.post_json("/api/auth/forgot-password", &json!({"email": "nobody@example.sn"})).await;
    assert_eq!((known.status().as_u16(), unknown.status().as_u16()), (200, 200));
    let known: serde_json::Value = known.json().await.unwrap();
    let unknown: serde_json::Value = unknown.json().await.unwrap();
    assert_eq!(known, unknown);
}

#[tokio::test]
async fn failed_logins_are_capped_per_email_with_429() {
    let app = spawn_app().await;
    app.register("awa@example.sn", "secret1").await;
    for _ in 0..5 {
        assert_eq!(app.login("awa@example.sn", "wrong-one").await.status(), 401);
    }
    let response = app.login("awa@example.sn", "secret1").await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    let body = error_body(response).await;
    assert!(body["message"].as_str().unwrap().starts_with("Trop de tentatives"), "{body}");
    // Another account from the same address is not locked out by these five.
    app.register("moussa@example.sn", "secret1").await;
    assert_eq!(app.login("moussa@example.sn", "secret1").await.status(), 200);
}

#[tokio::test]
async fn the_profile_changes_but_not_the_email() {
    let app = spawn_app().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let missing = app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&json!({"firstName": ""}))).await;
    let body = error_body(missing).await;
    assert_eq!(body["fields"]["firstName"], "Le prénom est requis");
    assert_eq!(body["fields"]["lastName"], "Le nom est requis");
    let update = json!({"firstName": "Awa", "lastName": "Ndiaye", "email": "pirate@example.sn", "city": "Thiès", "country": "Maroc"});
    let response = app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&update)).await;
    assert_eq!(response.status(), 200);
    let user: serde_json::Value = response.json().await.unwrap();
    assert_eq!(user["data"]["lastName"], "Ndiaye");
    assert_eq!(user["data"]["city"], "Thiès");
    assert_eq!(user["data"]["email"], "awa@example.sn");

    // The storefront's profile sends names and phone only: the address lines an older client
    // saved stay readable (the address book holds where parcels go).
    let names_only = json!({"firstName": "Awa", "lastName": "Diallo", "phone": "77 123 45 67"});
    let response = app.send(Method::PUT, "/api/auth/profile", Some(&token), Some(&names_only)).await;
    let user: serde_json::Value = response.json().await.unwrap();
    assert_eq!((&user["data"]["lastName"], &user["data"]["city"]), (&json!("Diallo"), &json!("Thiès")));
    assert_eq!(user["data"]["country"], "Maroc");
}

#[tokio::test]
async fn a_customer_sees_and_touches_only_their_own_addresses() {
    let app = spawn_app().await;
    let (awa, _) = app.register("awa@example.sn", "secret1").await;
    let (moussa, _) = app.register("moussa@example.sn", "secret1").await;
    let address = json!({"firstName": "Awa", "lastName": "Diop", "phone": "77 123 45 67", "address": "Unité 15",
                         "commune": "parcelles-assainies", "landmark": "Près du terminus", "zipCode": "12500"});
    let created = app.send(Method::POST, "/api/users/addresses", Some(&awa), Some(&address)).await;
    assert_eq!(created.status(), 201);
    let created: serde_json::Value = created.json().await.unwrap();
    assert_eq!(created["data"]["isDefault"], true);
    assert_eq!(created["data"]["country"], "Sénégal");
    let saved = &created["data"];
    assert_eq!(
        (&saved["commune"], &saved["communeName"], &saved["landmark"], &saved["city"], &saved["zipCode"]),
        (
            &json!("parcelles-assainies"),
            &json!("Parcelles Assainies"),
            &json!("Près du terminus"),
            &json!("Parcelles Assainies"),
            &json!("")
        ),
        "the city is the commune's; no postcode is read"
    );
    let id = created["data"]["id"].as_str().unwrap();
    let path = format!("/api/users/addresses/{id}");
    for (method, body) in [(Method::PUT, Some(&address)), (Method::DELETE, None)] {
        let response = app.send(method, &path, Some(&moussa), body).await;
        assert_eq!(response.status(), 404);
        assert_eq!(error_body(response).await["message"], "Adresse introuvable");
    }
    let response = app.send(Method::PUT, &format!("{path}/default"), Some(&moussa), None).await;
    assert_eq!(response.status(), 404);
    let theirs: serde_json::Value =
        app.send(Method::GET, "/api/users/addresses", Some(&moussa), None).await.json().await.unwrap();
    assert_eq!(theirs["data"], json!([]));
    let mine: serde_json::Value =
        app.send(Method::GET, "/api/users/addresses", Some(&awa), None).await.json().await.unwrap();
    assert_eq!(mine["data"].as_array().unwrap().len(), 1);
    let missing = app.send(Method::POST, "/api/users/addresses", Some(&awa), Some(&json!({}))).await;
    let missing = error_body(missing).await;
    assert_eq!(
        (&missing["fields"]["commune"], &missing["fields"]["landmark"], &missing["fields"]["city"]),
        (&json!("La commune est requise"), &json!("Le point de repère est requis"), &json!(null))
    );
    let mut elsewhere = address.clone();
    elsewhere["commune"] = json!("atlantide");
    let refused = app.send(Method::POST, "/api/users/addresses", Some(&awa), Some(&elsewhere)).await;
    assert_eq!(refused.status(), 400);
    assert_eq!(error_body(refused).await["fields"]["commune"], "Veuillez choisir une commune de la liste");
}
