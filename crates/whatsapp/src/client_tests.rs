//! The Cloud API client against a fake Graph server answering Meta's documented shapes.

use std::sync::Arc;
use std::time::Duration;

use bitik_common::Phone;
use bitik_identity::login_code::LoginCode;
use bitik_identity::ports::{CodeRecipient, CodeSender};
use serde_json::{Value, json};
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::{CloudApi, Outgoing, SendError, WhatsAppCodes, meta_codes};

fn phone() -> Phone {
    Phone::parse("77 123 45 67").unwrap()
}

fn api(server: &MockServer, timeout: Duration) -> CloudApi {
    CloudApi::new(&format!("{}/v21.0", server.uri()), "1234567890", "the-token", timeout).unwrap()
}

fn sent(id: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "messaging_product": "whatsapp",
        "contacts": [{ "input": "221771234567", "wa_id": "221771234567" }],
        "messages": [{ "id": id }]
    }))
}

fn meta_error(status: u16, code: i64, message: &str, details: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({
        "error": {
            "message": message, "type": "OAuthException", "code": code,
            "error_data": { "messaging_product": "whatsapp", "details": details },
            "fbtrace_id": "AbCdEf"
        }
    }))
}

async fn body_of(server: &MockServer) -> Value {
    let requests = server.received_requests().await.unwrap();
    assert_eq!(requests.len(), 1);
    serde_json::from_slice(&requests[0].body).unwrap()
}

#[tokio::test]
async fn a_template_is_posted_to_the_shop_s_number_with_its_variables_and_meta_s_id_returned() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v21.0/1234567890/messages"))
        .and(header("authorization", "Bearer the-token"))
        .respond_with(sent("wamid.HBgM"))
        .expect(1)
        .mount(&server)
        .await;
    let message = Outgoing::Template {
        name: "commande_recue",
        language: "fr",
        body: vec!["Awa".into(), "BTK-2026-0042".into()],
        code_button: None,
        quick_replies: &[],
    };
    assert_eq!(api(&server, Duration::from_secs(5)).send(&phone(), message).await.unwrap(), "wamid.HBgM");
    assert_eq!(
        body_of(&server).await,
        json!({
            "messaging_product": "whatsapp", "recipient_type": "individual", "to": "221771234567",
            "type": "template",
            "template": {
                "name": "commande_recue", "language": { "code": "fr" },
                "components": [{ "type": "body", "parameters": [
                    { "type": "text", "text": "Awa" }, { "type": "text", "text": "BTK-2026-0042" }
                ] }]
            }
        })
    );
}

#[tokio::test]
async fn free_text_is_a_text_message_without_a_link_preview() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(sent("wamid.T")).mount(&server).await;
    api(&server, Duration::from_secs(5)).send(&phone(), Outgoing::Text("Bonjour Awa")).await.unwrap();
    let body = body_of(&server).await;
    assert_eq!(
        (body["type"].as_str(), &body["text"]),
        (Some("text"), &json!({ "preview_url": false, "body": "Bonjour Awa" }))
    );
}

#[tokio::test]
async fn a_login_code_goes_in_the_authentication_template_s_body_and_its_copy_button() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(sent("wamid.C")).mount(&server).await;
    let codes = WhatsAppCodes::new(Arc::new(api(&server, Duration::from_secs(5))), "code_connexion");
    let to = CodeRecipient { phone: phone(), email: None };
    codes.send_code(&to, &LoginCode::read("042917").unwrap()).await.unwrap();
    let body = body_of(&server).await;
    assert_eq!(body["to"], "221771234567");
    assert_eq!(
        body["template"],
        json!({
            "name": "code_connexion", "language": { "code": "fr" },
            "components": [
                { "type": "body", "parameters": [{ "type": "text", "text": "042917" }] },
                { "type": "button", "sub_type": "url", "index": "0", "parameters": [{ "type": "text", "text": "042917" }] }
            ]
        })
    );
}

#[tokio::test]
async fn meta_s_refusals_are_read_a_number_not_on_whatsapp_and_a_rate_limit_told_apart() {
    let server = MockServer::start().await;
    let api = api(&server, Duration::from_secs(5));
    let cases = [
        (meta_error(400, meta_codes::UNDELIVERABLE, "Message undeliverable", "Recipient not on WhatsApp"), true, false),
        (
            meta_error(400, meta_codes::TEMPLATE_MISSING, "Template name does not exist in the translation", ""),
            false,
            false,
        ),
        (meta_error(429, meta_codes::RATE_LIMIT, "Rate limit hit", ""), false, true),
        (meta_error(400, meta_codes::PAIR_RATE_LIMIT, "Pair rate limit hit", ""), false, true),
    ];
    for (answer, unreachable, later) in cases {
        server.reset().await;
        Mock::given(method("POST")).respond_with(answer).mount(&server).await;
        let error = api.send(&phone(), Outgoing::Text("x")).await.unwrap_err();
        assert!(matches!(error, SendError::Refused { .. }), "{error:?}");
        assert_eq!((error.recipient_unreachable(), error.may_succeed_later()), (unreachable, later), "{error:?}");
    }
    server.reset().await;
    Mock::given(method("POST"))
        .respond_with(meta_error(400, meta_codes::UNDELIVERABLE, "Message undeliverable", "Recipient not on WhatsApp"))
        .mount(&server)
        .await;
    let error = api.send(&phone(), Outgoing::Text("x")).await.unwrap_err();
    assert_eq!(
        error,
        SendError::Refused {
            status: 400,
            code: meta_codes::UNDELIVERABLE,
            message: "Message undeliverable (Recipient not on WhatsApp)".into()
        }
    );
}

