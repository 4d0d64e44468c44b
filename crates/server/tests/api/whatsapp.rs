//! The shop on WhatsApp (docs/messages.md#whatsapp), against a fake Cloud API that records what
//! the shop sends, gives each message its own id, refuses a number not on WhatsApp as Meta does,
//! and whose webhooks the tests sign with the app secret: order messages as templates, their
//! statuses, « Je confirme » and « Annuler », customers' messages and staff's answers.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use bitik_server::config::Config;
use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;
use wiremock::matchers::{method, path_regex};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use crate::guest_orders::{guest_order, key_of, with_key};
use crate::helpers::{TestApp, error_body, spawn_app_with};
use crate::login_code::sent_to;

const APP_SECRET: &str = "the-app-secret";
const VERIFY_TOKEN: &str = "the-verify-token";
const AWA: &str = "221771234567";
/// A number the fake Cloud API says is not on WhatsApp.
const NOT_ON_WHATSAPP: &str = "221779999999";

/// Meta's answers: a new `wamid` for each message, error 131026 for [`NOT_ON_WHATSAPP`].
struct CloudApi {
    sent: AtomicUsize,
}

impl Respond for CloudApi {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or_default();
        let to = body["to"].as_str().unwrap_or_default();
        if to == NOT_ON_WHATSAPP {
            return ResponseTemplate::new(400).set_body_json(json!({ "error": {
                "message": "(#131026) Message Undeliverable.", "type": "OAuthException", "code": 131026,
                "error_data": { "messaging_product": "whatsapp", "details": "Message Undeliverable." },
                "fbtrace_id": "AbC"
            }}));
        }
        let n = self.sent.fetch_add(1, Ordering::SeqCst) + 1;
        ResponseTemplate::new(200).set_body_json(json!({
            "messaging_product": "whatsapp",
            "contacts": [{ "input": to, "wa_id": to }],
            "messages": [{ "id": format!("wamid.HBgL{n:06}") }]
        }))
    }
}

pub(crate) async fn fake_cloud_api() -> MockServer {
    let cloud = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path_regex(r"^/v21\.0/1234567890/messages$"))
        .respond_with(CloudApi { sent: AtomicUsize::new(0) })
        .mount(&cloud)
        .await;
    cloud
}

fn settings(cloud: &MockServer) -> Vec<(&'static str, String)> {
    vec![
        ("WHATSAPP_TOKEN", "test-token".into()),
        ("WHATSAPP_PHONE_NUMBER_ID", "1234567890".into()),
        ("WHATSAPP_API_BASE", format!("{}/v21.0", cloud.uri())),
        ("WHATSAPP_APP_SECRET", APP_SECRET.into()),
        ("WHATSAPP_VERIFY_TOKEN", VERIFY_TOKEN.into()),
    ]
}

async fn shop(cloud: &MockServer) -> TestApp {
    let settings = settings(cloud);
    let vars: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    spawn_app_with(&vars).await
}

