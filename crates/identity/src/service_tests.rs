use std::sync::{Arc, Mutex};
use std::time::Duration;

use bitik_common::{Email, RawAddress, RawContact};
use chrono::Utc;
use mockall::predicate::eq;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::IdentityError;
use crate::model::NewAccount;
use crate::model::{AddressInput, Role, User};
use crate::ports::{HashError, MockAddressRepository, MockPasswordHasher, MockUserRepository};
use crate::service::AccountService;
use crate::tokens::TokenService;

pub(crate) fn user(role: Role) -> User {
    User {
        id: Uuid::new_v4(),
        email: Some(Email::parse("awa@example.sn").unwrap()),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
        address: String::new(),
        city: String::new(),
        zip_code: String::new(),
        country: "Sénégal".into(),
        role,
        active: true,
        token_version: 0,
        password_reset_requested_at: None,
        two_factor_enabled: false,
        login_phone: None,
        created_at: Utc::now(),
    }
}

/// A hasher whose hash of `p` is `hashed:p`, so verification is checkable.
pub(crate) fn hasher() -> MockPasswordHasher {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
    hasher.expect_verify().returning(|p, h| Ok(h == format!("hashed:{p}")));
    hasher
}

pub(crate) fn tokens() -> TokenService {
    TokenService::new(b"a-test-secret-of-at-least-32-bytes!!", Duration::from_secs(3600))
}

pub(crate) fn service(users: MockUserRepository) -> AccountService {
    AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher()), tokens())
}

pub(crate) fn awa(email: &str) -> RawContact {
    RawContact { email: email.into(), first_name: "Awa".into(), last_name: "Diop".into(), phone: "77 123 45 67".into() }
}

pub(crate) fn account(email: &str, password: &str) -> NewAccount {
    NewAccount { contact: awa(email), password: password.into(), role: Role::Customer }
}

pub(crate) fn fields(error: IdentityError) -> Vec<(&'static str, String)> {
    match error {
        IdentityError::Validation { fields, .. } => fields.into_iter().collect(),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

#[tokio::test]
async fn registration_reports_every_missing_field_in_french() {
    let service = service(MockUserRepository::new());
    let contact = RawContact { first_name: " ".into(), last_name: String::new(), phone: String::new(), ..awa("") };
    let empty = NewAccount { contact, ..account("", "") };
    let problems = fields(service.register(empty).await.unwrap_err());
    assert_eq!(
        problems,
        vec![
            ("email", "L'email est requis".to_owned()),
            ("firstName", "Le prénom est requis".to_owned()),
            ("lastName", "Le nom est requis".to_owned()),
            ("password", "Le mot de passe est requis".to_owned()),
            ("phone", "Le téléphone est requis".to_owned()),
        ]
    );
    let problems = fields(service.register(account("awa@", "12345")).await.unwrap_err());
    assert_eq!(
        problems,
        vec![
            ("email", "Veuillez saisir un email valide".to_owned()),
            ("password", "Le mot de passe doit contenir au moins 6 caractères".to_owned()),
        ]
    );
}

#[tokio::test]
async fn registering_logs_the_new_customer_in() {
    let mut users = MockUserRepository::new();
    let created = user(Role::Customer);
    let stored = created.clone();
    users.expect_find_by_email().returning(|_| Ok(None));
    users
        .expect_insert()
        .withf(|u| u.password_hash.as_deref() == Some("hashed:secret1"))
        .returning(move |_| Ok(stored.clone()));
    let found = created.clone();
    users.expect_find_by_id().with(eq(created.id)).returning(move |_| Ok(Some((found.clone(), Some("h".into())))));
    let service = service(users);
    let session = service.register(account("Awa@Example.sn", "secret1")).await.unwrap();
    assert_eq!(service.authenticate(&session.token).await.unwrap().id, created.id);
}

#[tokio::test]
async fn a_taken_email_is_refused_before_any_password_is_hashed() {
    let mut users = MockUserRepository::new();
    let existing = user(Role::Customer);
    users
        .expect_find_by_email()
        .withf(|email| email.as_str() == "awa@example.sn")
        .returning(move |_| Ok(Some((existing.clone(), Some("hashed:other".into())))));
    users.expect_insert().never();
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().never();
    let service =
        AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher), tokens());
    let error = service.register(account("Awa@Example.sn", "secret1")).await.unwrap_err();
    assert!(matches!(error, IdentityError::EmailTaken), "{error:?}");
}

