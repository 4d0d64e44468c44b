//! The brakes on guessing and flooding (docs/rules.md#limits), counted in PostgreSQL: logins
//! per account and address, per address and per account; registrations, password changes and
//! resets, orders and newsletter subscriptions. Each refusal is a 429 with `Retry-After`.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, error_body, spawn_app, spawn_app_with};

const EMAIL: &str = "awa@example.sn";
const PASSWORD: &str = "secret1";

/// A 429 says how long to wait, in French and in `Retry-After` (seconds, at most an hour).
async fn assert_too_many(response: reqwest::Response, what: &str) {
    assert_eq!(response.status(), 429, "{what}");
    let retry_after = response.headers().get("retry-after").expect("Retry-After").to_str().unwrap().to_owned();
    let seconds: u64 = retry_after.parse().unwrap_or_else(|_| panic!("{what}: Retry-After {retry_after:?}"));
    assert!((1..=60 * 60).contains(&seconds), "{what}: Retry-After {seconds}");
    let body = error_body(response).await;
    assert_eq!(body["code"], "too_many_requests", "{what}");
    let message = body["message"].as_str().unwrap();
    assert!(message.starts_with("Trop de tentatives. Veuillez réessayer dans "), "{what}: {message}");
    assert!(message.ends_with(" minute.") || message.ends_with(" minutes."), "{what}: {message}");
}

/// The app behind a proxy on 127.0.0.1, so each test can speak for many client addresses.
async fn behind_proxy() -> TestApp {
    spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await
}

async fn send_from(
    app: &TestApp,
    client: Option<&str>,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path)).json(body);
    if let Some(client) = client {
        request = request.header("x-forwarded-for", client);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap()
}

async fn login_from(app: &TestApp, client: Option<&str>, email: &str, password: &str) -> reqwest::Response {
    send_from(app, client, Method::POST, "/api/auth/login", None, &json!({"email": email, "password": password})).await
}

// Logins ----------------------------------------------------------------------------------------

/// Guesses at one account from one address in a quarter of an hour (`LOGIN_PER_ACCOUNT_AND_CLIENT`).
const GUESSES_PER_ACCOUNT_AND_ADDRESS: usize = 5;
/// Failed logins from one address in a quarter of an hour, whatever the accounts (`LOGIN_PER_CLIENT`).
const FAILURES_PER_ADDRESS: usize = 20;
/// Failed logins at one account in an hour, whatever the addresses (`LOGIN_PER_ACCOUNT`).
const FAILURES_PER_ACCOUNT: usize = 50;

#[tokio::test]
async fn of_thirty_simultaneous_guesses_five_at_most_are_tried_and_the_owner_still_logs_in_elsewhere() {
    let app = behind_proxy().await;
    app.register(EMAIL, PASSWORD).await;
    let guesser = "198.51.100.7";
    let guesses = (0..30).map(|i| login_from(&app, Some(guesser), EMAIL, if i == 0 { "wrong" } else { "nope" }));
    let statuses: Vec<u16> =
        futures_util::future::join_all(guesses).await.into_iter().map(|r| r.status().as_u16()).collect();
    let tried: Vec<u16> = statuses.iter().copied().filter(|&s| s != 429).collect();
    eprintln!("30 simultaneous wrong passwords: {} tried, {} refused with 429", tried.len(), 30 - tried.len());
    assert!(tried.len() <= GUESSES_PER_ACCOUNT_AND_ADDRESS, "{} tried: {statuses:?}", tried.len());
    assert!(tried.iter().all(|&s| s == 401), "{statuses:?}");
    // The guesser is refused even with the right password…
    assert_too_many(login_from(&app, Some(guesser), EMAIL, PASSWORD).await, "the guesser").await;
    // …while the owner, from an address that has not failed, logs in.
    assert_eq!(login_from(&app, Some("203.0.113.9"), EMAIL, PASSWORD).await.status(), 200);
    assert_too_many(login_from(&app, Some(guesser), EMAIL, PASSWORD).await, "the guesser, still").await;
}

