//! What every answer tells the browser: the content security policy, no sniffing, no framing,
//! HSTS over HTTPS, CORS for the configured origin only, pictures under /uploads as pictures.

use reqwest::Method;
use reqwest::header::HeaderMap;

use crate::helpers::{TempDir, TestApp, spawn_app, spawn_app_with};

/// The built storefront's inline script (the tap keeper), and its hash:
/// `printf '%s' '(()=>{start()})();' | openssl dgst -sha256 -binary | base64`.
const BOOT: &str = "(()=>{start()})();";
const STOREFRONT_POLICY: &str = "default-src 'self'; \
    script-src 'self' 'sha256-CGMmk7PRRO/pVTobcbx8FpgNrtTdcCChXbv1EgXtJJk='; style-src 'self'; \
    img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
    form-action 'self'; frame-ancestors 'none'";

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|v| v.to_str().unwrap())
}

fn assert_common_headers(headers: &HeaderMap, what: &str) {
    assert_eq!(header(headers, "x-content-type-options"), Some("nosniff"), "{what}");
    assert_eq!(header(headers, "x-frame-options"), Some("DENY"), "{what}");
    assert_eq!(header(headers, "referrer-policy"), Some("strict-origin-when-cross-origin"), "{what}");
    // No page uses the camera, the microphone, the position, payments by the browser or USB.
    assert_eq!(
        header(headers, "permissions-policy"),
        Some("camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
        "{what}"
    );
    let policy = header(headers, "content-security-policy").unwrap_or_else(|| panic!("{what}: no CSP"));
    assert!(policy.contains("frame-ancestors 'none'"), "{what}: {policy}");
    assert!(!policy.contains("'unsafe-eval'"), "{what}: {policy}");
}

/// A built storefront: its shell with its one script and the inline tap keeper.
fn storefront() -> TempDir {
    let dir = TempDir::new();
    let index = format!(
        "<!doctype html><html lang=\"fr\"><head><meta charset=\"UTF-8\" /><title>Bitik</title>\
         <script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script></head>\
         <body><div id=\"root\"></div><script>{BOOT}</script></body></html>"
    );
    std::fs::write(dir.0.join("index.html"), index).unwrap();
    std::fs::create_dir_all(dir.0.join("assets")).unwrap();
    std::fs::write(dir.0.join("assets/index-abc.js"), "console.log('bitik')").unwrap();
    dir
}

async fn headers_of(app: &TestApp, method: Method, path: &str) -> (u16, HeaderMap) {
    let response = app.send(method, path, None, None).await;
    (response.status().as_u16(), response.headers().clone())
}

#[tokio::test]
async fn errors_outside_the_api_speak_french_and_keep_their_headers() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    for (method, path, status, said) in [
        (Method::POST, "/", 405, "Méthode non autorisée pour cette adresse."),
        (Method::DELETE, "/assets/index-abc.js", 405, "Méthode non autorisée pour cette adresse."),
        (Method::GET, "/assets/missing.js", 404, "Page introuvable."),
    ] {
        let response = app.send(method.clone(), path, None, None).await;
        assert_eq!(response.status(), status, "{method} {path}");
        let headers = response.headers().clone();
        assert_eq!(header(&headers, "content-type"), Some("text/plain; charset=utf-8"), "{method} {path}");
        assert_common_headers(&headers, path);
        assert_eq!(response.text().await.unwrap(), said, "{method} {path}");
    }
    // The API's errors stay its JSON envelope.
    let api = app.send(Method::DELETE, "/api/health", None, None).await;
    assert_eq!(api.status(), 405);
    assert!(api.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    app.product("T-shirt Teranga", 10_000, None, &[("noir", "M", 2)]).await;
    for (method, path, status) in [
        (Method::GET, "/", 200),
        (Method::GET, "/product/t-shirt-teranga", 200),
        (Method::GET, "/account/orders", 200),
        (Method::GET, "/assets/index-abc.js", 200),
        (Method::GET, "/assets/missing.js", 404),
        (Method::GET, "/robots.txt", 200),
        (Method::GET, "/api/products", 200),
        (Method::GET, "/api/auth/me", 401),
        (Method::GET, "/api/nowhere", 404),
        (Method::DELETE, "/api/health", 405),
        (Method::GET, "/api/openapi.json", 200),
        (Method::GET, "/api/docs/", 200),
    ] {
        let (got, headers) = headers_of(&app, method.clone(), path).await;
        assert_eq!(got, status, "{method} {path}");
        assert_common_headers(&headers, path);
        assert!(header(&headers, "strict-transport-security").is_none(), "no HSTS over plain HTTP: {path}");
    }
}

#[tokio::test]
async fn pages_may_run_only_the_shops_own_scripts() {
    let front = storefront();
    let app = spawn_app_with(&[("FRONTEND_DIR", front.0.to_str().unwrap())]).await;
    app.product("Chaîne Cubaine", 25_000, None, &[("doré", "M", 2)]).await;
    for path in ["/", "/product/chaine-cubaine", "/category/vetement", "/cart"] {
        let response = app.get(path).await;
        assert_eq!(header(response.headers(), "content-security-policy"), Some(STOREFRONT_POLICY), "{path}");
        let html = response.text().await.unwrap();
        // The only script elements a page holds: the shop's own file, the tap keeper the policy
        // names by its hash, and data the browser never runs (the product's for crawlers, the API
        // answers and the shop for the storefront).
        for (i, _) in html.match_indices("<script") {
            let element = &html[i..i + html[i..].find("</script>").unwrap()];
            assert!(
                element.ends_with(&format!(">{BOOT}"))
                    || element == "<script type=\"module\" crossorigin src=\"/assets/index-abc.js\">"
                    || element.starts_with("<script type=\"application/ld+json\">")
                    || element.starts_with("<script type=\"application/json\" id=\"api-answers\">")
                    || element.starts_with("<script type=\"application/json\" id=\"shop\">"),
                "{path}: inline script {element}"
            );
        }
    }
    // JSON answers are never pages; the API documentation allows its own inline styles only.
    let api = app.get("/api/products").await;
    assert_eq!(
        header(api.headers(), "content-security-policy"),
        Some("default-src 'none'; frame-ancestors 'none'; sandbox")
    );
    let docs = app.get("/api/docs/").await;
    let policy = header(docs.headers(), "content-security-policy").unwrap().to_owned();
    assert!(policy.contains("script-src 'self';") && policy.contains("style-src 'self' 'unsafe-inline'"), "{policy}");
    let html = docs.text().await.unwrap();
    assert!(!html.contains("<script>"), "Swagger UI's page has no inline script");
}

#[tokio::test]
async fn hsts_is_sent_when_the_shop_is_served_over_https() {
    let app = spawn_app_with(&[("PUBLIC_URL", "https://bitik.sn")]).await;
    for path in ["/api/health", "/api/nowhere"] {
        let response = app.get(path).await;
        assert_eq!(header(response.headers(), "strict-transport-security"), Some("max-age=31536000"), "{path}");
    }
}

#[tokio::test]
async fn without_a_configured_origin_the_api_answers_no_cors() {
    let app = spawn_app().await;
    let response =
        app.client.get(app.url("/api/products")).header("origin", "https://evil.example").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(header(response.headers(), "access-control-allow-origin").is_none());
    let preflight = app
        .client
        .request(Method::OPTIONS, app.url("/api/cart"))
        .header("origin", "https://evil.example")
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "authorization")
        .send()
        .await
        .unwrap();
    assert!(!preflight.status().is_success(), "{}", preflight.status());
    assert!(header(preflight.headers(), "access-control-allow-origin").is_none());
}

