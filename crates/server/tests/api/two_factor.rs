//! Two-step login (docs/roles.md#two-step-login): a member of the team turns it on with a first
//! code and logs in with the password, then a code; a code serves once, a recovery code once,
//! wrong codes count against the login's limits, and `STAFF_2FA=required` holds a manager to the
//! set-up before anything else.

use reqwest::Method;
use serde_json::{Value, json};

use bitik_identity::two_factor::{TotpSecret, step_at};

use crate::helpers::{TestApp, error_body, spawn_app, spawn_app_with};

const PASSWORD: &str = "gerant-pass";

/// Base32 (RFC 4648, no padding) read back into bytes, as an app reads the typed secret.
fn base32(text: &str) -> Vec<u8> {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let (mut bits, mut count, mut bytes) = (0u32, 0, Vec::new());
    for c in text.chars() {
        bits = (bits << 5) | ALPHABET.find(c).expect("a base32 letter") as u32;
        count += 5;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    bytes
}

/// The app's code for `offset` steps from now.
fn code(secret: &str, offset: i64) -> String {
    let step = step_at(chrono::Utc::now()).checked_add_signed(offset).unwrap();
    TotpSecret::from_bytes(base32(secret)).code_at(step)
}

/// A member of the team with `role`, logged in: their token.
async fn staff(app: &TestApp, email: &str, role: &str) -> String {
    app.register(email, PASSWORD).await;
    app.sql(&format!("UPDATE users SET role = '{role}' WHERE email = '{email}'")).await;
    let login: Value = app.login(email, PASSWORD).await.json().await.unwrap();
    login["data"]["token"].as_str().expect("a session: two-step login is off").to_owned()
}

/// A POST of `body` with `token`'s session.
async fn post(app: &TestApp, path: &str, token: &str, body: Value) -> reqwest::Response {
    app.send(Method::POST, path, Some(token), Some(&body)).await
}

async fn data(response: reqwest::Response, status: u16) -> Value {
    let code = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(code, status, "{body}");
    body["data"].clone()
}

/// Turns two-step login on for `token`'s account: the secret shown, the new session's token and
/// the recovery codes.
async fn turn_on(app: &TestApp, token: &str) -> (String, String, Vec<String>) {
    let setup = data(app.send(Method::POST, "/api/auth/2fa/setup", Some(token), None).await, 200).await;
    let secret = setup["secret"].as_str().unwrap().to_owned();
    let enabled = data(post(app, "/api/auth/2fa/enable", token, json!({"code": code(&secret, 0)})).await, 200).await;
    let codes = enabled["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    (secret, enabled["token"].as_str().unwrap().to_owned(), codes)
}

/// The password step of `email`: its challenge.
async fn challenge(app: &TestApp, email: &str) -> String {
    let answer = data(app.login(email, PASSWORD).await, 200).await;
    assert_eq!(answer["twoFactorRequired"], true, "{answer}");
    assert!(answer.get("token").is_none(), "no session before the code: {answer}");
    answer["challenge"].as_str().unwrap().to_owned()
}

async fn second_step(app: &TestApp, challenge: &str, code: &str) -> reqwest::Response {
    app.post_json("/api/auth/2fa", &json!({"challenge": challenge, "code": code})).await
}

async fn refused_code(response: reqwest::Response) {
    assert_eq!(response.status(), 401);
    let body = error_body(response).await;
    assert_eq!(
        (body["code"].as_str(), body["message"].as_str()),
        (Some("invalid_two_factor_code"), Some("Code incorrect ou expiré."))
    );
}

#[tokio::test]
async fn a_manager_turns_it_on_then_logs_in_with_the_password_and_a_code_used_once() {
    let app = spawn_app().await;
    let token = staff(&app, "gerant@bitik.sn", "manager").await;
    let setup = data(app.send(Method::POST, "/api/auth/2fa/setup", Some(&token), None).await, 200).await;
    assert!(setup["qrCode"].as_str().unwrap().starts_with("data:image/svg+xml;base64,"), "{setup}");
    let url = setup["otpauthUrl"].as_str().unwrap();
    assert!(url.starts_with("otpauth://totp/Bitik%20Dakar:gerant%40bitik.sn?secret="), "{url}");
    let secret = setup["secret"].as_str().unwrap();
    assert_eq!(base32(secret).len(), 20, "160 bits");

    // A wrong first code turns nothing on.
    refused_code(post(&app, "/api/auth/2fa/enable", &token, json!({"code": "12345"})).await).await;
    let me = data(app.send(Method::GET, "/api/auth/me", Some(&token), None).await, 200).await;
    assert_eq!((me["twoFactorEnabled"].as_bool(), me["twoFactorSetupRequired"].as_bool()), (Some(false), Some(false)));

    let enabled = data(post(&app, "/api/auth/2fa/enable", &token, json!({"code": code(secret, 0)})).await, 200).await;
    assert_eq!(enabled["recoveryCodes"].as_array().unwrap().len(), 10);
    assert_eq!(enabled["user"]["twoFactorEnabled"], true);
    let again = app.send(Method::GET, "/api/auth/me", Some(&token), None).await;
    assert_eq!(again.status(), 401, "the session opened with the password alone ended");
    let fresh = enabled["token"].as_str().unwrap();
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(fresh), None).await.status(), 200);

    // The code that turned it on does not open a session: its step is used.
    let pending = challenge(&app, "gerant@bitik.sn").await;
    refused_code(second_step(&app, &pending, &code(secret, 0)).await).await;
    let next = code(secret, 1);
    let session = data(second_step(&app, &pending, &next).await, 200).await;
    assert_eq!(session["user"]["email"], "gerant@bitik.sn");
    let token = session["token"].as_str().unwrap();
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(token), None).await.status(), 200);

    // Seen over a shoulder and typed again, even with a new password step: refused.
    let pending = challenge(&app, "gerant@bitik.sn").await;
    refused_code(second_step(&app, &pending, &next).await).await;
}