#[tokio::test]
async fn an_ipv6_client_counts_as_its_whole_64() {
    let app = behind_proxy().await;
    app.register(EMAIL, PASSWORD).await;
    for i in 1..=GUESSES_PER_ACCOUNT_AND_ADDRESS {
        let response = login_from(&app, Some(&format!("2001:db8:1:2::{i:x}")), EMAIL, "wrong").await;
        assert_eq!(response.status(), 401, "guess {i}");
    }
    let same_64 = login_from(&app, Some("2001:db8:1:2:ffff:ffff:ffff:1"), EMAIL, PASSWORD).await;
    assert_too_many(same_64, "another address of the same /64").await;
    assert_eq!(login_from(&app, Some("2001:db8:1:3::1"), EMAIL, PASSWORD).await.status(), 200, "the next /64");
}

#[tokio::test]
async fn a_successful_login_forgets_its_address_failures() {
    let app = spawn_app().await;
    app.register(EMAIL, PASSWORD).await;
    for _ in 1..GUESSES_PER_ACCOUNT_AND_ADDRESS {
        assert_eq!(login_from(&app, None, EMAIL, "typo").await.status(), 401);
    }
    assert_eq!(login_from(&app, None, EMAIL, PASSWORD).await.status(), 200);
    for i in 0..GUESSES_PER_ACCOUNT_AND_ADDRESS {
        assert_eq!(login_from(&app, None, EMAIL, "typo").await.status(), 401, "typo {i} after the login");
    }
}

#[tokio::test]
async fn guesses_from_many_addresses_meet_the_account_cap() {
    let app = behind_proxy().await;
    app.register(EMAIL, PASSWORD).await;
    let addresses = FAILURES_PER_ACCOUNT / GUESSES_PER_ACCOUNT_AND_ADDRESS;
    for a in 0..addresses {
        for g in 0..GUESSES_PER_ACCOUNT_AND_ADDRESS {
            let response = login_from(&app, Some(&format!("198.51.100.{a}")), EMAIL, "wrong").await;
            assert_eq!(response.status(), 401, "address {a}, guess {g}");
        }
    }
    assert_too_many(login_from(&app, Some("203.0.113.9"), EMAIL, PASSWORD).await, "a fresh address").await;
    let other = "moussa@example.sn";
    app.register(other, PASSWORD).await;
    assert_eq!(login_from(&app, Some("203.0.113.9"), other, PASSWORD).await.status(), 200, "another account");
}

