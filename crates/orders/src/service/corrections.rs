//! The shop corrects an order (docs/rules.md#corrections), priced as checkout prices one: the
//! lines from the catalogue, the fee by the zone of the commune, the discount by the order's
//! code. Each correction is one write of the order as it was read (`Seen`), in its history.

use std::collections::HashMap;

use bitik_catalog::{Choice, Product, RawChoice};
use bitik_common::{Money, RawAddress, RawContact};
use uuid::Uuid;

use super::OrderService;
use crate::checkout::{self, RawPlace, Totals};
use crate::corrections::{
    OrderCorrections, Repriced, Seen, check_delivery_correctable, check_items_correctable, check_switch_to_cash,
    lines_changed, money_note, payment_status_for,
};
use crate::delivery::Destination;
use crate::error::OrderError;
use crate::model::{Actor, Order, OrderLine, PaymentMethod, ShippingInfo, StatusChange};
use crate::ports::Transition;
use crate::promo::{PromoLine, rules::requote};
use crate::shipping::ShippingMethod;

impl OrderService {
    /// Staff correct the delivery details of an order that has not left (the checkout's
    /// delivery form, checked by its rules): its fee is the new commune's zone's for its method
    /// and lines, and a paid order keeps what was paid.
    pub async fn correct_delivery(
        &self,
        actor: &Actor,
        id: Uuid,
        contact: RawContact,
        address: RawAddress,
        place: RawPlace,
    ) -> Result<Order, OrderError> {
        let order = self.admin_order(id).await?;
        check_delivery_correctable(&order)?;
        let method = order.shipping_method;
        let recipient = checkout::recipient(&contact, &address, &place, method != ShippingMethod::Pickup)?;
        let destination = self.destination(method, recipient.commune.as_deref()).await?;
        destination.check(method, order.payment_method)?;
        if order.payment_method == PaymentMethod::CashOnDelivery
            && recipient.contact.phone.as_str() != order.shipping.phone
        {
            self.check_cash_on_delivery(recipient.contact.phone.as_str()).await?;
        }
        let shipping = ShippingInfo::from(recipient).delivered_to(&destination);
        let fee = destination.fee_for(method, order.subtotal)?;
        let totals = Totals { shipping_cost: fee, ..Totals::of(&order) }.discounted(order.discount)?;
        let mut note = "Informations de livraison corrigées".to_owned();
        if fee != order.shipping_cost {
            note.push_str(&format!(" : livraison {} → {}", order.shipping_cost, fee));
        }
        let entry = self.correction_entry(actor, &order, note, totals.total);
        let prices = repriced(&order, totals);
        self.applied(self.corrections()?.correct_delivery(id, Seen::of(&order), shipping, prices, entry).await)
    }

    /// Staff replace the lines of an order not in preparation yet: `items` is the whole new
    /// list. A line kept (same product, colour and size) keeps the price it was sold at; a new
    /// one is priced from the catalogue now. Units move by the difference, atomically.
    pub async fn correct_items(&self, actor: &Actor, id: Uuid, items: &[RawChoice]) -> Result<Order, OrderError> {
        let order = self.admin_order(id).await?;
        check_items_correctable(&order)?;
        let choices = checkout::choices(items)?;
        let products = self.products_of(choices.iter().map(|c| c.product_id).collect()).await?;
        let lines = corrected_lines(&order.lines, &choices, &products)?;
        let subtotal = Money::sum(lines.iter().map(OrderLine::total))?;
        let fee = match self.destination_of(&order).await? {
            Some(destination) => destination.fee_for(order.shipping_method, subtotal)?,
            // Placed before delivery zones: its fee stays the one it was charged.
            None => order.shipping_cost,
        };
        let discount = self.discount_on(&order, &lines, &products).await?;
        let totals =
            Totals { subtotal, shipping_cost: fee, discount: Money::ZERO, total: Money::ZERO }.discounted(discount)?;
        let entry = self.correction_entry(actor, &order, lines_changed(&order.lines, &lines), totals.total);
        let prices = repriced(&order, totals);
        let written = self.corrections()?.replace_lines(id, Seen::of(&order), lines, prices, entry).await;
        match written.map_err(OrderError::repository)? {
            Transition::OutOfStock { product_id, color, size, available } => {
                let name = products.get(&product_id).map(|p| p.name.clone()).unwrap_or_default();
                Err(OrderError::OutOfStock { name, color, size, available })
            }
            other => self.applied(Ok(other)),
        }
    }

