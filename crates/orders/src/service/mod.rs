mod corrections;

use std::collections::HashMap;
use std::sync::Arc;

use bitik_catalog::{Product, ProductRepository};
use bitik_common::{FieldErrors, Page, PageRequest, Shop};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::admin::{ADMIN_PAGE_SIZE, AdminOrderFilter, AdminOrderQuery, AdminSort};
use crate::cash_on_delivery::PhoneRecords;
use crate::channel::SalesChannel;
use crate::checkout::{self, CheckoutRequest, UNKNOWN_COMMUNE};
use crate::corrections::OrderCorrections;
use crate::delivery::{Destination, ZoneRepository};
use crate::error::OrderError;
use crate::invoice::{Invoice, InvoiceRepository, check_invoiceable, content_of};
use crate::model::{Actor, NewOrder, Order, OrderStatus, PaymentMethod, ShippingInfo, StatusChange};
use crate::number::order_number;
use crate::open_orders::{MAX_OPEN_UNPAID_ORDERS, OpenOrdersOf};
use crate::order_link::OrderLinks;
use crate::ports::{BatchPayment, OrderRepository, PlaceError, Transition};
use crate::promo::service::{FoundError, find_and_quote};
use crate::promo::{AppliedPromo, PromoCode, PromoCodeRepository, PromoLine, PromoRefusal, Quote};
use crate::rules;
use crate::shipping::ShippingMethod;
use crate::stats::{OrderDashboard, RECENT_ORDERS, SALES_DAYS, TOP_PRODUCTS};

/// Customers' order pages hold at most this many orders.
pub const MAX_PAGE_SIZE: u32 = 50;
/// Orders marked paid by one « Paiement reçu » at most (a courier's round is far fewer).
pub const MAX_CASH_BATCH: usize = 100;
/// Longest tracking note, in characters (the column's limit too).
pub const MAX_TRACKING_NOTE: usize = 500;
/// Longest note of a status change, in characters.
const MAX_STATUS_NOTE: usize = 500;

pub struct OrderService {
    orders: Arc<dyn OrderRepository>,
    products: Arc<dyn ProductRepository>,
    zones: Arc<dyn ZoneRepository>,
    clock: fn() -> DateTime<Utc>,
    /// Phones' records and the refusals from which a phone may no longer pay on delivery;
    /// without them checkout asks nothing of the phone.
    phones: Option<(Arc<dyn PhoneRecords>, u32)>,
    /// The promo codes a checkout may name; without them every code is unknown.
    promos: Option<Arc<dyn PromoCodeRepository>>,
    /// The writes of the shop's corrections of an order (`crate::corrections`).
    corrections: Option<Arc<dyn OrderCorrections>>,
    /// Where invoices are numbered and kept (`crate::invoice`).
    invoices: Option<Arc<dyn InvoiceRepository>>,
    /// The keys of the orders' own links (`crate::order_link`); without them no key opens one.
    links: Option<OrderLinks>,
}

impl OrderService {
    pub fn new(
        orders: Arc<dyn OrderRepository>,
        products: Arc<dyn ProductRepository>,
        zones: Arc<dyn ZoneRepository>,
    ) -> Self {
        Self::with_clock(orders, products, zones, Utc::now)
    }

    /// Checkout refuses cash on delivery to a phone with `max_refusals` parcels refused at the
    /// door, unless an admin decided otherwise (docs/rules.md#cash-on-delivery).
    pub fn with_phone_records(mut self, phones: Arc<dyn PhoneRecords>, max_refusals: u32) -> Self {
        self.phones = Some((phones, max_refusals));
        self
    }

    /// With a fixed clock, for tests of what depends on the date.
    pub fn with_clock(
        orders: Arc<dyn OrderRepository>,
        products: Arc<dyn ProductRepository>,
        zones: Arc<dyn ZoneRepository>,
        clock: fn() -> DateTime<Utc>,
    ) -> Self {
        Self {
            orders,
            products,
            zones,
            clock,
            phones: None,
            promos: None,
            corrections: None,
            invoices: None,
            links: None,
        }
    }

    /// Each order gets its own link, whose key opens its page without logging in.
    pub fn with_links(mut self, links: OrderLinks) -> Self {
        self.links = Some(links);
        self
    }