#[tokio::test]
async fn a_recovery_code_opens_one_session_and_then_never_again() {
    let app = spawn_app().await;
    let token = staff(&app, "vendeur@bitik.sn", "seller").await;
    let (_, _, codes) = turn_on(&app, &token).await;
    let pending = challenge(&app, "vendeur@bitik.sn").await;
    let typed = codes[3].to_uppercase().replace('-', " ");
    data(second_step(&app, &pending, &typed).await, 200).await;
    refused_code(second_step(&app, &challenge(&app, "vendeur@bitik.sn").await, &codes[3]).await).await;
    data(second_step(&app, &challenge(&app, "vendeur@bitik.sn").await, &codes[4]).await, 200).await;
}

#[tokio::test]
async fn wrong_codes_count_against_the_login_limit_and_bad_input_changes_nothing() {
    let app = spawn_app().await;
    let token = staff(&app, "gerant@bitik.sn", "manager").await;
    let (secret, _, _) = turn_on(&app, &token).await;
    let pending = challenge(&app, "gerant@bitik.sn").await;

    // Neither counted nor looked at: no code, a forged or an outdated challenge.
    let missing = second_step(&app, &pending, "").await;
    assert_eq!(missing.status(), 400);
    assert_eq!(error_body(missing).await["code"], "validation_failed");
    for forged in ["not-a-challenge", token.as_str()] {
        let refused = second_step(&app, forged, &code(&secret, 1)).await;
        assert_eq!(refused.status(), 401);
        assert_eq!(error_body(refused).await["code"], "two_factor_challenge_expired");
    }

    // Five wrong codes from one address, as five wrong passwords: the sixth try waits.
    for wrong in ["000000", "111111", "222222", "333333", "abcd-efgh-2345-6789"] {
        refused_code(second_step(&app, &pending, wrong).await).await;
    }
    let limited = second_step(&app, &pending, &code(&secret, 1)).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    let password = app.login("gerant@bitik.sn", PASSWORD).await;
    assert_eq!(password.status(), 429, "the password's allowance is the same");
}

#[tokio::test]
async fn where_it_is_required_a_manager_sets_it_up_before_anything_else() {
    let app = spawn_app_with(&[("STAFF_2FA", "required")]).await;
    let token = staff(&app, "gerant@bitik.sn", "manager").await;
    let me = data(app.send(Method::GET, "/api/auth/me", Some(&token), None).await, 200).await;
    assert_eq!((me["twoFactorEnabled"].as_bool(), me["twoFactorSetupRequired"].as_bool()), (Some(false), Some(true)));
    for path in ["/api/admin/orders", "/api/cart", "/api/users/addresses"] {
        let refused = app.send(Method::GET, path, Some(&token), None).await;
        assert_eq!(refused.status(), 403, "{path}");
        let body = error_body(refused).await;
        assert_eq!(body["code"], "two_factor_setup_required", "{path}");
        assert_eq!(body["message"], "Activez la connexion en deux étapes pour continuer.");
    }
    let (_, token, _) = turn_on(&app, &token).await;
    let me = data(app.send(Method::GET, "/api/auth/me", Some(&token), None).await, 200).await;
    assert_eq!((me["twoFactorEnabled"].as_bool(), me["twoFactorSetupRequired"].as_bool()), (Some(true), Some(false)));
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(&token), None).await.status(), 200);
    let off = post(&app, "/api/auth/2fa/disable", &token, json!({"password": PASSWORD})).await;
    assert_eq!(off.status(), 409);
    assert_eq!(error_body(off).await["code"], "two_factor_required");

    // A seller is not held to it; a customer cannot turn it on.
    let seller = staff(&app, "vendeur@bitik.sn", "seller").await;
    assert_eq!(app.send(Method::GET, "/api/admin/orders", Some(&seller), None).await.status(), 200);
    let (customer, _) = app.register("awa@example.sn", "secret1").await;
    let refused = app.send(Method::POST, "/api/auth/2fa/setup", Some(&customer), None).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(error_body(refused).await["code"], "forbidden");
}

