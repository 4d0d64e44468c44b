use std::sync::{Arc, Mutex};

use bitik_common::Money;
use chrono::{DateTime, Duration, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::Actor;
use crate::error::OrderError;
use crate::model::{Order, OrderLine, OrderStatus, PaymentMethod, PaymentStatus, ShippingInfo, StatusChange};
use crate::ports::MockOrderRepository;
use crate::shipping::ShippingMethod;

const SECRET: &[u8] = b"a-secret-of-the-shop-long-enough";

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap()
}

fn links() -> ConfirmationLinks {
    ConfirmationLinks::new(SECRET, "https://bitik.sn")
}

/// A cash-on-delivery order placed `hours_ago`, in `state`.
fn cod_order(status: OrderStatus, state: Confirmation, hours_ago: i64) -> Order {
    let placed = now() - Duration::hours(hours_ago);
    Order {
        id: Uuid::new_v4(),
        order_number: "ORD-2611270001".into(),
        user_id: Uuid::new_v4(),
        status,
        lines: vec![OrderLine {
            product_id: Uuid::from_u128(1),
            name: "T-shirt Teranga".into(),
            image: String::new(),
            color: "noir".into(),
            size: "M".into(),
            quantity: 2,
            unit_price: Money::francs(12_000),
        }],
        subtotal: Money::francs(24_000),
        shipping_cost: Money::francs(1_000),
        discount: Money::ZERO,
        total: Money::francs(25_000),
        shipping: ShippingInfo { phone: "+221771234567".into(), ..ShippingInfo::default() },
        shipping_method: ShippingMethod::Standard,
        payment_method: PaymentMethod::CashOnDelivery,
        payment_status: PaymentStatus::Pending,
        amount_paid: Money::ZERO,
        paid_at: None,
        tracking_note: String::new(),
        history: vec![],
        created_at: placed,
        confirmation: Some(OrderConfirmation { state, attempts: vec![], requested_at: placed, link_used_at: None }),
        courier: None,
        returned_at: None,
        refunds: vec![],
        promo_code: None,
        channel: crate::SalesChannel::Web,
        source: None,
    }
}

fn wave_order() -> Order {
    Order {
        payment_method: PaymentMethod::Wave,
        confirmation: None,
        ..cod_order(OrderStatus::Pending, Confirmation::Awaiting, 1)
    }
}

fn finding(order: &Order) -> MockOrderRepository {
    let mut orders = MockOrderRepository::new();
    let found = order.clone();
    orders.expect_find().returning(move |_| Ok(Some(found.clone())));
    orders
}

fn service(
    orders: MockOrderRepository,
    cod: MockCashOnDeliveryRepository,
    phones: MockPhoneRecords,
) -> CashOnDeliveryService {
    CashOnDeliveryService::new(Arc::new(orders), Arc::new(cod), Arc::new(phones), links(), CodSettings::default())
        .with_clock(now)
}

fn admin() -> Actor {
    Actor::admin(Uuid::new_v4(), "Mariama", "Sow")
}

/// What `record_attempt` was given.
type Recorded = Arc<Mutex<Vec<(ConfirmationAttempt, Option<StatusChange>, bool)>>>;

fn recording(order: &Order, recorded: Recorded) -> MockCashOnDeliveryRepository {
    let mut cod = MockCashOnDeliveryRepository::new();
    let answer = order.clone();
    cod.expect_record_attempt().returning(move |_, attempt, entry, by_link| {
        recorded.lock().unwrap().push((attempt, entry, by_link));
        Ok(Some(answer.clone()))
    });
    cod
}

#[test]
fn the_confirmation_state_machine() {
    use Confirmation::*;
    for from in [Awaiting, NoAnswer, WrongNumber] {
        for outcome in [Confirmed, NoAnswer, WrongNumber] {
            assert_eq!(from.after(outcome).unwrap(), outcome, "{from:?} → {outcome:?}");
        }
        assert!(matches!(from.after(Awaiting), Err(OrderError::UnknownConfirmation)), "nobody reports « awaiting »");
    }
    for outcome in [Confirmed, NoAnswer, WrongNumber] {
        assert!(matches!(Confirmed.after(outcome), Err(OrderError::AlreadyConfirmed)), "confirmed is settled");
    }
    assert_eq!(Confirmation::outcome(" no_answer ").unwrap(), NoAnswer);
    assert!(matches!(Confirmation::outcome("awaiting"), Err(OrderError::UnknownConfirmation)));
    assert!(matches!(Confirmation::outcome("peut-être"), Err(OrderError::UnknownConfirmation)));
    assert_eq!(initial_confirmation(PaymentMethod::CashOnDelivery), Some(Awaiting));
    assert_eq!(initial_confirmation(PaymentMethod::Wave), None);
}

