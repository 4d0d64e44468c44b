//! The messages an order's events send (docs/messages.md): rendered here from the order as the
//! event left it, and written by the repository in the event's own transaction, so that a
//! message is never lost nor sent for an event that did not happen.

use bitik_common::{Money, Phone};
use bitik_messages::templates::whatsapp::{WhatsAppTemplates, WhatsAppText};
use bitik_messages::templates::{NextStep, OrderSummary, Row, StatusNotice, Templates};
use bitik_messages::{MessageKind, NewMessage, Rendered};

use crate::cash_on_delivery::{ConfirmationLinks, QuickReply, check_confirmable};
use crate::model::{Order, OrderStatus, PaymentMethod, PaymentStatus};
use crate::order_link::OrderLinks;
use crate::refund::RefundState;
use crate::shipping::ShippingMethod;

/// The words of the shop's click-to-chat buttons on an order (WhatsApp, until a WhatsApp
/// adapter sends them itself): the text of the message each button stands for, rendered by the
/// same template, so the chat says what the e-mail says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatTexts {
    /// The customer's message the order's state calls for now: the latest refund made, else
    /// shipped / delivered / cancelled / refused, else Wave's payment received, else the order
    /// placed.
    pub customer: String,
    /// The request to confirm a cash-on-delivery order with its signed link, while it may serve.
    pub confirmation: Option<String>,
}

/// Renders the messages of an order's events: to its customer (on WhatsApp to the order's phone
/// when the shop is on WhatsApp, and to the order's e-mail when it has one) and, for a new
/// order, to the shop (`SHOP_EMAIL`).
#[derive(Debug, Clone)]
pub struct OrderNotices {
    templates: Templates,
    links: ConfirmationLinks,
    pages: OrderLinks,
    whatsapp: Option<WhatsAppTemplates>,
}

/// How and where the order goes, in one line.
fn delivery(order: &Order) -> String {
    if order.shipping_method == ShippingMethod::Pickup {
        return ShippingMethod::Pickup.label().to_owned();
    }
    let info = &order.shipping;
    let place = if info.commune_name.trim().is_empty() { &info.city } else { &info.commune_name };
    let mut line =
        [info.address.trim(), place.trim()].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(", ");
    if !info.landmark.trim().is_empty() {
        line.push_str(&format!(" (repère : {})", info.landmark.trim()));
    }
    let speed = if order.shipping_method == ShippingMethod::Express { "Express" } else { "Standard" };
    format!("{speed}, {line}")
}

/// The courier carrying the order: name and phone.
fn courier(order: &Order) -> Option<(&str, &str)> {
    order.courier.as_ref().map(|c| (c.name.as_str(), c.phone.as_str()))
}

fn size(size: &str) -> &str {
    if size == "unique" { "taille unique" } else { size }
}

impl OrderNotices {
    pub fn new(templates: Templates, links: ConfirmationLinks, pages: OrderLinks) -> Self {
        Self { templates, links, pages, whatsapp: None }
    }

    /// The customer's messages also go on WhatsApp, as these templates.
    pub fn with_whatsapp(mut self, templates: WhatsAppTemplates) -> Self {
        self.whatsapp = Some(templates);
        self
    }

    pub fn templates(&self) -> &Templates {
        &self.templates
    }

    /// The order as its messages tell it.
    pub fn summary(&self, order: &Order) -> OrderSummary {
        let info = &order.shipping;
        let next = match (order.payment_status, order.payment_method) {
            (PaymentStatus::Paid, _) => NextStep::Paid,
            (_, PaymentMethod::CashOnDelivery) => NextStep::CashOnDelivery,
            (_, PaymentMethod::Wave) => NextStep::PayWithWave,
            (_, PaymentMethod::Card) => NextStep::Paid,
        };
        OrderSummary {
            id: order.id,
            link: self.pages.url_for(order.id),
            number: order.order_number.clone(),
            first_name: info.first_name.clone(),
            customer: format!("{} {}, {}", info.first_name, info.last_name, info.phone).trim().to_owned(),
            lines: order
                .lines
                .iter()
                .map(|line| Row {
                    label: format!("{} × {}", line.quantity, line.name),
                    detail: format!("{}, {}", line.color, size(&line.size)),
                    amount: line.total().unwrap_or(line.unit_price),
                })
                .collect(),
            subtotal: order.subtotal,
            shipping_cost: order.shipping_cost,
            discount: order.discount,
            total: order.total,
            delivery: delivery(order),
            payment_method: order.payment_method.label().to_owned(),
            next,
        }
    }