    /// The order's own link (`None` without keys).
    pub fn url_of(&self, order_id: Uuid) -> Option<String> {
        self.links.as_ref().map(|links| links.url_for(order_id))
    }

    /// The order its own key opens: a wrong key, or another order's, answers as a missing order.
    pub async fn order_by_key(&self, order_id: Uuid, key: &str) -> Result<Order, OrderError> {
        if !self.links.as_ref().is_some_and(|links| links.opens(order_id, key)) {
            return Err(OrderError::NotFound);
        }
        self.orders.find(order_id).await.map_err(OrderError::repository)?.ok_or(OrderError::NotFound)
    }

    /// Orders get their invoices (docs/rules.md#invoices) from this store.
    pub fn with_invoices(mut self, invoices: Arc<dyn InvoiceRepository>) -> Self {
        self.invoices = Some(invoices);
        self
    }

    /// The order's invoice, issued now if it has none yet: once the sale is made, sold by
    /// `shop` (its name, address and legal identifiers as they are when it is issued).
    pub async fn invoice_of(&self, order: &Order, shop: &Shop) -> Result<Invoice, OrderError> {
        check_invoiceable(order)?;
        let invoices = self.invoices.as_deref().ok_or_else(|| OrderError::repository("invoices are not wired"))?;
        if let Some(issued) = invoices.find(order.id).await.map_err(OrderError::repository)? {
            return Ok(issued);
        }
        let content = content_of(order, shop)?;
        invoices.issue(order.id, content, (self.clock)()).await.map_err(OrderError::repository)
    }

    /// Staff may correct orders (docs/rules.md#corrections) through these writes.
    pub fn with_corrections(mut self, corrections: Arc<dyn OrderCorrections>) -> Self {
        self.corrections = Some(corrections);
        self
    }

    /// Checkout takes a promo code of these (docs/rules.md#promo-codes).
    pub fn with_promo_codes(mut self, promos: Arc<dyn PromoCodeRepository>) -> Self {
        self.promos = Some(promos);
        self
    }

    /// Places an order priced by the server, its delivery fee by the zone of its commune, unless
    /// its customer or its phone already holds [`MAX_OPEN_UNPAID_ORDERS`] orders awaiting payment.
    /// A repeated submission with the same idempotency key answers the first order.
    pub async fn place(&self, user_id: Uuid, request: CheckoutRequest) -> Result<Order, OrderError> {
        self.place_for(user_id, request, true).await
    }

    /// The same for a shopper who did not log in, as the customer of the phone's account
    /// (`bitik_identity::AccountService::customer_of_phone`): the same rules and caps, but the
    /// cart was the browser's, so the account's own cart stays as it is.
    pub async fn place_without_login(&self, user_id: Uuid, request: CheckoutRequest) -> Result<Order, OrderError> {
        self.place_for(user_id, request, false).await
    }

