//! The daily reconciliation of Wave and cash against a fake Wave (wiremock), and the cash of a
//! courier's round recorded all or nothing.

use reqwest::Method;
use serde_json::{Value, json};
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{TestApp, error_body, spawn_app};
use crate::payments::{app_with_wave, wave_order, wave_session};

fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

/// A cash-on-delivery order of one t-shirt (25 000 FCFA with delivery) by a new customer.
async fn cash_order(app: &TestApp, email: &str) -> String {
    let (token, _) = app.register(email, "secret1").await;
    let tee = app.product(&format!("Pull {email}"), 23_500, None, &[("noir", "M", 5)]).await;
    let body = json!({
        "items": [{"productId": tee, "quantity": 1, "size": "M", "color": "noir"}],
        "shippingInfo": {"firstName": "Awa", "lastName": "Diop", "email": email, "phone": "77 123 45 67",
                         "address": "Unité 15, villa 210", "city": "Dakar", "country": "Sénégal", "commune": "medina", "landmark": "Près de la mosquée"},
        "shippingMethod": "standard",
        "paymentMethod": "cash_on_delivery"
    });
    let response = app.send(Method::POST, "/api/orders", Some(&token), Some(&body)).await;
    assert_eq!(response.status(), 201);
    let order: Value = response.json().await.unwrap();
    assert_eq!(order["data"]["total"], 25_000);
    order["data"]["id"].as_str().unwrap().to_owned()
}

/// Delivered `days_ago` days ago (by the history), by `courier` when named.
async fn delivered(app: &TestApp, order: &str, days_ago: i32, courier: Option<&str>) {
    // A courier is a name and a phone, or nobody.
    let (name, phone) = match courier {
        Some(c) => (format!("'{c}'"), "'+221771112233'".to_owned()),
        None => ("NULL".to_owned(), "NULL".to_owned()),
    };
    app.sql(&format!(
        "UPDATE orders SET status = 'delivered', courier_name = {name}, courier_phone = {phone} WHERE id = '{order}'"
    ))
    .await;
    app.sql(&format!(
        "INSERT INTO order_status_history (order_id, status, changed_by, created_at)
         VALUES ('{order}', 'delivered', 'Admin', now() - interval '{days_ago} days')"
    ))
    .await;
}

/// The shop marked `order` paid now, holding Wave's session `session` when given.
async fn marked_paid(app: &TestApp, order: &str, session: Option<(&str, &str)>) {
    app.sql(&format!(
        "UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = now() WHERE id = '{order}'"
    ))
    .await;
    if let Some((id, status)) = session {
        let checkout = if status == "succeeded" { "complete" } else { "open" };
        app.sql(&format!(
            "INSERT INTO payments (order_id, session_id, amount, checkout_status, payment_status, launch_url, expires_at,
                                   completed_at, client_reference)
             VALUES ('{order}', '{id}', 25000, '{checkout}', '{status}', 'https://pay.wave.com/c/{id}',
                     now() + interval '30 minutes', now(), '{order}')"
        ))
        .await;
    }
}

async fn wave_answers(wave: &MockServer, order: &str, get: Option<&Value>, search: Vec<Value>) {
    if let Some(session) = get {
        Mock::given(method("GET"))
            .and(path(format!("/v1/checkout/sessions/{}", session["id"].as_str().unwrap())))
            .respond_with(ResponseTemplate::new(200).set_body_json(session))
            .mount(wave)
            .await;
    }
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/search"))
        .and(query_param("client_reference", order))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"result": search})))
        .mount(wave)
        .await;
}

async fn no_balance_api(wave: &MockServer) {
    Mock::given(method("GET"))
        .and(path("/v1/transactions"))
        .respond_with(
            ResponseTemplate::new(403)
                .set_body_json(json!({"code": "unauthorized-wallet", "message": "no access", "details": []})),
        )
        .expect(1)
        .mount(wave)
        .await;
}

async fn report(app: &TestApp, admin: &str, from: &str, to: &str) -> reqwest::Response {
    app.send(Method::GET, &format!("/api/admin/reports/payments?from={from}&to={to}"), Some(admin), None).await
}

/// Four orders of today and one delivered earlier: one of each thing the report looks for.
struct Day {
    wave_unconfirmed: String,
    wave_unmarked: String,
    wave_paid: String,
    cash_owed: String,
    cash_paid: String,
}