#[tokio::test]
async fn failed_logins_are_capped_per_address_across_accounts_and_forged_headers_do_not_help() {
    let app = spawn_app().await;
    app.register(EMAIL, PASSWORD).await;
    // One address trying many accounts, each fewer times than the per-account cap.
    for i in 0..FAILURES_PER_ADDRESS {
        let response = login_from(&app, None, &format!("guess{}@example.sn", i % 10), "wrong-one").await;
        assert_eq!(response.status(), 401, "attempt {i}");
    }
    assert_too_many(login_from(&app, None, EMAIL, PASSWORD).await, "the next login").await;
    // No proxy is configured: a forwarded address is anyone's to write and changes nothing.
    let forged = login_from(&app, Some("203.0.113.50"), EMAIL, PASSWORD).await;
    assert_too_many(forged, "with a forged X-Forwarded-For").await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_count() {
    let app = behind_proxy().await;
    app.register(EMAIL, PASSWORD).await;
    for i in 0..FAILURES_PER_ADDRESS {
        let response = login_from(&app, Some("198.51.100.7"), &format!("guess{}@example.sn", i % 10), "nope").await;
        assert_eq!(response.status(), 401, "attempt {i}");
    }
    let guesser = login_from(&app, Some("198.51.100.7"), EMAIL, PASSWORD).await;
    assert_too_many(guesser, "the guesser").await;
    // The guesser cannot slip in a new address before the proxy's: the proxy's hop counts.
    let prefixed = login_from(&app, Some("192.0.2.1, 198.51.100.7"), EMAIL, PASSWORD).await;
    assert_too_many(prefixed, "the guesser with a prefixed address").await;
    // Another shopper behind the same proxy logs in.
    assert_eq!(login_from(&app, Some("203.0.113.9"), EMAIL, PASSWORD).await.status(), 200);
}

// Passwords -------------------------------------------------------------------------------------

/// Reset requests and attempts per address in a quarter of an hour (`RESETS_PER_CLIENT`).
const RESETS_PER_ADDRESS: usize = 10;

#[tokio::test]
async fn password_reset_requests_and_attempts_are_capped_per_address() {
    let app = spawn_app().await;
    for i in 0..RESETS_PER_ADDRESS {
        let email = format!("someone{i}@example.sn");
        let response = app.post_json("/api/auth/forgot-password", &json!({"email": email})).await;
        assert_eq!(response.status(), 200, "request {i}");
    }
    let forgot = app.post_json("/api/auth/forgot-password", &json!({"email": EMAIL})).await;
    assert_too_many(forgot, "forgot-password").await;
    let guess = app.post_json("/api/auth/reset-password/guessed-token", &json!({"password": "brand-new"})).await;
    assert_too_many(guess, "reset-password").await;
}

/// Password changes per account in a quarter of an hour (`PASSWORD_CHANGES_PER_ACCOUNT`).
const PASSWORD_CHANGES_PER_ACCOUNT: usize = 5;

#[tokio::test]
async fn password_changes_are_capped_per_account() {
    let app = behind_proxy().await;
    let (token, _) = app.register(EMAIL, PASSWORD).await;
    for i in 0..PASSWORD_CHANGES_PER_ACCOUNT {
        // A stolen session guessing the current password, from a new address each time.
        let body = json!({"currentPassword": format!("guess-{i}"), "newPassword": "taken-over"});
        let client = format!("198.51.100.{i}");
        let response = send_from(&app, Some(&client), Method::PUT, "/api/auth/password", Some(&token), &body).await;
        assert_eq!(response.status(), 401, "guess {i}");
    }
    let body = json!({"currentPassword": PASSWORD, "newPassword": "taken-over"});
    let right = send_from(&app, Some("203.0.113.9"), Method::PUT, "/api/auth/password", Some(&token), &body).await;
    assert_too_many(right, "the right current password, after the cap").await;
    assert_eq!(app.login(EMAIL, PASSWORD).await.status(), 200, "the password did not change");
}

// Registrations, orders, the newsletter ---------------------------------------------------------

/// Registrations per address in an hour (`REGISTRATIONS_PER_CLIENT`).
const REGISTRATIONS_PER_ADDRESS: usize = 10;

fn registration(email: &str) -> Value {
    json!({"firstName": "Awa", "lastName": "Diop", "email": email, "password": PASSWORD, "phone": "77 123 45 67"})
}

#[tokio::test]
async fn registrations_are_capped_per_address() {
    let app = behind_proxy().await;
    let from = |client: &'static str, email: String| {
        let app = &app;
        async move { send_from(app, Some(client), Method::POST, "/api/auth/register", None, &registration(&email)).await }
    };
    for i in 0..REGISTRATIONS_PER_ADDRESS {
        assert_eq!(from("198.51.100.7", format!("client{i}@example.sn")).await.status(), 201, "registration {i}");
    }
    assert_too_many(from("198.51.100.7", "one-more@example.sn".into()).await, "one more").await;
    assert_eq!(from("203.0.113.9", "one-more@example.sn".into()).await.status(), 201, "from another address");
}

