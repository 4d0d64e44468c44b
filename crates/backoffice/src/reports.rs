//! The daily reconciliation of Wave and cash (administrators only), as JSON and as CSV, and the
//! cash of a courier's round recorded at once.

use actix_web::{HttpResponse, get, post, web};
use bitik_common::Money;
use bitik_orders::stats::dakar_day;
use bitik_payments::reconciliation::{
    CashOwedItem, DayFigures, MethodFigures, PaymentReport, UnmarkedWavePayment, WaveComparison, WaveMismatch,
    WaveReported,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::orders::AdminOrderDto;
use crate::spreadsheet::CsvFile;
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(payments_csv).service(payments).service(cash_received);
}

#[derive(Deserialize, IntoParams)]
pub struct PeriodParams {
    /// First Dakar day, YYYY-MM-DD.
    #[param(value_type = String, format = Date, example = "2026-11-01")]
    from: Option<String>,
    /// Last Dakar day, included; at most 92 days after `from`.
    #[param(value_type = String, format = Date, example = "2026-11-30")]
    to: Option<String>,
}

/// One method's figures: orders marked paid, what they come to, what was received (Wave: what
/// Wave confirms; cash: the cash recorded), refunds made that day from that till, and the net.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodFiguresDto {
    orders_paid: u64,
    expected: i64,
    received: i64,
    /// Paid Wave orders Wave could not be asked about (not in `received`).
    unverified: u64,
    refunds: i64,
    net: i64,
}

impl From<MethodFigures> for MethodFiguresDto {
    fn from(f: MethodFigures) -> Self {
        MethodFiguresDto {
            orders_paid: f.orders_paid,
            expected: f.expected.as_francs(),
            received: f.received.as_francs(),
            unverified: f.unverified,
            refunds: f.refunds.as_francs(),
            net: f.net.as_francs(),
        }
    }
}

/// What Wave's Balance & Reconciliation API reports: customers' payments, Wave's fees, the net.
#[derive(Serialize, ToSchema)]
pub struct WaveReportedDto {
    payments: i64,
    fees: i64,
    net: i64,
}

