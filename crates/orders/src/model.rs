use bitik_common::{AmountTooLarge, Money};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::cash_on_delivery::{Courier, OrderConfirmation};
use crate::channel::SalesChannel;
use crate::promo::AppliedPromo;
use crate::refund::Refund;
use crate::shipping::ShippingMethod;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    Processing,
    Shipped,
    Delivered,
    Cancelled,
    /// The customer refused the parcel at the door (reached from `Shipped` only).
    Refused,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 6] = [
        OrderStatus::Pending,
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
        OrderStatus::Refused,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Processing => "processing",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Refused => "refused",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == code)
    }

    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::Pending => "En attente",
            OrderStatus::Processing => "En traitement",
            OrderStatus::Shipped => "Expédiée",
            OrderStatus::Delivered => "Livrée",
            OrderStatus::Cancelled => "Annulée",
            OrderStatus::Refused => "Refusée à la livraison",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    Wave,
    CashOnDelivery,
    /// Only ever shown for old orders.
    Card,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Wave => "wave",
            PaymentMethod::CashOnDelivery => "cash_on_delivery",
            PaymentMethod::Card => "card",
        }
    }

    /// What a stored value means.
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "wave" => Some(PaymentMethod::Wave),
            "cash_on_delivery" => Some(PaymentMethod::CashOnDelivery),
            "card" => Some(PaymentMethod::Card),
            _ => None,
        }
    }

    /// What a shopper may choose at checkout. The first version's internal value `paypal`
    /// meant cash on delivery (docs/rules.md#payments).
    pub fn at_checkout(code: &str) -> Option<Self> {
        match code {
            "wave" => Some(PaymentMethod::Wave),
            "cash_on_delivery" | "paypal" => Some(PaymentMethod::CashOnDelivery),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            PaymentMethod::Wave => "Wave",
            PaymentMethod::CashOnDelivery => "Paiement à la livraison",
            PaymentMethod::Card => "Carte bancaire",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStatus {
    Pending,
    Paid,
    Failed,
    Refunded,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "pending",
            PaymentStatus::Paid => "paid",
            PaymentStatus::Failed => "failed",
            PaymentStatus::Refunded => "refunded",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [PaymentStatus::Pending, PaymentStatus::Paid, PaymentStatus::Failed, PaymentStatus::Refunded]
            .into_iter()
            .find(|s| s.as_str() == code)
    }
}

/// Where and to whom the order goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShippingInfo {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub country: String,
    /// Kept for the orders placed when the form asked for it; Dakar has no postcodes.
    pub zip_code: String,
    /// The delivery zone the fee was charged by, by code and by name as they were; empty for
    /// pickup at the shop and for orders placed before zones.
    pub zone_code: String,
    pub zone_name: String,
    /// The commune delivered to, by code and by name as they were; empty likewise.
    pub commune_code: String,
    pub commune_name: String,
    /// The point de repère a courier finds the customer by.
    pub landmark: String,
    /// The customer's delivery instructions.
    pub notes: String,
}

/// A line as ordered: name, picture and price as they were at that moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLine {
    pub product_id: Uuid,
    pub name: String,
    pub image: String,
    pub color: String,
    pub size: String,
    pub quantity: u32,
    pub unit_price: Money,
}

impl OrderLine {
    pub fn total(&self) -> Result<Money, AmountTooLarge> {
        self.unit_price.times(self.quantity)
    }
}

/// What kind of author made a change: the customer reads the shop's people as its team, never
/// by name (see `customer_view`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActorKind {
    Customer,
    Staff,
    /// The shop's software or a provider acting on its own: « Système », « Wave ».
    System,
}

impl ActorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ActorKind::Customer => "customer",
            ActorKind::Staff => "staff",
            ActorKind::System => "system",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [ActorKind::Customer, ActorKind::Staff, ActorKind::System].into_iter().find(|k| k.as_str() == code)
    }
}

/// Who acts on an order, as the history shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: Option<Uuid>,
    pub label: String,
    pub kind: ActorKind,
}

impl Actor {
    pub fn customer(user_id: Uuid) -> Self {
        Actor { user_id: Some(user_id), label: "Client".to_owned(), kind: ActorKind::Customer }
    }

    /// The customer holding a signed link, not logged in: the history names the customer, not an
    /// account.
    pub fn link_holder() -> Self {
        Actor { user_id: None, label: "Client".to_owned(), kind: ActorKind::Customer }
    }

    /// An administrator, shown by name in the back office's history.
    pub fn admin(user_id: Uuid, first_name: &str, last_name: &str) -> Self {
        let label = format!("Admin {first_name} {last_name}").trim().to_owned();
        Actor { user_id: Some(user_id), label, kind: ActorKind::Staff }
    }

    /// The shop's software, or a provider speaking for itself (« Système », « Wave »).
    pub fn system(label: &str) -> Self {
        Actor { user_id: None, label: label.to_owned(), kind: ActorKind::System }
    }
}

