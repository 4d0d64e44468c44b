//! Phones and addresses in every account form: one rule, one message, E.164 stored.

use std::sync::Arc;

use bitik_common::{Phone, RawAddress, RawContact};
use uuid::Uuid;

use crate::admin::AdminUserUpdate;
use crate::model::{AddressInput, NewAccount, ProfileUpdate, Role};
use crate::ports::{MockAddressRepository, MockUserRepository};
use crate::service::AccountService;
use crate::service_tests::{account, awa, fields, hasher, service, tokens, user};

const TYPED: [&str; 3] = ["+221 77 123 45 67", "77.123.45.67", "00221 77-123-45-67"];
const INVALID: &str = "Veuillez entrer un numéro de téléphone valide";

fn stored() -> Option<Phone> {
    Some(Phone::parse("+221771234567").unwrap())
}

fn profile(phone: &str) -> ProfileUpdate {
    ProfileUpdate { first_name: "Awa".into(), last_name: "Diop".into(), phone: phone.into(), ..Default::default() }
}

fn address(phone: &str) -> AddressInput {
    AddressInput {
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: phone.into(),
        address: RawAddress { address: "Unité 15, villa 210".into(), city: "Dakar".into(), ..RawAddress::default() },
        commune: "parcelles-assainies".into(),
        landmark: "Près du terminus".into(),
        ..AddressInput::default()
    }
}

#[tokio::test]
async fn registration_stores_the_phone_in_e164_whatever_its_spacing() {
    for typed in TYPED {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        users.expect_insert().withf(|new| new.phone == stored()).times(1).returning(|_| Ok(user(Role::Customer)));
        let account = NewAccount {
            contact: RawContact { phone: typed.into(), ..awa("awa@example.sn") },
            ..account("", "secret1")
        };
        service(users).register(account).await.unwrap_or_else(|e| panic!("{typed}: {e}"));
    }
}

#[tokio::test]
async fn registration_refuses_what_is_not_a_phone_in_french() {
    let account =
        NewAccount { contact: RawContact { phone: "abc".into(), ..awa("awa@example.sn") }, ..account("", "secret1") };
    let error = service(MockUserRepository::new()).register(account).await.unwrap_err();
    assert_eq!(error.to_string(), INVALID);
    assert_eq!(fields(error), [("phone", INVALID.to_owned())]);
}

#[tokio::test]
async fn the_profile_phone_may_be_blank_and_is_otherwise_a_real_one() {
    let mut users = MockUserRepository::new();
    users
        .expect_update_profile()
        .withf(|_, p| p.phone.is_none() && p.address.is_none())
        .times(1)
        .returning(|_, _| Ok(user(Role::Customer)));
    users
        .expect_update_profile()
        .withf(|_, p| p.phone == stored())
        .times(TYPED.len())
        .returning(|_, _| Ok(user(Role::Customer)));
    let service = service(users);
    service.update_profile(Uuid::new_v4(), profile(" ")).await.unwrap();
    for typed in TYPED {
        service.update_profile(Uuid::new_v4(), profile(typed)).await.unwrap();
    }
    let error = service.update_profile(Uuid::new_v4(), profile("abc")).await.unwrap_err();
    assert_eq!(fields(error), [("phone", INVALID.to_owned())]);
}

#[tokio::test]
async fn a_profile_keeps_its_address_lines_unless_an_older_client_sends_them() {
    let mut users = MockUserRepository::new();
    users
        .expect_update_profile()
        .withf(|_, p| p.address.as_ref().is_some_and(|a| a.city == "Dakar" && a.country == "Sénégal"))
        .times(1)
        .returning(|_, _| Ok(user(Role::Customer)));
    let old_client = RawAddress { address: "Rue 10".into(), city: " Dakar ".into(), ..RawAddress::default() };
    let update = ProfileUpdate { address: Some(old_client), ..profile("") };
    service(users).update_profile(Uuid::new_v4(), update).await.unwrap();
}

#[tokio::test]
async fn an_address_book_phone_is_required_and_stored_as_checkout_takes_it() {
    let mut addresses = MockAddressRepository::new();
    addresses.expect_commune_name().returning(|_| Ok(Some("Parcelles Assainies".into())));
    addresses
        .expect_create()
        .withf(|_, entry, _| Some(entry.phone.clone()) == stored() && entry.address.city == "Dakar")
        .times(TYPED.len())
        .returning(|_, _, _| Err("stored".into()));
    let service =
        AccountService::new(Arc::new(MockUserRepository::new()), Arc::new(addresses), Arc::new(hasher()), tokens());
    for typed in TYPED {
        assert!(matches!(
            service.add_address(Uuid::new_v4(), address(typed)).await,
            Err(crate::IdentityError::Repository(_))
        ));
    }
    let error = service.add_address(Uuid::new_v4(), address("abc")).await.unwrap_err();
    assert_eq!(fields(error), [("phone", INVALID.to_owned())]);
    let error = service.add_address(Uuid::new_v4(), address("")).await.unwrap_err();
    assert_eq!(fields(error), [("phone", "Le téléphone est requis".to_owned())]);
}

#[tokio::test]
async fn an_admin_sets_clears_or_is_refused_a_phone() {
    let customer = user(Role::Customer);
    let admin = user(Role::Admin);
    let mut users = MockUserRepository::new();
    let found = customer.clone();
    users.expect_find_by_id().returning(move |_| Ok(Some((found.clone(), Some("h".into())))));
    users
        .expect_update()
        .withf(|_, c| c.phone == Some(stored()))
        .times(1)
        .returning(|_, _| Ok(Some(user(Role::Customer))));
    users.expect_update().withf(|_, c| c.phone == Some(None)).times(1).returning(|_, _| Ok(Some(user(Role::Customer))));
    let service = service(users);
    let update = |phone: &str| AdminUserUpdate { phone: Some(phone.into()), ..AdminUserUpdate::default() };
    service.admin_update(&admin, customer.id, update("77.123.45.67")).await.unwrap();
    service.admin_update(&admin, customer.id, update("")).await.unwrap();
    let error = service.admin_update(&admin, customer.id, update("abc")).await.unwrap_err();
    assert_eq!(fields(error), [("phone", INVALID.to_owned())]);
}