#[tokio::test]
async fn password_work_turned_away_says_the_server_is_busy_and_changes_nothing() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(|_| Ok(None));
    users.expect_insert().never();
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|_| Err(HashError::Busy));
    hasher.expect_verify().returning(|_, _| Err(HashError::Busy));
    let service =
        AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher), tokens());
    let registering = service.register(account("awa@example.sn", "secret1")).await.unwrap_err();
    assert!(matches!(registering, IdentityError::Busy), "{registering:?}");
    assert_eq!(registering.to_string(), "Le serveur est très sollicité. Réessayez dans quelques secondes.");
    let login = service.login("nobody@example.sn", "secret1").await.unwrap_err();
    assert!(matches!(login, IdentityError::Busy), "an unknown e-mail too: {login:?}");
}

#[tokio::test]
async fn an_unknown_email_costs_a_password_verification_and_gets_the_common_answer() {
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(|_| Ok(None));
    let verified = Arc::new(Mutex::new(0));
    let count = verified.clone();
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
    hasher.expect_verify().returning(move |_, _| {
        *count.lock().unwrap() += 1;
        Ok(false)
    });
    let service =
        AccountService::new(Arc::new(users), Arc::new(MockAddressRepository::new()), Arc::new(hasher), tokens());
    let error = service.login("nobody@example.sn", "secret1").await.unwrap_err();
    assert_eq!(error.to_string(), "Email ou mot de passe incorrect");
    assert_eq!(*verified.lock().unwrap(), 1);
}

#[tokio::test]
async fn a_wrong_password_and_a_deactivated_account_cannot_log_in() {
    let mut active = user(Role::Customer);
    let mut users = MockUserRepository::new();
    let stored = active.clone();
    users.expect_find_by_email().returning(move |_| Ok(Some((stored.clone(), Some("hashed:secret1".into())))));
    let service = service(users);
    assert!(matches!(service.login("awa@example.sn", "wrong!").await, Err(IdentityError::InvalidCredentials)));
    assert!(service.login("awa@example.sn", "secret1").await.is_ok());

    active.active = false;
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(move |_| Ok(Some((active.clone(), Some("hashed:secret1".into())))));
    let service = self::service(users);
    assert!(matches!(service.login("awa@example.sn", "secret1").await, Err(IdentityError::AccountDisabled)));
}

#[tokio::test]
async fn a_staff_account_s_logins_are_written_to_the_audit_log_right_or_refused_a_customer_s_are_not() {
    use crate::audit::{MockAuditLog, Scope, within};
    let written = Arc::new(Mutex::new(Vec::new()));
    let mut log = MockAuditLog::new();
    let sink = written.clone();
    log.expect_record().returning(move |event| {
        sink.lock().unwrap().push((
            event.actor.role,
            event.action.clone(),
            event.target.kind.clone(),
            event.ip.clone(),
        ));
        Ok(())
    });
    let log = Arc::new(log);
    for role in [Role::Seller, Role::Customer] {
        let stored = user(role);
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(move |_| Ok(Some((stored.clone(), Some("hashed:secret1".into())))));
        let service = service(users).with_audit(log.clone());
        within(Scope::new("41.82.10.7", "req-1"), async {
            assert!(service.login("awa@example.sn", "secret1").await.is_ok());
            assert!(matches!(service.login("awa@example.sn", "wrong!").await, Err(IdentityError::InvalidCredentials)));
        })
        .await;
    }
    let at = |action: &str| (Role::Seller, action.to_owned(), "user".to_owned(), "41.82.10.7".to_owned());
    assert_eq!(*written.lock().unwrap(), [at("auth.login"), at("auth.login_failed")]);
}

