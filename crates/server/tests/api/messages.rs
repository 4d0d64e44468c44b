//! Messages by e-mail, through a real SMTP server (aiosmtpd, started here on a free port; each
//! message it receives is a file of its maildir): an order's message arrives, late when the relay
//! was down, once after a crash between the commit and the send, once with two servers on one
//! database; a reset link arrives and works once; an unknown address gets the same answer and
//! nothing. Every wait polls until a deadline.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bitik_server::config::Config;
use bitik_server::startup::Application;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Server, TempDir, TestApp, create_product, spawn_app_with};

/// A real SMTP server writing what it receives in `dir/new/`.
pub(crate) struct Smtpd {
    child: Option<Child>,
    port: u16,
    dir: TempDir,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// aiosmtpd's python: `BITIK_SMTPD_PYTHON`, or the one `scripts/mail-server.sh` installs.
fn smtpd_python() -> String {
    if let Ok(python) = std::env::var("BITIK_SMTPD_PYTHON") {
        return python;
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/mail-server.sh");
    let output = Command::new(script).output().expect("scripts/mail-server.sh runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

impl Smtpd {
    /// Not started: its port is chosen, nothing listens on it yet.
    fn stopped() -> Self {
        let dir = TempDir::new();
        // A maildir: aiosmtpd's handler writes into `tmp/`, then moves the message to `new/`.
        for sub in ["tmp", "new", "cur"] {
            std::fs::create_dir_all(dir.0.join(sub)).unwrap();
        }
        Smtpd { child: None, port: free_port(), dir }
    }

    pub(crate) async fn started() -> Self {
        let mut smtpd = Self::stopped();
        smtpd.start().await;
        smtpd
    }

    async fn start(&mut self) {
        let child = Command::new(smtpd_python())
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{}", self.port)])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&self.dir.0)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start aiosmtpd");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "aiosmtpd did not listen");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(crate) fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received, decoded (quoted-printable) to the text a mail reader shows.
    pub(crate) fn mails(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.dir.0.join("new")) else { return Vec::new() };
        entries.flatten().map(|entry| unquote(&std::fs::read(entry.path()).unwrap())).collect()
    }

    /// Waits until `count` messages have arrived, and answers them.
    pub(crate) async fn wait_for(&self, count: usize, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        loop {
            let mails = self.mails();
            if mails.len() >= count {
                return mails;
            }
            assert!(Instant::now() < deadline, "{} of {count} messages arrived", mails.len());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Quoted-printable undone: soft line breaks joined, `=XX` bytes restored.
fn unquote(raw: &[u8]) -> String {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'=' {
            if raw[i + 1..].starts_with(b"\r\n") {
                i += 3;
                continue;
            }
            if raw[i + 1..].starts_with(b"\n") {
                i += 2;
                continue;
            }
            if let Some(byte) =
                raw.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok())
            {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `25 500 FCFA`, as the messages write amounts.
fn fcfa(amount: i64) -> String {
    let digits = amount.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    format!("{grouped} FCFA")
}

pub(crate) fn to(mail: &str) -> String {
    mail.lines().find_map(|l| l.strip_prefix("To: ")).unwrap_or_default().trim().to_owned()
}

fn order_body(product: &str, method: &str) -> Value {
    json!({"items": [{"productId": product, "quantity": 2, "size": "M", "color": "noir"}],
           "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "phone": "77 123 45 67",
                            "address": "Unité 15, villa 210", "commune": "medina", "landmark": "Près de la mosquée",
                            "country": "Sénégal"},
           "shippingMethod": "standard", "paymentMethod": method})
}

async fn place(app: &TestApp, token: &str, product: &str) -> Value {
    let response = app.send(Method::POST, "/api/orders", Some(token), Some(&order_body(product, "wave"))).await;
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["data"].clone()
}

async fn messages_of(app: &TestApp, admin: &str, order: &Value) -> Vec<Value> {
    let path = format!("/api/admin/orders/{}/messages", order["id"].as_str().unwrap());
    let response = app.send(Method::GET, &path, Some(admin), None).await;
    assert_eq!(response.status(), 200);
    response.json::<Value>().await.unwrap()["data"].as_array().unwrap().clone()
}

/// Polls the order's messages until `done` says so.
async fn wait_for_messages(
    app: &TestApp,
    admin: &str,
    order: &Value,
    within: Duration,
    done: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let deadline = Instant::now() + within;
    loop {
        let messages = messages_of(app, admin, order).await;
        if done(&messages) {
            return messages;
        }
        assert!(Instant::now() < deadline, "the order's messages are still {messages:#?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn all_sent(messages: &[Value]) -> bool {
    !messages.is_empty() && messages.iter().all(|m| m["state"] == "sent")
}

async fn shop_with_mail(smtp: &str) -> TestApp {
    spawn_app_with(&[("SMTP_URL", smtp), ("SHOP_EMAIL", "boutique@bitik.sn")]).await
}

#[tokio::test]
async fn an_orders_message_arrives_with_its_number_and_total() {
    let smtpd = Smtpd::started().await;
    let app = shop_with_mail(&smtpd.url()).await;
    let admin = app.admin_token().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &tee).await;
    let number = order["orderNumber"].as_str().unwrap();
    let total = fcfa(order["total"].as_i64().unwrap());
    let mails = smtpd.wait_for(2, Duration::from_secs(30)).await;
    let by_recipient: HashMap<String, &String> = mails.iter().map(|m| (to(m), m)).collect();
    let customer = by_recipient.get("awa@example.sn").expect("the customer's message");
    assert!(customer.contains(number) && customer.contains(&format!("Total : {total}")), "{customer}");
    assert!(customer.contains("Payer avec Wave"), "{customer}");
    assert!(customer.contains("Content-Type: text/html"), "an HTML part too");
    let shop = by_recipient.get("boutique@bitik.sn").expect("the shop's notice");
    assert!(shop.contains(&format!("/admin/orders/{}", order["id"].as_str().unwrap())), "{shop}");
    // The back office lists them, sent, each once.
    let messages = wait_for_messages(&app, &admin, &order, Duration::from_secs(10), all_sent).await;
    // Both were written in one transaction, at one instant: their order between them is not said.
    let mut kinds: Vec<&str> = messages.iter().map(|m| m["kind"].as_str().unwrap()).collect();
    kinds.sort();
    assert_eq!(kinds, ["order_placed", "shop_new_order"]);
    assert!(messages.iter().all(|m| m["attempts"] == 1 && m["lastError"].is_null()));
    let placed = messages.iter().find(|m| m["kind"] == "order_placed").unwrap();
    assert!(placed["text"].as_str().unwrap().contains(number), "the text, for WhatsApp");
}

#[tokio::test]
async fn a_message_written_while_the_relay_is_down_arrives_when_it_is_back() {
    let mut smtpd = Smtpd::stopped();
    let app = shop_with_mail(&smtpd.url()).await;
    let admin = app.admin_token().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &tee).await;
    let number = order["orderNumber"].as_str().unwrap().to_owned();
    // The first attempt fails: the messages wait for their next one, with the error.
    let tried = |messages: &[Value]| {
        messages.len() == 2 && messages.iter().all(|m| m["attempts"] == 1 && m["state"] == "pending")
    };
    let waiting = wait_for_messages(&app, &admin, &order, Duration::from_secs(30), tried).await;
    assert!(waiting.iter().all(|m| m["lastError"].as_str().is_some_and(|e| !e.is_empty())), "{waiting:#?}");
    smtpd.start().await;
    // The next attempt comes a minute after the first.
    let mails = smtpd.wait_for(2, Duration::from_secs(150)).await;
    assert!(mails.iter().any(|m| to(m) == "awa@example.sn" && m.contains(&number)));
    let sent = wait_for_messages(&app, &admin, &order, Duration::from_secs(10), all_sent).await;
    assert!(sent.iter().all(|m| m["attempts"] == 2), "{sent:#?}");
}

/// A relay that accepts connections and never answers: a sender talking to it holds its
/// message until the time limit.
async fn silent_relay() -> (u16, tokio::sync::mpsc::Receiver<()>, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (connected, connections) = tokio::sync::mpsc::channel(16);
    let task = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
            let _ = connected.send(()).await;
        }
    });
    (port, connections, task)
}

#[tokio::test]
async fn a_server_killed_between_the_commit_and_the_send_sends_after_its_restart_once() {
    let database = bitik_postgres::testing::TestDatabase::new().await;
    let uploads = TempDir::new();
    let (silent, mut connections, relay) = silent_relay().await;
    let silent_url = format!("smtp://127.0.0.1:{silent}");
    let first = Server::start_with(&database, &uploads, &[("SMTP_URL", &silent_url)]).await;
    let tee = create_product(&database.database, "T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let client = reqwest::Client::new();
    let register = json!({"firstName": "Awa", "lastName": "Diop", "email": "awa@example.sn", "password": "secret1",
                          "phone": "77 123 45 67"});
    let registered: Value =
        client.post(first.url("/api/auth/register")).json(&register).send().await.unwrap().json().await.unwrap();
    let token = registered["data"]["token"].as_str().unwrap();
    let placed =
        client.post(first.url("/api/orders")).bearer_auth(token).json(&order_body(&tee, "wave")).send().await.unwrap();
    assert_eq!(placed.status(), 201);
    let order: Value = placed.json::<Value>().await.unwrap()["data"].clone();
    // The order and its messages are committed; the sender has taken one and is talking to the relay.
    tokio::time::timeout(Duration::from_secs(20), connections.recv()).await.expect("the sender reached the relay");
    let mut first = first;
    first.child.kill().expect("SIGKILL");
    first.child.wait().unwrap();
    relay.abort();
    let smtpd = Smtpd::started().await;
    let _second = Server::start_with(&database, &uploads, &[("SMTP_URL", &smtpd.url())]).await;
    let mails = smtpd.wait_for(2, Duration::from_secs(30)).await;
    // Both sent, then nothing more: each message once.
    let deadline = Instant::now() + Duration::from_secs(10);
    while sent_count(&database).await < 2 {
        assert!(Instant::now() < deadline, "the messages are not all marked sent");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails_after = smtpd.mails();
    assert_eq!(mails_after.len(), 2, "{mails:#?}");
    let mut recipients: Vec<String> = mails_after.iter().map(|m| to(m)).collect();
    recipients.sort();
    assert_eq!(recipients, ["awa@example.sn", "contact@bitik.sn"]);
    assert!(mails_after.iter().all(|m| m.contains(order["orderNumber"].as_str().unwrap())));
}

async fn sent_count(database: &bitik_postgres::testing::TestDatabase) -> i64 {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = database.database.conn().await.unwrap();
    let count: Count = diesel::sql_query("SELECT count(*) AS n FROM messages WHERE state = 'sent'")
        .get_result(&mut conn)
        .await
        .unwrap();
    count.n
}

#[tokio::test]
async fn two_servers_on_one_database_send_each_message_once() {
    let smtpd = Smtpd::started().await;
    let app = shop_with_mail(&smtpd.url()).await;
    // A second server on the same database, with its own sender.
    let vars: HashMap<&str, String> = HashMap::from([
        ("DATABASE_URL", app.database.url.clone()),
        ("HOST", "127.0.0.1".to_owned()),
        ("PORT", "0".to_owned()),
        ("UPLOAD_DIR", app.upload_dir().display().to_string()),
        ("FRONTEND_DIR", "/nonexistent".to_owned()),
        ("SMTP_URL", smtpd.url()),
        ("SHOP_EMAIL", "boutique@bitik.sn".to_owned()),
    ]);
    let config = Config::from_lookup(|name| vars.get(name).cloned()).unwrap();
    let second = Application::build(config).unwrap();
    tokio::spawn(second.run_until_stopped());
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 20)]).await;
    let mut numbers = Vec::new();
    for customer in ["awa@example.sn", "fatou@example.sn", "moussa@example.sn"] {
        let (token, _) = app.register(customer, "secret1").await;
        let mut body = order_body(&tee, "cash_on_delivery");
        body["shippingInfo"]["email"] = json!(customer);
        body["shippingInfo"]["phone"] = json!(format!("77 123 45 6{}", numbers.len()));
        let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&body)).await;
        assert_eq!(response.status(), 201);
        numbers.push(response.json::<Value>().await.unwrap()["data"]["orderNumber"].as_str().unwrap().to_owned());
    }
    // Each cash-on-delivery order: the customer's receipt, the shop's notice, the confirmation request.
    let expected = 9;
    smtpd.wait_for(expected, Duration::from_secs(60)).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while sent_count(&app.database).await < expected as i64 {
        assert!(Instant::now() < deadline, "not all marked sent");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = smtpd.mails();
    assert_eq!(mails.len(), expected, "a message was sent twice");
    let mut seen = std::collections::HashSet::new();
    for mail in &mails {
        let number = numbers.iter().find(|n| mail.contains(n.as_str())).expect("names its order");
        let subject = mail.lines().find(|l| l.starts_with("Subject: ")).unwrap_or_default().to_owned();
        assert!(seen.insert((to(mail), number.clone(), subject)), "sent twice: {mail}");
    }
}

/// The reset link of an e-mail: `/reset-password/<token>`.
fn reset_token(mail: &str) -> String {
    let start = mail.find("/reset-password/").expect("a reset link") + "/reset-password/".len();
    mail[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect()
}

#[tokio::test]
async fn a_reset_link_by_email_works_once_and_an_unknown_address_gets_the_same_answer_and_nothing() {
    let smtpd = Smtpd::started().await;
    let app = shop_with_mail(&smtpd.url()).await;
    app.register("awa@example.sn", "secret1").await;
    let shop: Value = app.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["resetByEmail"], true);
    let ask = |email: &str| json!({"email": email, "byEmail": true});
    let unknown = app.post_json("/api/auth/forgot-password", &ask("personne@example.sn")).await;
    assert_eq!(unknown.status(), 200);
    let unknown: Value = unknown.json().await.unwrap();
    let known = app.post_json("/api/auth/forgot-password", &ask("Awa@Example.sn")).await;
    assert_eq!(known.status(), 200);
    let known: Value = known.json().await.unwrap();
    assert_eq!(known, unknown, "the same answer, account or not");
    let mails = smtpd.wait_for(1, Duration::from_secs(30)).await;
    // Messages go out oldest first: had the unknown address had one, it would be here already.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtpd.mails().len(), 1, "only the account's owner got a message");
    assert_eq!(to(&mails[0]), "awa@example.sn");
    assert!(mails[0].contains("expire le"), "{}", mails[0]);
    let token = reset_token(&mails[0]);
    assert_eq!(token.len(), 64);
    let path = format!("/api/auth/reset-password/{token}");
    let reset = app.post_json(&path, &json!({"password": "nouveau1"})).await;
    assert_eq!(reset.status(), 200);
    assert_eq!(app.login("awa@example.sn", "nouveau1").await.status(), 200);
    let again = app.post_json(&path, &json!({"password": "encore1"})).await;
    assert_eq!(again.status(), 404);
    assert_eq!(app.login("awa@example.sn", "encore1").await.status(), 401);
    // The back office lists the message without its link.
    let admin = app.admin_token().await;
    let list: Value = app.send(Method::GET, "/api/admin/messages", Some(&admin), None).await.json().await.unwrap();
    let reset_message = list["data"].as_array().unwrap().iter().find(|m| m["kind"] == "reset_link").unwrap();
    assert!(!reset_message["text"].as_str().unwrap().contains(&token));
}

#[tokio::test]
async fn without_smtp_messages_are_kept_as_not_sent_and_no_link_goes_by_email() {
    let app = spawn_app_with(&[]).await;
    let admin = app.admin_token().await;
    let shop: Value = app.get("/api/shop").await.json().await.unwrap();
    assert_eq!(shop["data"]["resetByEmail"], false);
    let refused =
        app.post_json("/api/auth/forgot-password", &json!({"email": "awa@example.sn", "byEmail": true})).await;
    assert_eq!(refused.status(), 409);
    assert_eq!(crate::helpers::error_body(refused).await["code"], "mail_not_configured");
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let order = place(&app, &token, &tee).await;
    let kept = |messages: &[Value]| messages.len() == 2 && messages.iter().all(|m| m["state"] == "not_configured");
    let messages = wait_for_messages(&app, &admin, &order, Duration::from_secs(30), kept).await;
    assert!(messages.iter().all(|m| m["stateLabel"] == "Non envoyé : e-mail non configuré" && m["sentAt"].is_null()));
    // The failures page and the « not sent » filter.
    let page: Value = app
        .send(Method::GET, "/api/admin/messages?state=not_configured&limit=1", Some(&admin), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((page["data"].as_array().unwrap().len(), page["pagination"]["totalItems"].as_u64()), (1, Some(2)));
    let wrong = app.send(Method::GET, "/api/admin/messages?state=lost", Some(&admin), None).await;
    assert_eq!(wrong.status(), 400);
    // Sent again on request: pending, then not configured again (never « sent »).
    let id = messages[0]["id"].as_str().unwrap();
    let resent = app.send(Method::POST, &format!("/api/admin/messages/{id}/resend"), Some(&admin), None).await;
    assert_eq!(resent.status(), 200);
    let request = crate::helpers::header(&resent, "x-request-id");
    assert_eq!(app.audit_actions(&request).await, ["message.resend"], "the resend is in the audit log");
    let again = wait_for_messages(&app, &admin, &order, Duration::from_secs(30), kept).await;
    assert_eq!(again.len(), 2);
    let customer = app.send(Method::GET, "/api/admin/messages", Some(&token), None).await;
    assert_eq!(customer.status(), 403);
}

/// The mails that tell a refund, in the order they arrived.
fn refund_mails(smtpd: &Smtpd) -> Vec<String> {
    smtpd.mails().into_iter().filter(|m| m.contains("Nous vous avons rembours")).collect()
}

/// Waits until the order's messages include `count` refund messages, all sent.
async fn refunds_sent(app: &TestApp, admin: &str, order: &Value, count: usize) -> Vec<Value> {
    let done = |messages: &[Value]| {
        let refunds: Vec<&Value> = messages.iter().filter(|m| m["kind"] == "refunded").collect();
        refunds.len() == count && refunds.iter().all(|m| m["state"] == "sent")
    };
    wait_for_messages(app, admin, order, Duration::from_secs(30), done).await
}

#[tokio::test]
async fn a_refund_made_tells_the_customer_once_with_its_amount_and_method() {
    use crate::payments::{browser, init, path_of, place as place_paid_by, wave_order};
    let smtpd = Smtpd::started().await;
    let app = spawn_app_with(&[("SMTP_URL", &smtpd.url()), ("PUBLIC_URL", "https://boutique.test")]).await;
    let admin = app.admin_token().await;

    // A Wave order paid on the simulator, refunded by Wave.
    let (token, order, _) = wave_order(&app, "awa@example.sn").await;
    let session: Value = init(&app, &token, &order).await.json().await.unwrap();
    let checkout_url = session["data"]["checkoutUrl"].as_str().unwrap().to_owned();
    assert_eq!(browser().post(app.url(&format!("{}/pay", path_of(&checkout_url)))).send().await.unwrap().status(), 303);
    let wave_order = json!({"id": order});
    let refund_path = format!("/api/admin/orders/{order}/refund");
    assert!(refund_mails(&smtpd).is_empty(), "nothing said of a refund before it is made");
    let refunded =
        app.send(Method::POST, &refund_path, Some(&admin), Some(&json!({"reason": "Article défectueux"}))).await;
    assert_eq!(refunded.status(), 200);
    let number = refunded.json::<Value>().await.unwrap()["data"]["orderNumber"].as_str().unwrap().to_owned();
    // Asked again, refused: nothing more is said.
    let again = app.send(Method::POST, &refund_path, Some(&admin), Some(&json!({"reason": "Encore"}))).await;
    assert_eq!(again.status(), 409);
    let messages = refunds_sent(&app, &admin, &wave_order, 1).await;
    let message = messages.iter().find(|m| m["kind"] == "refunded").unwrap();
    assert_eq!(message["recipient"], "awa@example.sn");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = refund_mails(&smtpd);
    assert_eq!(mails.len(), 1, "the refund is told once: {mails:#?}");
    assert_eq!(to(&mails[0]), "awa@example.sn");
    for said in [
        format!("Nous vous avons remboursé 25 000 FCFA pour la commande {number}."),
        "Montant : 25 000 FCFA".to_owned(),
        "Moyen : Wave".to_owned(),
    ] {
        assert!(mails[0].contains(&said), "{said} not in {}", mails[0]);
    }

    // A cash-on-delivery order paid at the door: two recorded refunds, each told with its own
    // amount and method; one refused (too much) tells nothing.
    let (token, _) = app.register("moussa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Médina", 23_500, None, &[("noir", "M", 5)]).await;
    let cash = place_paid_by(&app, &token, &tee, "cash_on_delivery").await;
    crate::refunds::deliver_cash_order(&app, &admin, &cash).await;
    let paid = app.send(Method::PUT, &format!("/api/admin/orders/{cash}/payment"), Some(&admin), None).await;
    assert_eq!(paid.status(), 200);
    let cash_order = json!({"id": cash});
    let refund_path = format!("/api/admin/orders/{cash}/refund");
    let part = json!({"amount": 10_000, "method": "cash", "reason": "Article manquant"});
    assert_eq!(app.send(Method::POST, &refund_path, Some(&admin), Some(&part)).await.status(), 200);
    let too_much = json!({"amount": 20_000, "method": "cash", "reason": "x"});
    assert_eq!(app.send(Method::POST, &refund_path, Some(&admin), Some(&too_much)).await.status(), 400);
    let rest = json!({"amount": 15_000, "method": "wave_transfer", "reason": "Commande retournée"});
    assert_eq!(app.send(Method::POST, &refund_path, Some(&admin), Some(&rest)).await.status(), 200);
    refunds_sent(&app, &admin, &cash_order, 2).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mails = refund_mails(&smtpd);
    assert_eq!(mails.len(), 3, "{mails:#?}");
    let cash_mails: Vec<&String> = mails.iter().filter(|m| !m.contains(&number)).collect();
    let told = |amount: &str, method: &str| {
        cash_mails
            .iter()
            .filter(|m| m.contains(&format!("Montant : {amount}")) && m.contains(&format!("Moyen : {method}")))
            .count()
    };
    assert_eq!((told("10 000 FCFA", "Espèces"), told("15 000 FCFA", "Transfert Wave")), (1, 1), "{cash_mails:#?}");
}

#[tokio::test]
async fn the_admins_click_to_chat_texts_are_the_texts_of_the_matching_messages() {
    let app = spawn_app_with(&[]).await;
    let admin = app.admin_token().await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    let response =
        app.send(Method::POST, "/api/orders", Some(&token), Some(&order_body(&tee, "cash_on_delivery"))).await;
    assert_eq!(response.status(), 201);
    let order = response.json::<Value>().await.unwrap()["data"].clone();
    let id = order["id"].as_str().unwrap();
    let messages = wait_for_messages(&app, &admin, &order, Duration::from_secs(30), |m| m.len() == 3).await;
    let text_of = |kind: &str| messages.iter().find(|m| m["kind"] == kind).unwrap()["text"].clone();
    let waiting = admin_order(&app, &admin, id).await;
    assert_eq!(waiting["chat"]["customer"], text_of("order_placed"));
    assert_eq!(waiting["chat"]["confirmation"], text_of("confirmation_asked"));
    let confirmation = waiting["chat"]["confirmation"].as_str().unwrap();
    assert!(confirmation.contains(waiting["confirmationLink"].as_str().unwrap()), "{confirmation}");

    // Confirmed, then shipped with a note: the button says what the shipping message said.
    let change = |status: &str, note: &str| json!({"status": status, "note": note});
    let confirm = format!("/api/admin/orders/{id}/confirmation");
    let confirmed = app.send(Method::PUT, &confirm, Some(&admin), Some(&json!({"confirmation": "confirmed"}))).await;
    assert_eq!(confirmed.status(), 200);
    let path = format!("/api/admin/orders/{id}/status");
    assert_eq!(app.send(Method::PUT, &path, Some(&admin), Some(&change("processing", ""))).await.status(), 200);
    let shipped = app.send(Method::PUT, &path, Some(&admin), Some(&change("shipped", "Livreur Modou"))).await;
    assert_eq!(shipped.status(), 200);
    let messages = wait_for_messages(&app, &admin, &order, Duration::from_secs(30), |m| {
        m.iter().any(|m| m["kind"] == "order_shipped")
    })
    .await;
    let shipped = messages.iter().find(|m| m["kind"] == "order_shipped").unwrap();
    let now = admin_order(&app, &admin, id).await;
    assert_eq!(now["chat"]["customer"], shipped["text"]);
    assert!(now["chat"]["confirmation"].is_null());
}

async fn admin_order(app: &TestApp, admin: &str, id: &str) -> Value {
    let response = app.send(Method::GET, &format!("/api/admin/orders/{id}"), Some(admin), None).await;
    response.json::<Value>().await.unwrap()["data"].clone()
}

#[tokio::test]
async fn the_emails_html_shows_the_logo_the_shop_serves_at_its_public_address() {
    let smtpd = Smtpd::started().await;
    let app = spawn_app_with(&[("SMTP_URL", &smtpd.url()), ("PUBLIC_URL", "https://boutique.test")]).await;
    let (token, _) = app.register("awa@example.sn", "secret1").await;
    let tee = app.product("T-shirt Teranga", 12_000, None, &[("noir", "M", 5)]).await;
    place(&app, &token, &tee).await;
    let mails = smtpd.wait_for(2, Duration::from_secs(30)).await;
    for mail in &mails {
        // The one picture: the logo, from the shop's public address, nothing from elsewhere.
        assert_eq!(mail.matches("<img ").count(), 1, "{mail}");
        assert!(
            mail.contains("<img src=\"https://boutique.test/logo.png\" width=\"48\" height=\"48\" alt=\"\""),
            "{mail}"
        );
    }
    let logo = app.get("/logo.png").await;
    assert_eq!(logo.status(), 200);
    assert_eq!(logo.headers()["content-type"], "image/png");
    assert_eq!(logo.headers()["cache-control"], "public, max-age=86400");
    assert_eq!(logo.bytes().await.unwrap().as_ref(), bitik_messages::templates::LOGO_PNG);
}
