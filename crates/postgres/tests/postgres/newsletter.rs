use bitik_common::Email;
use bitik_identity::newsletter::NewsletterRepository;
use bitik_postgres::PgNewsletterRepository;
use bitik_postgres::testing::TestDatabase;

#[tokio::test]
async fn the_same_email_twice_is_stored_once() {
    let test = TestDatabase::new().await;
    let newsletter = PgNewsletterRepository::new(test.database.clone());
    let email = Email::parse("awa@example.sn").unwrap();
    assert!(newsletter.subscribe(&email).await.unwrap());
    assert!(!newsletter.subscribe(&email).await.unwrap());
    newsletter.subscribe(&Email::parse("moussa@example.sn").unwrap()).await.unwrap();
    let all: Vec<String> = newsletter.subscribers().await.unwrap().into_iter().map(|s| s.email.into_inner()).collect();
    assert_eq!(all, ["awa@example.sn", "moussa@example.sn"]);
}