    async fn place_for(&self, user_id: Uuid, request: CheckoutRequest, from_cart: bool) -> Result<Order, OrderError> {
        let CheckoutRequest {
            choices,
            recipient,
            shipping_method,
            payment_method,
            idempotency_key,
            promo_code,
            source,
        } = request;
        let key = idempotency_key.as_deref();
        if let Some(key) = key
            && let Some(first) =
                self.orders.find_by_idempotency_key(user_id, key).await.map_err(OrderError::repository)?
        {
            return Ok(first);
        }
        let destination = self.destination(shipping_method, recipient.commune.as_deref()).await?;
        destination.check(shipping_method, payment_method)?;
        if payment_method == PaymentMethod::CashOnDelivery {
            self.check_cash_on_delivery(recipient.contact.phone.as_str()).await?;
        }
        let shipping = ShippingInfo::from(recipient).delivered_to(&destination);
        let products = self.products_of(choices.iter().map(|c| c.product_id).collect()).await?;
        let lines = checkout::lines(&choices, &products)?;
        let totals = checkout::totals(&lines, shipping_method, &destination)?;
        let now = (self.clock)();
        let (totals, promo) = match promo_code.as_deref() {
            Some(typed) => {
                let promo_lines = checkout::promo_lines(&lines, &products)?;
                let (code, quote) = self.promo_quote(user_id, typed, &promo_lines, now).await?;
                (totals.discounted(quote.discount)?, Some(AppliedPromo::from(&code)))
            }
            None => (totals, None),
        };
        let first = StatusChange::new(OrderStatus::Pending, "Commande créée", &Actor::customer(user_id), now);
        let mut attempts = 0;
        loop {
            let order = NewOrder {
                order_number: order_number(now, rand::random::<u16>()),
                user_id,
                lines: lines.clone(),
                subtotal: totals.subtotal,
                shipping_cost: totals.shipping_cost,
                discount: totals.discount,
                total: totals.total,
                shipping: shipping.clone(),
                shipping_method,
                payment_method,
                idempotency_key: key.map(str::to_owned),
                from_cart,
                promo: promo.clone(),
                channel: SalesChannel::Web,
                source: source.clone(),
            };
            match self.orders.place(order, first.clone(), Some(MAX_OPEN_UNPAID_ORDERS)).await {
                Ok(order) => return Ok(order),
                Err(PlaceError::NumberTaken) if attempts < 5 => attempts += 1,
                Err(PlaceError::KeyUsed) => {
                    // The same submission won a race with this one: answer its order.
                    let key = key.unwrap_or_default();
                    let first =
                        self.orders.find_by_idempotency_key(user_id, key).await.map_err(OrderError::repository)?;
                    return first.ok_or(OrderError::Concurrent);
                }
                Err(
                    refused @ (PlaceError::TooManyOpen(_) | PlaceError::PromoExhausted | PlaceError::PromoAlreadyUsed),
                ) => {
                    // The same submission may have won a race with this one and taken the last
                    // place or the code's last use: it answers its order, as a repeated
                    // submission does.
                    if let Some(key) = key
                        && let Some(first) =
                            self.orders.find_by_idempotency_key(user_id, key).await.map_err(OrderError::repository)?
                    {
                        return Ok(first);
                    }
                    let limit = MAX_OPEN_UNPAID_ORDERS;
                    return Err(match refused {
                        PlaceError::TooManyOpen(OpenOrdersOf::Account) => OrderError::TooManyOpenOrders { limit },
                        PlaceError::TooManyOpen(OpenOrdersOf::Phone) => OrderError::TooManyOpenOrdersForPhone { limit },
                        PlaceError::PromoAlreadyUsed => OrderError::Promo(PromoRefusal::AlreadyUsed),
                        _ => OrderError::Promo(PromoRefusal::Exhausted),
                    });
                }
                Err(PlaceError::OutOfStock { product_id, color, size, available }) => {
                    let name = products.get(&product_id).map(|p| p.name.clone()).unwrap_or_default();
                    return Err(OrderError::OutOfStock { name, color, size, available });
                }
                Err(PlaceError::NumberTaken) => return Err(OrderError::Concurrent),
                Err(PlaceError::Other(e)) => return Err(OrderError::Repository(e)),
            }
        }
    }

    /// What the promo code typed takes off these lines; an unknown code when the service has none.
    async fn promo_quote(
        &self,
        user_id: Uuid,
        typed: &str,
        lines: &[PromoLine],
        now: DateTime<Utc>,
    ) -> Result<(PromoCode, Quote), OrderError> {
        let Some(promos) = &self.promos else { return Err(OrderError::Promo(PromoRefusal::Invalid)) };
        find_and_quote(promos.as_ref(), user_id, typed, lines, now).await.map_err(|error| match error {
            FoundError::Refused(refusal) => OrderError::Promo(refusal),
            FoundError::Repository(e) => OrderError::Repository(e),
        })
    }

    async fn check_cash_on_delivery(&self, phone: &str) -> Result<(), OrderError> {
        let Some((phones, max_refusals)) = &self.phones else { return Ok(()) };
        let record = phones.record(phone).await.map_err(OrderError::repository)?;
        match record.cash_on_delivery_allowed(*max_refusals) {
            true => Ok(()),
            false => Err(OrderError::CashOnDeliveryRefused),
        }
    }

    /// One of the customer's orders; another customer's answers as missing.
    pub async fn order_of(&self, user_id: Uuid, order_id: Uuid) -> Result<Order, OrderError> {
        let order = self.orders.find(order_id).await.map_err(OrderError::repository)?;
        order.filter(|o| o.user_id == user_id).ok_or(OrderError::NotFound)
    }