impl From<WaveReported> for WaveReportedDto {
    fn from(r: WaveReported) -> Self {
        WaveReportedDto { payments: r.payments.as_francs(), fees: r.fees.as_francs(), net: r.net.as_francs() }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayFiguresDto {
    /// A Dakar day.
    #[schema(value_type = String, example = "2026-11-22")]
    date: NaiveDate,
    wave: MethodFiguresDto,
    cash: MethodFiguresDto,
    /// `null` unless the key may read Wave's transactions and Wave gave that day's.
    wave_reported: Option<WaveReportedDto>,
}

impl From<DayFigures> for DayFiguresDto {
    fn from(d: DayFigures) -> Self {
        DayFiguresDto {
            date: d.date,
            wave: d.wave.into(),
            cash: d.cash.into(),
            wave_reported: d.wave_reported.map(Into::into),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsDto {
    wave: MethodFiguresDto,
    cash: MethodFiguresDto,
    wave_reported: Option<WaveReportedDto>,
}

/// How the Wave side was compared.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaveComparisonDto {
    /// `sessions`: Wave's checkout sessions only (the key may not read the Balance &
    /// Reconciliation API); `transactions`: with Wave's transactions, fees and net.
    #[schema(example = "sessions")]
    source: &'static str,
    checked: u64,
    unchecked: u64,
    /// What the admin should know, in French (sessions only, Wave not answering…).
    notes: Vec<String>,
    /// Test mode: Wave is the built-in simulator.
    simulated: bool,
}

impl From<WaveComparison> for WaveComparisonDto {
    fn from(w: WaveComparison) -> Self {
        WaveComparisonDto {
            source: w.source.as_str(),
            checked: w.checked,
            unchecked: w.unchecked,
            notes: w.notes,
            simulated: w.simulated,
        }
    }
}

/// A Wave order marked paid that Wave does not show as paid for its amount.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaveMismatchDto {
    order_id: Uuid,
    order_number: String,
    total: i64,
    paid_at: DateTime<Utc>,
    session_id: Option<String>,
    /// Why, in French.
    reason: String,
}

impl From<WaveMismatch> for WaveMismatchDto {
    fn from(m: WaveMismatch) -> Self {
        WaveMismatchDto {
            order_id: m.order_id,
            order_number: m.order_number,
            total: m.total.as_francs(),
            paid_at: m.paid_at,
            session_id: m.session_id,
            reason: m.reason,
        }
    }
}

/// A Wave session that succeeded for an order the shop did not mark paid.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmarkedWavePaymentDto {
    order_id: Uuid,
    order_number: String,
    #[schema(value_type = crate::orders::OrderStatusName)]
    order_status: &'static str,
    total: i64,
    session_id: String,
    /// What Wave received.
    amount: i64,
    completed_at: Option<DateTime<Utc>>,
}

impl From<UnmarkedWavePayment> for UnmarkedWavePaymentDto {
    fn from(u: UnmarkedWavePayment) -> Self {
        UnmarkedWavePaymentDto {
            order_id: u.order_id,
            order_number: u.order_number,
            order_status: u.order_status.as_str(),
            total: u.total.as_francs(),
            session_id: u.session_id,
            amount: u.amount.as_francs(),
            completed_at: u.completed_at,
        }
    }
}

/// A delivered cash-on-delivery order with no cash recorded.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashOwedDto {
    order_id: Uuid,
    order_number: String,
    total: i64,
    delivered_at: DateTime<Utc>,
    /// Whole Dakar days since delivery (0: today).
    age_days: i64,
    courier_name: Option<String>,
    courier_phone: Option<String>,
}

impl From<CashOwedItem> for CashOwedDto {
    fn from(c: CashOwedItem) -> Self {
        CashOwedDto {
            order_id: c.owed.id,
            order_number: c.owed.number,
            total: c.owed.total.as_francs(),
            delivered_at: c.owed.delivered_at,
            age_days: c.age_days,
            courier_name: c.owed.courier_name,
            courier_phone: c.owed.courier_phone,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttentionDto {
    wave_not_confirmed: Vec<WaveMismatchDto>,
    wave_not_marked: Vec<UnmarkedWavePaymentDto>,
    /// Whenever delivered, oldest first.
    cash_not_recorded: Vec<CashOwedDto>,
}

/// The reconciliation of a period. Amounts are whole francs (FCFA).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentReportDto {
    #[schema(value_type = String, example = "2026-11-01")]
    from: NaiveDate,
    #[schema(value_type = String, example = "2026-11-30")]
    to: NaiveDate,
    generated_at: DateTime<Utc>,
    /// Every day of the period, oldest first.
    days: Vec<DayFiguresDto>,
    totals: TotalsDto,
    wave: WaveComparisonDto,
    attention: AttentionDto,
}

impl From<PaymentReport> for PaymentReportDto {
    fn from(r: PaymentReport) -> Self {
        PaymentReportDto {
            from: r.period.from,
            to: r.period.to,
            generated_at: r.generated_at,
            days: r.days.into_iter().map(Into::into).collect(),
            totals: TotalsDto {
                wave: r.total_wave.into(),
                cash: r.total_cash.into(),
                wave_reported: r.total_wave_reported.map(Into::into),
            },
            wave: r.wave.into(),
            attention: AttentionDto {
                wave_not_confirmed: r.wave_not_confirmed.into_iter().map(Into::into).collect(),
                wave_not_marked: r.wave_not_marked.into_iter().map(Into::into).collect(),
                cash_not_recorded: r.cash_not_recorded.into_iter().map(Into::into).collect(),
            },
        }
    }
}

/// The reconciliation of Wave and cash per Dakar day and per method, with what needs attention.
/// Wave is asked about the period's orders only; when it does not answer, the report says so.
#[utoipa::path(tag = "admin", security(("bearer" = ["money.handle"])), params(PeriodParams), responses(
    (status = 200, description = "The report", body = Data<PaymentReportDto>),
    (status = 400, description = "A missing or malformed date, `from` after `to`, or more than 92 days", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/reports/payments")]
async fn payments(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleMoney>,
    params: web::Query<PeriodParams>,
) -> Result<HttpResponse, ApiError> {
    let report = state.reconciliation.report(params.from.as_deref(), params.to.as_deref()).await?;
    Ok(HttpResponse::Ok().json(Data::new(PaymentReportDto::from(report))))
}

const CSV_HEADER: [&str; 13] = [
    "row",
    "date",
    "method",
    "ordersPaid",
    "expected",
    "received",
    "unverified",
    "refunds",
    "net",
    "waveFees",
    "waveNet",
    "orderNumber",
    "detail",
];

fn francs(m: Money) -> String {
    m.as_francs().to_string()
}

fn figures_row(row: &str, date: &str, method: &str, f: &MethodFigures, wave: Option<&WaveReported>) -> Vec<String> {
    vec![
        row.to_owned(),
        date.to_owned(),
        method.to_owned(),
        f.orders_paid.to_string(),
        francs(f.expected),
        francs(f.received),
        f.unverified.to_string(),
        francs(f.refunds),
        francs(f.net),
        wave.map(|w| francs(w.fees)).unwrap_or_default(),
        wave.map(|w| francs(w.net)).unwrap_or_default(),
        String::new(),
        String::new(),
    ]
}

fn item_row(
    row: &str,
    date: String,
    method: &str,
    expected: Money,
    received: Option<Money>,
    number: &str,
    detail: String,
) -> Vec<String> {
    let mut cells = vec![String::new(); CSV_HEADER.len()];
    cells[0] = row.to_owned();
    cells[1] = date;
    cells[2] = method.to_owned();
    cells[4] = francs(expected);
    cells[5] = received.map(francs).unwrap_or_default();
    cells[11] = number.to_owned();
    cells[12] = detail;
    cells
}

/// The same report as CSV (RFC 4180, cells neutralised): a `day` line per day and method, a
/// `total` line per method, a line per order needing attention, and the report's notes.
#[utoipa::path(operation_id = "report.export", tag = "admin", security(("bearer" = ["money.handle"])), params(PeriodParams), responses(
    (status = 200, description = "row,date,method,ordersPaid,expected,received,unverified,refunds,net,waveFees,waveNet,orderNumber,detail lines", content_type = "text/csv", body = String),
    (status = 400, description = "A missing or malformed date, `from` after `to`, or more than 92 days", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/reports/payments.csv")]
async fn payments_csv(
    state: web::Data<AppState>,
    _admin: Staff<can::HandleMoney>,
    params: web::Query<PeriodParams>,
) -> Result<HttpResponse, ApiError> {
    let report = state.reconciliation.report(params.from.as_deref(), params.to.as_deref()).await?;
    let mut csv = CsvFile::new(CSV_HEADER)?;
    for day in &report.days {
        let date = day.date.to_string();
        csv.row(figures_row("day", &date, "wave", &day.wave, day.wave_reported.as_ref()))?;
        csv.row(figures_row("day", &date, "cash_on_delivery", &day.cash, None))?;
    }
    csv.row(figures_row("total", "", "wave", &report.total_wave, report.total_wave_reported.as_ref()))?;
    csv.row(figures_row("total", "", "cash_on_delivery", &report.total_cash, None))?;
    for m in &report.wave_not_confirmed {
        let date = dakar_day(m.paid_at).to_string();
        csv.row(item_row("wave_not_confirmed", date, "wave", m.total, None, &m.order_number, m.reason.clone()))?;
    }
    for u in &report.wave_not_marked {
        let date = u.completed_at.map(|c| dakar_day(c).to_string()).unwrap_or_default();
        let detail = format!("Session {} réussie ; commande {}", u.session_id, u.order_status.as_str());
        csv.row(item_row("wave_not_marked", date, "wave", u.total, Some(u.amount), &u.order_number, detail))?;
    }
    for c in &report.cash_not_recorded {
        let courier = c.owed.courier_name.as_deref().unwrap_or("Livreur non indiqué");
        let detail = format!("{courier} ; livrée depuis {} jour(s)", c.age_days);
        let date = dakar_day(c.owed.delivered_at).to_string();
        csv.row(item_row("cash_not_recorded", date, "cash_on_delivery", c.owed.total, None, &c.owed.number, detail))?;
    }
    for note in &report.wave.notes {
        csv.row(item_row("note", String::new(), "wave", Money::ZERO, None, "", note.clone()))?;
    }
    let name = format!("paiements-{}-{}.csv", report.period.from, report.period.to);
    csv.download(&state, &name).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashReceivedBody {
    /// The cash-on-delivery orders whose cash the shop received (a courier's round), 1 to 100.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    order_ids: Vec<Uuid>,
}

/// Records the cash of several cash-on-delivery orders at once, all or nothing: an order that
/// cannot be marked paid (not cash on delivery, already paid, cancelled, changed meanwhile) is
/// named in the refusal, and no order is marked paid.
#[utoipa::path(operation_id = "payment.cash_received", tag = "admin", security(("bearer" = ["money.handle"])), request_body = CashReceivedBody, responses(
    (status = 200, description = "The orders, paid", body = Data<Vec<AdminOrderDto>>),
    (status = 400, description = "No order, or more than 100", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
    (status = 404, description = "An order that does not exist (named)", body = ErrorBody),
    (status = 409, description = "An order that cannot be marked paid (named): nothing was recorded", body = ErrorBody),
))]
#[post("/admin/orders/cash-received")]
async fn cash_received(
    state: web::Data<AppState>,
    Staff { user: admin, .. }: Staff<can::HandleMoney>,
    body: web::Json<CashReceivedBody>,
) -> Result<HttpResponse, ApiError> {
    let actor = crate::actor(&admin);
    let orders = state.orders.record_cash_payments(&actor, &body.order_ids).await?;
    let orders: Vec<AdminOrderDto> = orders.into_iter().map(|o| AdminOrderDto::new(&state, o)).collect();
    Ok(HttpResponse::Ok().json(Data::new(orders)))
}
