use std::sync::Arc;

use bitik_common::{FieldErrors, Phone};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::confirmation::{Confirmation, ConfirmationAttempt};
use super::courier::Courier;
use super::link::ConfirmationLinks;
use super::phone_record::{PhoneOverride, PhoneRecord};
use super::ports::{CashOnDeliveryRepository, PhoneRecords};
use super::quick_reply::{ButtonAnswer, QuickReply};
use super::rules::{check_confirmable, expired};
use crate::error::OrderError;
use crate::model::{Actor, Order, OrderStatus, StatusChange};
use crate::ports::OrderRepository;

/// Unconfirmed orders looked at by one pass of the expiry sweep.
const SWEEP_BATCH: u32 = 50;
/// Longest note of an admin's decision about a phone, in characters.
const MAX_PHONE_NOTE: usize = 500;
/// As the order history shows the shop's own tasks.
const BY_SYSTEM: &str = "Système";

/// The shop's settings of cash on delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodSettings {
    /// An order not confirmed this many hours after it was placed is cancelled (`COD_CONFIRM_HOURS`).
    pub confirm_hours: u32,
    /// From this many parcels refused at the door, a phone may no longer pay on delivery
    /// (`COD_MAX_REFUSALS`).
    pub max_refusals: u32,
}

impl Default for CodSettings {
    fn default() -> Self {
        CodSettings { confirm_hours: 24, max_refusals: 2 }
    }
}

/// What one pass of the expiry of unconfirmed orders did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpiryReport {
    pub cancelled: u32,
    /// Confirmed or changed meanwhile, or failed.
    pub skipped: u32,
    /// What failed, for the logs.
    pub errors: Vec<String>,
}

/// A phone's record as the back office shows it: with what the rule makes of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneView {
    pub record: PhoneRecord,
    /// Whether checkout offers cash on delivery to this phone now.
    pub cash_on_delivery: bool,
    pub max_refusals: u32,
}

/// Confirming cash-on-delivery orders, their expiry, refused parcels back at the shop, couriers
/// and phones' records (docs/rules.md#cash-on-delivery).
pub struct CashOnDeliveryService {
    orders: Arc<dyn OrderRepository>,
    cod: Arc<dyn CashOnDeliveryRepository>,
    phones: Arc<dyn PhoneRecords>,
    links: ConfirmationLinks,
    settings: CodSettings,
    clock: fn() -> DateTime<Utc>,
}

impl CashOnDeliveryService {
    pub fn new(
        orders: Arc<dyn OrderRepository>,
        cod: Arc<dyn CashOnDeliveryRepository>,
        phones: Arc<dyn PhoneRecords>,
        links: ConfirmationLinks,
        settings: CodSettings,
    ) -> Self {
        Self { orders, cod, phones, links, settings, clock: Utc::now }
    }

    /// With a fixed clock, for tests of what depends on the time.
    pub fn with_clock(mut self, clock: fn() -> DateTime<Utc>) -> Self {
        self.clock = clock;
        self
    }

    pub fn settings(&self) -> CodSettings {
        self.settings
    }

    // Confirmation -------------------------------------------------------------------------

    /// What the admin's call gave: `confirmed`, `no_answer` or `wrong_number`. Each report is
    /// kept with its time and author; a confirmation goes in the history too.
    pub async fn report_call(&self, actor: &Actor, id: Uuid, outcome: &str) -> Result<Order, OrderError> {
        let outcome = Confirmation::outcome(outcome)?;
        let order = self.find(id).await?;
        check_confirmable(&order)?.state.after(outcome)?;
        let at = self.now();
        let attempt = ConfirmationAttempt { outcome, by: actor.label.clone(), by_user: actor.user_id, at };
        let entry = (outcome == Confirmation::Confirmed)
            .then(|| StatusChange::new(order.status, "Commande confirmée par téléphone", actor, at).visible_note(true));
        self.record(order.id, attempt, entry, false).await
    }