#[tokio::test]
async fn each_call_is_kept_with_its_time_and_author_and_a_confirmation_goes_in_the_history() {
    let order = cod_order(OrderStatus::Pending, Confirmation::Awaiting, 2);
    let recorded = Recorded::default();
    let cod = recording(&order, recorded.clone());
    let service = service(finding(&order), cod, MockPhoneRecords::new());
    service.report_call(&admin(), order.id, "no_answer").await.unwrap();
    service.report_call(&admin(), order.id, "confirmed").await.unwrap();
    let recorded = recorded.lock().unwrap();
    let (silent, no_entry, by_link) = &recorded[0];
    assert_eq!((silent.outcome, silent.by.as_str(), silent.at), (Confirmation::NoAnswer, "Admin Mariama Sow", now()));
    assert_eq!((no_entry, by_link), (&None, &false), "an unanswered call is an attempt, not a change of the order");
    let (confirmed, entry, _) = &recorded[1];
    assert_eq!(confirmed.outcome, Confirmation::Confirmed);
    let entry = entry.as_ref().unwrap();
    assert_eq!(
        (entry.status, entry.note.as_str(), entry.by.as_str()),
        (OrderStatus::Pending, "Commande confirmée par téléphone", "Admin Mariama Sow")
    );
}

#[tokio::test]
async fn only_a_pending_unconfirmed_cash_order_takes_a_report() {
    for (order, expected) in [
        (cod_order(OrderStatus::Pending, Confirmation::Confirmed, 1), "Cette commande est déjà confirmée."),
        (cod_order(OrderStatus::Cancelled, Confirmation::NoAnswer, 30), "Cette commande ne peut plus être confirmée."),
        (wave_order(), "Seules les commandes payables à la livraison se confirment."),
    ] {
        let mut cod = MockCashOnDeliveryRepository::new();
        cod.expect_record_attempt().never();
        let service = service(finding(&order), cod, MockPhoneRecords::new());
        let refused = service.report_call(&admin(), order.id, "confirmed").await.unwrap_err();
        assert_eq!(refused.to_string(), expected);
    }
    let order = cod_order(OrderStatus::Pending, Confirmation::Awaiting, 1);
    let service = service(finding(&order), MockCashOnDeliveryRepository::new(), MockPhoneRecords::new());
    let unknown = service.report_call(&admin(), order.id, "awaiting").await.unwrap_err();
    assert!(matches!(unknown, OrderError::UnknownConfirmation));
}

#[tokio::test]
async fn the_signed_link_confirms_its_own_order_once() {
    let order = cod_order(OrderStatus::Pending, Confirmation::NoAnswer, 3);
    let recorded = Recorded::default();
    let service = service(finding(&order), recording(&order, recorded.clone()), MockPhoneRecords::new());
    let token = links().token_for(order.id);
    service.confirm_by_link(&token).await.unwrap();
    let (attempt, entry, by_link) = recorded.lock().unwrap()[0].clone();
    assert!(by_link, "the link is marked used in the same write");
    assert_eq!((attempt.outcome, attempt.by.as_str(), attempt.by_user), (Confirmation::Confirmed, "Client", None));
    assert_eq!(entry.unwrap().note, "Commande confirmée par le client (lien de confirmation)");
    assert_eq!(
        service.confirmation_link(&order).unwrap(),
        format!("https://bitik.sn/confirm/{token}"),
        "the admin sends the same link while the order waits"
    );

    let forged = format!("{}{}", hex::encode(Uuid::new_v4().as_bytes()), &token[32..]);
    assert!(matches!(service.confirm_by_link(&forged).await, Err(OrderError::InvalidConfirmationLink)));

    let mut used = cod_order(OrderStatus::Pending, Confirmation::Confirmed, 3);
    used.confirmation.as_mut().unwrap().link_used_at = Some(now());
    let service2 = self::service(finding(&used), MockCashOnDeliveryRepository::new(), MockPhoneRecords::new());
    let again = service2.confirm_by_link(&links().token_for(used.id)).await.unwrap_err();
    assert_eq!(again.to_string(), "Ce lien de confirmation a déjà servi.");
    assert_eq!(service2.confirmation_link(&used), None, "no link once confirmed");
}

