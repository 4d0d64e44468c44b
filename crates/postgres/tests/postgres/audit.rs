//! The audit log in PostgreSQL: an entry is written in its change's transaction (a change that
//! rolls back leaves none), one per request, with the fields changed; the table refuses to be
//! rewritten.

use bitik_common::Money;
use bitik_identity::Role;
use bitik_identity::audit::{AuditActor, AuditLog, RawAuditFilter, Scope, within};
use bitik_orders::promo::{NewPromoCode, PromoCodeRepository, PromoKind, PromoWriteError};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgAuditLog, PgPromoCodeRepository, transaction};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

#[derive(diesel::QueryableByName)]
struct Value {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    value: i64,
}

fn code(name: &str, value: i64) -> NewPromoCode {
    NewPromoCode {
        code: name.to_owned(),
        kind: PromoKind::Fixed,
        value,
        min_subtotal: Some(Money::francs(5_000)),
        starts_at: None,
        ends_at: None,
        usage_limit: None,
        once_per_customer: false,
        includes_promotions: false,
        active: true,
    }
}

fn scope(action: &str, request: &str) -> Scope {
    let scope = Scope::new("10.0.0.7", request);
    let actor = AuditActor { id: Uuid::from_u128(42), email: "gerant@bitik.sn".into(), role: Role::Manager };
    scope.identify(actor, action, None);
    scope
}

async fn entries(test: &TestDatabase) -> Vec<bitik_identity::audit::AuditEvent> {
    let log = PgAuditLog::new(test.database.clone());
    let filter = RawAuditFilter::default().check(50, 200).unwrap();
    log.list(&filter).await.unwrap().items
}

#[tokio::test]
async fn an_entry_is_written_with_its_change_and_a_change_rolled_back_leaves_none() {
    let test = TestDatabase::new().await;
    let codes = PgPromoCodeRepository::new(test.database.clone());
    within(scope("promo_code.create", "req-1"), codes.create(code("TABASKI", 1_000))).await.unwrap();
    let written = entries(&test).await;
    assert_eq!(written.len(), 1);
    let entry = &written[0].event;
    assert_eq!(
        (entry.action.as_str(), entry.target.kind.as_str(), entry.target.label.as_str()),
        ("promo_code.create", "promo_code", "TABASKI")
    );
    assert_eq!((entry.ip.as_str(), entry.request_id.as_str(), entry.actor.role), ("10.0.0.7", "req-1", Role::Manager));
    assert!(
        entry.changes.iter().any(|c| c.field == "value" && c.before.is_null() && c.after == 1_000),
        "{:?}",
        entry.changes
    );

    // The same name again: refused by the unique index, and no entry.
    let refused = within(scope("promo_code.create", "req-2"), codes.create(code("TABASKI", 2_000))).await;
    assert!(matches!(refused, Err(PromoWriteError::CodeTaken)), "{refused:?}");
    assert_eq!(entries(&test).await.len(), 1);

    // A transaction that changes the code, then fails: the change and its entry roll back together.
    let mut conn = test.database.conn().await.unwrap();
    let failed = within(scope("promo_code.update", "req-3"), async {
        transaction::<(), diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::sql_query("UPDATE promo_codes SET value = 3000 WHERE code = 'TABASKI'").execute(conn).await?;
            Err(diesel::result::Error::RollbackTransaction)
        })
        .await
    })
    .await;
    assert!(failed.is_err());
    assert_eq!(entries(&test).await.len(), 1, "a change rolled back leaves no entry");
    let value: Vec<Value> =
        diesel::sql_query("SELECT value FROM promo_codes WHERE code = 'TABASKI'").load(&mut conn).await.unwrap();
    assert_eq!(value[0].value, 1_000);
    // The same, committed: one entry with the value before and after.
    within(scope("promo_code.update", "req-4"), async {
        transaction::<(), diesel::result::Error, _>(&mut conn, async |conn| {
            diesel::sql_query("UPDATE promo_codes SET value = 3000 WHERE code = 'TABASKI'").execute(conn).await?;
            Ok(())
        })
        .await
    })
    .await
    .unwrap();
    let newest = &entries(&test).await[0].event;
    assert_eq!(newest.action, "promo_code.update");
    assert!(
        newest.changes.iter().any(|c| c.field == "value" && c.before == 1_000 && c.after == 3_000),
        "{:?}",
        newest.changes
    );

    // Outside a staff member's request, nothing is logged.
    codes.create(code("KORITE", 500)).await.unwrap();
    assert_eq!(entries(&test).await.len(), 2);
}

#[tokio::test]
async fn the_log_refuses_to_be_rewritten_or_emptied() {
    let test = TestDatabase::new().await;
    let codes = PgPromoCodeRepository::new(test.database.clone());
    within(scope("promo_code.create", "req-1"), codes.create(code("TABASKI", 1_000))).await.unwrap();
    let mut conn = test.database.conn().await.unwrap();
    for statement in ["UPDATE audit_events SET action = 'nothing'", "DELETE FROM audit_events", "TRUNCATE audit_events"]
    {
        let refused = diesel::sql_query(statement).execute(&mut conn).await;
        let message = refused.expect_err(statement).to_string();
        assert!(message.contains("audit_events is append-only"), "{statement}: {message}");
    }
    assert_eq!(entries(&test).await[0].event.action, "promo_code.create");
}