    /// The customer's message on WhatsApp, when the shop is on it and the order's phone is a
    /// phone, and by e-mail, when the order has an address.
    fn to_customer(
        &self,
        order: &Order,
        kind: MessageKind,
        rendered: Rendered,
        whatsapp: impl FnOnce(&WhatsAppTemplates) -> WhatsAppText,
    ) -> Vec<NewMessage> {
        let mut messages = Vec::new();
        if let (Some(templates), Ok(phone)) = (&self.whatsapp, Phone::parse(&order.shipping.phone)) {
            let WhatsAppText { template, text } = whatsapp(templates);
            messages.push(NewMessage::whatsapp(kind, phone.as_str(), Some(order.id), template, text));
        }
        let email = order.shipping.email.trim();
        if !email.is_empty() {
            messages.push(NewMessage::new(kind, email, Some(order.id), rendered));
        }
        messages
    }

    /// A new order: the customer's receipt, the shop's notice and, for cash on delivery, the
    /// request to confirm it with its signed link.
    pub fn placed(&self, order: &Order) -> Vec<NewMessage> {
        let summary = self.summary(order);
        let rendered = self.templates.order_placed(&summary);
        let mut messages = self.to_customer(order, MessageKind::OrderPlaced, rendered, |wa| wa.order_placed(&summary));
        let shop = self.templates.shop().email.trim();
        if !shop.is_empty() {
            let notice = self.templates.shop_new_order(&summary);
            messages.push(NewMessage::new(MessageKind::ShopNewOrder, shop, Some(order.id), notice));
        }
        messages.extend(self.confirmation_asked(order));
        messages
    }

    /// The request to confirm a cash-on-delivery order, while its link may still serve.
    pub fn confirmation_asked(&self, order: &Order) -> Vec<NewMessage> {
        let Some(rendered) = self.render_confirmation(order) else { return Vec::new() };
        let link = self.links.link_for(order.id);
        let token = self.links.token_for(order.id);
        let payloads = [QuickReply::Confirm.payload(&token), QuickReply::Cancel.payload(&token)];
        self.to_customer(order, MessageKind::ConfirmationAsked, rendered, |wa| {
            wa.confirmation_asked(&self.summary(order), &link, payloads)
        })
    }

    fn render_confirmation(&self, order: &Order) -> Option<Rendered> {
        check_confirmable(order).ok().filter(|waiting| waiting.link_used_at.is_none())?;
        let link = self.links.link_for(order.id);
        Some(self.templates.confirmation_asked(&self.summary(order), &link))
    }

    /// A payment recorded: the customer hears of Wave's (a cash payment was made at the door).
    pub fn paid(&self, order: &Order) -> Vec<NewMessage> {
        if order.payment_method != PaymentMethod::Wave {
            return Vec::new();
        }
        let summary = self.summary(order);
        let rendered = self.templates.payment_received(&summary, order.total);
        self.to_customer(order, MessageKind::PaymentReceived, rendered, |wa| wa.payment_received(&summary, order.total))
    }

    /// The order's new status, when the customer hears of it: shipped, delivered, cancelled,
    /// refused; back to pending asks again for the confirmation of a cash-on-delivery order.
    pub fn status_changed(&self, order: &Order) -> Vec<NewMessage> {
        match order.status {
            OrderStatus::Pending => self.confirmation_asked(order),
            _ => match self.render_status(order) {
                Some((notice, rendered)) => self.to_customer(order, notice.kind(), rendered, |wa| {
                    wa.status_changed(&self.summary(order), notice, &order.tracking_note, courier(order))
                }),
                None => Vec::new(),
            },
        }
    }

