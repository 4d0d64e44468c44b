//! Login by a code sent on WhatsApp (docs/rules.md#login-by-code), against a fake Cloud API that
//! records what the shop sends and answers Meta's shapes.

use std::time::Duration;

use serde_json::{Value, json};
use wiremock::MockServer;

use crate::helpers::{TestApp, error_body, spawn_app_with};

const AWA: &str = "77 123 45 67";
const AWA_WA_ID: &str = "221771234567";

pub(crate) async fn fake_cloud_api() -> MockServer {
    crate::whatsapp::fake_cloud_api().await
}

pub(crate) async fn shop_on_whatsapp(cloud: &MockServer) -> TestApp {
    let base = format!("{}/v21.0", cloud.uri());
    spawn_app_with(&[
        ("WHATSAPP_TOKEN", "test-token"),
        ("WHATSAPP_PHONE_NUMBER_ID", "1234567890"),
        ("WHATSAPP_API_BASE", &base),
    ])
    .await
}

/// The messages the shop sent to `wa_id`, once `count` of them have arrived (the code goes out
/// after the answer).
pub(crate) async fn sent_to(cloud: &MockServer, wa_id: &str, count: usize) -> Vec<Value> {
    for _ in 0..100 {
        let bodies: Vec<Value> = cloud
            .received_requests()
            .await
            .unwrap()
            .iter()
            .map(|request| serde_json::from_slice::<Value>(&request.body).unwrap())
            .filter(|body| body["to"] == wa_id)
            .collect();
        if bodies.len() >= count {
            return bodies;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} messages sent to {wa_id}");
}

/// The code of the last template sent to `wa_id`, read as the customer's phone shows it.
pub(crate) async fn code_sent_to(cloud: &MockServer, wa_id: &str) -> String {
    for _ in 0..100 {
        let sent = sent_to(cloud, wa_id, 1).await;
        // The order's own messages may go to the same phone: the code is the last login template.
        if let Some(code) = sent.iter().rfind(|m| m["template"]["name"] == "code_connexion") {
            let template = &code["template"];
            let code = template["components"][0]["parameters"][0]["text"].as_str().unwrap().to_owned();
            assert_eq!(template["components"][1]["parameters"][0]["text"], code.as_str(), "the copy-code button's");
            return code;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no login code sent to {wa_id}")
}

pub(crate) async fn ask_code(app: &TestApp, phone: &str) -> reqwest::Response {
    app.post_json("/api/auth/code", &json!({ "phone": phone })).await
}

pub(crate) async fn verify(app: &TestApp, phone: &str, code: &str) -> reqwest::Response {
    app.post_json("/api/auth/code/verify", &json!({ "phone": phone, "code": code })).await
}

#[tokio::test]
async fn a_code_on_whatsapp_opens_an_account_for_a_new_phone_once() {
    let cloud = fake_cloud_api().await;
    let app = shop_on_whatsapp(&cloud).await;
    let shop: Value = app.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["loginByCode"], true, "the storefront offers it");

    let asked = ask_code(&app, AWA).await;
    assert_eq!(asked.status(), 202);
    let body: Value = asked.json().await.unwrap();
    assert_eq!(
        body["data"]["message"],
        "Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé. Il est valable 10 minutes."
    );
    let code = code_sent_to(&cloud, AWA_WA_ID).await;
    assert!(code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()), "{code}");

    let typed = format!("{} {}", &code[..3], &code[3..]);
    let logged_in = verify(&app, "+221 77 123 45 67", &typed).await;
    assert_eq!(logged_in.status(), 200);
    let session: Value = logged_in.json().await.unwrap();
    let user = &session["data"]["user"];
    assert_eq!((user["email"].clone(), user["loginPhone"].clone()), (Value::Null, json!("+221771234567")));
    assert_eq!((user["role"].as_str(), user["phone"].as_str()), (Some("customer"), Some("+221771234567")));
    let token = session["data"]["token"].as_str().unwrap();
    let me = app.send(reqwest::Method::GET, "/api/auth/me", Some(token), None).await;
    assert_eq!(me.status(), 200, "the session works");

    let again = verify(&app, AWA, &code).await;
    assert_eq!(again.status(), 401);
    assert_eq!(error_body(again).await["code"], "login_code_expired", "a code serves once");
    assert_eq!(accounts_of(&app, "+221771234567").await, 1);
}

pub(crate) async fn accounts_of(app: &TestApp, phone: &str) -> i64 {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = app.database.database.conn().await.unwrap();
    let query = diesel::sql_query("SELECT count(*) AS n FROM users WHERE login_phone = $1")
        .bind::<diesel::sql_types::Text, _>(phone);
    query.get_result::<Count>(&mut conn).await.unwrap().n
}

#[tokio::test]
async fn a_phone_with_an_account_and_one_without_get_the_same_answer_and_a_code_each() {
    let cloud = fake_cloud_api().await;
    let app = shop_on_whatsapp(&cloud).await;
    app.sql(
        "INSERT INTO users (email, password_hash, first_name, last_name, phone, login_phone) \
         VALUES (NULL, NULL, 'Awa', 'Diop', '+221771234567', '+221771234567')",
    )
    .await;
    let known = ask_code(&app, AWA).await;
    let unknown = ask_code(&app, "78 765 43 21").await;
    assert_eq!((known.status(), unknown.status()), (reqwest::StatusCode::ACCEPTED, reqwest::StatusCode::ACCEPTED));
    assert_eq!(known.json::<Value>().await.unwrap(), unknown.json::<Value>().await.unwrap());
    code_sent_to(&cloud, AWA_WA_ID).await;
    code_sent_to(&cloud, "221787654321").await;
}

#[tokio::test]
async fn no_code_goes_to_a_foreign_phone_nor_twice_a_minute_to_one_phone() {
    let cloud = fake_cloud_api().await;
    let app = shop_on_whatsapp(&cloud).await;

    for (phone, message) in [
        ("+33 6 12 34 56 78", "Les codes de connexion ne sont envoyés qu'aux numéros des pays où la boutique livre."),
        ("77 ABC 45 67", "Veuillez entrer un numéro de téléphone valide"),
    ] {
        let refused = ask_code(&app, phone).await;
        assert_eq!(refused.status(), 400, "{phone}");
        assert_eq!(error_body(refused).await["fields"]["phone"], message, "{phone}");
    }

    assert_eq!(ask_code(&app, AWA).await.status(), 202);
    let second = ask_code(&app, AWA).await;
    assert_eq!(second.status(), 429, "one code a minute per phone");
    assert!(second.headers().contains_key("retry-after"));
    sent_to(&cloud, AWA_WA_ID, 1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(cloud.received_requests().await.unwrap().len(), 1, "one message in all");
}

#[tokio::test]
async fn thirty_wrong_codes_at_once_are_five_tries_and_kill_the_code() {
    let cloud = fake_cloud_api().await;
    let app = shop_on_whatsapp(&cloud).await;
    assert_eq!(ask_code(&app, AWA).await.status(), 202);
    let code = code_sent_to(&cloud, AWA_WA_ID).await;
    let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);

    let tries: Vec<_> = (0..30)
        .map(|_| {
            let (client, url) = (app.client.clone(), app.url("/api/auth/code/verify"));
            let body = json!({ "phone": AWA, "code": wrong });
            tokio::spawn(async move { client.post(url).json(&body).send().await.unwrap() })
        })
        .collect();
    let mut codes = Vec::new();
    for answer in tries {
        let answer = answer.await.unwrap();
        assert_eq!(answer.status(), 401);
        codes.push(error_body(answer).await["code"].as_str().unwrap().to_owned());
    }
    let tried = codes.iter().filter(|c| *c == "invalid_login_code").count();
    assert_eq!(tried, 5, "{codes:?}");
    assert_eq!(codes.iter().filter(|c| *c == "login_code_expired").count(), 25);

    let right = verify(&app, AWA, &code).await;
    assert_eq!(error_body(right).await["code"], "login_code_expired", "dead at the fifth wrong try");
    assert_eq!(accounts_of(&app, "+221771234567").await, 0);
}

#[tokio::test]
async fn without_whatsapp_nor_e_mail_login_by_code_says_it_is_unavailable() {
    let app = spawn_app_with(&[]).await;
    let shop: Value = app.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["loginByCode"], false, "the storefront does not offer it");
    for answer in [ask_code(&app, AWA).await, verify(&app, AWA, "123456").await] {
        assert_eq!(answer.status(), 409);
        let body = error_body(answer).await;
        assert_eq!(body["code"], "login_code_unavailable");
        assert_eq!(
            body["message"],
            "La connexion par code n'est pas disponible pour le moment : connectez-vous avec votre e-mail et votre mot de passe."
        );
    }
}

