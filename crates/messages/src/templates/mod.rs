//! What each message says, in French: a text part and an HTML part from the same words, with the
//! shop's name and contacts and amounts as the storefront writes them (`12 500 FCFA`). The
//! snapshot test (`tests.rs`) keeps each text as reviewed in `snapshots/`.

mod doc;
#[cfg(test)]
mod tests;
pub mod whatsapp;

use bitik_common::{Money, Shop};
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub use doc::Row;
use doc::{Block, Doc};

use crate::model::{MessageKind, Rendered};

/// Where the server serves the shop's logo, under `PUBLIC_URL`: the one picture the messages'
/// HTML shows (a mail reader loads it from the shop, or shows the shop's name without it).
pub const LOGO_PATH: &str = "/logo.png";

/// The shop's logo (96 × 96 PNG, drawn from the storefront's icon, shown at 48 × 48): PNG
/// because mail readers do not all show SVG.
pub const LOGO_PNG: &[u8] = include_bytes!("../../assets/logo.png");

/// What the customer does next, as the order-placed message says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextStep {
    /// Wave, not paid yet: the order's page has the payment button.
    PayWithWave,
    /// The shop calls or writes to confirm, then delivers; the customer pays at the door.
    CashOnDelivery,
    /// Nothing is left to pay.
    Paid,
}

/// An order as its messages tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSummary {
    pub id: Uuid,
    /// The customer's page of the order, opened without logging in (its signed link): where
    /// an unpaid Wave order is paid.
    pub link: String,
    pub number: String,
    pub first_name: String,
    /// The customer's full name and phone, for the shop's notice.
    pub customer: String,
    pub lines: Vec<Row>,
    pub subtotal: Money,
    pub shipping_cost: Money,
    pub discount: Money,
    pub total: Money,
    /// How and where it is delivered, in one sentence.
    pub delivery: String,
    /// The payment method's label.
    pub payment_method: String,
    pub next: NextStep,
}

/// A change of an order's status that the customer hears of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusNotice {
    Shipped,
    Delivered,
    Cancelled,
    Refused,
}

impl StatusNotice {
    pub fn kind(self) -> MessageKind {
        match self {
            StatusNotice::Shipped => MessageKind::OrderShipped,
            StatusNotice::Delivered => MessageKind::OrderDelivered,
            StatusNotice::Cancelled => MessageKind::OrderCancelled,
            StatusNotice::Refused => MessageKind::OrderRefused,
        }
    }
}

/// A variant that has stock again, as its alert's message tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackInStock {
    pub product_name: String,
    /// The product's address on the storefront (`/product/{slug}`).
    pub slug: String,
    pub color: String,
    pub size: String,
    /// The alert's token, which its unsubscribe link carries.
    pub token: Uuid,
}

/// `Noir, taille M`; `Doré, taille unique`.
fn variant_words(color: &str, size: &str) -> String {
    let mut letters = color.trim().chars();
    let color: String = letters.next().map(|first| first.to_uppercase().chain(letters).collect()).unwrap_or_default();
    format!("{color}, taille {size}")
}

/// The shop's templates: its identity and its public address are in every message.
#[derive(Debug, Clone)]
pub struct Templates {
    shop: Shop,
    public_url: String,
}

fn hello(first_name: &str) -> String {
    let name = first_name.trim();
    if name.is_empty() { "Bonjour,".to_owned() } else { format!("Bonjour {name},") }
}

/// `27/11/2026 à 14:05`, Dakar time (UTC all year).
fn dakar_time(at: DateTime<Utc>) -> String {
    at.format("%d/%m/%Y à %H:%M").to_string()
}

impl Templates {
    pub fn new(shop: Shop, public_url: &str) -> Self {
        Self { shop, public_url: public_url.trim_end_matches('/').to_owned() }
    }

    pub fn shop(&self) -> &Shop {
        &self.shop
    }

    /// The page that sets a new password with a reset token.
    pub fn reset_url(&self, token: &str) -> String {
        format!("{}/reset-password/{token}", self.public_url)
    }

    /// A product's page on the storefront.
    pub fn product_url(&self, slug: &str) -> String {
        format!("{}/product/{slug}", self.public_url)
    }

    /// The storefront's page that ends a shopper's back-in-stock alerts.
    pub fn alert_unsubscribe_url(&self, token: Uuid) -> String {
        format!("{}/alerts/unsubscribe/{token}", self.public_url)
    }

    /// The back office's page of the order.
    pub fn admin_order_url(&self, id: Uuid) -> String {
        format!("{}/admin/orders/{id}", self.public_url)
    }

    fn render(&self, doc: Doc) -> Rendered {
        doc.render(&self.shop, &self.public_url)
    }

    fn order_table(order: &OrderSummary) -> Block {
        let mut sums = vec![("Sous-total".to_owned(), order.subtotal)];
        sums.push(("Frais de livraison".to_owned(), order.shipping_cost));
        if order.discount != Money::ZERO {
            sums.push(("Remise".to_owned(), order.discount));
        }
        sums.push(("Total".to_owned(), order.total));
        Block::Table { rows: order.lines.clone(), sums }
    }