#[tokio::test]
async fn a_link_that_loses_the_race_to_another_confirmation_says_why() {
    let waiting = cod_order(OrderStatus::Pending, Confirmation::Awaiting, 3);
    let mut confirmed = waiting.clone();
    confirmed.confirmation.as_mut().unwrap().state = Confirmation::Confirmed;
    let mut orders = MockOrderRepository::new();
    let mut reads = vec![confirmed, waiting.clone()];
    orders.expect_find().times(2).returning(move |_| Ok(reads.pop()));
    let mut cod = MockCashOnDeliveryRepository::new();
    cod.expect_record_attempt().times(1).returning(|_, _, _, _| Ok(None));
    let service = service(orders, cod, MockPhoneRecords::new());
    let lost = service.confirm_by_link(&links().token_for(waiting.id)).await.unwrap_err();
    assert_eq!(lost.to_string(), "Cette commande est déjà confirmée.");
}

#[tokio::test]
async fn a_customer_confirms_their_own_order_only() {
    let order = cod_order(OrderStatus::Pending, Confirmation::Awaiting, 1);
    let recorded = Recorded::default();
    let service = service(finding(&order), recording(&order, recorded.clone()), MockPhoneRecords::new());
    let stranger = service.confirm_by_customer(Uuid::new_v4(), order.id).await;
    assert!(matches!(stranger, Err(OrderError::NotFound)));
    assert!(recorded.lock().unwrap().is_empty());
    service.confirm_by_customer(order.user_id, order.id).await.unwrap();
    let (attempt, entry, by_link) = recorded.lock().unwrap()[0].clone();
    assert_eq!((attempt.by_user, by_link), (Some(order.user_id), false));
    assert_eq!(entry.unwrap().note, "Commande confirmée par le client");
}

#[tokio::test]
async fn orders_unconfirmed_past_the_hours_are_cancelled_by_the_system() {
    let late = cod_order(OrderStatus::Pending, Confirmation::NoAnswer, 25);
    let mut confirmed_meanwhile = cod_order(OrderStatus::Pending, Confirmation::Confirmed, 26);
    confirmed_meanwhile.id = Uuid::from_u128(2);
    let mut orders = MockOrderRepository::new();
    let (late_id, confirmed_id) = (late.id, confirmed_meanwhile.id);
    orders
        .expect_find()
        .returning(move |id| Ok(Some(if id == late_id { late.clone() } else { confirmed_meanwhile.clone() })));
    let mut cod = MockCashOnDeliveryRepository::new();
    let cutoff = now() - Duration::hours(24);
    cod.expect_unconfirmed_before()
        .withf(move |before, limit| *before == cutoff && *limit == 50)
        .returning(move |_, _| Ok(vec![late_id, confirmed_id]));
    cod.expect_cancel_unconfirmed()
        .withf(move |id, before, change| {
            *id == late_id
                && *before == cutoff
                && change.status == OrderStatus::Cancelled
                && change.note == "Annulée : non confirmée sous 24 h"
                && change.by == "Système"
        })
        .times(1)
        .returning(|_, _, _| Ok(true));
    let report = service(orders, cod, MockPhoneRecords::new()).expire_unconfirmed().await.unwrap();
    assert_eq!((report.cancelled, report.skipped), (1, 1));
}

#[test]
fn an_order_expires_after_the_hours_only_while_pending_and_unconfirmed() {
    assert!(expired(&cod_order(OrderStatus::Pending, Confirmation::Awaiting, 24), now(), 24));
    assert!(!expired(&cod_order(OrderStatus::Pending, Confirmation::Awaiting, 23), now(), 24));
    assert!(expired(&cod_order(OrderStatus::Pending, Confirmation::WrongNumber, 49), now(), 48));
    assert!(!expired(&cod_order(OrderStatus::Pending, Confirmation::Confirmed, 100), now(), 24));
    assert!(!expired(&cod_order(OrderStatus::Cancelled, Confirmation::Awaiting, 100), now(), 24));
    assert!(!expired(&wave_order(), now() + Duration::days(3), 24));
}

