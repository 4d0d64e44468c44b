use bitik_common::Email;
use bitik_identity::ports::{InsertUserError, UserRepository};
use bitik_identity::{NewUser, Role};
use bitik_postgres::PgUserRepository;
use bitik_postgres::testing::TestDatabase;

fn new_user(email: &str) -> NewUser {
    NewUser {
        email: Email::parse(email).unwrap(),
        password_hash: "$argon2id$fake".into(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
        role: Role::Customer,
    }
}

#[tokio::test]
async fn an_email_is_unique_regardless_of_case() {
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let created = users.insert(new_user("awa@example.sn")).await.unwrap();
    assert_eq!(created.country, "Sénégal");
    assert_eq!(created.role, Role::Customer);
    let again = users.insert(new_user("AWA@Example.sn")).await;
    assert!(matches!(again, Err(InsertUserError::Duplicate)));
    let (found, hash) = users.find_by_email(&Email::parse("Awa@EXAMPLE.sn").unwrap()).await.unwrap().unwrap();
    assert_eq!(found.id, created.id);
    assert_eq!(hash, "$argon2id$fake");
}

#[tokio::test]
async fn promoting_an_account_ends_its_sessions() {
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let created = users.insert(new_user("boss@bitik.sn")).await.unwrap();
    let admin = users.set_role_and_password(created.id, Role::Admin, "$argon2id$new".into()).await.unwrap();
    assert_eq!(admin.role, Role::Admin);
    assert_eq!(admin.token_version, created.token_version + 1);
    let (_, hash) = users.find_by_email(&created.email).await.unwrap().unwrap();
    assert_eq!(hash, "$argon2id$new");
}