    /// An unpaid Wave order becomes one paid at the door, where its zone takes cash and its
    /// phone may, and then waits for its confirmation like any cash order. `owner`: the
    /// customer asking (another's order is missing); `None`: the shop.
    pub async fn switch_to_cash(&self, actor: &Actor, id: Uuid, owner: Option<Uuid>) -> Result<Order, OrderError> {
        let order = self.admin_order(id).await?;
        if owner.is_some_and(|user| user != order.user_id) {
            return Err(OrderError::NotFound);
        }
        check_switch_to_cash(&order)?;
        if let Some(destination) = self.destination_of(&order).await? {
            destination.check(order.shipping_method, PaymentMethod::CashOnDelivery)?;
        }
        self.check_cash_on_delivery(&order.shipping.phone).await?;
        let note = "Mode de paiement changé : paiement à la livraison";
        let entry = StatusChange::new(order.status, note, actor, (self.clock)()).visible_note(true);
        match self.corrections()?.switch_to_cash(id, entry).await.map_err(OrderError::repository)? {
            Transition::Applied(order) => Ok(*order),
            // Paid or cancelled meanwhile.
            _ => Err(OrderError::NotSwitchableToCash),
        }
    }

    fn corrections(&self) -> Result<&dyn OrderCorrections, OrderError> {
        self.corrections.as_deref().ok_or_else(|| OrderError::repository("corrections are not wired"))
    }

    fn applied(&self, written: Result<Transition, bitik_common::BoxError>) -> Result<Order, OrderError> {
        match written.map_err(OrderError::repository)? {
            Transition::Applied(order) => Ok(*order),
            Transition::Stale | Transition::OutOfStock { .. } => Err(OrderError::Concurrent),
        }
    }

    /// The history entry of a correction, by its author, read by the customer, with what is
    /// left to settle when the order was paid.
    fn correction_entry(&self, actor: &Actor, order: &Order, what: String, total: Money) -> StatusChange {
        let note = match money_note(order.amount_paid, total) {
            Some(money) => format!("{what} ; {money}"),
            None => what,
        };
        StatusChange::new(order.status, note, actor, (self.clock)()).visible_note(true)
    }

    /// Where the order goes, as its zone is now, inactive or not: it was placed there. `None`
    /// for an order placed before delivery zones.
    async fn destination_of(&self, order: &Order) -> Result<Option<Destination>, OrderError> {
        if order.shipping_method == ShippingMethod::Pickup {
            return Ok(Some(Destination::Pickup));
        }
        if order.shipping.commune_code.is_empty() {
            return Ok(None);
        }
        let found = self.zones.find_by_commune(&order.shipping.commune_code).await.map_err(OrderError::repository)?;
        Ok(found.map(|(zone, commune)| Destination::Commune { zone: Box::new(zone), commune }))
    }

    /// What the order's code takes off its corrected lines (its use is the order's already).
    async fn discount_on(
        &self,
        order: &Order,
        lines: &[OrderLine],
        products: &HashMap<Uuid, Product>,
    ) -> Result<Money, OrderError> {
        let Some(typed) = order.promo_code.as_deref() else { return Ok(Money::ZERO) };
        let Some(promos) = &self.promos else { return Ok(order.discount) };
        let found = promos.find_with_usage(typed, order.user_id).await.map_err(OrderError::repository)?;
        // A code deleted since: the discount the order was placed with stays, never more.
        let Some((code, _)) = found else {
            return Ok(order.discount.min(Money::sum(lines.iter().map(OrderLine::total))?));
        };
        let promo_lines = lines
            .iter()
            .map(|line| {
                let on_promotion =
                    products.get(&line.product_id).is_some_and(|p| p.on_promotion && p.promo_price.is_some());
                Ok(PromoLine { amount: line.total()?, on_promotion })
            })
            .collect::<Result<Vec<_>, OrderError>>()?;
        Ok(requote(&code, &promo_lines))
    }
}

/// The new lines: a variant the order already holds keeps its line (name, picture, price), at
/// the new quantity; another is priced from the catalogue now, as checkout would.
fn corrected_lines(
    kept: &[OrderLine],
    choices: &[Choice],
    products: &HashMap<Uuid, Product>,
) -> Result<Vec<OrderLine>, OrderError> {
    let mut lines = Vec::with_capacity(choices.len());
    for choice in choices {
        let same = kept.iter().find(|line| {
            line.product_id == choice.product_id
                && line.color.eq_ignore_ascii_case(&choice.color)
                && line.size.eq_ignore_ascii_case(&choice.size)
        });
        match same {
            Some(line) => lines.push(OrderLine { quantity: choice.quantity, ..line.clone() }),
            None => lines.extend(checkout::lines(std::slice::from_ref(choice), products)?),
        }
    }
    Ok(lines)
}

fn repriced(order: &Order, totals: Totals) -> Repriced {
    Repriced { totals, payment_status: payment_status_for(order.payment_status, order.amount_paid, totals.total) }
}

impl Totals {
    /// The order's own totals, as it was priced.
    fn of(order: &Order) -> Self {
        Totals {
            subtotal: order.subtotal,
            shipping_cost: order.shipping_cost,
            discount: order.discount,
            total: order.total,
        }
    }
}
