use bitik_common::{Email, Phone, PostalAddress};
use bitik_identity::ports::{InsertUserError, UserRepository};
use bitik_identity::{NewUser, Role};
use bitik_postgres::PgUserRepository;
use bitik_postgres::testing::TestDatabase;

fn new_user(email: &str) -> NewUser {
    NewUser {
        email: Some(Email::parse(email).unwrap()),
        password_hash: Some("$argon2id$fake".into()),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: Phone::parse("77 123 45 67").ok(),
        role: Role::Customer,
        login_phone: None,
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
    assert_eq!(hash.as_deref(), Some("$argon2id$fake"));
}

#[tokio::test]
async fn promoting_an_account_ends_its_sessions() {
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let created = users.insert(new_user("boss@bitik.sn")).await.unwrap();
    let admin = users.set_role_and_password(created.id, Role::Admin, "$argon2id$new".into()).await.unwrap();
    assert_eq!(admin.role, Role::Admin);
    assert_eq!(admin.token_version, created.token_version + 1);
    let (_, hash) = users.find_by_email(created.email.as_ref().unwrap()).await.unwrap().unwrap();
    assert_eq!(hash.as_deref(), Some("$argon2id$new"));
}

fn address(city: &str, is_default: bool) -> bitik_identity::AddressEntry {
    bitik_identity::AddressEntry {
        label: String::new(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: Phone::parse("77 123 45 67").unwrap(),
        address: PostalAddress {
            address: "Unité 15".into(),
            city: city.into(),
            zip_code: String::new(),
            country: "Sénégal".into(),
        },
        commune: "parcelles-assainies".into(),
        landmark: "Près du terminus".into(),
        is_default,
    }
}

#[tokio::test]
async fn a_user_has_exactly_one_default_address_and_sees_only_their_own() {
    use bitik_identity::ports::AddressRepository;
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let addresses = bitik_postgres::PgAddressRepository::new(test.database.clone());
    let awa = users.insert(new_user("awa@example.sn")).await.unwrap();
    let moussa = users.insert(new_user("moussa@example.sn")).await.unwrap();

    let first = addresses.create(awa.id, address("Dakar", false), 20).await.unwrap().unwrap();
    assert!(first.is_default, "the first address becomes the default");
    let second = addresses.create(awa.id, address("Thiès", true), 20).await.unwrap().unwrap();
    let third = addresses.create(awa.id, address("Rufisque", false), 20).await.unwrap().unwrap();
    let defaults =
        |list: &[bitik_identity::Address]| list.iter().filter(|a| a.is_default).map(|a| a.id).collect::<Vec<_>>();
    let list = addresses.list(awa.id).await.unwrap();
    assert_eq!(defaults(&list), vec![second.id]);
    assert_eq!(list[0].id, second.id, "the default comes first");

    assert!(addresses.set_default(moussa.id, first.id).await.unwrap().is_none(), "not Moussa's address");
    assert!(addresses.update(moussa.id, first.id, address("Volé", false)).await.unwrap().is_none());
    assert!(!addresses.delete(moussa.id, first.id).await.unwrap());
    assert!(addresses.list(moussa.id).await.unwrap().is_empty());

    addresses.set_default(awa.id, first.id).await.unwrap().unwrap();
    assert_eq!(defaults(&addresses.list(awa.id).await.unwrap()), vec![first.id]);
    assert!(addresses.delete(awa.id, first.id).await.unwrap());
    assert_eq!(defaults(&addresses.list(awa.id).await.unwrap()), vec![third.id], "the newest takes over");
}

#[tokio::test]
async fn a_full_address_book_takes_no_more_even_from_additions_at_once() {
    use bitik_identity::ports::AddressRepository;
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let awa = users.insert(new_user("awa@example.sn")).await.unwrap();
    let addresses = std::sync::Arc::new(bitik_postgres::PgAddressRepository::new(test.database.clone()));
    for n in 0..3 {
        addresses.create(awa.id, address(&format!("Dakar {n}"), false), 5).await.unwrap().unwrap();
    }
    // Two places left, eight additions at once: exactly two get in.
    let racers: Vec<_> = (0..8)
        .map(|n| {
            let addresses = addresses.clone();
            tokio::spawn(async move { addresses.create(awa.id, address(&format!("Thiès {n}"), false), 5).await })
        })
        .collect();
    let mut added = 0;
    for racer in racers {
        if racer.await.unwrap().unwrap().is_some() {
            added += 1;
        }
    }
    assert_eq!(added, 2);
    assert_eq!(addresses.list(awa.id).await.unwrap().len(), 5);
    assert!(addresses.create(awa.id, address("Rufisque", true), 5).await.unwrap().is_none());
    let defaults = addresses.list(awa.id).await.unwrap().iter().filter(|a| a.is_default).count();
    assert_eq!(defaults, 1, "a refused default changes nothing");
}

#[tokio::test]
async fn a_reset_token_works_once_and_not_after_it_expires() {
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let awa = users.insert(new_user("awa@example.sn")).await.unwrap();
    let in_an_hour = chrono::Utc::now() + chrono::Duration::hours(1);
    users.create_reset_token(awa.id, vec![1; 32], in_an_hour, None, None).await.unwrap();
    let reset = users.reset_password(vec![1; 32], "$argon2id$reset".into()).await.unwrap().unwrap();
    assert_eq!(reset.token_version, awa.token_version + 1, "older sessions end");
    assert!(users.reset_password(vec![1; 32], "$argon2id$again".into()).await.unwrap().is_none(), "single use");
    let (_, hash) = users.find_by_email(awa.email.as_ref().unwrap()).await.unwrap().unwrap();
    assert_eq!(hash.as_deref(), Some("$argon2id$reset"));

    let an_hour_ago = chrono::Utc::now() - chrono::Duration::hours(1);
    users.create_reset_token(awa.id, vec![2; 32], an_hour_ago, None, None).await.unwrap();
    assert!(users.reset_password(vec![2; 32], "$argon2id$late".into()).await.unwrap().is_none(), "expired");
}

#[tokio::test]
async fn a_profile_saved_without_address_lines_keeps_them() {
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let awa = users.insert(new_user("awa@example.sn")).await.unwrap();
    let lines = PostalAddress {
        address: "Rue 10".into(),
        city: "Médina".into(),
        zip_code: "12500".into(),
        country: "Sénégal".into(),
    };
    let profile = |address| bitik_identity::Profile {
        first_name: "Awa".into(),
        last_name: "Ndiaye".into(),
        phone: None,
        address,
    };
    users.update_profile(awa.id, profile(Some(lines))).await.unwrap();
    let saved = users.update_profile(awa.id, profile(None)).await.unwrap();
    assert_eq!(
        (saved.last_name.as_str(), saved.address.as_str(), saved.zip_code.as_str()),
        ("Ndiaye", "Rue 10", "12500")
    );
}

#[derive(diesel::QueryableByName, Debug, PartialEq)]
struct BookEntry {
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    address: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    city: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    commune: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    is_default: bool,
}

#[tokio::test]
async fn a_profiles_address_becomes_the_default_of_an_empty_address_book() {
    use bitik_identity::ports::AddressRepository;
    use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
    let test = TestDatabase::new().await;
    let users = PgUserRepository::new(test.database.clone());
    let addresses = bitik_postgres::PgAddressRepository::new(test.database.clone());
    let mut conn = test.database.conn().await.unwrap();
    // (e-mail, street, city as the profile held them)
    let profiles = [
        ("medina@example.sn", "Rue 10", "medina"),
        ("plateau@example.sn", " Avenue Pompidou ", "DAKAR PLATEAU"),
        ("dakar@example.sn", "Villa 3", "Dakar"),
        ("nocity@example.sn", "Villa 4", " "),
        ("nostreet@example.sn", "", "Médina"),
        ("booked@example.sn", "Rue 12", "Médina"),
    ];
    for (email, street, city) in profiles {
        let user = users.insert(new_user(email)).await.unwrap();
        diesel::sql_query("UPDATE users SET address = $1, city = $2 WHERE id = $3")
            .bind::<diesel::sql_types::Text, _>(street)
            .bind::<diesel::sql_types::Text, _>(city)
            .bind::<diesel::sql_types::Uuid, _>(user.id)
            .execute(&mut conn)
            .await
            .unwrap();
        if email.starts_with("booked") {
            addresses.create(user.id, address("Thiès", true), 20).await.unwrap().unwrap();
        }
    }
    conn.batch_execute(include_str!("../../../../migrations/2026-12-06-000200_profile_addresses_to_book/up.sql"))
        .await
        .unwrap();
    let book: Vec<BookEntry> = diesel::sql_query(
        "SELECT u.email, a.address, a.city, a.commune, a.is_default FROM addresses a JOIN users u ON u.id = a.user_id \
         ORDER BY u.email",
    )
    .load(&mut conn)
    .await
    .unwrap();
    let entry = |email: &str, address: &str, city: &str, commune: Option<&str>| BookEntry {
        email: email.into(),
        address: address.into(),
        city: city.into(),
        commune: commune.map(str::to_owned),
        is_default: true,
    };
    assert_eq!(
        book,
        [
            entry("booked@example.sn", "Unité 15", "Thiès", Some("parcelles-assainies")),
            entry("dakar@example.sn", "Villa 3", "Dakar", None),
            entry("medina@example.sn", "Rue 10", "Médina", Some("medina")),
            entry("plateau@example.sn", "Avenue Pompidou", "Dakar-Plateau", Some("dakar-plateau")),
        ],
        "a book of its own is left alone; a profile without a street or a city gives nothing"
    );
}