#[tokio::test]
async fn forms_refused_for_their_content_use_up_no_allowance_of_a_shared_address() {
    // Many shoppers behind one operator's NAT: their mistyped forms are not held against the
    // one who types it right.
    let app = behind_proxy().await;
    let nat = Some("198.51.100.8");
    for i in 0..REGISTRATIONS_PER_ADDRESS + 2 {
        let mut mistyped = registration(&format!("client{i}@example"));
        mistyped["firstName"] = json!("");
        let refused = send_from(&app, nat, Method::POST, "/api/auth/register", None, &mistyped).await;
        assert_eq!(refused.status(), 400, "form {i}");
    }
    let right = send_from(&app, nat, Method::POST, "/api/auth/register", None, &registration("awa@example.sn")).await;
    assert_eq!(right.status(), 201);
    for i in 0..25 {
        let missing = send_from(&app, nat, Method::POST, "/api/auth/login", None, &json!({"email": "", "password": ""})).await;
        assert_eq!(missing.status(), 400, "login form {i}");
    }
    assert_eq!(login_from(&app, nat, "awa@example.sn", PASSWORD).await.status(), 200);
}

/// Orders per account and per address in an hour (`ORDERS_PER_ACCOUNT`, `ORDERS_PER_CLIENT`).
const ORDERS_PER_ACCOUNT: usize = 20;
const ORDERS_PER_ADDRESS: usize = 60;

#[tokio::test]
async fn orders_are_capped_per_account_and_per_address() {
    let app = spawn_app().await;
    // Every order the form lets through counts, placed or refused: these find no stock. A form
    // refused for its content counts for nothing (an empty order, below).
    let sold_out = app.product("T-shirt épuisé", 10_000, None, &[("noir", "M", 0)]).await;
    let order = json!({"items": [{"productId": sold_out, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "phone": "77 123 45 67", "address": "Unité 15",
                         "commune": "medina", "landmark": "Près de la mosquée"},
        "paymentMethod": "cash_on_delivery"});
    let empty = json!({"items": [], "paymentMethod": "cash_on_delivery"});
    let mut tokens = Vec::new();
    for n in 0..=ORDERS_PER_ADDRESS / ORDERS_PER_ACCOUNT {
        tokens.push(app.register(&format!("client{n}@example.sn"), PASSWORD).await.0);
    }
    for _ in 0..3 {
        let response = app.send(Method::POST, "/api/orders", Some(&tokens[0]), Some(&empty)).await;
        assert_eq!(response.status(), 400, "an empty order");
    }
    for i in 0..ORDERS_PER_ACCOUNT {
        let response = app.send(Method::POST, "/api/orders", Some(&tokens[0]), Some(&order)).await;
        assert_eq!(response.status(), 409, "attempt {i}");
    }
    let over = app.send(Method::POST, "/api/orders", Some(&tokens[0]), Some(&order)).await;
    assert_too_many(over, "the account's next order").await;
    for token in &tokens[1..tokens.len() - 1] {
        for i in 0..ORDERS_PER_ACCOUNT {
            let response = app.send(Method::POST, "/api/orders", Some(token), Some(&order)).await;
            assert_eq!(response.status(), 409, "another account's attempt {i}");
        }
    }
    let last = tokens.last().unwrap();
    let over = app.send(Method::POST, "/api/orders", Some(last), Some(&order)).await;
    assert_too_many(over, "a fresh account from an address at its cap").await;
    let guest = app.post_json("/api/orders", &order).await;
    assert_too_many(guest, "an order without an account from that address").await;
}

/// Subscriptions per address in an hour (`SUBSCRIPTIONS_PER_CLIENT`).
const SUBSCRIPTIONS_PER_ADDRESS: usize = 10;

#[tokio::test]
async fn newsletter_subscriptions_are_capped_per_address() {
    let app = behind_proxy().await;
    let subscribe = |client: &'static str, n: usize| {
        let app = &app;
        let body = json!({"email": format!("lecteur{n}@example.sn")});
        async move { send_from(app, Some(client), Method::POST, "/api/newsletter", None, &body).await }
    };
    for n in 0..SUBSCRIPTIONS_PER_ADDRESS {
        assert_eq!(subscribe("198.51.100.7", n).await.status(), 201, "subscription {n}");
    }
    assert_too_many(subscribe("198.51.100.7", 99).await, "one more").await;
    assert_eq!(subscribe("203.0.113.9", 99).await.status(), 201, "from another address");
}
