use std::sync::Arc;
use std::time::Duration;

use bitik_orders::{
    Actor, Order, OrderRepository, OrderStatus, PaymentMethod, PaymentStatus, StatusChange, Transition, rules,
};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::error::PaymentError;
use crate::model::{
    CURRENCY, CheckoutStatus, EventKind, MIN_INTERVAL, OpenedSession, Payment, PaymentState, PaymentView,
    SESSION_LIFETIME, STATUS_CACHE, SessionRequest, SweepReport, WaveSession, WebhookEvent, WebhookOutcome,
};
use crate::offer::{order_too_old, wave_offer};
use crate::ports::{GatewayError, PaymentRepository, WaveGateway, WebhookRejection, WebhookVerifier};

/// Unpaid orders looked at by one pass of the expiry sweep.
const SWEEP_BATCH: u32 = 50;

/// How long a shopper is asked to wait when Wave limits us without saying for how long.
const DEFAULT_RETRY_AFTER: Duration = Duration::from_secs(5);

/// As the order history shows who acted.
const BY_WAVE: &str = "Wave";
const BY_SYSTEM: &str = "Système";

pub type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// Wave payments: opening sessions for orders, answering their status, and deciding, on the
/// server alone, that an order is paid (docs/rules.md#payments).
pub struct PaymentService {
    orders: Arc<dyn OrderRepository>,
    payments: Arc<dyn PaymentRepository>,
    gateway: Arc<dyn WaveGateway>,
    webhooks: Arc<dyn WebhookVerifier>,
    /// The shop's public address, where Wave sends the shopper back.
    public_url: String,
    clock: Clock,
}

impl PaymentService {
    pub fn new(
        orders: Arc<dyn OrderRepository>,
        payments: Arc<dyn PaymentRepository>,
        gateway: Arc<dyn WaveGateway>,
        webhooks: Arc<dyn WebhookVerifier>,
        public_url: &str,
    ) -> Self {
        Self {
            orders,
            payments,
            gateway,
            webhooks,
            public_url: public_url.trim_end_matches('/').to_owned(),
            clock: Arc::new(Utc::now),
        }
    }

    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// True when the built-in simulator stands in for Wave.
    pub fn is_test_mode(&self) -> bool {
        self.gateway.is_simulated()
    }

    /// Where Wave sends the shopper after paying. Wave adds nothing to it, so only the order is named.
    pub fn success_url(&self, order_id: Uuid) -> String {
        format!("{}/payment-success?orderId={order_id}", self.public_url)
    }

    /// Where Wave sends the shopper when the payment failed.
    pub fn error_url(&self, order_id: Uuid) -> String {
        format!("{}/payment-error?orderId={order_id}&errorCode=payment_failed", self.public_url)
    }

    fn now(&self) -> DateTime<Utc> {
        (self.clock)()
    }

    // Opening a session ----------------------------------------------------------------------

    /// A Wave session for the customer's pending, unpaid Wave order, for the order's total as
    /// the server computed it. An open session of the order is reused: Wave documents no
    /// idempotency key, so a second session is only created after searching for the first.
    pub async fn init(&self, user_id: Uuid, order_id: Option<&str>) -> Result<OpenedSession, PaymentError> {
        let order = self.order_of(user_id, parse_order_id(order_id)?).await?;
        let now = self.now();
        // A Wave order too old gets no new session, but a session already paid answers paid.
        match wave_offer(&order, now) {
            Ok(_) | Err(PaymentError::SessionExpired) => {}
            Err(refusal) => return Err(refusal),
        }
        if let Some(latest) = self.payments.latest_of_order(order.id).await.map_err(PaymentError::repository)? {
            // Asked moments ago: answered as it is rather than asking Wave again.
            if latest.session.payable_at(now) && fresher_than(latest.checked_at, MIN_INTERVAL, now) {
                return Ok(self.opened(order.id, latest.session));
            }
        }
        let found = self.gateway.search_sessions(&order.id.to_string()).await.map_err(init_failure)?;
        for session in &found {
            self.save(order.id, session, now).await?;
        }
        if let Some(paid) = found.iter().find(|s| s.succeeded()) {
            let outcome = self.settle(&order, paid).await?;
            if matches!(outcome, WebhookOutcome::Paid { .. } | WebhookOutcome::AlreadyPaid { .. }) {
                return Err(PaymentError::AlreadyPaid);
            }
        }
        let reusable = found
            .into_iter()
            .filter(|s| s.payable_at(now) && s.amount == order.amount_due() && s.currency == CURRENCY)
            .max_by_key(|s| s.expires_at);
        if let Some(open) = reusable {
            return Ok(self.opened(order.id, open));
        }
        if order.payment_method == PaymentMethod::Wave && !order.has_balance_due() && order_too_old(&order, now) {
            return Err(PaymentError::SessionExpired);
        }
        let request = SessionRequest {
            // What is left to pay: the total, or the balance a correction of a paid order left.
            amount: order.amount_due(),
            currency: CURRENCY.to_owned(),
            success_url: self.success_url(order.id),
            error_url: self.error_url(order.id),
            client_reference: order.id.to_string(),
        };
        let session = self.gateway.create_session(&request).await.map_err(init_failure)?;
        self.save(order.id, &session, now).await?;
        Ok(self.opened(order.id, session))
    }