#[tokio::test]
async fn turned_off_with_the_password_a_login_is_one_step_again() {
    let app = spawn_app().await;
    let token = staff(&app, "livreur@bitik.sn", "courier").await;
    let (secret, token, _) = turn_on(&app, &token).await;
    let wrong = post(&app, "/api/auth/2fa/disable", &token, json!({"password": "wrong-one"})).await;
    assert_eq!(error_body(wrong).await["code"], "incorrect_current_password");
    refused_code(post(&app, "/api/auth/2fa/disable", &token, json!({"code": "000000"})).await).await;
    let off = post(&app, "/api/auth/2fa/disable", &token, json!({"code": code(&secret, 1)})).await;
    assert_eq!(data(off, 200).await["twoFactorEnabled"], false);
    let login = data(app.login("livreur@bitik.sn", PASSWORD).await, 200).await;
    assert!(login["token"].is_string(), "{login}");
}

/// `email`'s entries in the audit log, oldest first: action, and the fields changed.
async fn journal_of(app: &TestApp, email: &str) -> Vec<(String, Vec<String>)> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    #[derive(QueryableByName)]
    struct Entry {
        #[diesel(sql_type = diesel::sql_types::Text)]
        action: String,
        #[diesel(sql_type = diesel::sql_types::Jsonb)]
        changes: Value,
        #[diesel(sql_type = diesel::sql_types::Text)]
        target_label: String,
    }
    let mut conn = app.database.database.conn().await.unwrap();
    let entries: Vec<Entry> =
        diesel::sql_query("SELECT action, changes, target_label FROM audit_events WHERE actor_email = $1 ORDER BY id")
            .bind::<diesel::sql_types::Text, _>(email)
            .load(&mut conn)
            .await
            .unwrap();
    entries
        .into_iter()
        .map(|entry| {
            assert_eq!(entry.target_label, email, "{}: their own account", entry.action);
            let fields = entry.changes.as_array().unwrap().iter().map(|c| c["field"].as_str().unwrap().to_owned());
            (entry.action, fields.collect())
        })
        .collect()
}

#[tokio::test]
async fn the_journal_keeps_a_staff_member_s_logins_refused_or_not_and_two_step_login_turned_on_and_off() {
    let app = spawn_app().await;
    let token = staff(&app, "gerant@bitik.sn", "manager").await;
    assert_eq!(app.login("gerant@bitik.sn", "not-the-password").await.status(), 401);
    let (secret, token, _) = turn_on(&app, &token).await;
    let pending = challenge(&app, "gerant@bitik.sn").await;
    refused_code(second_step(&app, &pending, "000000").await).await;
    data(second_step(&app, &pending, &code(&secret, 1)).await, 200).await;
    data(post(&app, "/api/auth/2fa/disable", &token, json!({"password": PASSWORD})).await, 200).await;

    let journal = journal_of(&app, "gerant@bitik.sn").await;
    let actions: Vec<&str> = journal.iter().map(|(action, _)| action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "auth.login",
            "auth.login_failed",
            "user.two_factor_on",
            "auth.login_failed",
            "auth.login",
            "user.two_factor_off"
        ],
        "the password step alone of a two-step login is not a login yet"
    );
    // Turned on: when, and the secret, never copied.
    let on = &journal[2].1;
    assert!(on.contains(&"twoFactorEnabledAt".to_owned()), "{on:?}");
    let mut conn = app.database.database.conn().await.unwrap();
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Copied {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        count: i64,
    }
    let copied: Vec<Copied> = diesel::sql_query(
        "SELECT count(*) AS count FROM audit_events, jsonb_array_elements(changes) AS c \
         WHERE c->>'field' = 'twoFactorSecret' AND c->>'after' <> '••••••' AND c->>'after' IS NOT NULL",
    )
    .load(&mut conn)
    .await
    .unwrap();
    assert_eq!(copied[0].count, 0, "the secret is never in the journal");

    // A customer's logins are not the team's work.
    app.register("awa@example.sn", "secret1").await;
    assert_eq!(app.login("awa@example.sn", "secret1").await.status(), 200);
    assert_eq!(app.login("awa@example.sn", "wrong-one").await.status(), 401);
    assert!(journal_of(&app, "awa@example.sn").await.is_empty());
}