#[tokio::test]
async fn a_refused_parcel_comes_back_once() {
    let refused = cod_order(OrderStatus::Refused, Confirmation::Confirmed, 48);
    let mut returned = refused.clone();
    returned.returned_at = Some(now());
    let mut cod = MockCashOnDeliveryRepository::new();
    let answer = returned.clone();
    cod.expect_mark_returned()
        .withf(|_, entry| {
            entry.status == OrderStatus::Refused
                && entry.note == "Colis revenu à la boutique : articles remis en stock"
                && entry.by == "Admin Mariama Sow"
        })
        .times(1)
        .returning(move |_, _| Ok(Some(answer.clone())));
    let service = service(finding(&refused), cod, MockPhoneRecords::new());
    assert_eq!(service.mark_returned(&admin(), refused.id).await.unwrap().returned_at, Some(now()));
    for (order, expected) in [
        (returned, "Ce colis est déjà marqué retourné à la boutique."),
        (
            cod_order(OrderStatus::Shipped, Confirmation::Confirmed, 30),
            "Seule une commande refusée à la livraison peut être marquée retournée.",
        ),
    ] {
        let mut cod = MockCashOnDeliveryRepository::new();
        cod.expect_mark_returned().never();
        let service = self::service(finding(&order), cod, MockPhoneRecords::new());
        assert_eq!(service.mark_returned(&admin(), order.id).await.unwrap_err().to_string(), expected);
    }
}

#[tokio::test]
async fn a_courier_is_named_on_a_shipped_order_only() {
    let shipped = cod_order(OrderStatus::Shipped, Confirmation::Confirmed, 30);
    let mut cod = MockCashOnDeliveryRepository::new();
    let answer = shipped.clone();
    cod.expect_set_courier()
        .withf(|_, courier| courier.as_ref().is_some_and(|c| c.name == "Modou Fall" && c.phone == "+221770001122"))
        .times(1)
        .returning(move |_, _| Ok(Some(answer.clone())));
    let service = service(finding(&shipped), cod, MockPhoneRecords::new());
    service.set_courier(shipped.id, "Modou Fall", "77 000 11 22").await.unwrap();
    let pending = cod_order(OrderStatus::Pending, Confirmation::Confirmed, 1);
    let service = self::service(finding(&pending), MockCashOnDeliveryRepository::new(), MockPhoneRecords::new());
    let refused = service.set_courier(pending.id, "Modou Fall", "77 000 11 22").await.unwrap_err();
    assert_eq!(refused.to_string(), "Le livreur s'indique sur une commande expédiée.");
}

#[tokio::test]
async fn an_admin_decides_for_a_phone_with_a_reason() {
    let mut phones = MockPhoneRecords::new();
    phones
        .expect_set_override()
        .withf(|phone, decision| {
            phone == "+221771234567"
                && decision.cod_allowed == Some(true)
                && decision.note == "Cliente fidèle, refus expliqués"
                && decision.by == "Admin Mariama Sow"
        })
        .times(1)
        .returning(|phone, decision| {
            Ok(PhoneRecord { refused: 2, decision: Some(decision), ..PhoneRecord::blank(phone) })
        });
    let service = service(MockOrderRepository::new(), MockCashOnDeliveryRepository::new(), phones);
    let view = service
        .decide_for_phone(&admin(), "77 123 45 67", Some(true), " Cliente fidèle, refus expliqués ")
        .await
        .unwrap();
    assert!(view.cash_on_delivery, "two refusals, lifted by the admin");
    assert_eq!(view.max_refusals, 2);
    let no_reason = service.decide_for_phone(&admin(), "77 123 45 67", Some(false), " ").await.unwrap_err();
    assert_eq!(no_reason.to_string(), "Indiquez la raison de cette décision.");
    let bad_phone = service.phone_record("12").await.unwrap_err();
    assert_eq!(bad_phone.to_string(), "Veuillez entrer un numéro de téléphone valide");
}

