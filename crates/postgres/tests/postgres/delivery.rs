//! Delivery zones: the seeded Dakar region, the back office's writes, and a zone that orders name
//! kept (inactive) rather than deleted.

use bitik_common::{Money, Phone, PostalAddress};
use bitik_identity::AddressEntry;
use bitik_identity::ports::AddressRepository;
use bitik_orders::delivery::{Commune, DeliveryZone, ZoneRemoval, ZoneRepository, ZoneWriteError};
use bitik_orders::{NewOrder, OrderRepository, OrderStatus, PaymentMethod, ShippingInfo, ShippingMethod, StatusChange};
use bitik_postgres::testing::TestDatabase;
use bitik_postgres::{PgAddressRepository, PgOrderRepository, PgZoneRepository};
use chrono::Utc;

use crate::fixtures::{customer, line, tshirt};

fn commune(code: &str, name: &str) -> Commune {
    Commune { code: code.into(), name: name.into() }
}

fn zone(code: &str, communes: Vec<Commune>) -> DeliveryZone {
    DeliveryZone {
        code: code.into(),
        name: "Zone d'essai".into(),
        fee: Money::francs(4_000),
        express_fee: None,
        free_from: Some(Money::francs(100_000)),
        delay: "3 jours".into(),
        express_delay: None,
        cash_on_delivery: true,
        active: true,
        communes,
    }
}

fn names(zone: &DeliveryZone) -> Vec<&str> {
    zone.communes.iter().map(|c| c.name.as_str()).collect()
}

