//! The order messages on WhatsApp: one approved template per kind, whose body is fixed when Meta
//! approves it and whose variables carry the order. Each body is written here once, so the text
//! the back office shows is the body Meta approved with the variables filled in, and
//! docs/messages.md lists the same bodies to submit (a test compares them).

use std::collections::HashMap;

use bitik_common::Money;

use super::{OrderSummary, StatusNotice};
use crate::model::{Category, MessageKind, WhatsAppTemplate};

/// A template to submit to Meta: its setting, the name used when the setting is absent, its
/// body with Meta's `{{n}}` variables, and its quick-reply buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TemplateSpec {
    pub kind: MessageKind,
    /// The setting that names the template as Meta approved it (`WHATSAPP_TEMPLATE_…`).
    pub setting: &'static str,
    pub default_name: &'static str,
    pub body: &'static str,
    /// What each variable holds, in order (docs/messages.md lists them for the submission).
    pub variables: &'static [&'static str],
    /// The quick-reply buttons' labels, in order (their payloads are given at each send).
    pub buttons: &'static [&'static str],
}

/// The labels of the confirmation's quick-reply buttons.
pub const CONFIRM_BUTTON: &str = "Je confirme";
pub const CANCEL_BUTTON: &str = "Annuler";

/// Every order message sent on WhatsApp (utility templates, French). A body neither starts nor
/// ends with a variable, as Meta requires; a link stands alone on its line, so that no
/// punctuation sticks to it.
pub const SPECS: [TemplateSpec; 8] = [
    TemplateSpec {
        kind: MessageKind::OrderPlaced,
        setting: "WHATSAPP_TEMPLATE_ORDER_PLACED",
        default_name: "commande_recue",
        body: "Bonjour {{1}}, merci pour votre commande {{2}} chez {{3}} : {{4}} au total. {{5}}\nVotre commande : {{6}}\nÀ bientôt !",
        variables: &[
            "le prénom",
            "le numéro de commande",
            "le nom de la boutique",
            "le total (« 26 500 FCFA »)",
            "la suite : payer avec Wave sous 30 minutes, payer à la livraison, ou « nous la préparons »",
            "le lien de la commande",
        ],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::ConfirmationAsked,
        setting: "WHATSAPP_TEMPLATE_CONFIRMATION",
        default_name: "confirmation_commande",
        body: "Bonjour {{1}}, confirmez-vous votre commande {{2}} de {{3}}, à payer à la livraison ? Livraison : {{4}}. Touchez « Je confirme » pour qu'elle parte, ou « Annuler ». Vous pouvez aussi confirmer ici : {{5}}\nMerci !",
        variables: &[
            "le prénom",
            "le numéro de commande",
            "le total",
            "la livraison (mode, adresse, repère)",
            "le lien de confirmation signé",
        ],
        buttons: &[CONFIRM_BUTTON, CANCEL_BUTTON],
    },
    TemplateSpec {
        kind: MessageKind::PaymentReceived,
        setting: "WHATSAPP_TEMPLATE_PAYMENT_RECEIVED",
        default_name: "paiement_recu",
        body: "Bonjour {{1}}, nous avons bien reçu votre paiement Wave de {{2}} pour la commande {{3}}. Nous la préparons et vous écrivons dès son expédition.\nVotre commande : {{4}}\nMerci !",
        variables: &["le prénom", "le montant payé", "le numéro de commande", "le lien de la commande"],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::OrderShipped,
        setting: "WHATSAPP_TEMPLATE_ORDER_SHIPPED",
        default_name: "commande_expediee",
        body: "Bonjour {{1}}, votre commande {{2}} est en route. {{3}}\nVotre commande : {{4}}\nÀ très vite !",
        variables: &[
            "le prénom",
            "le numéro de commande",
            "le livreur et son téléphone, la note de suivi, le montant à payer à la livraison",
            "le lien de la commande",
        ],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::OrderDelivered,
        setting: "WHATSAPP_TEMPLATE_ORDER_DELIVERED",
        default_name: "commande_livree",
        body: "Bonjour {{1}}, votre commande {{2}} a été livrée. Merci pour votre confiance !\nVotre commande : {{3}}\nÀ bientôt !",
        variables: &["le prénom", "le numéro de commande", "le lien de la commande"],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::OrderCancelled,
        setting: "WHATSAPP_TEMPLATE_ORDER_CANCELLED",
        default_name: "commande_annulee",
        body: "Bonjour {{1}}, votre commande {{2}} a été annulée. Si vous l'aviez payée, nous vous remboursons et vous écrivons à ce sujet.\nVotre commande : {{3}}\nUne question ? Répondez à ce message.",
        variables: &["le prénom", "le numéro de commande", "le lien de la commande"],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::OrderRefused,
        setting: "WHATSAPP_TEMPLATE_ORDER_REFUSED",
        default_name: "colis_refuse",
        body: "Bonjour {{1}}, le colis de votre commande {{2}} a été refusé à la livraison et revient à la boutique.\nVotre commande : {{3}}\nUne question ? Répondez à ce message.",
        variables: &["le prénom", "le numéro de commande", "le lien de la commande"],
        buttons: &[],
    },
    TemplateSpec {
        kind: MessageKind::Refunded,
        setting: "WHATSAPP_TEMPLATE_REFUNDED",
        default_name: "remboursement",
        body: "Bonjour {{1}}, nous vous avons remboursé {{2}} ({{3}}) pour la commande {{4}}. Une question ? Répondez à ce message.",
        variables: &[
            "le prénom",
            "le montant remboursé",
            "le moyen (« Wave », « Espèces », « Transfert Wave »)",
            "le numéro de commande",
        ],
        buttons: &[],
    },
];