async fn a_day(app: &TestApp, wave: &MockServer) -> Day {
    // Marked paid, but Wave shows its session still processing.
    let (_, wave_unconfirmed, _) = wave_order(app, "awa@example.sn").await;
    marked_paid(app, &wave_unconfirmed, Some(("cos-unconfirmed", "succeeded"))).await;
    let processing = wave_session("cos-unconfirmed", &wave_unconfirmed, "25000", "open", "processing");
    wave_answers(wave, &wave_unconfirmed, Some(&processing), vec![processing.clone()]).await;
    // Paid and confirmed by Wave; refunded by Wave in full today.
    let (_, wave_paid, _) = wave_order(app, "fatou@example.sn").await;
    marked_paid(app, &wave_paid, Some(("cos-paid", "succeeded"))).await;
    let paid = wave_session("cos-paid", &wave_paid, "25000", "complete", "succeeded");
    wave_answers(wave, &wave_paid, Some(&paid), vec![paid.clone()]).await;
    app.sql(&format!(
        "INSERT INTO refunds (order_id, amount, method, state, reason, requested_by, settled_at)
         VALUES ('{wave_paid}', 25000, 'wave', 'succeeded', 'Taille trop petite', 'Admin', now())"
    ))
    .await;
    // Not marked paid, though Wave was paid (found by its client_reference).
    let (_, wave_unmarked, _) = wave_order(app, "moussa@example.sn").await;
    let unmarked = wave_session("cos-unmarked", &wave_unmarked, "25000", "complete", "succeeded");
    wave_answers(wave, &wave_unmarked, None, vec![unmarked]).await;
    // Delivered two days ago by Moussa Fall, no cash recorded.
    let cash_owed = cash_order(app, "binta@example.sn").await;
    delivered(app, &cash_owed, 2, Some("Moussa Fall")).await;
    // Cash recorded today, 5 000 handed back.
    let cash_paid = cash_order(app, "ibou@example.sn").await;
    delivered(app, &cash_paid, 0, None).await;
    app.sql(&format!("UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = '{cash_paid}'")).await;
    app.sql(&format!(
        "INSERT INTO refunds (order_id, amount, method, state, reason, requested_by, settled_at)
         VALUES ('{cash_paid}', 5000, 'cash', 'succeeded', 'Article abîmé', 'Admin', now())"
    ))
    .await;
    Day { wave_unconfirmed, wave_unmarked, wave_paid, cash_owed, cash_paid }
}

fn number_of(list: &Value, order: &str) -> bool {
    list.as_array().unwrap().iter().any(|item| item["orderId"] == order)
}

#[tokio::test]
async fn the_days_figures_and_the_orders_that_need_a_look() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let day = a_day(&app, &wave).await;
    no_balance_api(&wave).await;
    let admin = app.admin_token().await;
    let response = report(&app, &admin, &today(), &today()).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let data = &body["data"];
    assert_eq!(data["days"].as_array().unwrap().len(), 1);
    let figures = &data["days"][0];
    assert_eq!(figures["date"], today());
    // Two Wave orders marked paid (50 000 expected); Wave shows one of them paid, and the order
    // the shop did not mark: 50 000 received; the full refund leaves 25 000.
    assert_eq!(
        figures["wave"],
        json!({"ordersPaid": 2, "expected": 50_000, "received": 50_000, "unverified": 0, "refunds": 25_000, "net": 25_000})
    );
    assert_eq!(
        figures["cash"],
        json!({"ordersPaid": 1, "expected": 25_000, "received": 25_000, "unverified": 0, "refunds": 5_000, "net": 20_000})
    );
    assert_eq!(figures["waveReported"], Value::Null);
    assert_eq!(data["totals"]["cash"]["net"], 20_000);

    let attention = &data["attention"];
    let unconfirmed = attention["waveNotConfirmed"].as_array().unwrap();
    assert_eq!(unconfirmed.len(), 1, "{attention}");
    assert_eq!(unconfirmed[0]["orderId"], day.wave_unconfirmed.as_str());
    assert_eq!(unconfirmed[0]["reason"], "Aucune session Wave de cette commande n'a réussi.");
    assert!(unconfirmed[0]["orderNumber"].as_str().unwrap().starts_with("ORD-"));
    assert!(!number_of(&attention["waveNotConfirmed"], &day.wave_paid));
    let unmarked = attention["waveNotMarked"].as_array().unwrap();
    assert_eq!(unmarked.len(), 1);
    assert_eq!(unmarked[0]["orderId"], day.wave_unmarked.as_str());
    assert_eq!(
        (unmarked[0]["sessionId"].as_str(), unmarked[0]["amount"].as_i64()),
        (Some("cos-unmarked"), Some(25_000))
    );
    assert_eq!(unmarked[0]["orderStatus"], "pending");
    let owed = attention["cashNotRecorded"].as_array().unwrap();
    assert_eq!(owed.len(), 1);
    assert_eq!(owed[0]["orderId"], day.cash_owed.as_str());
    assert_eq!(owed[0]["ageDays"], 2);
    assert_eq!(owed[0]["courierName"], "Moussa Fall");
    assert!(!number_of(&attention["cashNotRecorded"], &day.cash_paid));

    assert_eq!(data["wave"]["source"], "sessions");
    assert_eq!((data["wave"]["checked"].as_i64(), data["wave"]["unchecked"].as_i64()), (Some(3), Some(0)));
    assert_eq!(
        data["wave"]["notes"],
        json!([
            "La clé Wave n'a pas accès à l'API Balance & Reconciliation : le rapport compare les sessions seulement, sans les frais de Wave."
        ])
    );
}