    fn opened(&self, order_id: Uuid, session: WaveSession) -> OpenedSession {
        OpenedSession { order_id, session, is_mock: self.gateway.is_simulated() }
    }

    /// Expires the order's sessions still open at Wave: a correction (or a switch to cash)
    /// changed what is left to pay, and a session opened for the old amount must not be paid.
    /// Wave's word decides which are open; one Wave does not expire is left to its 30 minutes,
    /// and a late payment of it is not taken for the order, its amount no longer matching.
    /// Answers how many were closed.
    pub async fn close_open_sessions(&self, order_id: Uuid) -> Result<usize, PaymentError> {
        let sessions =
            self.gateway.search_sessions(&order_id.to_string()).await.map_err(PaymentError::GatewayUnavailable)?;
        let now = self.now();
        let mut closed = 0;
        for session in sessions.iter().filter(|s| s.payable_at(now)) {
            if self.gateway.expire_session(&session.id).await.is_ok() {
                self.payments.mark_cancelled(&session.id, now).await.map_err(PaymentError::repository)?;
                closed += 1;
            }
        }
        Ok(closed)
    }

    // Status and cancel ----------------------------------------------------------------------

    /// Where the customer's session stands. What Wave said is reused for 60 s; with `fresh`
    /// (a shopper back from Wave) Wave is asked again unless it was asked in the last 3 s.
    /// A session Wave reports paid makes the order paid here and now.
    pub async fn status(&self, user_id: Uuid, session_id: &str, fresh: bool) -> Result<PaymentView, PaymentError> {
        let (payment, order) = self.payment_of(user_id, session_id).await?;
        self.refreshed_view(payment, order, cache_for(fresh)).await
    }

    /// The same, for the most recent session of one of the customer's orders (a shopper back
    /// from Wave in another browser knows only the order).
    pub async fn status_of_order(
        &self,
        user_id: Uuid,
        order_id: Option<&str>,
        fresh: bool,
    ) -> Result<PaymentView, PaymentError> {
        let order = self.order_of(user_id, parse_order_id(order_id)?).await?;
        let payment = self
            .payments
            .latest_of_order(order.id)
            .await
            .map_err(PaymentError::repository)?
            .ok_or(PaymentError::SessionNotFound)?;
        self.refreshed_view(payment, order, cache_for(fresh)).await
    }

    /// The shopper gives the session up: Wave expires it. The order stays pending and unpaid (a
    /// new session can be opened while its stock is held). A session paid meanwhile answers paid.
    pub async fn cancel(&self, user_id: Uuid, session_id: &str) -> Result<PaymentView, PaymentError> {
        let (payment, order) = self.payment_of(user_id, session_id).await?;
        let now = self.now();
        if is_settled(&order) || payment.session.checkout_status != CheckoutStatus::Open {
            return Ok(view(payment, order, now));
        }
        match self.gateway.expire_session(&payment.session.id).await {
            Ok(()) => {
                let cancelled = self
                    .payments
                    .mark_cancelled(&payment.session.id, now)
                    .await
                    .map_err(PaymentError::repository)?
                    .unwrap_or(payment);
                Ok(view(cancelled, order, now))
            }
            Err(GatewayError::NotFound) => Ok(not_found_view(payment, order)),
            // No longer open at Wave: paid or expired meanwhile. Its own answer tells which.
            Err(GatewayError::Rejected { .. }) => self.refreshed_view(payment, order, Duration::ZERO).await,
            Err(GatewayError::RateLimited { retry_after }) => {
                Err(PaymentError::RateLimited { retry_after: retry_after.unwrap_or(DEFAULT_RETRY_AFTER) })
            }
            Err(error @ GatewayError::Unknown(_)) => Err(PaymentError::GatewayUnavailable(error)),
        }
    }