    /// To the customer, when the order is placed.
    pub fn order_placed(&self, order: &OrderSummary) -> Rendered {
        let mut blocks = vec![
            Block::Para(format!("Merci pour votre commande chez {}. Nous l'avons bien reçue.", self.shop.name)),
            Block::Facts(vec![
                ("Commande".to_owned(), order.number.clone()),
                ("Livraison".to_owned(), order.delivery.clone()),
                ("Paiement".to_owned(), order.payment_method.clone()),
            ]),
            Self::order_table(order),
        ];
        match order.next {
            NextStep::PayWithWave => {
                blocks.push(Block::Para(
                    "Votre commande attend son paiement Wave. Elle est annulée si elle n'est pas payée dans les 30 minutes."
                        .to_owned(),
                ));
                blocks.push(Block::Button { label: "Payer avec Wave".to_owned(), url: order.link.clone() });
            }
            NextStep::CashOnDelivery => {
                blocks.push(Block::Para(format!(
                    "Nous vous appelons ou vous écrivons sur WhatsApp pour confirmer la commande avant de la livrer. Vous paierez {} à la livraison.",
                    order.total
                )));
                blocks.push(Block::Button { label: "Voir ma commande".to_owned(), url: order.link.clone() });
            }
            NextStep::Paid => {
                blocks
                    .push(Block::Para("Nous préparons votre commande et vous écrivons dès son expédition.".to_owned()));
                blocks.push(Block::Button { label: "Voir ma commande".to_owned(), url: order.link.clone() });
            }
        }
        self.render(Doc {
            subject: format!("Commande {} reçue — {}", order.number, self.shop.name),
            greeting: hello(&order.first_name),
            blocks,
        })
    }

    /// To the shop (`SHOP_EMAIL`), when an order is placed.
    pub fn shop_new_order(&self, order: &OrderSummary) -> Rendered {
        self.render(Doc {
            subject: format!("Nouvelle commande {} — {}", order.number, order.total),
            greeting: "Bonjour,".to_owned(),
            blocks: vec![
                Block::Para(format!("Une nouvelle commande vient d'être passée sur {}.", self.shop.name)),
                Block::Facts(vec![
                    ("Commande".to_owned(), order.number.clone()),
                    ("Client".to_owned(), order.customer.clone()),
                    ("Total".to_owned(), order.total.to_string()),
                    ("Paiement".to_owned(), order.payment_method.clone()),
                    ("Livraison".to_owned(), order.delivery.clone()),
                ]),
                Block::Button { label: "Ouvrir la commande".to_owned(), url: self.admin_order_url(order.id) },
            ],
        })
    }

    /// To the customer of a cash-on-delivery order: the signed link that confirms it.
    pub fn confirmation_asked(&self, order: &OrderSummary, link: &str) -> Rendered {
        self.render(Doc {
            subject: format!("Confirmez votre commande {} — {}", order.number, self.shop.name),
            greeting: hello(&order.first_name),
            blocks: vec![
                Block::Para(format!(
                    "Merci pour votre commande {} chez {}. Avant de la livrer, nous avons besoin de votre confirmation.",
                    order.number, self.shop.name
                )),
                Self::order_table(order),
                Block::Facts(vec![
                    ("Total à payer à la livraison".to_owned(), order.total.to_string()),
                    ("Livraison".to_owned(), order.delivery.clone()),
                ]),
                Block::Button { label: "Confirmer ma commande".to_owned(), url: link.to_owned() },
                Block::Small(
                    "Ce lien ne sert qu'une fois. Vous pouvez aussi répondre « OUI » à notre message WhatsApp.".to_owned(),
                ),
            ],
        })
    }

    /// To the customer, when Wave's payment is received.
    pub fn payment_received(&self, order: &OrderSummary, amount: Money) -> Rendered {
        self.render(Doc {
            subject: format!("Paiement reçu pour la commande {} — {}", order.number, self.shop.name),
            greeting: hello(&order.first_name),
            blocks: vec![
                Block::Para(format!(
                    "Nous avons bien reçu votre paiement Wave de {amount} pour la commande {}.",
                    order.number
                )),
                Block::Para("Nous préparons votre commande et vous écrivons dès son expédition.".to_owned()),
                Block::Button { label: "Voir ma commande".to_owned(), url: order.link.clone() },
            ],
        })
    }