fn sign(body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(APP_SECRET.as_bytes()).unwrap();
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// Posts `body` to the webhook as Meta does, signed, or with `signature`.
async fn deliver(app: &TestApp, body: &Value, signature: Option<&str>) -> reqwest::Response {
    let bytes = body.to_string().into_bytes();
    let signature = signature.map(str::to_owned).unwrap_or_else(|| sign(&bytes));
    reqwest::Client::new()
        .post(app.url("/api/webhooks/whatsapp"))
        .header("content-type", "application/json")
        .header("X-Hub-Signature-256", signature)
        .body(bytes)
        .send()
        .await
        .unwrap()
}

/// Meta's envelope around one `value`.
fn event(value: Value) -> Value {
    let mut value = value;
    value["messaging_product"] = json!("whatsapp");
    value["metadata"] = json!({ "display_phone_number": "221770000000", "phone_number_id": "1234567890" });
    json!({ "object": "whatsapp_business_account", "entry": [{ "id": "WABA", "changes": [{ "field": "messages", "value": value }] }] })
}

fn contact(from: &str) -> Value {
    json!([{ "profile": { "name": "Awa Diop" }, "wa_id": from }])
}

fn tapped(from: &str, id: &str, payload: &str, label: &str) -> Value {
    let now = Utc::now().timestamp().to_string();
    event(json!({ "contacts": contact(from), "messages": [{
        "from": from, "id": id, "timestamp": now, "type": "button",
        "button": { "payload": payload, "text": label }
    }]}))
}

fn wrote(from: &str, id: &str, text: &str, hours_ago: i64) -> Value {
    let at = (Utc::now() - Duration::hours(hours_ago)).timestamp().to_string();
    event(json!({ "contacts": contact(from), "messages": [{
        "from": from, "id": id, "timestamp": at, "type": "text", "text": { "body": text }
    }]}))
}

fn status(wamid: &str, state: &str) -> Value {
    let now = Utc::now().timestamp().to_string();
    event(json!({ "statuses": [{ "id": wamid, "status": state, "timestamp": now, "recipient_id": AWA }] }))
}

/// The templates sent to `wa_id`, once `count` messages went there.
async fn templates_to(cloud: &MockServer, wa_id: &str, count: usize) -> Vec<Value> {
    sent_to(cloud, wa_id, count).await.into_iter().filter(|m| m["type"] == "template").collect()
}

/// The free texts sent to `wa_id`, once `count` messages went there.
async fn texts_to(cloud: &MockServer, wa_id: &str, count: usize) -> Vec<String> {
    let sent = sent_to(cloud, wa_id, count).await;
    sent.iter().filter(|m| m["type"] == "text").map(|m| m["text"]["body"].as_str().unwrap().to_owned()).collect()
}

/// The payload of a template's quick-reply button `index`.
fn payload(template: &Value, index: &str) -> String {
    let components = template["template"]["components"].as_array().unwrap();
    let button = components.iter().find(|c| c["sub_type"] == "quick_reply" && c["index"] == index).unwrap();
    button["parameters"][0]["payload"].as_str().unwrap().to_owned()
}

fn named<'a>(templates: &'a [Value], name: &str) -> &'a Value {
    templates.iter().find(|t| t["template"]["name"] == name).unwrap_or_else(|| panic!("no {name} in {templates:?}"))
}