    /// The view of a session, Wave asked first when what it said last is older than `max_age`.
    async fn refreshed_view(
        &self,
        payment: Payment,
        order: Order,
        max_age: Duration,
    ) -> Result<PaymentView, PaymentError> {
        let now = self.now();
        let (mut payment, mut order) = (payment, order);
        let settled = is_settled(&order) || order.status == OrderStatus::Cancelled;
        if !settled && payment.session.succeeded() {
            // Known paid but not applied (an earlier attempt failed half-way): apply it now.
            order = self.settle_and_reload(order, &payment.session).await?;
        } else if !settled
            && payment.session.checkout_status == CheckoutStatus::Open
            && !fresher_than(payment.checked_at, max_age, now)
        {
            match self.gateway.get_session(&payment.session.id).await {
                Ok(session) => {
                    payment = self.save(order.id, &session, now).await?;
                    if session.succeeded() {
                        order = self.settle_and_reload(order, &session).await?;
                    }
                }
                Err(GatewayError::NotFound) => return Ok(not_found_view(payment, order)),
                // Limited: what we already know is the best answer for now.
                Err(GatewayError::RateLimited { .. }) => {}
                Err(error) => return Err(PaymentError::GatewayUnavailable(error)),
            }
        }
        Ok(view(payment, order, now))
    }

    async fn settle_and_reload(&self, order: Order, session: &WaveSession) -> Result<Order, PaymentError> {
        match self.settle(&order, session).await? {
            WebhookOutcome::Paid { .. } | WebhookOutcome::AlreadyPaid { .. } => self.find_order(order.id).await,
            _ => Ok(order),
        }
    }

    // Webhooks -------------------------------------------------------------------------------

    /// One delivery of Wave's webhook, from Wave or from the simulator: the same path for both.
    /// Only a correctly signed event is read. A completed session is read again from Wave and
    /// checked against the order before the order is marked paid; an event id seen before is
    /// already done. An error means "deliver again later".
    pub async fn receive_webhook(
        &self,
        signature: Option<&str>,
        raw_body: &[u8],
    ) -> Result<WebhookOutcome, PaymentError> {
        let event =
            self.webhooks.open(signature.unwrap_or_default(), raw_body, self.now()).map_err(
                |rejection| match rejection {
                    WebhookRejection::BadSignature(why) => PaymentError::InvalidSignature(why),
                    WebhookRejection::Malformed(why) => PaymentError::InvalidEvent(why),
                },
            )?;
        if self.payments.event_seen(&event.id).await.map_err(PaymentError::repository)? {
            return Ok(WebhookOutcome::AlreadyDone);
        }
        let outcome = match &event.kind {
            EventKind::Completed => self.confirm_from_wave(&event.session_id).await?,
            EventKind::PaymentFailed => self.record_failure(&event).await?,
            EventKind::Other(_) => WebhookOutcome::Ignored,
        };
        self.payments
            .remember_event(&event.id, event.kind.as_str(), &event.session_id)
            .await
            .map_err(PaymentError::repository)?;
        Ok(outcome)
    }

    /// The event says the session completed: Wave's own answer to a fresh request decides.
    async fn confirm_from_wave(&self, session_id: &str) -> Result<WebhookOutcome, PaymentError> {
        let session = match self.gateway.get_session(session_id).await {
            Ok(session) => session,
            Err(GatewayError::NotFound) => return Ok(WebhookOutcome::UnknownSession),
            Err(error) => return Err(PaymentError::GatewayUnavailable(error)),
        };
        let known = self.payments.find_by_session(&session.id).await.map_err(PaymentError::repository)?;
        // A session we never heard the creation of (the answer was lost) still names its order.
        let order_id = known
            .map(|p| p.order_id)
            .or_else(|| session.client_reference.as_deref().and_then(|r| Uuid::parse_str(r).ok()));
        let Some(order_id) = order_id else { return Ok(WebhookOutcome::UnknownSession) };
        let Some(order) = self.orders.find(order_id).await.map_err(PaymentError::repository)? else {
            return Ok(WebhookOutcome::UnknownSession);
        };
        self.save(order.id, &session, self.now()).await?;
        if !session.succeeded() {
            return Ok(WebhookOutcome::NotPaid);
        }
        self.settle(&order, &session).await
    }