    /// To the customer, when the order is shipped, delivered, cancelled or refused at the door.
    pub fn status_changed(
        &self,
        order: &OrderSummary,
        notice: StatusNotice,
        tracking_note: &str,
        courier: Option<(&str, &str)>,
    ) -> Rendered {
        let number = &order.number;
        let (subject, said) = match notice {
            StatusNotice::Shipped => (
                format!("Commande {number} expédiée — {}", self.shop.name),
                format!("Bonne nouvelle : votre commande {number} est en route."),
            ),
            StatusNotice::Delivered => (
                format!("Commande {number} livrée — {}", self.shop.name),
                format!("Votre commande {number} a été livrée. Merci pour votre confiance !"),
            ),
            StatusNotice::Cancelled => (
                format!("Commande {number} annulée — {}", self.shop.name),
                format!(
                    "Votre commande {number} a été annulée. Si vous l'aviez payée, nous vous remboursons et vous écrivons à ce sujet."
                ),
            ),
            StatusNotice::Refused => (
                format!("Commande {number} refusée à la livraison — {}", self.shop.name),
                format!("Le colis de votre commande {number} a été refusé à la livraison. Il revient à la boutique."),
            ),
        };
        let mut blocks = vec![Block::Para(said)];
        let mut facts = Vec::new();
        if let Some((name, phone)) = courier.filter(|_| notice == StatusNotice::Shipped) {
            facts.push(("Livreur".to_owned(), format!("{name} ({phone})")));
        }
        if !tracking_note.trim().is_empty() {
            facts.push(("Suivi".to_owned(), tracking_note.trim().to_owned()));
        }
        if notice == StatusNotice::Shipped {
            facts.push(("Livraison".to_owned(), order.delivery.clone()));
            if order.next == NextStep::CashOnDelivery {
                facts.push(("À payer à la livraison".to_owned(), order.total.to_string()));
            }
        }
        if !facts.is_empty() {
            blocks.push(Block::Facts(facts));
        }
        blocks
            .push(Block::Para(format!("Une question ? Écrivez-nous sur WhatsApp ou appelez le {}.", self.shop.phone)));
        blocks.push(Block::Button { label: "Voir ma commande".to_owned(), url: order.link.clone() });
        self.render(Doc { subject, greeting: hello(&order.first_name), blocks })
    }

    /// To the customer, when money is given back.
    pub fn refunded(&self, order: &OrderSummary, amount: Money, method: &str) -> Rendered {
        self.render(Doc {
            subject: format!("Remboursement de la commande {} — {}", order.number, self.shop.name),
            greeting: hello(&order.first_name),
            blocks: vec![
                Block::Para(format!("Nous vous avons remboursé {amount} pour la commande {}.", order.number)),
                Block::Facts(vec![("Montant".to_owned(), amount.to_string()), ("Moyen".to_owned(), method.to_owned())]),
                Block::Para(format!("Une question ? Écrivez-nous sur WhatsApp ou appelez le {}.", self.shop.phone)),
            ],
        })
    }

    /// To an account's owner: the one-time link that sets a new password.
    pub fn reset_link(&self, link: &str, expires_at: DateTime<Utc>) -> Rendered {
        self.render(Doc {
            subject: format!("Votre lien pour choisir un nouveau mot de passe — {}", self.shop.name),
            greeting: "Bonjour,".to_owned(),
            blocks: vec![
                Block::Para(format!(
                    "Vous avez demandé à choisir un nouveau mot de passe pour votre compte {}.",
                    self.shop.name
                )),
                Block::Button { label: "Choisir un nouveau mot de passe".to_owned(), url: link.to_owned() },
                Block::Small(format!(
                    "Ce lien ne sert qu'une fois et expire le {} (heure de Dakar). Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste le même.",
                    dakar_time(expires_at)
                )),
            ],
        })
    }

    /// To the e-mail of the account a phone names, when login codes cannot go on WhatsApp: the
    /// six digits, spaced to be read (they are typed or pasted with or without the space).
    pub fn login_code(&self, code: &str) -> Rendered {
        let spaced = if code.len() == 6 { format!("{} {}", &code[..3], &code[3..]) } else { code.to_owned() };
        self.render(Doc {
            subject: format!("Votre code de connexion {} — {}", spaced, self.shop.name),
            greeting: "Bonjour,".to_owned(),
            blocks: vec![
                Block::Para(format!("Votre code de connexion à {} : {spaced}", self.shop.name)),
                Block::Small(
                    "Il est valable 10 minutes et ne sert qu'une fois. Ne le donnez à personne : l'équipe de la boutique ne vous le demandera jamais. Si vous n'avez rien demandé, ignorez ce message."
                        .to_owned(),
                ),
            ],
        })
    }

    /// To a shopper who asked to be told: the variant has stock again. Told once: the alert is
    /// then spent.
    pub fn back_in_stock(&self, item: &BackInStock) -> Rendered {
        let variant = variant_words(&item.color, &item.size);
        self.render(Doc {
            subject: format!("{} est de retour en stock — {}", item.product_name, self.shop.name),
            greeting: "Bonjour,".to_owned(),
            blocks: vec![
                Block::Para(format!(
                    "Bonne nouvelle : {} ({variant}) est de nouveau disponible chez {}.",
                    item.product_name, self.shop.name
                )),
                Block::Para("Les quantités sont limitées : premier arrivé, premier servi.".to_owned()),
                Block::Button { label: "Voir le produit".to_owned(), url: self.product_url(&item.slug) },
                Block::Small(format!(
                    "Vous recevez ce message parce que vous avez demandé à être prévenu du retour de cet article, une seule fois. Pour ne plus recevoir ces alertes : {}",
                    self.alert_unsubscribe_url(item.token)
                )),
            ],
        })
    }
}