    /// The message of the order's status, for the statuses the customer hears of.
    fn render_status(&self, order: &Order) -> Option<(StatusNotice, Rendered)> {
        let notice = match order.status {
            OrderStatus::Shipped => StatusNotice::Shipped,
            OrderStatus::Delivered => StatusNotice::Delivered,
            OrderStatus::Cancelled => StatusNotice::Cancelled,
            OrderStatus::Refused => StatusNotice::Refused,
            OrderStatus::Pending | OrderStatus::Processing => return None,
        };
        let rendered =
            self.templates.status_changed(&self.summary(order), notice, &order.tracking_note, courier(order));
        Some((notice, rendered))
    }

    /// Money given back to the customer: `amount` by `method` (as the customer reads it:
    /// « Wave », « Espèces », « Transfert Wave »).
    pub fn refunded(&self, order: &Order, amount: Money, method: &str) -> Vec<NewMessage> {
        let summary = self.summary(order);
        let rendered = self.templates.refunded(&summary, amount, method);
        self.to_customer(order, MessageKind::Refunded, rendered, |wa| wa.refunded(&summary, amount, method))
    }

    /// What the shop's click-to-chat buttons on the order say: the text of the matching
    /// message, whether or not the order has an e-mail address.
    pub fn chat(&self, order: &Order) -> ChatTexts {
        let summary = || self.summary(order);
        let refund = order
            .refunds
            .iter()
            .filter(|r| r.state == RefundState::Succeeded)
            .max_by_key(|r| (r.settled_at.unwrap_or(r.created_at), r.created_at));
        let customer = if let Some(refund) = refund {
            self.templates.refunded(&summary(), refund.amount, refund.method.label())
        } else if let Some((_, rendered)) = self.render_status(order) {
            rendered
        } else if order.payment_status == PaymentStatus::Paid && order.payment_method == PaymentMethod::Wave {
            self.templates.payment_received(&summary(), order.total)
        } else {
            self.templates.order_placed(&summary())
        };
        ChatTexts { customer: customer.text, confirmation: self.render_confirmation(order).map(|r| r.text) }
    }
}

#[cfg(test)]
mod tests {
    use bitik_common::Shop;
    use chrono::Utc;
    use uuid::Uuid;

    use super::*;
    use crate::cash_on_delivery::{Confirmation, OrderConfirmation};
    use crate::model::{OrderLine, ShippingInfo};

    fn notices(shop_email: &str) -> OrderNotices {
        let shop = Shop {
            name: "Bitik Dakar".into(),
            phone: "+221 77 000 00 00".into(),
            whatsapp: "221770000000".into(),
            email: shop_email.into(),
            address: "Dakar".into(),
            ..Shop::default()
        };
        OrderNotices::new(
            Templates::new(shop, "https://bitik.sn"),
            ConfirmationLinks::new(b"a-secret-of-the-shop-long-enough", "https://bitik.sn"),
            OrderLinks::new(b"a-secret-of-the-shop-long-enough", "https://bitik.sn"),
        )
    }

    fn order(method: PaymentMethod) -> Order {
        Order {
            id: Uuid::from_u128(7),
            order_number: "ORD-2611270007".into(),
            user_id: Uuid::from_u128(1),
            status: OrderStatus::Pending,
            lines: vec![OrderLine {
                product_id: Uuid::from_u128(2),
                name: "Robe wax".into(),
                image: String::new(),
                color: "Rouge".into(),
                size: "unique".into(),
                quantity: 2,
                unit_price: Money::francs(12_500),
            }],
            subtotal: Money::francs(25_000),
            shipping_cost: Money::francs(1_500),
            discount: Money::ZERO,
            total: Money::francs(26_500),
            shipping: ShippingInfo {
                first_name: "Awa".into(),
                last_name: "Diop".into(),
                email: "awa@example.sn".into(),
                phone: "+221771234567".into(),
                address: "12 rue 10".into(),
                commune_name: "Médina".into(),
                landmark: "près de la mosquée".into(),
                ..ShippingInfo::default()
            },
            shipping_method: ShippingMethod::Standard,
            payment_method: method,
            payment_status: PaymentStatus::Pending,
            amount_paid: Money::ZERO,
            paid_at: None,
            tracking_note: String::new(),
            history: Vec::new(),
            created_at: Utc::now(),
            confirmation: (method == PaymentMethod::CashOnDelivery).then(|| OrderConfirmation {
                state: Confirmation::Awaiting,
                attempts: Vec::new(),
                requested_at: Utc::now(),
                link_used_at: None,
            }),
            courier: None,
            returned_at: None,
            refunds: vec![],
            promo_code: None,
            channel: crate::SalesChannel::Web,
            source: None,
        }
    }