    async fn record_failure(&self, event: &WebhookEvent) -> Result<WebhookOutcome, PaymentError> {
        let known = self.payments.find_by_session(&event.session_id).await.map_err(PaymentError::repository)?;
        let Some(payment) = known else { return Ok(WebhookOutcome::UnknownSession) };
        if let Some(session) = &event.session {
            self.save(payment.order_id, session, self.now()).await?;
        }
        Ok(WebhookOutcome::FailureRecorded)
    }

    /// Marks the order paid from a session Wave reports succeeded, once, whoever gets here first
    /// (webhook, status check, sweep): the repository changes an unpaid order only.
    async fn settle(&self, order: &Order, session: &WaveSession) -> Result<WebhookOutcome, PaymentError> {
        // Paid or refunded already: nothing is left to pay, whatever the session says.
        if is_settled(order) {
            return Ok(WebhookOutcome::AlreadyPaid { order_id: order.id });
        }
        if let Err(reason) = session_pays_order(session, order) {
            return Ok(WebhookOutcome::Mismatch { order_id: order.id, reason });
        }
        let mut order = order.clone();
        // The order may change between reading and writing it (a customer cancelling, an admin);
        // each retry starts from what it has become.
        for _ in 0..3 {
            if is_settled(&order) {
                return Ok(WebhookOutcome::AlreadyPaid { order_id: order.id });
            }
            let entry = payment_entry(&order, session, self.now());
            let recorded = match order.payment_method {
                // Paid with Wave instead of at the door: the order becomes a Wave order.
                PaymentMethod::CashOnDelivery => {
                    self.orders.record_wave_payment_of_cash_order(order.id, order.status, entry)
                }
                _ => self.orders.record_payment(order.id, order.status, entry),
            };
            match recorded.await.map_err(PaymentError::repository)? {
                Transition::Applied(_) => return Ok(WebhookOutcome::Paid { order_id: order.id }),
                Transition::Stale | Transition::OutOfStock { .. } => order = self.find_order(order.id).await?,
            }
        }
        Err(PaymentError::repository("the order kept changing while its payment was recorded"))
    }

    // The expiry sweep -----------------------------------------------------------------------

    /// Cancels, with their stock returned, the unpaid Wave orders whose session lifetime is
    /// over. Wave is asked first: a session paid at the last moment makes the order paid
    /// instead, and an order whose answer is unknown waits for the next pass.
    pub async fn sweep_expired(&self) -> Result<SweepReport, PaymentError> {
        let now = self.now();
        let cutoff = now - chrono::Duration::from_std(SESSION_LIFETIME).unwrap_or_default();
        let ids = self.payments.unpaid_wave_orders(cutoff, SWEEP_BATCH).await.map_err(PaymentError::repository)?;
        let mut report = SweepReport::default();
        for id in ids {
            match self.sweep_order(id, now).await {
                Ok(Swept::Cancelled) => report.cancelled += 1,
                Ok(Swept::Paid) => report.paid += 1,
                Ok(Swept::Left) => report.skipped += 1,
                Err(error) => {
                    report.skipped += 1;
                    report.errors.push(format!("order {id}: {}", error_chain(&error)));
                }
            }
        }
        Ok(report)
    }