    /// The logged-in customer confirms their own order.
    pub async fn confirm_by_customer(&self, user_id: Uuid, id: Uuid) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        if order.user_id != user_id {
            return Err(OrderError::NotFound);
        }
        check_confirmable(&order)?;
        let customer = Actor::customer(user_id);
        self.confirm_for_customer(&order, customer, "Commande confirmée par le client", false).await
    }

    /// Whoever holds the order's signed link confirms it, once.
    pub async fn confirm_by_link(&self, token: &str) -> Result<Order, OrderError> {
        self.confirm_by_token(token, "Commande confirmée par le client (lien de confirmation)").await
    }

    /// A tap on a button of the confirmation's WhatsApp message, from the phone `from`:
    /// « Je confirme » confirms the order by the rule and the single-use record of its signed
    /// link; « Annuler » cancels it while it awaits its confirmation, its stock returned. A tap
    /// that comes late, twice, or from another phone changes nothing and says why.
    pub async fn answer_button(&self, payload: &str, from: &Phone) -> Result<ButtonAnswer, OrderError> {
        let Some((reply, token)) = QuickReply::parse(payload) else { return Ok(ButtonAnswer::Unknown) };
        let order = match self.order_of_link(token).await {
            Ok(order) => order,
            Err(OrderError::InvalidConfirmationLink) => return Ok(ButtonAnswer::Unknown),
            Err(error) => return Err(error),
        };
        if Phone::parse(&order.shipping.phone).ok().as_ref() != Some(from) {
            return Ok(ButtonAnswer::Unknown);
        }
        let done = match reply {
            QuickReply::Confirm => self
                .confirm_by_token(token, "Commande confirmée par le client (WhatsApp)")
                .await
                .map(ButtonAnswer::Confirmed),
            QuickReply::Cancel => self.cancel_by_button(&order).await.map(ButtonAnswer::Cancelled),
        };
        match done {
            Err(
                why @ (OrderError::AlreadyConfirmed
                | OrderError::ConfirmationLinkUsed
                | OrderError::NotConfirmable
                | OrderError::NoConfirmation),
            ) => {
                let already_confirmed = matches!(why, OrderError::AlreadyConfirmed | OrderError::ConfirmationLinkUsed);
                Ok(ButtonAnswer::Unchanged { order: self.find(order.id).await?, already_confirmed })
            }
            other => other,
        }
    }

    async fn cancel_by_button(&self, order: &Order) -> Result<Order, OrderError> {
        check_confirmable(order)?;
        let now = self.now();
        let change =
            StatusChange::new(OrderStatus::Cancelled, "Annulée par le client (WhatsApp)", &Actor::link_holder(), now);
        // Any order still awaiting its confirmation, however recent.
        let asked_before = now + chrono::Duration::seconds(1);
        if self.cod.cancel_unconfirmed(order.id, asked_before, change).await.map_err(OrderError::repository)? {
            return self.find(order.id).await;
        }
        let order = self.find(order.id).await?;
        Err(check_confirmable(&order).err().unwrap_or(OrderError::NotConfirmable))
    }

    async fn confirm_by_token(&self, token: &str, note: &str) -> Result<Order, OrderError> {
        let id = self.links.order_of(token).ok_or(OrderError::InvalidConfirmationLink)?;
        let order = self.orders.find(id).await.map_err(OrderError::repository)?;
        let order = order.ok_or(OrderError::InvalidConfirmationLink)?;
        if order.confirmation.as_ref().is_some_and(|c| c.link_used_at.is_some()) {
            return Err(OrderError::ConfirmationLinkUsed);
        }
        check_confirmable(&order)?;
        self.confirm_for_customer(&order, Actor::link_holder(), note, true).await
    }

    /// The order a signed link names, for its page to say where it stands before anyone taps:
    /// a link of another shop, or of no order, is refused as a confirmation would be.
    pub async fn order_of_link(&self, token: &str) -> Result<Order, OrderError> {
        let id = self.links.order_of(token).ok_or(OrderError::InvalidConfirmationLink)?;
        let order = self.orders.find(id).await.map_err(OrderError::repository)?;
        order.ok_or(OrderError::InvalidConfirmationLink)
    }

    /// The signed link to send the customer, while the order waits for its confirmation.
    pub fn confirmation_link(&self, order: &Order) -> Option<String> {
        let waiting = check_confirmable(order).ok()?;
        waiting.link_used_at.is_none().then(|| self.links.link_for(order.id))
    }

    async fn confirm_for_customer(
        &self,
        order: &Order,
        by: Actor,
        note: &str,
        by_link: bool,
    ) -> Result<Order, OrderError> {
        let at = self.now();
        let attempt =
            ConfirmationAttempt { outcome: Confirmation::Confirmed, by: by.label.clone(), by_user: by.user_id, at };
        let entry = StatusChange::new(order.status, note, &by, at);
        self.record(order.id, attempt, Some(entry), by_link).await
    }

    async fn record(
        &self,
        id: Uuid,
        attempt: ConfirmationAttempt,
        entry: Option<StatusChange>,
        by_link: bool,
    ) -> Result<Order, OrderError> {
        match self.cod.record_attempt(id, attempt, entry, by_link).await.map_err(OrderError::repository)? {
            Some(order) => Ok(order),
            // Confirmed, cancelled or its link used meanwhile: say which.
            None => {
                let order = self.find(id).await?;
                if by_link && order.confirmation.as_ref().is_some_and(|c| c.link_used_at.is_some()) {
                    return Err(OrderError::ConfirmationLinkUsed);
                }
                Err(check_confirmable(&order).err().unwrap_or(OrderError::Concurrent))
            }
        }
    }

    // Expiry -------------------------------------------------------------------------------

    /// Cancels, with their stock returned, the orders nobody confirmed within the shop's hours.
    /// An order confirmed meanwhile stays, whichever of the two gets there first.
    pub async fn expire_unconfirmed(&self) -> Result<ExpiryReport, OrderError> {
        let now = self.now();
        let hours = self.settings.confirm_hours;
        let cutoff = now - chrono::Duration::hours(i64::from(hours));
        let ids = self.cod.unconfirmed_before(cutoff, SWEEP_BATCH).await.map_err(OrderError::repository)?;
        let mut report = ExpiryReport::default();
        for id in ids {
            match self.expire(id, cutoff, now, hours).await {
                Ok(true) => report.cancelled += 1,
                Ok(false) => report.skipped += 1,
                Err(error) => {
                    report.skipped += 1;
                    report.errors.push(format!("order {id}: {error:?}"));
                }
            }
        }
        Ok(report)
    }

    async fn expire(
        &self,
        id: Uuid,
        cutoff: DateTime<Utc>,
        now: DateTime<Utc>,
        hours: u32,
    ) -> Result<bool, OrderError> {
        let Some(order) = self.orders.find(id).await.map_err(OrderError::repository)? else { return Ok(false) };
        if !expired(&order, now, hours) {
            return Ok(false);
        }
        let note = format!("Annulée : non confirmée sous {hours} h");
        let change = StatusChange::new(OrderStatus::Cancelled, note, &Actor::system(BY_SYSTEM), now);
        self.cod.cancel_unconfirmed(id, cutoff, change).await.map_err(OrderError::repository)
    }

    // Delivery outcomes --------------------------------------------------------------------

    /// The refused parcel is back at the shop: its units go back to stock, once.
    pub async fn mark_returned(&self, actor: &Actor, id: Uuid) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        returnable(&order)?;
        let note = "Colis revenu à la boutique : articles remis en stock";
        let entry = StatusChange::new(OrderStatus::Refused, note, actor, self.now()).visible_note(true);
        match self.cod.mark_returned(id, entry).await.map_err(OrderError::repository)? {
            Some(order) => Ok(order),
            None => Err(returnable(&self.find(id).await?).err().unwrap_or(OrderError::Concurrent)),
        }
    }

    /// Who carries the shipped parcel; both blank clears it.
    pub async fn set_courier(&self, id: Uuid, name: &str, phone: &str) -> Result<Order, OrderError> {
        self.carry(id, Courier::parse(name, phone)?).await
    }

    /// Gives a shipped parcel to a courier of the team (`Courier::of_account`): it is then among
    /// their orders.
    pub async fn assign_courier(&self, id: Uuid, courier: Courier) -> Result<Order, OrderError> {
        self.carry(id, Some(courier)).await
    }

    /// The orders given to the courier `account` to deliver now (processing or shipped), and
    /// one of theirs; another courier's is not found.
    pub async fn courier_orders(&self, account: Uuid) -> Result<Vec<Order>, OrderError> {
        self.cod.carried_by(account).await.map_err(OrderError::repository)
    }

    pub async fn courier_order(&self, account: Uuid, id: Uuid) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        match &order.courier {
            Some(courier) if courier.account == Some(account) => Ok(order),
            _ => Err(OrderError::NotFound),
        }
    }

    async fn carry(&self, id: Uuid, courier: Option<Courier>) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        if order.status != OrderStatus::Shipped {
            return Err(OrderError::CourierNeedsShipping);
        }
        match self.cod.set_courier(id, courier).await.map_err(OrderError::repository)? {
            Some(order) => Ok(order),
            None => Err(OrderError::CourierNeedsShipping),
        }
    }

    // Phones -------------------------------------------------------------------------------

    pub async fn phone_record(&self, phone: &str) -> Result<PhoneView, OrderError> {
        let phone = phone_of(phone)?;
        let record = self.phones.record(phone.as_str()).await.map_err(OrderError::repository)?;
        Ok(self.view(record))
    }

    /// An admin lifts the refusal rule for a phone (`Some(true)`), blocks it from cash on
    /// delivery (`Some(false)`), or lets the rule decide again (`None`). A decision needs its
    /// reason.
    pub async fn decide_for_phone(
        &self,
        actor: &Actor,
        phone: &str,
        cod_allowed: Option<bool>,
        note: &str,
    ) -> Result<PhoneView, OrderError> {
        let phone = phone_of(phone)?;
        let note = note.trim();
        let mut errors = FieldErrors::default();
        if cod_allowed.is_some() && note.is_empty() {
            errors.fail("note", "Indiquez la raison de cette décision.");
        }
        errors.max_chars_worded("note", note, MAX_PHONE_NOTE, "La note ne peut pas dépasser 500 caractères");
        errors.finish(OrderError::validation)?;
        let decision = PhoneOverride {
            cod_allowed,
            note: note.to_owned(),
            by: actor.label.clone(),
            by_user: actor.user_id,
            at: self.now(),
        };
        let record = self.phones.set_override(phone.as_str(), decision).await.map_err(OrderError::repository)?;
        Ok(self.view(record))
    }

    fn view(&self, record: PhoneRecord) -> PhoneView {
        let max_refusals = self.settings.max_refusals;
        PhoneView { cash_on_delivery: record.cash_on_delivery_allowed(max_refusals), record, max_refusals }
    }

    async fn find(&self, id: Uuid) -> Result<Order, OrderError> {
        self.orders.find(id).await.map_err(OrderError::repository)?.ok_or(OrderError::NotFound)
    }

    fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }
}

/// A refused parcel not yet marked back at the shop.
fn returnable(order: &Order) -> Result<(), OrderError> {
    if order.status != OrderStatus::Refused {
        return Err(OrderError::NotRefused);
    }
    if order.returned_at.is_some() {
        return Err(OrderError::AlreadyReturned);
    }
    Ok(())
}

fn phone_of(raw: &str) -> Result<Phone, OrderError> {
    Phone::parse(raw).map_err(|_| OrderError::invalid("phone", Phone::INVALID))
}