/// One entry of an order's history: what it became, who did it, when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub status: OrderStatus,
    pub note: String,
    /// As shown to the shop: "Client", "Admin Mariama Sow", "Wave", "Système".
    pub by: String,
    pub by_user: Option<Uuid>,
    pub by_kind: ActorKind,
    /// Whether the customer reads `note`. What the team types is internal unless ticked
    /// « visible par le client »; what the customer and the system write is theirs to read.
    pub note_visible: bool,
    pub at: DateTime<Utc>,
}

impl StatusChange {
    /// An entry by `actor`; its note is internal when the actor is staff (see
    /// [`Self::visible_note`]).
    pub fn new(status: OrderStatus, note: impl Into<String>, actor: &Actor, at: DateTime<Utc>) -> Self {
        StatusChange {
            status,
            note: note.into(),
            by: actor.label.clone(),
            by_user: actor.user_id,
            by_kind: actor.kind,
            note_visible: actor.kind != ActorKind::Staff,
            at,
        }
    }

    /// The same entry, its note shown to the customer or not.
    pub fn visible_note(mut self, visible: bool) -> Self {
        self.note_visible = visible;
        self
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub id: Uuid,
    pub order_number: String,
    pub user_id: Uuid,
    pub status: OrderStatus,
    pub lines: Vec<OrderLine>,
    pub subtotal: Money,
    pub shipping_cost: Money,
    pub discount: Money,
    pub total: Money,
    pub shipping: ShippingInfo,
    pub shipping_method: ShippingMethod,
    pub payment_method: PaymentMethod,
    pub payment_status: PaymentStatus,
    /// What the customer paid so far: the total once paid; less after a correction raised the
    /// total of a paid order (a balance is due), more after one lowered it (the difference is
    /// owed back).
    pub amount_paid: Money,
    pub paid_at: Option<DateTime<Utc>>,
    pub tracking_note: String,
    pub history: Vec<StatusChange>,
    pub created_at: DateTime<Utc>,
    /// Cash on delivery only: whether the customer confirmed the order, and the calls made.
    pub confirmation: Option<OrderConfirmation>,
    /// Who carries the parcel, once shipped.
    pub courier: Option<Courier>,
    /// When a refused parcel came back to the shop (its units back in stock).
    pub returned_at: Option<DateTime<Utc>>,
    /// Money given back, oldest first, whatever became of it.
    pub refunds: Vec<Refund>,
    /// The promo code it was placed with, as the shop spelled it; its amount is `discount`.
    pub promo_code: Option<String>,
    /// Where it was taken: the storefront, or a conversation a seller turned into an order.
    pub channel: SalesChannel,
    /// The campaign that brought the shopper to the storefront (`utm_source`), if any.
    pub source: Option<String>,
}

impl Order {
    /// What is left to pay: the total less what was paid, never below zero.
    pub fn amount_due(&self) -> Money {
        Money::francs((self.total.as_francs() - self.amount_paid.as_francs()).max(0))
    }

    /// Part of it was paid and a balance is left: a correction raised a paid order's total.
    pub fn has_balance_due(&self) -> bool {
        self.amount_paid > Money::ZERO && self.amount_due() > Money::ZERO
    }

    /// Paid beyond the total and not given back yet: a correction lowered a paid order's total.
    /// Nothing for a cancelled order, whose whole payment is the refund's business.
    pub fn overpaid(&self) -> Money {
        if self.status == OrderStatus::Cancelled {
            return Money::ZERO;
        }
        let kept = self.amount_paid.as_francs() - crate::refund::refunded_total(&self.refunds).as_francs();
        Money::francs((kept - self.total.as_francs()).max(0))
    }
}

/// An order ready to be stored: priced, numbered, with its first history entry.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    pub order_number: String,
    pub user_id: Uuid,
    pub lines: Vec<OrderLine>,
    pub subtotal: Money,
    pub shipping_cost: Money,
    pub discount: Money,
    pub total: Money,
    pub shipping: ShippingInfo,
    pub shipping_method: ShippingMethod,
    pub payment_method: PaymentMethod,
    pub idempotency_key: Option<String>,
    /// Whether the units ordered leave the customer's cart kept by the shop: a customer who
    /// ordered without logging in had the browser's cart, and the phone's account keeps its own.
    pub from_cart: bool,
    /// The promo code giving `discount`, whose use the order's transaction takes.
    pub promo: Option<AppliedPromo>,
    pub channel: SalesChannel,
    /// The campaign source of a storefront order (`channel::source`).
    pub source: Option<String>,
}

/// What a status change does to stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockEffect {
    None,
    /// The order's units go back on the shelf (cancelling).
    Return,
    /// The order's units are taken again (leaving `cancelled`); refused if they are gone.
    Take,
}