    async fn sweep_order(&self, order_id: Uuid, now: DateTime<Utc>) -> Result<Swept, PaymentError> {
        let order = self.find_order(order_id).await?;
        let unpaid_wave = order.status == OrderStatus::Pending
            && order.payment_status != PaymentStatus::Paid
            && order.payment_method == PaymentMethod::Wave;
        if !unpaid_wave {
            return Ok(Swept::Left);
        }
        let Ok(sessions) = self.gateway.search_sessions(&order.id.to_string()).await else {
            return Ok(Swept::Left);
        };
        for session in &sessions {
            self.save(order.id, session, now).await?;
        }
        if let Some(paid) = sessions.iter().find(|s| s.succeeded()) {
            return Ok(swept_by(self.settle(&order, paid).await?));
        }
        if sessions.iter().any(|s| s.payable_at(now)) {
            return Ok(Swept::Left);
        }
        // Past their time yet still open at Wave: closed first, so nothing can be paid after.
        for session in sessions.iter().filter(|s| s.checkout_status == CheckoutStatus::Open) {
            match self.gateway.expire_session(&session.id).await {
                Ok(()) | Err(GatewayError::NotFound) => {}
                Err(GatewayError::Rejected { .. }) => match self.gateway.get_session(&session.id).await {
                    Ok(fresh) if fresh.succeeded() => return Ok(swept_by(self.settle(&order, &fresh).await?)),
                    Ok(fresh) if fresh.checkout_status != CheckoutStatus::Open => {}
                    _ => return Ok(Swept::Left),
                },
                Err(_) => return Ok(Swept::Left),
            }
        }
        let note = "Paiement Wave non reçu avant l'expiration de la session : commande annulée";
        let change = StatusChange::new(OrderStatus::Cancelled, note, &Actor::system(BY_SYSTEM), now);
        let effect = rules::stock_effect(OrderStatus::Pending, OrderStatus::Cancelled);
        match self.orders.transition(order.id, OrderStatus::Pending, change, effect).await {
            Ok(Transition::Applied(_)) => Ok(Swept::Cancelled),
            // Paid, cancelled or changed by someone else meanwhile: theirs is the last word.
            Ok(_) => Ok(Swept::Left),
            Err(error) => Err(PaymentError::repository(error)),
        }
    }

    // Shared helpers -------------------------------------------------------------------------

    async fn save(&self, order_id: Uuid, session: &WaveSession, now: DateTime<Utc>) -> Result<Payment, PaymentError> {
        self.payments.save(order_id, session, self.gateway.is_simulated(), now).await.map_err(PaymentError::repository)
    }

    async fn find_order(&self, id: Uuid) -> Result<Order, PaymentError> {
        self.orders.find(id).await.map_err(PaymentError::repository)?.ok_or(PaymentError::OrderNotFound)
    }

    /// One of the customer's orders; another customer's answers as missing.
    async fn order_of(&self, user_id: Uuid, order_id: Uuid) -> Result<Order, PaymentError> {
        let order = self.orders.find(order_id).await.map_err(PaymentError::repository)?;
        order.filter(|o| o.user_id == user_id).ok_or(PaymentError::OrderNotFound)
    }

    /// The order a session pays, for whoever holds that order's key; `None` for no session.
    pub async fn order_of_session(&self, session_id: &str) -> Result<Option<Uuid>, PaymentError> {
        let session_id = session_id.trim();
        if session_id.is_empty() || session_id.len() > 255 {
            return Ok(None);
        }
        let payment = self.payments.find_by_session(session_id).await.map_err(PaymentError::repository)?;
        Ok(payment.map(|payment| payment.order_id))
    }

    /// One of the customer's sessions with its order; another customer's answers as missing.
    async fn payment_of(&self, user_id: Uuid, session_id: &str) -> Result<(Payment, Order), PaymentError> {
        let session_id = session_id.trim();
        if session_id.is_empty() || session_id.len() > 255 {
            return Err(PaymentError::SessionNotFound);
        }
        let payment = self
            .payments
            .find_by_session(session_id)
            .await
            .map_err(PaymentError::repository)?
            .ok_or(PaymentError::SessionNotFound)?;
        let order = self.orders.find(payment.order_id).await.map_err(PaymentError::repository)?;
        let order = order.filter(|o| o.user_id == user_id).ok_or(PaymentError::SessionNotFound)?;
        Ok((payment, order))
    }
}

enum Swept {
    Cancelled,
    Paid,
    Left,
}

fn swept_by(outcome: WebhookOutcome) -> Swept {
    match outcome {
        WebhookOutcome::Paid { .. } | WebhookOutcome::AlreadyPaid { .. } => Swept::Paid,
        // A paid session that does not match its order is for a person to look at.
        _ => Swept::Left,
    }
}

fn cache_for(fresh: bool) -> Duration {
    if fresh { MIN_INTERVAL } else { STATUS_CACHE }
}

fn parse_order_id(raw: Option<&str>) -> Result<Uuid, PaymentError> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty()).ok_or(PaymentError::OrderIdRequired)?;
    Uuid::parse_str(raw).map_err(|_| PaymentError::InvalidOrderId)
}