    fn kinds(messages: &[NewMessage]) -> Vec<(MessageKind, &str)> {
        messages.iter().map(|m| (m.kind, m.recipient.as_str())).collect()
    }

    #[test]
    fn a_wave_order_tells_the_customer_and_the_shop() {
        let messages = notices("boutique@bitik.sn").placed(&order(PaymentMethod::Wave));
        assert_eq!(
            kinds(&messages),
            [(MessageKind::OrderPlaced, "awa@example.sn"), (MessageKind::ShopNewOrder, "boutique@bitik.sn")]
        );
        assert!(messages[0].text.contains("ORD-2611270007") && messages[0].text.contains("26 500 FCFA"));
        assert!(messages[0].text.contains("2 × Robe wax (Rouge, taille unique) : 25 000 FCFA"));
        assert!(
            messages[0].text.contains("Standard")
                && messages[0].text.contains("12 rue 10, Médina (repère : près de la mosquée)")
        );
        assert!(messages[1].text.contains("https://bitik.sn/admin/orders/00000000-0000-0000-0000-000000000007"));
        assert!(messages.iter().all(|m| m.order_id == Some(Uuid::from_u128(7))));
        // The customer's link opens the order without logging in: its own key, and only its.
        let pages = OrderLinks::new(b"a-secret-of-the-shop-long-enough", "https://bitik.sn");
        let link = pages.url_for(Uuid::from_u128(7));
        assert!(messages[0].text.contains(&format!("Payer avec Wave : {link}")), "{}", messages[0].text);
        let key = link.split_once("?k=").unwrap().1;
        assert!(pages.opens(Uuid::from_u128(7), key) && !pages.opens(Uuid::from_u128(8), key));
    }

    #[test]
    fn a_cash_on_delivery_order_also_asks_for_its_confirmation_with_the_signed_link() {
        let notices = notices("");
        let order = order(PaymentMethod::CashOnDelivery);
        let messages = notices.placed(&order);
        assert_eq!(
            kinds(&messages),
            [(MessageKind::OrderPlaced, "awa@example.sn"), (MessageKind::ConfirmationAsked, "awa@example.sn")]
        );
        let link = ConfirmationLinks::new(b"a-secret-of-the-shop-long-enough", "https://bitik.sn").link_for(order.id);
        assert!(messages[1].text.contains(&link));
        let mut confirmed = order.clone();
        confirmed.confirmation.as_mut().unwrap().state = Confirmation::Confirmed;
        assert!(notices.confirmation_asked(&confirmed).is_empty());
    }

    #[test]
    fn the_customer_hears_of_wave_payments_and_of_the_statuses_they_care_about() {
        let notices = notices("");
        let mut paid = order(PaymentMethod::Wave);
        paid.payment_status = PaymentStatus::Paid;
        assert_eq!(kinds(&notices.paid(&paid)), [(MessageKind::PaymentReceived, "awa@example.sn")]);
        assert!(notices.paid(&order(PaymentMethod::CashOnDelivery)).is_empty());
        let mut shipped = paid.clone();
        shipped.status = OrderStatus::Shipped;
        shipped.tracking_note = "Colis remis au livreur".into();
        shipped.courier = Some(crate::cash_on_delivery::Courier {
            name: "Modou".into(),
            phone: "+221770001122".into(),
            account: None,
        });
        let messages = notices.status_changed(&shipped);
        assert_eq!(kinds(&messages), [(MessageKind::OrderShipped, "awa@example.sn")]);
        assert!(
            messages[0].text.contains("Colis remis au livreur") && messages[0].text.contains("Modou (+221770001122)")
        );
        let mut processing = paid;
        processing.status = OrderStatus::Processing;
        assert!(notices.status_changed(&processing).is_empty());
        for (status, kind) in [
            (OrderStatus::Delivered, MessageKind::OrderDelivered),
            (OrderStatus::Cancelled, MessageKind::OrderCancelled),
            (OrderStatus::Refused, MessageKind::OrderRefused),
        ] {
            let mut changed = order(PaymentMethod::CashOnDelivery);
            changed.status = status;
            assert_eq!(kinds(&notices.status_changed(&changed)), [(kind, "awa@example.sn")]);
        }
    }

