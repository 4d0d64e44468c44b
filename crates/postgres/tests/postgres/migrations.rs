use bitik_postgres::testing::TestDatabase;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;

#[derive(diesel::QueryableByName)]
struct Folded {
    #[diesel(sql_type = Text)]
    folded: String,
}

#[tokio::test]
async fn a_migrated_database_answers_and_folds_accents_for_search() {
    let test = TestDatabase::new().await;
    test.database.ping().await.expect("ping");
    let mut conn = test.database.conn().await.unwrap();
    let row = diesel::sql_query("SELECT bitik_search_text('Chaîne Élégante') AS folded")
        .get_result::<Folded>(&mut conn)
        .await
        .unwrap();
    assert_eq!(row.folded, "chaine elegante");
}

#[tokio::test]
async fn stock_can_never_go_below_zero() {
    let test = TestDatabase::new().await;
    let mut conn = test.database.conn().await.unwrap();
    diesel::sql_query(
        "INSERT INTO products (id, slug, name, description, price, category, subcategory)
         VALUES ('00000000-0000-0000-0000-000000000001', 'tee', 'Tee', 'd', 5000, 'vetement', 't-shirt')",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let negative = diesel::sql_query(
        "INSERT INTO product_variants (product_id, color, size, stock)
         VALUES ('00000000-0000-0000-0000-000000000001', 'noir', 'M', -1)",
    )
    .execute(&mut conn)
    .await;
    assert!(negative.is_err(), "a negative stock must be refused by the database");
}