#[tokio::test]
async fn je_confirme_on_whatsapp_confirms_once_by_the_link_s_record_and_only_from_the_order_s_phone() {
    let order = cod_order(OrderStatus::Pending, Confirmation::Awaiting, 1);
    let recorded = Recorded::default();
    let service = service(finding(&order), recording(&order, recorded.clone()), MockPhoneRecords::new());
    let token = links().token_for(order.id);
    let awa = bitik_common::Phone::parse("+221771234567").unwrap();

    let stranger = bitik_common::Phone::parse("+221779999999").unwrap();
    let answer = service.answer_button(&QuickReply::Confirm.payload(&token), &stranger).await.unwrap();
    assert!(matches!(answer, ButtonAnswer::Unknown), "a tap from another phone");
    let forged = format!("{}{}", hex::encode(Uuid::new_v4().as_bytes()), &token[32..]);
    let answer = service.answer_button(&QuickReply::Confirm.payload(&forged), &awa).await.unwrap();
    assert!(matches!(answer, ButtonAnswer::Unknown));
    assert!(recorded.lock().unwrap().is_empty(), "nothing recorded for either");

    let answer = service.answer_button(&QuickReply::Confirm.payload(&token), &awa).await.unwrap();
    assert!(matches!(answer, ButtonAnswer::Confirmed(_)), "{answer:?}");
    assert!(answer.text().unwrap().starts_with("Merci ! Votre commande ORD-2611270001 est confirmée."));
    let (attempt, entry, by_link) = recorded.lock().unwrap()[0].clone();
    assert!(by_link, "the single-use record of the signed link");
    assert_eq!(
        (attempt.outcome, entry.unwrap().note.as_str()),
        (Confirmation::Confirmed, "Commande confirmée par le client (WhatsApp)")
    );

    // The second tap finds the link used: nothing written, a polite answer.
    let mut used = order.clone();
    used.confirmation = Some(OrderConfirmation {
        state: Confirmation::Confirmed,
        attempts: vec![],
        requested_at: now(),
        link_used_at: Some(now()),
    });
    let service = self::service(finding(&used), MockCashOnDeliveryRepository::new(), MockPhoneRecords::new());
    let again = service.answer_button(&QuickReply::Confirm.payload(&token), &awa).await.unwrap();
    assert_eq!(
        again.text().unwrap(),
        "Votre commande ORD-2611270001 est déjà confirmée : rien de plus à faire. Merci !"
    );
    let cancel = service.answer_button(&QuickReply::Cancel.payload(&token), &awa).await.unwrap();
    assert!(matches!(cancel, ButtonAnswer::Unchanged { .. }), "a confirmed order is not cancelled by the button");
}

#[tokio::test]
async fn annuler_cancels_an_order_awaiting_its_confirmation_and_a_late_tap_changes_nothing() {
    let order = cod_order(OrderStatus::Pending, Confirmation::NoAnswer, 2);
    let mut cancelled = order.clone();
    cancelled.status = OrderStatus::Cancelled;
    let mut orders = MockOrderRepository::new();
    let mut reads = vec![cancelled.clone(), order.clone()];
    orders.expect_find().times(2).returning(move |_| Ok(reads.pop()));
    let mut cod = MockCashOnDeliveryRepository::new();
    let id = order.id;
    cod.expect_cancel_unconfirmed()
        .withf(move |at, before, change| {
            *at == id
                && *before > now()
                && change.status == OrderStatus::Cancelled
                && change.note == "Annulée par le client (WhatsApp)"
        })
        .times(1)
        .returning(|_, _, _| Ok(true));
    let service = service(orders, cod, MockPhoneRecords::new());
    let awa = bitik_common::Phone::parse("+221771234567").unwrap();
    let token = links().token_for(order.id);
    let answer = service.answer_button(&QuickReply::Cancel.payload(&token), &awa).await.unwrap();
    assert!(matches!(&answer, ButtonAnswer::Cancelled(o) if o.status == OrderStatus::Cancelled));
    assert_eq!(answer.text(), None, "the cancellation's own message tells it");

    // Expired meanwhile (cancelled by the sweep): « Je confirme » changes nothing.
    let service = self::service(finding(&cancelled), MockCashOnDeliveryRepository::new(), MockPhoneRecords::new());
    let late = service.answer_button(&QuickReply::Confirm.payload(&token), &awa).await.unwrap();
    assert_eq!(
        late.text().unwrap(),
        "Votre commande ORD-2611270001 ne peut plus être confirmée ni annulée ici : elle est annulée. Une question ? Répondez à ce message."
    );
}