#[tokio::test]
async fn cors_answers_the_configured_origin_and_no_other() {
    let app = spawn_app_with(&[("CORS_ORIGIN", "https://admin.bitik.sn")]).await;
    let ask = |origin: &'static str| app.client.get(app.url("/api/products")).header("origin", origin).send();
    let allowed = ask("https://admin.bitik.sn").await.unwrap();
    assert_eq!(header(allowed.headers(), "access-control-allow-origin"), Some("https://admin.bitik.sn"));
    assert_eq!(header(allowed.headers(), "vary"), Some("Origin"));
    assert!(header(allowed.headers(), "access-control-allow-credentials").is_none(), "tokens, not cookies");
    for other in ["https://evil.example", "https://admin.bitik.sn.evil.example", "http://admin.bitik.sn", "null"] {
        let refused = ask(other).await.unwrap();
        assert!(header(refused.headers(), "access-control-allow-origin").is_none(), "{other}");
    }

    let preflight = |origin: &'static str| {
        app.client
            .request(Method::OPTIONS, app.url("/api/orders"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "authorization, content-type")
            .send()
    };
    let allowed = preflight("https://admin.bitik.sn").await.unwrap();
    assert_eq!(allowed.status(), 204);
    let headers = allowed.headers();
    assert_eq!(header(headers, "access-control-allow-origin"), Some("https://admin.bitik.sn"));
    assert!(header(headers, "access-control-allow-methods").unwrap().contains("POST"));
    let allowed_headers = header(headers, "access-control-allow-headers").unwrap().to_ascii_lowercase();
    assert!(allowed_headers.contains("authorization") && allowed_headers.contains("content-type"));
    let refused = preflight("https://evil.example").await.unwrap();
    assert!(!refused.status().is_success());
    assert!(header(refused.headers(), "access-control-allow-origin").is_none());
    // Pages and pictures are not shared across origins.
    let page = app.client.get(app.url("/robots.txt")).header("origin", "https://admin.bitik.sn").send().await.unwrap();
    assert!(header(page.headers(), "access-control-allow-origin").is_none());
}