async fn admin_get(app: &TestApp, token: &str, path: &str) -> Value {
    let response = app.send(Method::GET, path, Some(token), None).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// The order's messages once `sent` of them are out, as the back office lists them.
async fn messages_of(app: &TestApp, token: &str, order: &str, sent: usize) -> Vec<Value> {
    for _ in 0..100 {
        let messages = admin_get(app, token, &format!("/api/admin/orders/{order}/messages")).await;
        let messages = messages.as_array().unwrap().clone();
        if messages.iter().filter(|m| m["state"] != "pending").count() >= sent {
            return messages;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("fewer than {sent} messages of {order} handled");
}

#[tokio::test]
async fn the_webhook_answers_meta_s_challenge_and_refuses_what_the_app_secret_did_not_sign() {
    let cloud = fake_cloud_api().await;
    let app = shop(&cloud).await;
    let challenge = |token: &str| {
        format!("/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=1158201444")
    };
    let subscribed = app.get(&challenge(VERIFY_TOKEN)).await;
    assert_eq!(subscribed.status(), 200);
    assert_eq!(subscribed.text().await.unwrap(), "1158201444");
    assert_eq!(app.get(&challenge("guessed")).await.status(), 403);

    let text = wrote(AWA, "wamid.IN1", "Bonjour", 0);
    for signature in ["", "sha256=00", &sign(b"another body")] {
        let refused = deliver(&app, &text, Some(signature)).await;
        assert_eq!(refused.status(), 401, "{signature:?}");
    }
    // The signature is checked before any shape: a body that is not an object is no exception.
    assert_eq!(deliver(&app, &json!(""), Some("")).await.status(), 401);
    let traced = reqwest::Client::new()
        .request(reqwest::Method::TRACE, app.url("/api/webhooks/whatsapp"))
        .header("content-type", "application/json")
        .body("\"\"")
        .send()
        .await
        .unwrap();
    assert_eq!(traced.status(), 405);
    assert_eq!(traced.headers()["allow"], "GET, POST");
    let token = app.admin_token().await;
    let listed = admin_get(&app, &token, "/api/admin/conversations").await;
    assert_eq!(listed, json!([]), "nothing kept from an unsigned delivery");

    // Without the webhook's keys, nothing is accepted at all.
    let bare = spawn_app_with(&[("WHATSAPP_TOKEN", "t"), ("WHATSAPP_PHONE_NUMBER_ID", "1234567890")]).await;
    assert_eq!(deliver(&bare, &text, None).await.status(), 401);
    assert_eq!(bare.get(&challenge(VERIFY_TOKEN)).await.status(), 403);
}

#[tokio::test]
async fn a_cash_order_s_messages_go_as_templates_and_je_confirme_confirms_it_once() {
    let cloud = fake_cloud_api().await;
    let app = shop(&cloud).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    let number = order["orderNumber"].as_str().unwrap().to_owned();

    let templates = templates_to(&cloud, AWA, 2).await;
    let placed = named(&templates, "commande_recue");
    let variables = &placed["template"]["components"][0]["parameters"];
    assert_eq!((variables[0]["text"].as_str(), variables[1]["text"].as_str()), (Some("Awa"), Some(number.as_str())));
    assert_eq!(variables[5]["text"], order["orderUrl"], "the order's own link");
    let asking = named(&templates, "confirmation_commande");
    let (confirm, cancel) = (payload(asking, "0"), payload(asking, "1"));
    assert!(confirm.starts_with("confirmer:") && cancel.starts_with("annuler:"), "{confirm} {cancel}");

    // The back office sees them sent on WhatsApp, with what the customer reads.
    let token = app.admin_token().await;
    let id = order["id"].as_str().unwrap();
    let messages = messages_of(&app, &token, id, 2).await;
    let on_whatsapp: Vec<&Value> = messages.iter().filter(|m| m["channel"] == "whatsapp").collect();
    assert_eq!(on_whatsapp.len(), 2, "{messages:?}");
    assert!(on_whatsapp.iter().all(|m| m["state"] == "sent" && m["recipient"] == "+221771234567"));
    let receipt = on_whatsapp.iter().find(|m| m["template"] == "commande_recue").unwrap();
    assert!(receipt["text"].as_str().unwrap().starts_with(&format!("Bonjour Awa, merci pour votre commande {number}")));

    let first = tapped(AWA, "wamid.TAP1", &confirm, "Je confirme");
    assert_eq!(deliver(&app, &first, None).await.status(), 200);
    let key = key_of(&order);
    let seen = with_key(&app, Method::GET, &format!("/api/orders/{id}"), &key).await.json::<Value>().await.unwrap();
    assert_eq!(seen["data"]["confirmation"], "confirmed");
    let texts = texts_to(&cloud, AWA, 3).await;
    assert_eq!(texts.len(), 1);
    assert!(texts[0].starts_with(&format!("Merci ! Votre commande {number} est confirmée.")), "{texts:?}");

    // Meta delivers the same tap again: kept once, answered once.
    assert_eq!(deliver(&app, &first, None).await.status(), 200);
    // A second tap: nothing changes, a polite answer.
    assert_eq!(deliver(&app, &tapped(AWA, "wamid.TAP2", &confirm, "Je confirme"), None).await.status(), 200);
    let texts = texts_to(&cloud, AWA, 4).await;
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert_eq!(texts[1], format!("Votre commande {number} est déjà confirmée : rien de plus à faire. Merci !"));
    // « Annuler » after the confirmation changes nothing either.
    assert_eq!(deliver(&app, &tapped(AWA, "wamid.TAP3", &cancel, "Annuler"), None).await.status(), 200);
    assert_eq!(texts_to(&cloud, AWA, 5).await.len(), 3);
    let seen = with_key(&app, Method::GET, &format!("/api/orders/{id}"), &key).await.json::<Value>().await.unwrap();
    assert_eq!(seen["data"]["status"], "pending", "still to deliver");
    let conversation = admin_get(&app, &token, "/api/admin/conversations").await;
    assert_eq!(conversation[0]["unseen"], 3, "three taps kept, the repeated one once");
}

#[tokio::test]
async fn annuler_cancels_an_order_awaiting_its_confirmation_and_a_tap_after_expiry_changes_nothing() {
    let cloud = fake_cloud_api().await;
    let app = shop(&cloud).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let first = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    let templates = templates_to(&cloud, AWA, 2).await;
    let cancel = payload(named(&templates, "confirmation_commande"), "1");
    assert_eq!(deliver(&app, &tapped(AWA, "wamid.TAP1", &cancel, "Annuler"), None).await.status(), 200);
    let key = key_of(&first);
    let id = first["id"].as_str().unwrap();
    let seen = with_key(&app, Method::GET, &format!("/api/orders/{id}"), &key).await.json::<Value>().await.unwrap();
    assert_eq!(seen["data"]["status"], "cancelled");
    // Its cancellation's own message tells the customer; no free text on top.
    let after = templates_to(&cloud, AWA, 3).await;
    assert!(after.iter().any(|t| t["template"]["name"] == "commande_annulee"), "{after:?}");

    // A second order expires unconfirmed; its « Je confirme » comes too late.
    let second = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    let number = second["orderNumber"].as_str().unwrap();
    let templates = templates_to(&cloud, AWA, 5).await;
    let asking = templates.iter().rfind(|t| t["template"]["name"] == "confirmation_commande").unwrap();
    let confirm = payload(asking, "0");
    let second_id = second["id"].as_str().unwrap();
    app.sql(&format!(
        "UPDATE order_confirmations SET requested_at = now() - interval '25 hours' WHERE order_id = '{second_id}'"
    ))
    .await;
    let mut vars: HashMap<&str, String> =
        HashMap::from([("DATABASE_URL", app.database.url.clone()), ("FRONTEND_DIR", "/nonexistent".to_owned())]);
    vars.extend(settings(&cloud));
    let state = bitik_server::startup::build_state(
        Config::from_lookup(|name| vars.get(name).cloned()).unwrap(),
        app.database.database.clone(),
    )
    .unwrap();
    bitik_server::startup::sweep_once(&state).await;
    assert_eq!(deliver(&app, &tapped(AWA, "wamid.TAP2", &confirm, "Je confirme"), None).await.status(), 200);
    let texts = texts_to(&cloud, AWA, 7).await;
    assert_eq!(
        texts.last().unwrap(),
        &format!(
            "Votre commande {number} ne peut plus être confirmée ni annulée ici : elle est annulée. Une question ? Répondez à ce message."
        )
    );
    let key = key_of(&second);
    let seen =
        with_key(&app, Method::GET, &format!("/api/orders/{second_id}"), &key).await.json::<Value>().await.unwrap();
    assert_eq!(
        (seen["data"]["status"].as_str(), seen["data"]["confirmation"].as_str()),
        (Some("cancelled"), Some("awaiting"))
    );
}

#[tokio::test]
async fn statuses_move_forward_a_customer_s_text_reaches_conversations_and_staff_answer_within_24_hours() {
    let cloud = fake_cloud_api().await;
    let app = shop(&cloud).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = guest_order(&app, &tee, "77 123 45 67", "wave").await;
    let id = order["id"].as_str().unwrap();
    let token = app.admin_token().await;
    let messages = messages_of(&app, &token, id, 1).await;
    let receipt = messages.iter().find(|m| m["channel"] == "whatsapp").unwrap();
    assert_eq!(cloud.received_requests().await.unwrap().len(), 1, "one message out");
    let wamid = "wamid.HBgL000001";
    assert_eq!(receipt["delivery"], Value::Null, "nothing reported yet");

    for state in ["sent", "read", "delivered"] {
        assert_eq!(deliver(&app, &status(wamid, state), None).await.status(), 200);
    }
    let messages = messages_of(&app, &token, id, 1).await;
    let receipt = messages.iter().find(|m| m["channel"] == "whatsapp").unwrap();
    assert_eq!(
        (receipt["delivery"]["state"].as_str(), receipt["delivery"]["label"].as_str()),
        (Some("read"), Some("Lu")),
        "a late « delivered » does not undo « read »"
    );

    // Meta's times are whole seconds: the question comes a second after the receipt.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(deliver(&app, &wrote(AWA, "wamid.IN1", "La robe existe en M ?", 0), None).await.status(), 200);
    let listed = admin_get(&app, &token, "/api/admin/conversations").await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(
        (listed[0]["phone"].as_str(), listed[0]["last"]["text"].as_str(), listed[0]["unseen"].as_i64()),
        (Some("+221771234567"), Some("La robe existe en M ?"), Some(1))
    );
    assert_eq!(listed[0]["latestOrder"]["orderNumber"], order["orderNumber"]);
    let about = admin_get(&app, &token, &format!("/api/admin/orders/{id}/whatsapp")).await;
    assert_eq!(about[0]["text"], "La robe existe en M ?", "shown on the customer's latest order");

    let path = "/api/admin/conversations/%2B221771234567";
    let thread = admin_get(&app, &token, path).await;
    assert_eq!(thread["windowOpen"], true);
    let entries = thread["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "the receipt, then the question");
    assert_eq!(
        (entries[0]["sent"]["template"].as_str(), entries[1]["received"]["text"].as_str()),
        (Some("commande_recue"), Some("La robe existe en M ?"))
    );
    assert_eq!(admin_get(&app, &token, "/api/admin/conversations").await[0]["unseen"], 0, "opened: seen");

    let empty = app.send(Method::POST, &format!("{path}/reply"), Some(&token), Some(&json!({ "text": "  " }))).await;
    assert_eq!(empty.status(), 400);
    let answer = json!({ "text": "Oui, en M et en L. Je vous la garde ?" });
    let replied = app.send(Method::POST, &format!("{path}/reply"), Some(&token), Some(&answer)).await;
    assert_eq!(replied.status(), 201);
    let request = crate::helpers::header(&replied, "x-request-id");
    assert_eq!(app.audit_actions(&request).await, ["conversation.reply"], "the answer is in the audit log");
    let texts = texts_to(&cloud, AWA, 2).await;
    assert_eq!(texts, ["Oui, en M et en L. Je vous la garde ?"]);

    // A customer who last wrote 25 hours ago: only a template may go.
    assert_eq!(deliver(&app, &wrote("221775550000", "wamid.OLD", "Bonjour", 25), None).await.status(), 200);
    let late = "/api/admin/conversations/%2B221775550000/reply";
    let closed = app.send(Method::POST, late, Some(&token), Some(&answer)).await;
    assert_eq!(closed.status(), 409);
    assert_eq!(error_body(closed).await["code"], "whatsapp_window_closed");
    let never =
        app.send(Method::POST, "/api/admin/conversations/%2B221776660000/reply", Some(&token), Some(&answer)).await;
    assert_eq!(never.status(), 404);
}

#[tokio::test]
async fn a_number_not_on_whatsapp_fails_its_message_while_the_e_mail_goes_as_before() {
    let cloud = fake_cloud_api().await;
    let app = shop(&cloud).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let mut form = crate::guest_orders::checkout(&tee, "77 999 99 99", "wave");
    form["shippingInfo"]["email"] = json!("awa@example.sn");
    let placed = app.post_json("/api/orders", &form).await;
    assert_eq!(placed.status(), 201);
    let id = placed.json::<Value>().await.unwrap()["data"]["id"].as_str().unwrap().to_owned();
    let token = app.admin_token().await;
    let messages = messages_of(&app, &token, &id, 2).await;
    let by = |channel: &str| messages.iter().find(|m| m["channel"] == channel && m["kind"] == "order_placed").unwrap();
    let whatsapp = by("whatsapp");
    assert_eq!(whatsapp["state"], "failed");
    assert!(whatsapp["lastError"].as_str().unwrap().starts_with("Ce numéro n'est pas sur WhatsApp"), "{whatsapp}");
    assert_eq!(
        (by("email")["recipient"].as_str(), by("email")["state"].as_str()),
        (Some("awa@example.sn"), Some("not_configured"))
    );
}

#[tokio::test]
async fn the_month_s_templates_are_counted_per_category_at_the_shop_s_prices_and_a_code_is_never_sent_again() {
    let cloud = fake_cloud_api().await;
    let mut settings = settings(&cloud);
    settings.extend([("WHATSAPP_PRICE_UTILITY", "2,4".to_owned()), ("WHATSAPP_PRICE_AUTHENTICATION", "3".to_owned())]);
    let vars: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let app = spawn_app_with(&vars).await;
    let tee = app.product("T-shirt Teranga", 15_000, None, &[("noir", "M", 5)]).await;
    let order = guest_order(&app, &tee, "77 123 45 67", "cash_on_delivery").await;
    assert_eq!(app.post_json("/api/auth/code", &json!({ "phone": "+221771234567" })).await.status(), 202);
    crate::login_code::code_sent_to(&cloud, AWA).await;
    let token = app.admin_token().await;
    messages_of(&app, &token, order["id"].as_str().unwrap(), 2).await;

    // The receipt and the confirmation request at 2,40 FCFA (4,80 → 5 FCFA), one code at 3 FCFA.
    let mut bill = Value::Null;
    for _ in 0..100 {
        bill = admin_get(&app, &token, "/api/admin/messages/costs").await;
        if bill["categories"][1]["count"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(bill["month"], Utc::now().format("%Y-%m").to_string());
    assert_eq!(
        bill["categories"],
        json!([
            { "category": "utility", "label": "Utilitaire", "count": 2, "unitPriceHundredths": 240, "unitPriceLabel": "2,40 FCFA", "cost": 5 },
            { "category": "authentication", "label": "Authentification", "count": 1, "unitPriceHundredths": 300, "unitPriceLabel": "3 FCFA", "cost": 3 }
        ])
    );
    assert_eq!(bill["total"], 8);
    let before = admin_get(&app, &token, "/api/admin/messages/costs?month=2020-01").await;
    assert_eq!((before["categories"][0]["count"].clone(), before["total"].clone()), (json!(0), json!(0)));
    let refused = app.send(Method::GET, "/api/admin/messages/costs?month=d%C3%A9cembre", Some(&token), None).await;
    assert_eq!(refused.status(), 400);
    assert_eq!(
        error_body(refused).await["fields"]["month"],
        "Mois invalide : attendu sous la forme AAAA-MM (par exemple 2026-12)."
    );

    // The code is in the outbox, sent, without the code; « Renvoyer » is not offered and refused.
    let listed = admin_get(&app, &token, "/api/admin/messages").await;
    let code =
        listed.as_array().unwrap().iter().find(|m| m["kind"] == "login_code").expect("the code's record").clone();
    assert_eq!(
        (&code["state"], &code["resendable"], &code["kindLabel"]),
        (&json!("sent"), &json!(false), &json!("Code de connexion"))
    );
    let sent_code = crate::login_code::code_sent_to(&cloud, AWA).await;
    assert!(!code.to_string().contains(&sent_code), "the code is not kept: {code}");
    let again = app
        .send(Method::POST, &format!("/api/admin/messages/{}/resend", code["id"].as_str().unwrap()), Some(&token), None)
        .await;
    assert_eq!(again.status(), 409);
    assert_eq!(error_body(again).await["code"], "message_not_resendable");
}