    pub async fn orders_of(&self, user_id: Uuid, page: PageRequest) -> Result<Page<Order>, OrderError> {
        let page = PageRequest::new(page.page, page.limit, MAX_PAGE_SIZE);
        self.orders.list_for_user(user_id, page).await.map_err(OrderError::repository)
    }

    /// The customer cancels their order while it is pending and unpaid; its stock goes back once.
    pub async fn cancel_by_customer(&self, user_id: Uuid, order_id: Uuid) -> Result<Order, OrderError> {
        let order = self.order_of(user_id, order_id).await?;
        if !rules::customer_may_cancel(&order) {
            return Err(OrderError::CannotCancel);
        }
        let change = StatusChange::new(
            OrderStatus::Cancelled,
            "Annulée par le client",
            &Actor::customer(user_id),
            (self.clock)(),
        );
        let effect = rules::stock_effect(order.status, OrderStatus::Cancelled);
        match self.orders.transition(order.id, order.status, change, effect).await.map_err(OrderError::repository)? {
            Transition::Applied(order) => Ok(*order),
            // Cancelled, paid or moved on meanwhile: no longer the customer's to cancel.
            Transition::Stale | Transition::OutOfStock { .. } => Err(OrderError::CannotCancel),
        }
    }

    // The back office ----------------------------------------------------------------------

    pub async fn admin_orders(&self, query: AdminOrderQuery) -> Result<Page<Order>, OrderError> {
        let filter = query.into_filter()?;
        self.orders.list(&filter).await.map_err(OrderError::repository)
    }

    pub async fn admin_order(&self, id: Uuid) -> Result<Order, OrderError> {
        self.orders.find(id).await.map_err(OrderError::repository)?.ok_or(OrderError::NotFound)
    }

    /// Any status to any other, with the stock effects of the rules; the change is
    /// recorded with its author. The note is internal unless `customer_visible`.
    pub async fn change_status(
        &self,
        actor: &Actor,
        id: Uuid,
        to: &str,
        note: Option<&str>,
        customer_visible: bool,
    ) -> Result<Order, OrderError> {
        let to = OrderStatus::parse(to.trim()).ok_or(OrderError::UnknownStatus)?;
        let note = note.map(str::trim).unwrap_or_default();
        let mut errors = FieldErrors::default();
        errors.max_chars_worded("note", note, MAX_STATUS_NOTE, "La note ne peut pas dépasser 500 caractères");
        errors.finish(OrderError::validation)?;
        let order = self.admin_order(id).await?;
        if order.status == to {
            return Err(OrderError::SameStatus);
        }
        rules::check_change(&order, to)?;
        let change = StatusChange::new(to, note, actor, (self.clock)()).visible_note(customer_visible);
        let effect = rules::stock_effect(order.status, to);
        match self.orders.transition(id, order.status, change, effect).await.map_err(OrderError::repository)? {
            Transition::Applied(order) => Ok(*order),
            Transition::Stale => Err(OrderError::Concurrent),
            Transition::OutOfStock { product_id, color, size, available } => {
                let name =
                    order.lines.iter().find(|l| l.product_id == product_id).map(|l| l.name.clone()).unwrap_or_default();
                Err(OrderError::ReopenOutOfStock { name, color, size, available })
            }
        }
    }

    /// The shop received the cash of a cash-on-delivery order.
    pub async fn record_cash_payment(&self, actor: &Actor, id: Uuid) -> Result<Order, OrderError> {
        let order = self.admin_order(id).await?;
        rules::check_cash_receivable(&order)?;
        let entry = self.cash_entry(actor, &order);
        match self.orders.record_payment(id, order.status, entry).await.map_err(OrderError::repository)? {
            Transition::Applied(order) => Ok(*order),
            Transition::Stale | Transition::OutOfStock { .. } => Err(OrderError::Concurrent),
        }
    }