#[tokio::test]
async fn uploads_are_served_only_as_pictures() {
    let app = spawn_app().await;
    let uploads = app.upload_dir();
    std::fs::create_dir_all(uploads.join("products/abc")).unwrap();
    std::fs::write(uploads.join("products/abc/800.jpg"), b"<html><script>alert(1)</script></html>").unwrap();
    std::fs::write(uploads.join("products/abc/800.webp"), b"RIFF....WEBP").unwrap();
    std::fs::write(uploads.join("products/abc/evil.html"), b"<script>alert(1)</script>").unwrap();
    std::fs::write(uploads.join("products/abc/evil.svg"), b"<svg onload=\"alert(1)\"/>").unwrap();
    std::fs::write(uploads.join("products/abc/.hidden.jpg"), b"secret").unwrap();

    for (path, content_type) in
        [("/uploads/products/abc/800.jpg", "image/jpeg"), ("/uploads/products/abc/800.webp", "image/webp")]
    {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers();
        // Whatever bytes the file holds, the browser is told it is a picture and may not guess.
        assert_eq!(header(headers, "content-type"), Some(content_type), "{path}");
        assert_eq!(header(headers, "x-content-type-options"), Some("nosniff"));
        assert_eq!(
            header(headers, "content-security-policy"),
            Some("default-src 'none'; frame-ancestors 'none'; sandbox")
        );
    }
    for path in [
        "/uploads/products/abc/evil.html",
        "/uploads/products/abc/evil.svg",
        "/uploads/products/abc/.hidden.jpg",
        "/uploads/products/abc/",
        "/uploads/products/",
        "/uploads/../Cargo.toml",
        "/uploads/products/abc/..%2F..%2F..%2Fetc%2Fpasswd",
    ] {
        let response = app.get(path).await;
        // 400 for names actix-files refuses outright (hidden files), 404 for the rest.
        assert!(matches!(response.status().as_u16(), 400 | 404), "{path}: {}", response.status());
        let body = response.bytes().await.unwrap();
        assert!(!body.windows(6).any(|w| w == b"alert(" || w == b"secret"), "{path} served its content");
    }
}