#[tokio::test]
async fn without_whatsapp_the_code_goes_by_e_mail_to_the_account_the_phone_names_and_opens_it() {
    let smtpd = crate::messages::Smtpd::started().await;
    let app = spawn_app_with(&[("SMTP_URL", &smtpd.url())]).await;
    let shop: Value = app.get("/api/shop").await.json().await.unwrap();
    assert_eq!(
        (shop["data"]["loginByCode"].clone(), shop["data"]["loginCodeBy"].clone()),
        (json!(true), json!("email"))
    );
    let (_, registered) = app.register("awa@example.sn", "secret1").await;

    let asked = ask_code(&app, AWA).await;
    assert_eq!(asked.status(), 202);
    let sentence = "Si ce numéro est celui d'un compte avec une adresse e-mail, un code de connexion vient d'y être envoyé. Il est valable 10 minutes.";
    assert_eq!(asked.json::<Value>().await.unwrap()["data"]["message"], sentence);
    let unknown = ask_code(&app, "78 765 43 21").await;
    assert_eq!(
        unknown.json::<Value>().await.unwrap()["data"]["message"],
        sentence,
        "the same answer for a phone of no account"
    );

    let mails = smtpd.wait_for(1, Duration::from_secs(10)).await;
    assert_eq!(crate::messages::to(&mails[0]), "awa@example.sn");
    let code: String = mails[0]
        .lines()
        .filter(|line| line.starts_with("Votre code de connexion à "))
        .find_map(|line| line.rsplit_once(" : ").map(|(_, code)| code.replace(' ', "")))
        .expect("the code in the mail");
    let session: Value = verify(&app, AWA, &code).await.json().await.unwrap();
    assert_eq!(session["data"]["user"]["id"], registered["id"], "the account the code was sent to");
    assert_eq!(accounts_of(&app, "+221771234567").await, 0, "no account opened for the phone");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtpd.mails().len(), 1, "nothing sent for the phone of no account");
}
