use bitik_common::Money;
use bitik_orders::{OrderStatus, PaymentMethod};
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use super::period::Period;

// What the storage knows ------------------------------------------------------------------

/// An order the shop marked paid during the period.
#[derive(Debug, Clone, PartialEq)]
pub struct PaidOrder {
    pub id: Uuid,
    pub number: String,
    pub method: PaymentMethod,
    /// What the customer paid of it (`Order::amount_paid`): its total, unless a correction
    /// changed the total after the payment.
    pub total: Money,
    pub paid_at: DateTime<Utc>,
    /// The Wave session the shop holds as paid (or its latest), when it has one.
    pub session_id: Option<String>,
}

/// Where a refund's money went out: the Wave wallet or the cash box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundMeans {
    /// Refunded by Wave (a checkout's refund).
    Wave,
    /// Handed back in cash.
    Cash,
    /// Sent by the shop's Wave wallet to the customer.
    WaveTransfer,
}

impl RefundMeans {
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "wave" => Some(RefundMeans::Wave),
            "cash" => Some(RefundMeans::Cash),
            "wave_transfer" => Some(RefundMeans::WaveTransfer),
            _ => None,
        }
    }

    /// True when the money left the Wave wallet (Wave's column of the report).
    pub fn from_wave_wallet(self) -> bool {
        matches!(self, RefundMeans::Wave | RefundMeans::WaveTransfer)
    }
}

/// A refund that succeeded during the period, dated by when it was made.
#[derive(Debug, Clone, PartialEq)]
pub struct SettledRefund {
    pub order_id: Uuid,
    pub order_number: String,
    pub amount: Money,
    pub means: RefundMeans,
    pub settled_at: DateTime<Utc>,
}

/// A Wave order placed during the period that the shop did not mark paid (Wave may have been
/// paid for it all the same).
#[derive(Debug, Clone, PartialEq)]
pub struct OpenWaveOrder {
    pub id: Uuid,
    pub number: String,
    pub total: Money,
    pub status: OrderStatus,
    pub created_at: DateTime<Utc>,
}

/// A delivered cash-on-delivery order whose cash is not recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct CashOwed {
    pub id: Uuid,
    pub number: String,
    pub total: Money,
    pub delivered_at: DateTime<Utc>,
    pub courier_name: Option<String>,
    pub courier_phone: Option<String>,
}

/// Everything the storage says for one report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportFacts {
    pub paid: Vec<PaidOrder>,
    pub refunds: Vec<SettledRefund>,
    pub open_wave: Vec<OpenWaveOrder>,
    /// Whenever delivered: cash owed is owed until recorded.
    pub cash_owed: Vec<CashOwed>,
}

/// One movement of the Wave wallet as the Balance & Reconciliation API lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct WaveTransaction {
    pub id: String,
    pub at: DateTime<Utc>,
    /// Signed: money in is positive.
    pub amount: Money,
    pub fee: Money,
    /// `merchant_payment`, `merchant_payment_refund`, `payout`…
    pub kind: String,
    pub is_reversal: bool,
}

impl WaveTransaction {
    /// A customer's payment to the shop (what checkout sessions become).
    pub fn is_payment(&self) -> bool {
        self.kind == "merchant_payment" && !self.is_reversal && self.amount.as_francs() > 0
    }
}

// What Wave says of an order -----------------------------------------------------------------

/// Wave's word on one order the shop marked paid.
#[derive(Debug, Clone, PartialEq)]
pub enum WaveCheck {
    /// A succeeded session for this order and this amount.
    Confirmed { amount: Money },
    /// Wave answered, and does not show the payment the shop recorded; `received` is what Wave
    /// does show as paid for the order, if anything.
    Mismatch { reason: String, received: Option<Money> },
    /// Wave could not be asked (no answer in time, an error, the cap on calls).
    Unchecked { reason: String },
}

// The report ---------------------------------------------------------------------------------

/// One method's figures for a day (or the whole period).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MethodFigures {
    /// Orders the shop marked paid.
    pub orders_paid: u64,
    /// What those orders come to.
    pub expected: Money,
    /// Wave: what Wave confirms as paid (sessions succeeded); cash: the cash recorded.
    pub received: Money,
    /// Paid Wave orders Wave could not be asked about (so not in `received`).
    pub unverified: u64,
    /// Refunds made that day whose money left this till.
    pub refunds: Money,
    /// `received - refunds`; negative on a day with more refunds than takings.
    pub net: Money,
}

/// What Wave's Balance & Reconciliation API reports for a day: customers' payments, Wave's fees
/// on them, and what the wallet kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WaveReported {
    pub payments: Money,
    pub fees: Money,
    pub net: Money,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DayFigures {
    pub date: NaiveDate,
    pub wave: MethodFigures,
    pub cash: MethodFigures,
    /// Only when the key may read Wave's transactions and Wave gave that day's.
    pub wave_reported: Option<WaveReported>,
}

/// How the Wave side was compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaveSource {
    /// Sessions only: the key has no access to the Balance & Reconciliation API, or Wave
    /// did not give the transactions.
    Sessions,
    /// Sessions, and Wave's transactions with their fees.
    Transactions,
}

impl WaveSource {
    pub fn as_str(self) -> &'static str {
        match self {
            WaveSource::Sessions => "sessions",
            WaveSource::Transactions => "transactions",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct WaveComparison {
    pub source: WaveSource,
    /// Orders Wave was asked about and answered for.
    pub checked: u64,
    /// Orders Wave could not be asked about.
    pub unchecked: u64,
    /// What the admin should know of the comparison, in French (sessions only, Wave's failures).
    pub notes: Vec<String>,
    /// True in test mode: Wave is the built-in simulator.
    pub simulated: bool,
}

/// A Wave order marked paid that Wave does not show as paid for its amount.
#[derive(Debug, Clone, PartialEq)]
pub struct WaveMismatch {
    pub order_id: Uuid,
    pub order_number: String,
    pub total: Money,
    pub paid_at: DateTime<Utc>,
    pub session_id: Option<String>,
    pub reason: String,
}

/// A Wave session that succeeded for an order the shop did not mark paid.
#[derive(Debug, Clone, PartialEq)]
pub struct UnmarkedWavePayment {
    pub order_id: Uuid,
    pub order_number: String,
    pub order_status: OrderStatus,
    pub total: Money,
    pub session_id: String,
    pub amount: Money,
    pub completed_at: Option<DateTime<Utc>>,
}

/// A delivered cash-on-delivery order with no cash recorded, and for how long.
#[derive(Debug, Clone, PartialEq)]
pub struct CashOwedItem {
    pub owed: CashOwed,
    /// Whole Dakar days since delivery (0: today).
    pub age_days: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PaymentReport {
    pub period: Period,
    pub generated_at: DateTime<Utc>,
    /// Every day of the period, oldest first, days without money included.
    pub days: Vec<DayFigures>,
    pub total_wave: MethodFigures,
    pub total_cash: MethodFigures,
    pub total_wave_reported: Option<WaveReported>,
    pub wave: WaveComparison,
    pub wave_not_confirmed: Vec<WaveMismatch>,
    pub wave_not_marked: Vec<UnmarkedWavePayment>,
    pub cash_not_recorded: Vec<CashOwedItem>,
}
