//! The confirmation's quick-reply buttons on WhatsApp, « Je confirme » and « Annuler »: each
//! button's payload carries the order's signed confirmation token, so a tap acts on that order
//! only, by the same rule and the same single-use record as the signed link. What the shop
//! answers the tap is said here, in the customer's words.

use crate::model::{Order, OrderStatus};

/// A tapped button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuickReply {
    Confirm,
    Cancel,
}

impl QuickReply {
    fn prefix(self) -> &'static str {
        match self {
            QuickReply::Confirm => "confirmer:",
            QuickReply::Cancel => "annuler:",
        }
    }

    /// The button's payload for the order whose confirmation token is `token`.
    pub fn payload(self, token: &str) -> String {
        format!("{}{token}", self.prefix())
    }

    /// The button and the token of a payload; `None` for a payload the shop did not send.
    pub fn parse(payload: &str) -> Option<(QuickReply, &str)> {
        [QuickReply::Confirm, QuickReply::Cancel]
            .into_iter()
            .find_map(|reply| payload.trim().strip_prefix(reply.prefix()).map(|token| (reply, token)))
    }
}

/// What became of a tap, and what the shop answers it on WhatsApp.
#[derive(Debug, Clone, PartialEq)]
pub enum ButtonAnswer {
    Confirmed(Order),
    Cancelled(Order),
    /// Nothing changed: the order had moved on (confirmed already, or cancelled, expired,
    /// shipped…).
    Unchanged {
        order: Order,
        already_confirmed: bool,
    },
    /// A payload of no order of this shop, or a tap from another phone than the order's.
    Unknown,
}

impl ButtonAnswer {
    /// The order it acted on, or tried to.
    pub fn order(&self) -> Option<&Order> {
        match self {
            ButtonAnswer::Confirmed(order) | ButtonAnswer::Cancelled(order) => Some(order),
            ButtonAnswer::Unchanged { order, .. } => Some(order),
            ButtonAnswer::Unknown => None,
        }
    }

    /// The shop's answer, sent in free text right after the tap; none for a cancellation, which
    /// the order's own message (« commande annulée ») tells.
    pub fn text(&self) -> Option<String> {
        let text = match self {
            ButtonAnswer::Confirmed(order) => format!(
                "Merci ! Votre commande {} est confirmée. Nous vous la livrons bientôt ; vous paierez {} à la livraison.",
                order.order_number, order.total
            ),
            ButtonAnswer::Cancelled(_) => return None,
            ButtonAnswer::Unchanged { order, already_confirmed } => match already_confirmed {
                true => {
                    format!("Votre commande {} est déjà confirmée : rien de plus à faire. Merci !", order.order_number)
                }
                false => format!(
                    "Votre commande {} ne peut plus être confirmée ni annulée ici : elle est {}. Une question ? Répondez à ce message.",
                    order.order_number,
                    status_words(order.status)
                ),
            },
            ButtonAnswer::Unknown => {
                "Nous n'avons pas reconnu ce bouton. Une question ? Répondez à ce message.".to_owned()
            }
        };
        Some(text)
    }
}

fn status_words(status: OrderStatus) -> &'static str {
    match status {
        OrderStatus::Pending => "en attente",
        OrderStatus::Processing => "en préparation",
        OrderStatus::Shipped => "en route",
        OrderStatus::Delivered => "livrée",
        OrderStatus::Cancelled => "annulée",
        OrderStatus::Refused => "refusée à la livraison",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_names_its_button_and_its_token() {
        let token = "00000000000000000000000000000007ab";
        assert_eq!(QuickReply::parse(&QuickReply::Confirm.payload(token)), Some((QuickReply::Confirm, token)));
        assert_eq!(QuickReply::parse(&QuickReply::Cancel.payload(token)), Some((QuickReply::Cancel, token)));
        assert_eq!(QuickReply::parse("Je confirme"), None);
        assert_eq!(QuickReply::parse("valider:abc"), None);
    }
}