#[tokio::test]
async fn a_token_of_an_older_version_or_of_a_deactivated_user_is_refused() {
    let issued = user(Role::Customer);
    let token = tokens().issue(&issued);
    for change in [|u: &mut User| u.token_version += 1, |u: &mut User| u.active = false] {
        let mut now = issued.clone();
        change(&mut now);
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(move |_| Ok(Some((now.clone(), Some("h".into())))));
        assert!(matches!(service(users).authenticate(&token).await, Err(IdentityError::Unauthenticated)));
    }
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(|_| Ok(None));
    assert!(matches!(service(users).authenticate(&token).await, Err(IdentityError::Unauthenticated)));
    assert!(matches!(
        service(MockUserRepository::new()).authenticate("garbage").await,
        Err(IdentityError::Unauthenticated)
    ));
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one() {
    let me = user(Role::Customer);
    let id = me.id;
    let mut users = MockUserRepository::new();
    let stored = me.clone();
    users.expect_find_by_id().returning(move |_| Ok(Some((stored.clone(), Some("hashed:secret1".into())))));
    users
        .expect_set_password()
        .with(eq(id), eq("hashed:newpass".to_owned()))
        .times(1)
        .returning(move |_, _| Ok(User { token_version: 1, ..me.clone() }));
    let service = service(users);
    let error = service.change_password(id, "wrong", "newpass").await.unwrap_err();
    assert_eq!(error.to_string(), "Mot de passe actuel incorrect");
    let problems = fields(service.change_password(id, "secret1", "short").await.unwrap_err());
    assert_eq!(
        problems,
        vec![("newPassword", "Le nouveau mot de passe doit contenir au moins 6 caractères".to_owned())]
    );
    let session = service.change_password(id, "secret1", "newpass").await.unwrap();
    assert_eq!(session.user.token_version, 1);
}

#[tokio::test]
async fn a_reset_token_is_stored_hashed_and_used_by_its_hash() {
    let me = user(Role::Customer);
    let id = me.id;
    let stored_hash = Arc::new(Mutex::new(Vec::new()));
    let keep = stored_hash.clone();
    let mut users = MockUserRepository::new();
    users.expect_find_by_id().returning(move |_| Ok(Some((me.clone(), Some("h".into())))));
    users.expect_create_reset_token().returning(move |user, hash, expires, _, message| {
        assert_eq!(user, id);
        assert!(message.is_none(), "no e-mail is configured");
        assert!(expires > Utc::now() + chrono::Duration::minutes(59));
        *keep.lock().unwrap() = hash;
        Ok(())
    });
    let expected = stored_hash.clone();
    users.expect_reset_password().returning(move |hash, password_hash| {
        assert_eq!(password_hash, "hashed:brandnew");
        Ok((hash == *expected.lock().unwrap()).then(|| user(Role::Customer)))
    });
    let service = service(users);
    let token = service.create_reset_token(id, None).await.unwrap();
    assert_eq!(token.len(), 64);
    assert_eq!(*stored_hash.lock().unwrap(), Sha256::digest(token.as_bytes()).to_vec());
    assert!(service.reset_password(&token, "brandnew").await.is_ok());
    let wrong = service.reset_password("not-the-token", "brandnew").await.unwrap_err();
    assert_eq!(wrong.to_string(), "Ce lien de réinitialisation est invalide ou a expiré.");
}

/// An address of the address book in Médina, as its form sends it.
fn medina() -> AddressInput {
    AddressInput {
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: "77 123 45 67".into(),
        address: RawAddress { address: "Rue 11 x 22".into(), zip_code: "12500".into(), ..RawAddress::default() },
        commune: "medina".into(),
        landmark: " En face du marché Tilène ".into(),
        ..AddressInput::default()
    }
}

/// Address storage that knows Médina only, and stores nothing.
fn communes() -> MockAddressRepository {
    let mut addresses = MockAddressRepository::new();
    addresses.expect_commune_name().returning(|code| Ok((code == "medina").then(|| "Médina".to_owned())));
    addresses
}

#[tokio::test]
async fn an_address_needs_its_fields_and_another_users_address_is_missing() {
    let mut addresses = communes();
    addresses.expect_update().returning(|_, _, _| Ok(None));
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    let problems = fields(service.add_address(Uuid::new_v4(), AddressInput::default()).await.unwrap_err());
    let names: Vec<&str> = problems.iter().map(|(field, _)| *field).collect();
    assert_eq!(names, ["address", "commune", "firstName", "landmark", "lastName", "phone"]);
    assert!(problems.contains(&("commune", "La commune est requise".to_owned())));
    assert!(problems.contains(&("landmark", "Le point de repère est requis".to_owned())));
    let error = service.update_address(Uuid::new_v4(), Uuid::new_v4(), medina()).await.unwrap_err();
    assert!(matches!(error, IdentityError::AddressNotFound));
}

#[tokio::test]
async fn the_address_book_holds_twenty_addresses_and_refuses_the_next_in_french() {
    let mut addresses = communes();
    // The repository counts in the insert's transaction; the service asks it for 20 at most.
    addresses.expect_create().withf(|_, _, max| *max == 20).times(1).returning(|_, _, _| Ok(None));
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    let error = service.add_address(Uuid::new_v4(), medina()).await.unwrap_err();
    assert!(matches!(error, IdentityError::AddressBookFull { max: 20 }), "{error:?}");
    assert_eq!(
        error.to_string(),
        "Votre carnet d'adresses est plein (20 adresses au plus). Supprimez-en une avant d'en ajouter une nouvelle."
    );
}

#[tokio::test]
async fn an_address_keeps_its_commune_and_landmark_its_city_is_the_communes_and_no_postcode_is_read() {
    let mut addresses = communes();
    addresses
        .expect_create()
        .withf(|_, entry, _| {
            (
                entry.commune.as_str(),
                entry.landmark.as_str(),
                entry.address.city.as_str(),
                entry.address.zip_code.as_str(),
            ) == ("medina", "En face du marché Tilène", "Médina", "")
        })
        .times(1)
        .returning(|_, _, _| Err("stored".into()));
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    assert!(matches!(service.add_address(Uuid::new_v4(), medina()).await, Err(IdentityError::Repository(_))));
}

#[tokio::test]
async fn an_address_in_a_commune_off_the_list_is_refused_on_its_field() {
    let mut addresses = communes();
    addresses.expect_create().never();
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    for commune in ["atlantide", "Médina"] {
        let error = service.add_address(Uuid::new_v4(), AddressInput { commune: commune.into(), ..medina() }).await;
        assert_eq!(fields(error.unwrap_err()), [("commune", "Veuillez choisir une commune de la liste".to_owned())]);
    }
    let long = AddressInput { landmark: "l".repeat(201), ..medina() };
    let error = service.add_address(Uuid::new_v4(), long).await.unwrap_err();
    assert_eq!(fields(error), [("landmark", "Ce champ ne peut pas dépasser 200 caractères".to_owned())]);
}

// The back office's accounts ---------------------------------------------------------------

mod admin {
    use super::*;
    use crate::admin::{AdminNewAccount, AdminUserUpdate, UserListQuery};
    use crate::backoffice::{UserChanges, UserRemoval, UserStats};
    use crate::ports::InsertUserError;

    /// A repository that finds `users` by id and applies updates to them.
    fn accounts(users: Vec<User>) -> MockUserRepository {
        let mut repository = MockUserRepository::new();
        let found = users.clone();
        repository
            .expect_find_by_id()
            .returning(move |id| Ok(found.iter().find(|u| u.id == id).map(|u| (u.clone(), Some("h".into())))));
        repository.expect_update().returning(move |id, changes: UserChanges| {
            let Some(mut user) = users.iter().find(|u| u.id == id).cloned() else { return Ok(None) };
            if let Some(role) = changes.role {
                user.role = role;
            }
            if let Some(active) = changes.active {
                user.active = active;
            }
            if changes.end_sessions {
                user.token_version += 1;
            }
            Ok(Some(user))
        });
        repository
    }

    #[tokio::test]
    async fn an_administrator_cannot_be_deleted_a_customer_can() {
        let (me, colleague, customer) = (user(Role::Admin), user(Role::Admin), user(Role::Customer));
        let mut users = accounts(vec![me.clone(), colleague.clone(), customer.clone()]);
        users.expect_delete().with(eq(customer.id)).times(1).returning(|_| Ok(UserRemoval::Deleted));
        let service = service(users);
        for admin in [&me, &colleague] {
            let refused = service.delete_user(admin.id).await.unwrap_err();
            assert_eq!(refused.to_string(), "Un administrateur ne peut pas être supprimé.");
        }
        assert_eq!(service.delete_user(customer.id).await.unwrap(), UserRemoval::Deleted);
        assert!(matches!(service.delete_user(Uuid::new_v4()).await, Err(IdentityError::UserNotFound)));
    }

    #[tokio::test]
    async fn a_customer_with_orders_is_deactivated_rather_than_deleted() {
        let customer = user(Role::Customer);
        let mut users = accounts(vec![customer.clone()]);
        users.expect_delete().returning(|_| Ok(UserRemoval::Deactivated));
        assert_eq!(service(users).delete_user(customer.id).await.unwrap(), UserRemoval::Deactivated);
    }

    #[tokio::test]
    async fn no_administrator_deactivates_or_demotes_themselves() {
        let (me, colleague) = (user(Role::Admin), user(Role::Admin));
        let service = service(accounts(vec![me.clone(), colleague.clone()]));
        let error = service.set_user_active(&me, me.id, false).await.unwrap_err();
        assert_eq!(error.to_string(), "Vous ne pouvez pas désactiver votre propre compte.");
        let demote = AdminUserUpdate { role: Some("customer".into()), ..AdminUserUpdate::default() };
        let error = service.admin_update(&me, me.id, demote.clone()).await.unwrap_err();
        assert_eq!(error.to_string(), "Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
        let off = AdminUserUpdate { active: Some(false), ..AdminUserUpdate::default() };
        assert!(matches!(service.admin_update(&me, me.id, off).await, Err(IdentityError::CannotDeactivateSelf)));
        // Another administrator may be demoted or deactivated; oneself renamed.
        assert_eq!(service.admin_update(&me, colleague.id, demote).await.unwrap().role, Role::Customer);
        assert!(!service.set_user_active(&me, colleague.id, false).await.unwrap().active);
        let rename = AdminUserUpdate { first_name: Some("Mariama".into()), ..AdminUserUpdate::default() };
        assert!(service.admin_update(&me, me.id, rename).await.is_ok());
    }

    #[tokio::test]
    async fn a_new_role_ends_the_sessions_the_same_role_does_not() {
        let (me, manager) = (user(Role::Admin), user(Role::Manager));
        let service = service(accounts(vec![me.clone(), manager.clone()]));
        let same = AdminUserUpdate { role: Some("manager".into()), ..AdminUserUpdate::default() };
        assert_eq!(service.admin_update(&me, manager.id, same).await.unwrap().token_version, manager.token_version);
        let seller = AdminUserUpdate { role: Some("seller".into()), ..AdminUserUpdate::default() };
        let demoted = service.admin_update(&me, manager.id, seller).await.unwrap();
        assert_eq!((demoted.role, demoted.token_version), (Role::Seller, manager.token_version + 1));
        let unknown = AdminUserUpdate { role: Some("owner".into()), ..AdminUserUpdate::default() };
        assert_eq!(
            fields(service.admin_update(&me, manager.id, unknown).await.unwrap_err()),
            [("role", "Rôle inconnu.".to_owned())]
        );
    }

    #[tokio::test]
    async fn the_last_administrator_stays_one() {
        let (me, other) = (user(Role::Admin), user(Role::Admin));
        let mut users = MockUserRepository::new();
        let found = other.clone();
        users.expect_find_by_id().returning(move |_| Ok(Some((found.clone(), Some("h".into())))));
        users.expect_update().returning(|_, _| Err(InsertUserError::LastAdmin));
        let service = service(users);
        let demote = AdminUserUpdate { role: Some("manager".into()), ..AdminUserUpdate::default() };
        let error = service.admin_update(&me, other.id, demote).await.unwrap_err();
        assert_eq!(error.to_string(), "La boutique doit garder au moins un administrateur actif.");
        assert!(matches!(service.set_user_active(&me, other.id, false).await, Err(IdentityError::LastAdmin)));
    }

    #[tokio::test]
    async fn deactivating_ends_the_sessions_activating_does_not() {
        let (me, customer) = (user(Role::Admin), user(Role::Customer));
        let mut users = MockUserRepository::new();
        let found = customer.clone();
        users.expect_find_by_id().returning(move |_| Ok(Some((found.clone(), Some("h".into())))));
        users
            .expect_update()
            .withf(|_, changes| changes.active == Some(false) && changes.end_sessions)
            .times(1)
            .returning(move |_, _| Ok(Some(User { active: false, token_version: 1, ..customer.clone() })));
        users
            .expect_update()
            .withf(|_, changes| changes.active == Some(true) && !changes.end_sessions)
            .times(1)
            .returning(|_, _| Ok(Some(user(Role::Customer))));
        let service = service(users);
        let off = service.set_user_active(&me, Uuid::new_v4(), false).await.unwrap();
        assert_eq!((off.active, off.token_version), (false, 1));
        assert!(service.set_user_active(&me, Uuid::new_v4(), true).await.unwrap().active);
    }

    #[tokio::test]
    async fn an_update_is_checked_with_the_account_forms_messages() {
        let (me, customer) = (user(Role::Admin), user(Role::Customer));
        // Refused before anything is looked up or written.
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().never();
        users.expect_update().never();
        let service = service(users);
        let bad = AdminUserUpdate {
            first_name: Some(" ".into()),
            email: Some("awa@".into()),
            role: Some("boss".into()),
            password: Some("short".into()),
            ..AdminUserUpdate::default()
        };
        let problems = fields(service.admin_update(&me, customer.id, bad).await.unwrap_err());
        assert_eq!(
            problems,
            vec![
                ("email", "Veuillez saisir un email valide".to_owned()),
                ("firstName", "Le prénom est requis".to_owned()),
                ("password", "Le mot de passe doit contenir au moins 6 caractères".to_owned()),
                ("role", "Rôle inconnu.".to_owned()),
            ]
        );
    }

    #[tokio::test]
    async fn a_new_password_is_hashed_and_ends_sessions_and_a_taken_email_is_refused() {
        let (me, customer) = (user(Role::Admin), user(Role::Customer));
        let mut users = MockUserRepository::new();
        let found = customer.clone();
        users.expect_find_by_id().returning(move |_| Ok(Some((found.clone(), Some("h".into())))));
        users
            .expect_update()
            .withf(|_, changes| {
                changes.password_hash.as_deref() == Some("hashed:nouveau1")
                    && changes.end_sessions
                    && changes.email.as_ref().map(|e| e.as_str()) == Some("awa.diop@example.sn")
                    && changes.country.as_deref() == Some("Sénégal")
            })
            .times(1)
            .returning(move |_, _| Ok(Some(customer.clone())));
        users.expect_update().returning(|_, _| Err(InsertUserError::Duplicate));
        let service = service(users);
        let update = AdminUserUpdate {
            email: Some(" Awa.Diop@Example.sn ".into()),
            password: Some("nouveau1".into()),
            country: Some(" ".into()),
            ..AdminUserUpdate::default()
        };
        service.admin_update(&me, Uuid::new_v4(), update).await.unwrap();
        let taken = AdminUserUpdate { email: Some("moussa@example.sn".into()), ..AdminUserUpdate::default() };
        let error = service.admin_update(&me, Uuid::new_v4(), taken).await.unwrap_err();
        assert_eq!(error.to_string(), "Un compte existe déjà avec cet email");
    }

    #[tokio::test]
    async fn an_admin_creates_accounts_with_the_registration_rules_and_a_role() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        users
            .expect_insert()
            .withf(|new| new.role == Role::Admin)
            .times(1)
            .returning(|new| Ok(User { role: new.role, email: new.email, ..user(Role::Admin) }));
        users.expect_insert().withf(|new| new.role == Role::Customer).times(1).returning(|_| Ok(user(Role::Customer)));
        users
            .expect_update()
            .withf(|_, changes| changes.active == Some(false) && changes.end_sessions)
            .times(1)
            .returning(|_, _| Ok(Some(User { active: false, ..user(Role::Customer) })));
        let service = service(users);
        let account = |role: Option<&str>, active: Option<bool>| AdminNewAccount {
            contact: RawContact {
                email: "fatou@example.sn".into(),
                first_name: "Fatou".into(),
                last_name: "Fall".into(),
                phone: "77 000 00 00".into(),
            },
            password: "secret1".into(),
            role: role.map(str::to_owned),
            active,
        };
        assert_eq!(service.admin_create(account(Some("admin"), None)).await.unwrap().role, Role::Admin);
        assert!(!service.admin_create(account(None, Some(false))).await.unwrap().active);
        let problems = fields(service.admin_create(account(Some("chef"), None)).await.unwrap_err());
        assert_eq!(problems, vec![("role", "Rôle inconnu.".to_owned())]);
        let empty = AdminNewAccount::default();
        let problems = fields(service.admin_create(empty).await.unwrap_err());
        let names: Vec<&str> = problems.iter().map(|(field, _)| *field).collect();
        assert_eq!(names, ["email", "firstName", "lastName", "password", "phone"]);
    }

    #[test]
    fn the_users_list_reads_its_filters_or_refuses_them_in_french() {
        let query = |pairs: &[(&str, &str)]| {
            let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| (*v).to_owned());
            UserListQuery {
                page: get("page"),
                limit: get("limit"),
                search: get("search"),
                role: get("role"),
                status: get("status"),
            }
            .into_filter()
        };
        let filter = query(&[]).unwrap();
        assert_eq!((filter.page.page, filter.page.limit, filter.role, filter.active), (1, 10, None, None));
        let filter = query(&[("role", "admin"), ("status", "inactive"), ("search", " 77 123 45 ")]).unwrap();
        assert_eq!((filter.role, filter.active), (Some(Role::Admin), Some(false)));
        assert_eq!((filter.search.as_deref(), filter.phone_digits.as_deref()), (Some("77 123 45"), Some("7712345")));
        assert_eq!(query(&[("search", "Diop")]).unwrap().phone_digits, None);
        assert_eq!(query(&[("role", "boss")]).unwrap_err().to_string(), "Rôle inconnu.");
        assert_eq!(query(&[("status", "gone")]).unwrap_err().to_string(), "Statut inconnu.");
        assert!(matches!(query(&[("page", "0")]), Err(IdentityError::Validation { .. })));
    }

    #[tokio::test]
    async fn user_counts_are_taken_as_of_the_clock_with_their_trend() {
        fn now() -> chrono::DateTime<Utc> {
            chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 22, 9, 0, 0).unwrap()
        }
        let mut users = MockUserRepository::new();
        users
            .expect_stats()
            .withf(|at| *at == now())
            .times(1)
            .returning(|_| Ok(UserStats { total: 120, customers: 117, new_this_month: 14, new_previous_month: 10 }));
        let service = service(users).with_clock(now);
        let stats = service.user_stats().await.unwrap();
        assert_eq!((stats.total, stats.new_users_trend()), (120, Some(40)));
        assert_eq!(UserStats::default().new_users_trend(), None);
    }
}