    /// The cash of a courier's round, all of it or nothing: every order is checked by the rules
    /// of [`Self::record_cash_payment`] and a refusal names the order that cannot be marked paid.
    pub async fn record_cash_payments(&self, actor: &Actor, ids: &[Uuid]) -> Result<Vec<Order>, OrderError> {
        let mut unique = Vec::with_capacity(ids.len());
        for id in ids {
            if !unique.contains(id) {
                unique.push(*id);
            }
        }
        if unique.is_empty() || unique.len() > MAX_CASH_BATCH {
            let message = format!("Choisissez entre 1 et {MAX_CASH_BATCH} commandes.");
            return Err(OrderError::invalid("orderIds", &message));
        }
        let mut entries = Vec::with_capacity(unique.len());
        for id in unique {
            let order = match self.orders.find(id).await.map_err(OrderError::repository)? {
                Some(order) => order,
                None => return Err(OrderError::UnknownInBatch { id }),
            };
            rules::check_cash_receivable(&order).map_err(|reason| OrderError::in_batch(&order, reason))?;
            entries.push((id, order.status, self.cash_entry(actor, &order)));
        }
        match self.orders.record_payments(entries).await.map_err(OrderError::repository)? {
            BatchPayment::Applied(orders) => Ok(orders),
            BatchPayment::Stale(order) => Err(OrderError::in_batch(&order, OrderError::Concurrent)),
        }
    }

    fn cash_entry(&self, actor: &Actor, order: &Order) -> StatusChange {
        StatusChange::new(order.status, "Paiement à la livraison reçu", actor, (self.clock)()).visible_note(true)
    }

    /// The note an admin types about the parcel's journey (a carrier's reference, a courier's
    /// name). Trimmed; empty clears it. Nothing is ever made up in its place.
    pub async fn set_tracking_note(&self, id: Uuid, note: &str) -> Result<Order, OrderError> {
        let note = note.trim();
        let mut errors = FieldErrors::default();
        errors.max_chars_worded(
            "trackingNote",
            note,
            MAX_TRACKING_NOTE,
            "La note de suivi ne peut pas dépasser 500 caractères.",
        );
        errors.finish(OrderError::validation)?;
        self.orders
            .set_tracking_note(id, note.to_owned())
            .await
            .map_err(OrderError::repository)?
            .ok_or(OrderError::NotFound)
    }

    /// The dashboard: figures with their trends, the latest orders, best sellers, daily sales.
    pub async fn dashboard(&self) -> Result<OrderDashboard, OrderError> {
        let now = (self.clock)();
        let figures = self.orders.figures(now).await.map_err(OrderError::repository)?;
        let recent = AdminOrderFilter {
            page: PageRequest::new(1, RECENT_ORDERS, ADMIN_PAGE_SIZE),
            status: None,
            confirmation: None,
            channel: None,
            from: None,
            until: None,
            search: None,
            phone_digits: None,
            sort: AdminSort::CreatedAt,
            descending: true,
        };
        let recent_orders = self.orders.list(&recent).await.map_err(OrderError::repository)?.items;
        let top_products =
            self.orders.top_products(now, SALES_DAYS, TOP_PRODUCTS).await.map_err(OrderError::repository)?;
        let sales_by_day = self.orders.sales_by_day(now, SALES_DAYS).await.map_err(OrderError::repository)?;
        Ok(OrderDashboard { trends: figures.trends(), figures, recent_orders, top_products, sales_by_day })
    }

    /// Where the parcel goes: the shop's counter for pickup, else the commune's zone, which must
    /// be one shoppers may order to.
    pub async fn destination(&self, method: ShippingMethod, commune: Option<&str>) -> Result<Destination, OrderError> {
        let code = match (method, commune) {
            (ShippingMethod::Pickup, _) => return Ok(Destination::Pickup),
            (_, Some(code)) => code,
            (_, None) => return Err(OrderError::invalid("commune", UNKNOWN_COMMUNE)),
        };
        match self.zones.find_by_commune(code).await.map_err(OrderError::repository)? {
            Some((zone, commune)) if zone.active => Ok(Destination::Commune { zone: Box::new(zone), commune }),
            Some((_, commune)) => {
                let message = format!("Nous ne livrons pas à {} pour le moment.", commune.name);
                Err(OrderError::invalid("commune", &message))
            }
            None => Err(OrderError::invalid("commune", UNKNOWN_COMMUNE)),
        }
    }

    async fn products_of(&self, mut ids: Vec<Uuid>) -> Result<HashMap<Uuid, Product>, OrderError> {
        ids.sort();
        ids.dedup();
        let found = self.products.find_active_by_ids(&ids).await.map_err(OrderError::repository)?;
        Ok(found.into_iter().map(|p| (p.id, p)).collect())
    }
}