#[tokio::test]
async fn with_the_balance_api_the_report_shows_waves_fees_and_net() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (_, order, _) = wave_order(&app, "awa@example.sn").await;
    marked_paid(&app, &order, Some(("cos-paid", "succeeded"))).await;
    let paid = wave_session("cos-paid", &order, "25000", "complete", "succeeded");
    wave_answers(&wave, &order, Some(&paid), vec![]).await;
    Mock::given(method("GET"))
        .and(path("/v1/transactions"))
        .and(query_param("date", today().as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "page_info": {"start_cursor": null, "end_cursor": "c1", "has_next_page": false},
            "items": [{"timestamp": chrono::Utc::now().to_rfc3339(), "transaction_id": "T1", "transaction_type": "merchant_payment",
                       "amount": "25000", "fee": "250", "currency": "XOF", "is_reversal": false, "balance": "25000"}]
        })))
        .mount(&wave)
        .await;
    let admin = app.admin_token().await;
    let body: Value = report(&app, &admin, &today(), &today()).await.json().await.unwrap();
    assert_eq!(body["data"]["wave"]["source"], "transactions");
    assert_eq!(body["data"]["days"][0]["waveReported"], json!({"payments": 25_000, "fees": 250, "net": 24_750}));
    assert_eq!(body["data"]["wave"]["notes"], json!([]));
}

#[tokio::test]
async fn wave_failing_is_said_in_the_report_not_a_500() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let (_, order, _) = wave_order(&app, "awa@example.sn").await;
    marked_paid(&app, &order, Some(("cos-paid", "succeeded"))).await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cos-paid"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&wave)
        .await;
    no_balance_api(&wave).await;
    let admin = app.admin_token().await;
    let response = report(&app, &admin, &today(), &today()).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let data = &body["data"];
    assert_eq!(data["days"][0]["wave"]["unverified"], 1);
    assert_eq!(data["days"][0]["wave"]["received"], 0);
    assert_eq!(data["attention"]["waveNotConfirmed"], json!([]));
    assert_eq!(data["wave"]["unchecked"], 1);
    assert_eq!(
        data["wave"]["notes"][0],
        "Wave n'a pas répondu pour 1 commande(s), qui ne sont pas vérifiées (Wave n'a pas répondu). Réessayez plus tard."
    );
}

#[tokio::test]
async fn the_csv_is_the_same_report_with_its_cells_neutralised() {
    let wave = MockServer::start().await;
    let app = app_with_wave(&wave).await;
    let day = a_day(&app, &wave).await;
    no_balance_api(&wave).await;
    app.sql(&format!("UPDATE orders SET courier_name = '=HYPERLINK(\"http://x\")' WHERE id = '{}'", day.cash_owed))
        .await;
    let admin = app.admin_token().await;
    let response = app
        .send(Method::GET, &format!("/api/admin/reports/payments.csv?from={0}&to={0}", today()), Some(&admin), None)
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        response.headers()["content-disposition"],
        format!("attachment; filename=\"paiements-{0}-{0}.csv\"", today()).as_str()
    );
    let file = response.text().await.unwrap();
    assert!(file.contains("\r\n"));
    let mut reader = csv::Reader::from_reader(file.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        vec![
            "row",
            "date",
            "method",
            "ordersPaid",
            "expected",
            "received",
            "unverified",
            "refunds",
            "net",
            "waveFees",
            "waveNet",
            "orderNumber",
            "detail"
        ]
    );
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
    let line = |kind: &str, method: &str| rows.iter().find(|r| r[0] == kind && r[2] == method).unwrap().clone();
    assert_eq!(
        line("day", "wave")[1..9],
        [
            today(),
            "wave".into(),
            "2".into(),
            "50000".into(),
            "50000".into(),
            "0".into(),
            "25000".into(),
            "25000".into()
        ]
    );
    assert_eq!(line("day", "cash_on_delivery")[3..9], ["1", "25000", "25000", "0", "5000", "20000"]);
    assert_eq!(line("total", "cash_on_delivery")[8], "20000");
    let unconfirmed = line("wave_not_confirmed", "wave");
    assert_eq!(unconfirmed[12], "Aucune session Wave de cette commande n'a réussi.");
    assert!(rows.iter().any(|r| r[0] == "wave_not_marked" && r[5] == "25000"));
    let owed = line("cash_not_recorded", "cash_on_delivery");
    assert_eq!(owed[12], "'=HYPERLINK(\"http://x\") ; livrée depuis 2 jour(s)");
    assert!(rows.iter().any(|r| r[0] == "note" && r[12].starts_with("La clé Wave n'a pas accès")));
}

