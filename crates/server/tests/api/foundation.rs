//! The conventions every route shares: health, the error envelope, the OpenAPI document.

use crate::helpers::{error_body, spawn_app, spawn_app_with};

#[tokio::test]
async fn health_says_the_server_and_database_answer() {
    let app = spawn_app().await;
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body, serde_json::json!({"data": {"status": "ok", "database": "ok"}}));
}

#[tokio::test]
async fn health_answers_503_quickly_when_the_database_is_unreachable() {
    // Port 1 refuses connections: the database is "down" from the first request.
    let app = spawn_app_with(&[("DATABASE_URL", "postgres://postgres@127.0.0.1:1/bitik")]).await;
    let started = std::time::Instant::now();
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 503);
    let body = error_body(response).await;
    assert_eq!(body["code"], "service_unavailable");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn an_unknown_api_route_answers_the_json_envelope() {
    let app = spawn_app().await;
    let response = app.get("/api/does-not-exist").await;
    assert_eq!(response.status(), 404);
    let body = error_body(response).await;
    assert_eq!(body["code"], "not_found");
    assert_eq!(body["message"], "Cette adresse de l'API n'existe pas.");
}

#[tokio::test]
async fn a_malformed_json_body_answers_400_in_the_envelope() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/newsletter"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(error_body(response).await["code"], "malformed_json");
}

#[tokio::test]
async fn a_body_that_is_not_json_answers_415() {
    let app = spawn_app().await;
    let response = app
        .client
        .post(app.url("/api/newsletter"))
        .header("content-type", "text/plain")
        .body("email=awa@example.sn")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
    assert_eq!(error_body(response).await["code"], "unsupported_media_type");
}

#[tokio::test]
async fn a_body_over_the_limit_answers_413() {
    let app = spawn_app().await;
    let huge = serde_json::json!({ "email": "a".repeat(300 * 1024) });
    let response = app.post_json("/api/newsletter", &huge).await;
    assert_eq!(response.status(), 413);
    assert_eq!(error_body(response).await["code"], "payload_too_large");
}

#[tokio::test]
async fn a_body_of_the_wrong_shape_names_the_field() {
    let app = spawn_app().await;
    let response = app.post_json("/api/newsletter", &serde_json::json!({ "mail": "awa@example.sn" })).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["code"], "invalid_body");
    assert!(body["fields"]["email"].is_string(), "{body}");
}

#[tokio::test]
async fn the_newsletter_stores_an_email_once_and_refuses_a_bad_one() {
    let app = spawn_app().await;
    for _ in 0..2 {
        let response = app.post_json("/api/newsletter", &serde_json::json!({ "email": " Awa@Example.sn" })).await;
        assert_eq!(response.status(), 201);
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["data"]["email"], "awa@example.sn");
    }
    let response = app.post_json("/api/newsletter", &serde_json::json!({ "email": "awa" })).await;
    assert_eq!(response.status(), 400);
    let body = error_body(response).await;
    assert_eq!(body["fields"]["email"], "Veuillez entrer une adresse email valide");
    let mut conn = app.database.database.conn().await.unwrap();
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let stored: i64 =
        bitik_postgres::schema::newsletter_subscribers::table.count().get_result(&mut conn).await.unwrap();
    assert_eq!(stored, 1);
}

#[tokio::test]
async fn the_openapi_document_describes_the_routes_and_the_docs_page_works() {
    let app = spawn_app().await;
    let document: serde_json::Value = app.get("/api/openapi.json").await.json().await.unwrap();
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    assert!(document["paths"]["/health"]["get"].is_object());
    assert!(document["paths"]["/newsletter"]["post"].is_object());
    assert_eq!(document["servers"][0]["url"], "/api");
    let page = app.get("/api/docs/").await;
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("swagger"));
}

#[tokio::test]
async fn every_admin_route_is_in_the_openapi_document() {
    let app = spawn_app().await;
    let document: serde_json::Value = app.get("/api/openapi.json").await.json().await.unwrap();
    for (path, method) in [
        ("/admin/orders", "get"),
        ("/admin/orders/stats", "get"),
        ("/admin/orders/{id}", "get"),
        ("/admin/orders/{id}/status", "put"),
        ("/admin/orders/{id}/payment", "put"),
        ("/admin/orders/{id}/tracking", "put"),
        ("/admin/products/stats", "get"),
        ("/products", "get"),
        ("/products", "post"),
        ("/products/{idOrSlug}", "put"),
        ("/products/{idOrSlug}", "delete"),
        ("/products/{id}/stock", "put"),
        ("/products/{idOrSlug}", "get"),
        ("/upload/images", "post"),
        ("/admin/users", "get"),
        ("/admin/users", "post"),
        ("/admin/users/stats", "get"),
        ("/admin/users/{id}", "get"),
        ("/admin/users/{id}", "put"),
        ("/admin/users/{id}", "delete"),
        ("/admin/users/{id}/status", "put"),
        ("/admin/users/{id}/reset-link", "post"),
    ] {
        assert!(document["paths"][path][method].is_object(), "{method} {path} is not documented");
    }
    let schemas = &document["components"]["schemas"];
    for schema in ["AdminProductDto", "AdminUserDto", "OrderStatsDto", "UserStatsDto", "ProductStatsDto", "UploadedDto"]
    {
        assert!(schemas[schema].is_object(), "schema {schema} is missing");
    }
    let scope = document["paths"]["/products"]["get"]["parameters"].as_array().unwrap();
    assert!(scope.iter().any(|p| p["name"] == "scope"), "the admin scope of the listing is documented");
}