/// The spec of a kind's template, for the kinds sent on WhatsApp.
pub fn spec(kind: MessageKind) -> Option<&'static TemplateSpec> {
    SPECS.iter().find(|spec| spec.kind == kind)
}

/// A message ready for the outbox: the template to send and what the customer reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatsAppText {
    pub template: WhatsAppTemplate,
    pub text: String,
}

/// The shop's order templates on WhatsApp, by the names Meta approved.
#[derive(Debug, Clone)]
pub struct WhatsAppTemplates {
    shop_name: String,
    names: HashMap<MessageKind, String>,
}

/// A variable as Meta takes it: one line, no run of spaces, never empty.
fn variable(value: &str) -> String {
    let words: Vec<&str> = value.split_whitespace().collect();
    if words.is_empty() { "—".to_owned() } else { words.join(" ") }
}

/// The body with its `{{n}}` replaced by the variables, in order.
pub fn fill(body: &str, variables: &[String]) -> String {
    let mut text = body.to_owned();
    // From the last, so that `{{1}}` does not match the start of `{{10}}`.
    for (index, value) in variables.iter().enumerate().rev() {
        text = text.replace(&format!("{{{{{}}}}}", index + 1), value);
    }
    text
}

impl WhatsAppTemplates {
    /// `names` gives a kind's approved name; the spec's default name is used for the others.
    pub fn new(shop_name: &str, names: impl Fn(&TemplateSpec) -> Option<String>) -> Self {
        let names =
            SPECS.iter().map(|spec| (spec.kind, names(spec).unwrap_or_else(|| spec.default_name.to_owned()))).collect();
        Self { shop_name: shop_name.trim().to_owned(), names }
    }

    fn message(&self, kind: MessageKind, variables: &[&str], buttons: Vec<String>) -> WhatsAppText {
        let spec = spec(kind).expect("a kind sent on WhatsApp");
        let variables: Vec<String> = variables.iter().map(|v| variable(v)).collect();
        WhatsAppText {
            text: fill(spec.body, &variables),
            template: WhatsAppTemplate {
                name: self.names[&kind].clone(),
                variables,
                category: Category::Utility,
                buttons,
            },
        }
    }

    pub fn order_placed(&self, order: &OrderSummary) -> WhatsAppText {
        let next = match order.next {
            super::NextStep::PayWithWave => "Payez-la avec Wave dans les 30 minutes sur sa page.".to_owned(),
            super::NextStep::CashOnDelivery => format!("Vous paierez {} à la livraison.", order.total),
            super::NextStep::Paid => "Nous la préparons et vous écrivons dès son expédition.".to_owned(),
        };
        let total = order.total.to_string();
        let vars = [&order.first_name, &order.number, &self.shop_name, &total, &next, &order.link];
        self.message(MessageKind::OrderPlaced, &vars.map(String::as_str), Vec::new())
    }

    /// `link` is the signed confirmation link; `payloads` the buttons' (confirm, cancel).
    pub fn confirmation_asked(&self, order: &OrderSummary, link: &str, payloads: [String; 2]) -> WhatsAppText {
        let total = order.total.to_string();
        let vars = [order.first_name.as_str(), &order.number, &total, &order.delivery, link];
        self.message(MessageKind::ConfirmationAsked, &vars, payloads.into())
    }

    pub fn payment_received(&self, order: &OrderSummary, amount: Money) -> WhatsAppText {
        let amount = amount.to_string();
        let vars = [order.first_name.as_str(), &amount, &order.number, &order.link];
        self.message(MessageKind::PaymentReceived, &vars, Vec::new())
    }

    pub fn status_changed(
        &self,
        order: &OrderSummary,
        notice: StatusNotice,
        tracking_note: &str,
        courier: Option<(&str, &str)>,
    ) -> WhatsAppText {
        let (first, number, link) = (order.first_name.as_str(), order.number.as_str(), order.link.as_str());
        match notice {
            StatusNotice::Shipped => {
                let mut said = match courier {
                    Some((name, phone)) => format!("Votre livreur : {name} ({phone})."),
                    None => "Notre livreur vous appelle avant de passer.".to_owned(),
                };
                if !tracking_note.trim().is_empty() {
                    said.push_str(&format!(" Suivi : {}.", tracking_note.trim().trim_end_matches('.')));
                }
                if order.next == super::NextStep::CashOnDelivery {
                    said.push_str(&format!(" À payer à la livraison : {}.", order.total));
                }
                self.message(MessageKind::OrderShipped, &[first, number, &said, link], Vec::new())
            }
            other => self.message(other.kind(), &[first, number, link], Vec::new()),
        }
    }

    pub fn refunded(&self, order: &OrderSummary, amount: Money, method: &str) -> WhatsAppText {
        let amount = amount.to_string();
        let vars = [order.first_name.as_str(), &amount, method, &order.number];
        self.message(MessageKind::Refunded, &vars, Vec::new())
    }
}