#[tokio::test]
async fn a_server_error_a_slow_answer_or_an_unreadable_one_is_an_unknown_outcome() {
    let server = MockServer::start().await;
    let api = api(&server, Duration::from_millis(300));
    for answer in [
        ResponseTemplate::new(503),
        sent("wamid.slow").set_delay(Duration::from_secs(2)),
        ResponseTemplate::new(200).set_body_string("<html>"),
    ] {
        server.reset().await;
        Mock::given(method("POST")).respond_with(answer).mount(&server).await;
        let error = api.send(&phone(), Outgoing::Text("x")).await.unwrap_err();
        assert!(matches!(error, SendError::Unknown(_)) && error.may_succeed_later(), "{error:?}");
    }
}

// The outbox's channel ------------------------------------------------------------------------

fn outbox_message(recipient: &str) -> bitik_messages::Message {
    use bitik_messages::{Category, MessageKind, MessageState, WhatsAppTemplate};
    let now = chrono::Utc::now();
    bitik_messages::Message {
        id: uuid::Uuid::new_v4(),
        kind: MessageKind::OrderShipped,
        recipient: recipient.into(),
        subject: String::new(),
        text: "Bonjour Awa, votre commande est en route.".into(),
        html: String::new(),
        order_id: None,
        state: MessageState::Pending,
        attempts: 0,
        next_attempt_at: now,
        last_error: None,
        created_at: now,
        sent_at: None,
        whatsapp: Some(WhatsAppTemplate {
            name: "commande_expediee".into(),
            variables: vec!["Awa".into(), "ORD-2612070001".into()],
            category: Category::Utility,
            buttons: vec![],
        }),
        channel: bitik_messages::Channel::WhatsApp,
        author_id: None,
        provider_id: None,
        delivery: None,
    }
}

#[tokio::test]
async fn an_outbox_message_goes_as_its_template_and_keeps_meta_s_id() {
    use bitik_messages::MessageChannel;
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(sent("wamid.HBgOUT")).mount(&server).await;
    let channel = api(&server, Duration::from_secs(2));
    let id = MessageChannel::send(&channel, &outbox_message("+221771234567")).await.unwrap();
    assert_eq!(id.as_deref(), Some("wamid.HBgOUT"));
    let body = body_of(&server).await;
    assert_eq!(
        (body["to"].as_str(), body["template"]["name"].as_str()),
        (Some("221771234567"), Some("commande_expediee"))
    );
    assert_eq!(body["template"]["language"]["code"], "fr");
    assert_eq!(
        body["template"]["components"][0]["parameters"],
        json!([{ "type": "text", "text": "Awa" }, { "type": "text", "text": "ORD-2612070001" }])
    );
}

#[tokio::test]
async fn a_number_not_on_whatsapp_fails_the_message_and_a_rate_limit_is_tried_again_later() {
    use bitik_messages::{MessageChannel, SendError as OutboxError};
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(meta_error(400, meta_codes::UNDELIVERABLE, "Message Undeliverable.", "not on WhatsApp"))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .respond_with(meta_error(429, meta_codes::PAIR_RATE_LIMIT, "Rate limit hit", "too many to this number"))
        .mount(&server)
        .await;
    let channel = api(&server, Duration::from_secs(2));
    match MessageChannel::send(&channel, &outbox_message("+221771234567")).await {
        Err(OutboxError::Permanent(said)) => assert!(said.starts_with("Ce numéro n'est pas sur WhatsApp"), "{said}"),
        other => panic!("expected a permanent failure, got {other:?}"),
    }
    let again = MessageChannel::send(&channel, &outbox_message("+221771234567")).await;
    assert!(matches!(again, Err(OutboxError::Transient(_))), "{again:?}");
}

#[tokio::test]
async fn quick_replies_carry_their_payloads_and_a_chat_reply_goes_as_free_text_within_the_window() {
    use bitik_messages::{MessageChannel, SendError as OutboxError};
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(sent("wamid.HBgQR")).up_to_n_times(2).mount(&server).await;
    Mock::given(method("POST"))
        .respond_with(meta_error(400, meta_codes::OUTSIDE_WINDOW, "Re-engagement message", "more than 24 hours"))
        .mount(&server)
        .await;
    let channel = api(&server, Duration::from_secs(2));
    let mut asking = outbox_message("+221771234567");
    asking.whatsapp.as_mut().unwrap().buttons = vec!["confirmer:abc".into(), "annuler:abc".into()];
    MessageChannel::send(&channel, &asking).await.unwrap();
    let components = &body_of(&server).await["template"]["components"];
    assert_eq!(
        (&components[1], &components[2]),
        (
            &json!({ "type": "button", "sub_type": "quick_reply", "index": "0",
                     "parameters": [{ "type": "payload", "payload": "confirmer:abc" }] }),
            &json!({ "type": "button", "sub_type": "quick_reply", "index": "1",
                     "parameters": [{ "type": "payload", "payload": "annuler:abc" }] })
        )
    );
    let mut reply = outbox_message("+221771234567");
    reply.whatsapp = None;
    reply.text = "Oui, la robe existe en M.".into();
    MessageChannel::send(&channel, &reply).await.unwrap();
    let requests = server.received_requests().await.unwrap();
    let body: serde_json::Value = serde_json::from_slice(&requests[1].body).unwrap();
    assert_eq!(
        (body["type"].as_str(), body["text"]["body"].as_str()),
        (Some("text"), Some("Oui, la robe existe en M."))
    );
    match MessageChannel::send(&channel, &reply).await {
        Err(OutboxError::Permanent(said)) => assert!(said.starts_with("Plus de 24 h depuis"), "{said}"),
        other => panic!("expected the window's refusal, got {other:?}"),
    }
}