fn fresher_than(checked_at: Option<DateTime<Utc>>, max_age: Duration, now: DateTime<Utc>) -> bool {
    checked_at.is_some_and(|at| (now - at).to_std().map_or(true, |age| age < max_age))
}

fn init_failure(error: GatewayError) -> PaymentError {
    match error {
        GatewayError::RateLimited { retry_after } => {
            PaymentError::RateLimited { retry_after: retry_after.unwrap_or(DEFAULT_RETRY_AFTER) }
        }
        other => PaymentError::InitFailed(other),
    }
}

/// Whether Wave's session really pays this order: succeeded, for this order, for what is left to
/// pay (its whole total, or the balance a correction left), in francs. The reason is for the logs.
fn session_pays_order(session: &WaveSession, order: &Order) -> Result<(), String> {
    if !matches!(order.payment_method, PaymentMethod::Wave | PaymentMethod::CashOnDelivery) {
        return Err(format!("order {} is not paid by Wave", order.order_number));
    }
    if !session.succeeded() {
        return Err(format!("session {} is not paid", session.id));
    }
    if session.client_reference.as_deref() != Some(order.id.to_string().as_str()) {
        return Err(format!("session {} names {:?}, not order {}", session.id, session.client_reference, order.id));
    }
    if session.currency != CURRENCY {
        return Err(format!("session {} is in {}, not {CURRENCY}", session.id, session.currency));
    }
    if session.amount != order.amount_due() {
        return Err(format!(
            "session {} paid {} but order {} has {} left to pay",
            session.id,
            session.amount.as_francs(),
            order.order_number,
            order.amount_due().as_francs()
        ));
    }
    Ok(())
}

/// The history entry of a payment: a pending order goes to processing; an order already moved
/// on keeps its status; a cancelled one stays cancelled and says the money must be dealt with.
fn payment_entry(order: &Order, session: &WaveSession, now: DateTime<Utc>) -> StatusChange {
    let mut transaction = session.transaction_id.as_deref().map(|t| format!(" (transaction {t})")).unwrap_or_default();
    if order.payment_method == PaymentMethod::CashOnDelivery {
        transaction.push_str(" : mode de paiement changé du paiement à la livraison à Wave");
    }
    let paid = if order.has_balance_due() {
        format!("Reste de {} payé par Wave", order.amount_due())
    } else {
        "Paiement Wave reçu".to_owned()
    };
    let (status, note, visible) = match order.status {
        OrderStatus::Pending => (OrderStatus::Processing, format!("{paid}{transaction}"), true),
        // What the shop has to do about it is the shop's to read.
        OrderStatus::Cancelled => (
            OrderStatus::Cancelled,
            format!("Paiement Wave reçu{transaction} après l'annulation : à rembourser ou à rouvrir"),
            false,
        ),
        other => (other, format!("{paid}{transaction}"), true),
    };
    StatusChange::new(status, note, &Actor::system(BY_WAVE), now).visible_note(visible)
}

/// Paid, or paid and refunded since: never paid again.
fn is_settled(order: &Order) -> bool {
    matches!(order.payment_status, PaymentStatus::Paid | PaymentStatus::Refunded)
}

fn view(payment: Payment, order: Order, now: DateTime<Utc>) -> PaymentView {
    let state = if is_settled(&order) {
        PaymentState::Paid
    } else if order.status == OrderStatus::Cancelled || payment.cancelled_at.is_some() {
        PaymentState::Cancelled
    } else {
        match payment.session.checkout_status {
            CheckoutStatus::Open if payment.session.expires_at > now => PaymentState::Pending,
            CheckoutStatus::Open | CheckoutStatus::Expired => PaymentState::Expired,
            // Paid at Wave but not accepted for this order (see `session_pays_order`): not paid here.
            CheckoutStatus::Complete => PaymentState::Pending,
        }
    };
    finish_view(state, payment, order)
}

fn not_found_view(payment: Payment, order: Order) -> PaymentView {
    finish_view(PaymentState::NotFound, payment, order)
}

fn finish_view(state: PaymentState, payment: Payment, order: Order) -> PaymentView {
    PaymentView { state, payment, order_number: order.order_number, order_status: order.status, paid_at: order.paid_at }
}

fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