#[tokio::test]
async fn a_period_backwards_too_long_or_malformed_is_refused_in_french() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    for (from, to, field, message) in [
        ("2026-11-20", "2026-11-19", "to", "La date de début (20/11/2026) est après la date de fin (19/11/2026)."),
        (
            "2026-01-01",
            "2026-04-03",
            "to",
            "La période ne peut pas dépasser 92 jours : choisissez des dates plus proches.",
        ),
        ("20/11/2026", "2026-11-20", "from", "Date invalide (from) : utilisez le format AAAA-MM-JJ."),
        ("2026-11-20", "", "to", "Date invalide (to) : utilisez le format AAAA-MM-JJ."),
    ] {
        let response = report(&app, &admin, from, to).await;
        assert_eq!(response.status(), 400, "{from} {to}");
        let error = error_body(response).await;
        assert_eq!(error["code"], "invalid_query");
        assert_eq!(error["message"], message);
        assert_eq!(error["fields"][field], message);
    }
    // A quarter is allowed, and a period without orders is days of zeros (test mode: sessions only).
    let body: Value = report(&app, &admin, "2026-01-01", "2026-04-02").await.json().await.unwrap();
    assert_eq!(body["data"]["days"].as_array().unwrap().len(), 92);
    assert_eq!(body["data"]["totals"]["wave"]["expected"], 0);
    assert_eq!(body["data"]["wave"]["simulated"], true);
}

#[tokio::test]
async fn a_couriers_round_is_recorded_whole_or_not_at_all() {
    let app = spawn_app().await;
    let first = cash_order(&app, "awa@example.sn").await;
    let second = cash_order(&app, "binta@example.sn").await;
    let paid = cash_order(&app, "ibou@example.sn").await;
    for order in [&first, &second, &paid] {
        delivered(&app, order, 1, Some("Moussa Fall")).await;
    }
    app.sql(&format!("UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = '{paid}'")).await;
    let admin = app.admin_token().await;
    let body: Value =
        app.send(Method::GET, &format!("/api/admin/orders/{paid}"), Some(&admin), None).await.json().await.unwrap();
    let number = body["data"]["orderNumber"].as_str().unwrap().to_owned();
    let send = |ids: Value| {
        let app = &app;
        let admin = admin.clone();
        async move {
            app.send(Method::POST, "/api/admin/orders/cash-received", Some(&admin), Some(&json!({"orderIds": ids})))
                .await
        }
    };
    // One order of the round already paid: nothing is recorded, and it is named.
    let refused = send(json!([first, paid, second])).await;
    assert_eq!(refused.status(), 409);
    let error = error_body(refused).await;
    assert_eq!(error["code"], "already_paid");
    assert_eq!(
        error["message"],
        format!("Commande {number} : Cette commande est déjà payée. Aucune commande n'a été marquée payée.").as_str()
    );
    let body: Value = report(&app, &admin, &today(), &today()).await.json().await.unwrap();
    assert_eq!(body["data"]["attention"]["cashNotRecorded"].as_array().unwrap().len(), 2);
    assert_eq!(body["data"]["days"][0]["cash"]["ordersPaid"], 1);

    let empty = send(json!([])).await;
    assert_eq!(empty.status(), 400);
    assert_eq!(error_body(empty).await["message"], "Choisissez entre 1 et 100 commandes.");

    let done = send(json!([first, second])).await;
    assert_eq!(done.status(), 200);
    let body: Value = done.json().await.unwrap();
    let orders = body["data"].as_array().unwrap();
    assert_eq!(orders.len(), 2);
    for order in orders {
        assert_eq!(order["paymentInfo"]["status"], "paid");
        let last = order["statusHistory"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["note"], "Paiement à la livraison reçu");
        assert_eq!(last["by"], "Admin Awa Diop");
    }
    // The day's figures show the cash.
    let body: Value = report(&app, &admin, &today(), &today()).await.json().await.unwrap();
    assert_eq!(body["data"]["attention"]["cashNotRecorded"], json!([]));
    assert_eq!(body["data"]["days"][0]["cash"]["ordersPaid"], 3);
    assert_eq!(body["data"]["days"][0]["cash"]["received"], 75_000);
}