fn shop_templates() -> bitik_messages::templates::Templates {
    let shop = bitik_common::Shop {
        name: "Bitik Dakar".into(),
        phone: "+221 77 000 00 00".into(),
        whatsapp: "221770000000".into(),
        email: "contact@bitik.sn".into(),
        address: "Dakar".into(),
        ..Default::default()
    };
    bitik_messages::templates::Templates::new(shop, "https://bitik.sn")
}

#[tokio::test]
async fn a_reset_link_by_email_goes_to_an_account_in_the_tokens_transaction() {
    let me = user(Role::Customer);
    let (id, email) = (me.id, me.email.clone().unwrap());
    let stored_hash = Arc::new(Mutex::new(Vec::new()));
    let keep = stored_hash.clone();
    let mut users = MockUserRepository::new();
    users.expect_find_by_email().returning(move |asked| Ok((*asked == email).then(|| (me.clone(), Some("h".into())))));
    users.expect_create_reset_token().times(1).returning(move |user, hash, _, created_by, message| {
        assert_eq!((user, created_by), (id, None));
        let message = message.expect("the link is e-mailed");
        assert_eq!(message.kind, bitik_messages::MessageKind::ResetLink);
        assert!(message.text.contains("https://bitik.sn/reset-password/"));
        *keep.lock().unwrap() = hash;
        let token = message.text.split("reset-password/").nth(1).unwrap().split_whitespace().next().unwrap().to_owned();
        assert_eq!(hash_of(&token), *keep.lock().unwrap());
        Ok(())
    });
    let service = service(users).with_reset_mail(shop_templates());
    assert!(service.resets_by_email());
    service.email_reset_link(" Awa@Example.sn ").await.unwrap();
    // An unknown address: the same answer, and nothing is made (the mock allows one token).
    service.email_reset_link("personne@example.sn").await.unwrap();
    assert!(!stored_hash.lock().unwrap().is_empty());
}

fn hash_of(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[tokio::test]
async fn without_e_mail_no_link_is_sent_by_e_mail() {
    let service = service(MockUserRepository::new());
    assert!(!service.resets_by_email());
    let refused = service.email_reset_link("awa@example.sn").await.unwrap_err();
    assert!(matches!(refused, IdentityError::MailNotConfigured));
}
