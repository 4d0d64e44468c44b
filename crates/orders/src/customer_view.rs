//! What the customer may read of their order (docs/rules.md#orders): every change of status and
//! the notes meant for them, the shop's people signed as its team. Internal notes, a refund's
//! reason, the calls of the confirmation and any staff member's name stay in the back office.

use crate::model::{ActorKind, Order, OrderStatus, PaymentMethod, PaymentStatus, StatusChange};

/// How the customer reads whoever of the shop's team made a change: « L'équipe Bitik Dakar ».
pub fn team_label(shop_name: &str) -> String {
    format!("L'équipe {shop_name}")
}

/// The order as its customer may read it.
pub fn for_customer(mut order: Order, team: &str) -> Order {
    order.history = customer_history(&order.history, team);
    for refund in &mut order.refunds {
        refund.reason.clear();
        refund.requested_by = team.to_owned();
        refund.by_user = None;
    }
    if let Some(confirmation) = &mut order.confirmation {
        // Who called when, and what they heard, is the shop's own record.
        confirmation.attempts.clear();
    }
    order
}

/// The entries that change the status, and those whose note is meant for the customer; a staff
/// member signs as `team`, and a note not meant for the customer is left out.
pub fn customer_history(history: &[StatusChange], team: &str) -> Vec<StatusChange> {
    let mut shown = Vec::with_capacity(history.len());
    let mut previous = None;
    for entry in history {
        let changes_status = previous != Some(entry.status);
        previous = Some(entry.status);
        let note_shown = entry.note_visible && !entry.note.is_empty();
        if !changes_status && !note_shown {
            continue;
        }
        let mut entry = entry.clone();
        if !note_shown {
            entry.note.clear();
        }
        if entry.by_kind == ActorKind::Staff {
            entry.by = team.to_owned();
            entry.by_user = None;
        }
        shown.push(entry);
    }
    shown
}

/// Where the customer's payment stands, in their words, by the order's real state: a
/// cash-on-delivery order is « À payer à la livraison » until the door, not « En attente de
/// paiement », and a parcel refused there was never paid.
pub fn payment_label(order: &Order) -> &'static str {
    match order.payment_status {
        PaymentStatus::Refunded => return "Remboursée",
        PaymentStatus::Paid => return "Payée",
        PaymentStatus::Pending | PaymentStatus::Failed => {}
    }
    match (order.status, order.payment_method) {
        (OrderStatus::Cancelled, _) => "Non payée",
        (OrderStatus::Refused, _) => "Non payée : colis refusé",
        (OrderStatus::Delivered, PaymentMethod::CashOnDelivery) => "Payée à la livraison",
        (_, PaymentMethod::CashOnDelivery) => "À payer à la livraison",
        _ if order.payment_status == PaymentStatus::Failed => "Échec du paiement",
        _ => "En attente de paiement",
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use uuid::Uuid;

    use super::*;
    use crate::model::{Actor, OrderStatus};

    fn at(minute: u32) -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 10, minute, 0).unwrap()
    }

    fn admin() -> Actor {
        Actor::admin(Uuid::new_v4(), "Mariama", "Sow")
    }

    #[test]
    fn a_staff_note_is_internal_unless_meant_for_the_customer() {
        let customer = Actor::customer(Uuid::new_v4());
        let history = vec![
            StatusChange::new(OrderStatus::Pending, "Commande créée", &customer, at(0)),
            StatusChange::new(OrderStatus::Pending, "Client difficile, rappeler après 18 h", &admin(), at(1)),
            StatusChange::new(OrderStatus::Processing, "Emballé par Fatou", &admin(), at(2)),
            StatusChange::new(OrderStatus::Shipped, "Votre colis part cet après-midi", &admin(), at(3))
                .visible_note(true),
        ];
        let shown = customer_history(&history, "L'équipe Bitik Dakar");

        let notes: Vec<(&str, &str, &str)> =
            shown.iter().map(|e| (e.status.as_str(), e.note.as_str(), e.by.as_str())).collect();
        assert_eq!(
            notes,
            vec![
                ("pending", "Commande créée", "Client"),
                ("processing", "", "L'équipe Bitik Dakar"),
                ("shipped", "Votre colis part cet après-midi", "L'équipe Bitik Dakar"),
            ],
            "the internal note without a status change is gone, the other internal note is blanked"
        );
        assert!(shown.iter().all(|e| !e.by.contains("Mariama")), "no staff name: {shown:?}");
    }

    #[test]
    fn the_system_and_the_customer_keep_their_names_and_notes() {
        let history = vec![
            StatusChange::new(OrderStatus::Pending, "Commande créée", &Actor::customer(Uuid::new_v4()), at(0)),
            StatusChange::new(OrderStatus::Processing, "Paiement Wave reçu", &Actor::system("Wave"), at(1)),
        ];
        let shown = customer_history(&history, "L'équipe X");
        assert_eq!(shown[1].by, "Wave");
        assert_eq!(shown[1].note, "Paiement Wave reçu");
    }

    #[test]
    fn a_cash_order_is_paid_at_the_door_and_a_refused_one_never_was() {
        use crate::model::{OrderStatus::*, PaymentMethod::*, PaymentStatus as P};
        let order = crate::service_tests::placed;
        for (status, method, payment, label) in [
            (Pending, CashOnDelivery, P::Pending, "À payer à la livraison"),
            (Shipped, CashOnDelivery, P::Pending, "À payer à la livraison"),
            (Delivered, CashOnDelivery, P::Pending, "Payée à la livraison"),
            (Refused, CashOnDelivery, P::Pending, "Non payée : colis refusé"),
            (Cancelled, CashOnDelivery, P::Pending, "Non payée"),
            (Delivered, CashOnDelivery, P::Paid, "Payée"),
            (Pending, Wave, P::Pending, "En attente de paiement"),
            (Pending, Wave, P::Failed, "Échec du paiement"),
            (Processing, Wave, P::Paid, "Payée"),
            (Cancelled, Wave, P::Refunded, "Remboursée"),
        ] {
            assert_eq!(payment_label(&order(status, method, payment)), label, "{status:?} {method:?} {payment:?}");
        }
    }
}