    #[test]
    fn a_refund_names_its_amount_and_method() {
        let messages = notices("").refunded(&order(PaymentMethod::Wave), Money::francs(26_500), "Wave");
        assert_eq!(kinds(&messages), [(MessageKind::Refunded, "awa@example.sn")]);
        assert!(messages[0].text.contains("26 500 FCFA") && messages[0].text.contains("Moyen : Wave"));
    }

    #[test]
    fn the_chat_buttons_say_what_the_matching_message_says() {
        let notices = notices("boutique@bitik.sn");
        let text_of = |messages: Vec<NewMessage>, kind: MessageKind| {
            messages.into_iter().find(|m| m.kind == kind).map(|m| m.text).unwrap()
        };
        // A cash-on-delivery order waiting: its receipt, and the confirmation request with the link.
        let waiting = order(PaymentMethod::CashOnDelivery);
        let chat = notices.chat(&waiting);
        assert_eq!(chat.customer, text_of(notices.placed(&waiting), MessageKind::OrderPlaced));
        assert_eq!(chat.confirmation, Some(text_of(notices.placed(&waiting), MessageKind::ConfirmationAsked)));
        // Without an e-mail address nothing is sent, but the shop can still write on WhatsApp.
        let mut no_email = waiting.clone();
        no_email.shipping.email = String::new();
        assert_eq!(notices.chat(&no_email), chat);
        // Wave paid: the payment; shipped: the shipping with its courier; a refund: the refund.
        let mut paid = order(PaymentMethod::Wave);
        paid.payment_status = PaymentStatus::Paid;
        let chat = notices.chat(&paid);
        assert_eq!(chat.customer, text_of(notices.paid(&paid), MessageKind::PaymentReceived));
        assert_eq!(chat.confirmation, None);
        let mut shipped = paid.clone();
        shipped.status = OrderStatus::Shipped;
        shipped.courier = Some(crate::cash_on_delivery::Courier {
            name: "Modou".into(),
            phone: "+221770001122".into(),
            account: None,
        });
        assert_eq!(
            notices.chat(&shipped).customer,
            text_of(notices.status_changed(&shipped), MessageKind::OrderShipped)
        );
        let mut refunded = shipped.clone();
        refunded.status = OrderStatus::Cancelled;
        refunded.payment_status = PaymentStatus::Refunded;
        let made = |amount: i64, method: crate::RefundMethod, state: RefundState, minute: u32| crate::Refund {
            id: Uuid::from_u128(minute.into()),
            order_id: refunded.id,
            amount: Money::francs(amount),
            method,
            state,
            reason: "x".into(),
            requested_by: "Admin".into(),
            by_user: None,
            error_code: None,
            created_at: chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 27, 10, minute, 0).unwrap(),
            settled_at: None,
        };
        refunded.refunds = vec![
            made(10_000, crate::RefundMethod::Cash, RefundState::Succeeded, 1),
            made(16_500, crate::RefundMethod::WaveTransfer, RefundState::Succeeded, 2),
            made(26_500, crate::RefundMethod::Wave, RefundState::Failed, 3),
        ];
        let chat = notices.chat(&refunded).customer;
        assert_eq!(
            chat,
            text_of(notices.refunded(&refunded, Money::francs(16_500), "Transfert Wave"), MessageKind::Refunded)
        );
    }

    #[test]
    fn an_order_without_an_email_sends_the_customer_nothing() {
        let mut order = order(PaymentMethod::Wave);
        order.shipping.email = " ".into();
        assert_eq!(
            kinds(&notices("boutique@bitik.sn").placed(&order)),
            [(MessageKind::ShopNewOrder, "boutique@bitik.sn")]
        );
    }
}