#[tokio::test]
async fn the_dakar_region_is_seeded_in_four_zones_with_every_commune() {
    let test = TestDatabase::new().await;
    let zones = PgZoneRepository::new(test.database.clone());
    let listed = zones.list(true).await.unwrap();
    let summary: Vec<(&str, i64, Option<i64>, usize, bool)> = listed
        .iter()
        .map(|z| {
            (
                z.code.as_str(),
                z.fee.as_francs(),
                z.express_fee.map(Money::as_francs),
                z.communes.len(),
                z.cash_on_delivery,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("dakar-ville", 1_500, Some(2_500), 19, true),
            ("pikine-guediawaye", 2_000, Some(3_000), 17, true),
            ("keur-massar-rufisque", 2_500, None, 17, true),
            ("regions", 3_500, None, 15, false),
        ],
        "the cheapest first"
    );
    assert!(listed.iter().all(|z| z.free_from == Some(Money::francs(50_000))));
    let dakar = &listed[0];
    assert_eq!(names(dakar)[..4], ["Biscuiterie", "Cambérène", "Dakar-Plateau", "Dieuppeul-Derklé"], "accents ignored");
    assert!(names(dakar).contains(&"Médina") && names(dakar).contains(&"Patte d'Oie"));
    // The 2021 decree: Keur Massar's communes left Pikine, and Jaxaay-Parcelles left Rufisque.
    let (zone, jaxaay) = zones.find_by_commune("jaxaay-parcelles").await.unwrap().unwrap();
    assert_eq!((zone.code.as_str(), jaxaay.name.as_str()), ("keur-massar-rufisque", "Jaxaay-Parcelles"));
    assert!(!names(&listed[1]).iter().any(|name| name.starts_with("Keur Massar") || name.starts_with("Yeumbeul")));
    assert_eq!(zones.find_by_commune("medina").await.unwrap().unwrap().1, commune("medina", "Médina"));
    assert_eq!(zones.find_by_commune("atlantide").await.unwrap(), None);
}

#[tokio::test]
async fn a_zone_is_written_with_exactly_its_communes() {
    let test = TestDatabase::new().await;
    let zones = PgZoneRepository::new(test.database.clone());
    let created = zones.create(zone("essai", vec![commune("a", "Alpha"), commune("b", "Bêta")])).await.unwrap();
    assert_eq!(names(&created), ["Alpha", "Bêta"]);
    assert!(matches!(zones.create(zone("essai", vec![commune("c", "Gamma")])).await, Err(ZoneWriteError::CodeTaken)));

    let mut changed = zone("essai", vec![commune("b", "Bêta-Nord"), commune("c", "Gamma")]);
    changed.fee = Money::francs(4_500);
    changed.express_fee = Some(Money::francs(6_000));
    changed.express_delay = Some("Le jour même".into());
    changed.active = false;
    let updated = zones.update(changed).await.unwrap().unwrap();
    assert_eq!(names(&updated), ["Bêta-Nord", "Gamma"]);
    assert_eq!(
        (updated.fee, updated.express_fee, updated.express_delay.as_deref(), updated.active),
        (Money::francs(4_500), Some(Money::francs(6_000)), Some("Le jour même"), false)
    );
    assert_eq!(zones.find_by_commune("a").await.unwrap(), None, "left out, it left the zone");
    assert!(!zones.list(true).await.unwrap().iter().any(|z| z.code == "essai"), "inactive zones are not offered");
    assert!(zones.list(false).await.unwrap().iter().any(|z| z.code == "essai"));
    assert_eq!(zones.update(zone("nulle-part", vec![commune("d", "Delta")])).await.unwrap(), None);
}

#[tokio::test]
async fn a_commune_of_another_zone_is_refused_by_name_and_nothing_is_written() {
    let test = TestDatabase::new().await;
    let zones = PgZoneRepository::new(test.database.clone());
    let refused = zones.create(zone("essai", vec![commune("alpha", "Alpha"), commune("medina", "Médina")])).await;
    match refused {
        Err(ZoneWriteError::CommuneTaken { commune, zone }) => {
            assert_eq!((commune.as_str(), zone.as_str()), ("Médina", "Dakar ville"))
        }
        other => panic!("expected the commune refused, got {other:?}"),
    }
    assert_eq!(zones.find("essai").await.unwrap(), None);
    assert_eq!(zones.find_by_commune("medina").await.unwrap().unwrap().0.code, "dakar-ville");

    let mut regions = zones.find("regions").await.unwrap().unwrap();
    regions.communes.push(commune("ouakam", "Ouakam"));
    assert!(matches!(zones.update(regions).await, Err(ZoneWriteError::CommuneTaken { .. })));
    assert_eq!(zones.find("regions").await.unwrap().unwrap().communes.len(), 15);
}

/// An order charged by `zone_code`.
async fn order_in(test: &TestDatabase, zone: &DeliveryZone) -> bitik_orders::Order {
    let user = customer(test, "awa@example.sn").await;
    let tee = tshirt(test, "T-shirt Teranga", 10_000, &[("noir", "M", 5)]).await;
    let new = NewOrder {
        order_number: "ORD-0000000001".into(),
        user_id: user.id,
        lines: vec![line(&tee, 1)],
        subtotal: Money::francs(10_000),
        shipping_cost: zone.fee,
        discount: Money::ZERO,
        total: Money::francs(10_000).plus(zone.fee).unwrap(),
        shipping: ShippingInfo {
            first_name: "Awa".into(),
            zone_code: zone.code.clone(),
            zone_name: zone.name.clone(),
            commune_code: zone.communes[0].code.clone(),
            commune_name: zone.communes[0].name.clone(),
            landmark: "En face de la pharmacie".into(),
            notes: "Appeler avant".into(),
            ..ShippingInfo::default()
        },
        shipping_method: ShippingMethod::Standard,
        payment_method: PaymentMethod::CashOnDelivery,
        idempotency_key: None,
        from_cart: true,
        promo: None,
        channel: bitik_orders::SalesChannel::Web,
        source: None,
    };
    let first = StatusChange {
        status: OrderStatus::Pending,
        note: String::new(),
        by: "Client".into(),
        by_user: None,
        by_kind: bitik_orders::ActorKind::Customer,
        note_visible: true,
        at: Utc::now(),
    };
    PgOrderRepository::new(test.database.clone()).place(new, first, None).await.unwrap()
}

#[tokio::test]
async fn a_zone_orders_name_is_deactivated_never_deleted_and_its_orders_keep_their_fee() {
    let test = TestDatabase::new().await;
    let zones = PgZoneRepository::new(test.database.clone());
    let dakar = zones.find("dakar-ville").await.unwrap().unwrap();
    let order = order_in(&test, &dakar).await;
    assert_eq!(
        (order.shipping.zone_code.as_str(), order.shipping.commune_name.as_str(), order.shipping.landmark.as_str()),
        ("dakar-ville", dakar.communes[0].name.as_str(), "En face de la pharmacie")
    );
    assert_eq!(order.shipping.notes, "Appeler avant");

    zones.update(DeliveryZone { fee: Money::francs(3_000), ..dakar.clone() }).await.unwrap();
    assert_eq!(zones.remove("dakar-ville").await.unwrap(), ZoneRemoval::Deactivated);
    let kept = zones.find("dakar-ville").await.unwrap().expect("kept for its orders");
    assert!(!kept.active);
    assert_eq!(kept.communes.len(), 19);

    let stored = PgOrderRepository::new(test.database.clone()).find(order.id).await.unwrap().unwrap();
    assert_eq!(
        (stored.shipping_cost, stored.total),
        (Money::francs(1_500), Money::francs(11_500)),
        "the fee it was charged"
    );
    assert_eq!(stored.shipping.zone_name, "Dakar ville");

    assert_eq!(zones.remove("regions").await.unwrap(), ZoneRemoval::Deleted, "no order names it");
    assert_eq!(zones.find("regions").await.unwrap(), None);
    assert_eq!(zones.find_by_commune("thies").await.unwrap(), None, "its communes went with it");
    assert_eq!(zones.remove("regions").await.unwrap(), ZoneRemoval::NotFound);
}

fn address_in(commune: &str) -> AddressEntry {
    AddressEntry {
        label: "Maison".into(),
        first_name: "Awa".into(),
        last_name: "Diop".into(),
        phone: Phone::parse("77 123 45 67").unwrap(),
        address: PostalAddress {
            address: "Rue 11 x 22".into(),
            city: "Dakar".into(),
            zip_code: String::new(),
            country: "Sénégal".into(),
        },
        commune: commune.into(),
        landmark: "En face du marché Tilène".into(),
        is_default: true,
    }
}

#[tokio::test]
async fn an_address_names_its_commune_while_the_zones_keep_it() {
    let test = TestDatabase::new().await;
    let user = customer(&test, "awa@example.sn").await;
    let addresses = PgAddressRepository::new(test.database.clone());
    let zones = PgZoneRepository::new(test.database.clone());
    assert_eq!(addresses.commune_name("medina").await.unwrap().as_deref(), Some("Médina"));
    assert_eq!(addresses.commune_name("atlantide").await.unwrap(), None);

    let saved = addresses.create(user.id, address_in("medina"), 20).await.unwrap().unwrap();
    assert_eq!((saved.commune.as_str(), saved.commune_name.as_str()), ("medina", "Médina"));
    assert_eq!(saved.landmark, "En face du marché Tilène");

    let mut dakar = zones.find("dakar-ville").await.unwrap().unwrap();
    for commune in &mut dakar.communes {
        if commune.code == "medina" {
            commune.name = "Médina (Dakar)".into();
        }
    }
    zones.update(dakar.clone()).await.unwrap();
    let renamed = &addresses.list(user.id).await.unwrap()[0];
    assert_eq!(
        (renamed.commune.as_str(), renamed.commune_name.as_str()),
        ("medina", "Médina (Dakar)"),
        "kept, renamed"
    );

    dakar.active = false;
    zones.update(dakar.clone()).await.unwrap();
    assert_eq!(addresses.commune_name("medina").await.unwrap(), None, "no longer delivered");

    dakar.communes.retain(|c| c.code != "medina");
    zones.update(dakar).await.unwrap();
    let orphan = &addresses.list(user.id).await.unwrap()[0];
    assert_eq!((orphan.commune.as_str(), orphan.commune_name.as_str()), ("", ""), "its commune left the list");
    assert_eq!(orphan.landmark, "En face du marché Tilène");
}
