use bitik_common::{BoxError, FieldErrors};
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// A form's problems: field name (as the API spells it) → French message.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<&'static str, String> },
    #[error("Votre panier est vide. Impossible de créer une commande.")]
    EmptyOrder,
    #[error("Votre commande contient trop d'articles différents.")]
    TooManyLines,
    #[error(transparent)]
    Choice(#[from] bitik_catalog::ChoiceError),
    #[error("Le produit demandé n'est plus disponible.")]
    ProductUnavailable,
    #[error("{name} n'existe pas dans cette taille ou cette couleur.")]
    UnknownVariant { name: String },
    #[error("Stock insuffisant pour {name} ({color}, {size}). Seulement {available} disponible(s).")]
    OutOfStock { name: String, color: String, size: String, available: u32 },
    /// « Montant trop élevé. »: a line or the total past what an amount can hold.
    #[error(transparent)]
    AmountTooLarge(#[from] bitik_common::AmountTooLarge),
    /// The account already holds [`crate::MAX_OPEN_UNPAID_ORDERS`] orders awaiting payment.
    #[error(
        "Vous avez déjà {limit} commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle."
    )]
    TooManyOpenOrders { limit: u32 },
    /// The phone of the delivery form already has that many, whatever the accounts that used it.
    #[error(
        "Ce numéro de téléphone a déjà {limit} commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle."
    )]
    TooManyOpenOrdersForPhone { limit: u32 },
    #[error("Commande introuvable")]
    NotFound,
    #[error("Cette commande ne peut plus être annulée.")]
    CannotCancel,
    #[error("La commande a déjà ce statut.")]
    SameStatus,
    #[error("Statut de commande inconnu.")]
    UnknownStatus,
    #[error(
        "Impossible de rouvrir cette commande : stock insuffisant pour {name} ({color}, {size}), {available} disponible(s)."
    )]
    ReopenOutOfStock { name: String, color: String, size: String, available: u32 },
    #[error("Seules les commandes payables à la livraison s'encaissent ici.")]
    NotCashOnDelivery,
    #[error("Cette commande est déjà payée.")]
    AlreadyPaid,
    #[error("Une commande annulée ne peut pas être encaissée.")]
    CancelledOrder,
    /// Corrections (docs/rules.md#corrections).
    #[error("Cette commande est déjà partie : ses informations de livraison ne se corrigent plus.")]
    DeliveryNotCorrectable,
    #[error("Les articles d'une commande en préparation ne se modifient plus.")]
    ItemsNotCorrectable,
    #[error("Seule une commande Wave en attente et non payée peut passer au paiement à la livraison.")]
    NotSwitchableToCash,
    #[error("La facture est disponible une fois la commande payée ou livrée.")]
    NotInvoiceable,
    /// Cash is handed over at the door: it is received once the order is delivered.
    #[error("Le paiement à la livraison s'encaisse une fois la commande livrée.")]
    NotDelivered,
    #[error("La commande a été modifiée entre-temps. Veuillez réessayer.")]
    Concurrent,
    // Cash on delivery (docs/rules.md#cash-on-delivery).
    #[error("Le paiement à la livraison n'est plus proposé pour ce numéro. Payez avec Wave pour commander.")]
    CashOnDeliveryRefused,
    #[error("État de confirmation inconnu (confirmed, no_answer ou wrong_number).")]
    UnknownConfirmation,
    #[error("Seules les commandes payables à la livraison se confirment.")]
    NoConfirmation,
    #[error("Cette commande est déjà confirmée.")]
    AlreadyConfirmed,
    #[error("Cette commande ne peut plus être confirmée.")]
    NotConfirmable,
    #[error("Cette commande doit d'abord être confirmée par le client.")]
    NotConfirmed,
    #[error("Ce lien de confirmation n'est pas valide.")]
    InvalidConfirmationLink,
    #[error("Ce lien de confirmation a déjà servi.")]
    ConfirmationLinkUsed,
    #[error("Seule une commande expédiée peut être refusée à la livraison.")]
    RefusalNeedsShipping,
    #[error("Ce colis refusé est revenu à la boutique : la commande ne change plus de statut.")]
    ReturnedOrderClosed,
    #[error("Seule une commande refusée à la livraison peut être marquée retournée.")]
    NotRefused,
    #[error("Ce colis est déjà marqué retourné à la boutique.")]
    AlreadyReturned,
    #[error("Le livreur s'indique sur une commande expédiée.")]
    CourierNeedsShipping,
    /// One order of a batch (a courier's round) cannot be marked paid: nothing was.
    #[error("Commande {number} : {reason} Aucune commande n'a été marquée payée.")]
    InBatch { number: String, reason: Box<OrderError> },
    #[error("Commande introuvable : {id}. Aucune commande n'a été marquée payée.")]
    UnknownInBatch { id: uuid::Uuid },
    /// The promo code of the checkout does not apply (docs/rules.md#promo-codes).
    #[error(transparent)]
    Promo(#[from] crate::promo::PromoRefusal),
    #[error("order storage failed")]
    Repository(#[source] BoxError),
}

impl OrderError {
    /// A form's problems: a required field left out is summed up as one sentence, otherwise
    /// the first problem found is the message.
    pub fn validation(errors: FieldErrors) -> Self {
        let message = match errors.missing_fields().next() {
            Some(_) => "Veuillez remplir tous les champs obligatoires".to_owned(),
            None => errors.first_message().unwrap_or_default().to_owned(),
        };
        OrderError::Validation { message, fields: errors.into_map() }
    }

    pub(crate) fn invalid(field: &'static str, message: &str) -> Self {
        Self::validation(FieldErrors::of(field, message))
    }

    pub(crate) fn in_batch(order: &crate::model::Order, reason: OrderError) -> Self {
        OrderError::InBatch { number: order.order_number.clone(), reason: Box::new(reason) }
    }

    pub(crate) fn repository(error: impl Into<BoxError>) -> Self {
        OrderError::Repository(error.into())
    }
}
