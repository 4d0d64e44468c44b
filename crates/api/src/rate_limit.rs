//! The shop's brakes (docs/rules.md#limits): how often a client address, an account, or the two
//! together may log in, register, change or reset a password, order and subscribe; and which
//! address is the client. The counts are kept by the shared [`RateLimiter`] (PostgreSQL, so
//! every instance of the shop counts against one allowance), and an action is reserved before
//! the work it guards is done.

use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use std::time::Duration;

use bitik_common::rate::{Rate, RateLimiter};
use bitik_common::{BoxError, Phone};
use bitik_identity::IdentityError;
use uuid::Uuid;

use crate::error::{ApiError, Code};

const QUARTER_HOUR: Duration = Duration::from_secs(15 * 60);
const HOUR: Duration = Duration::from_secs(60 * 60);

/// Guesses at one account from one address. A login that succeeds forgets them.
pub const LOGIN_PER_ACCOUNT_AND_CLIENT: Rate = Rate::per(5, QUARTER_HOUR);
/// Guesses at one account from everywhere: slower, so that a stranger needs many addresses to
/// lock its owner out, and the owner still logs in from an address that has not failed while
/// another address is refused.
pub const LOGIN_PER_ACCOUNT: Rate = Rate::per(50, HOUR);
/// Guesses from one address at any accounts.
pub const LOGIN_PER_CLIENT: Rate = Rate::per(20, QUARTER_HOUR);
pub const REGISTRATIONS_PER_CLIENT: Rate = Rate::per(10, HOUR);
pub const PASSWORD_CHANGES_PER_ACCOUNT: Rate = Rate::per(5, QUARTER_HOUR);
pub const PASSWORD_CHANGES_PER_CLIENT: Rate = Rate::per(10, QUARTER_HOUR);
/// Reset requests and attempts with a link's token, successful or not: nobody needs many, and a
/// guesser needs very many.
pub const RESETS_PER_CLIENT: Rate = Rate::per(10, QUARTER_HOUR);
/// Reset links e-mailed to one address.
pub const RESET_MAILS_PER_ADDRESS: Rate = Rate::per(3, QUARTER_HOUR);
pub const ORDERS_PER_ACCOUNT: Rate = Rate::per(20, HOUR);
pub const ORDERS_PER_CLIENT: Rate = Rate::per(60, HOUR);
pub const SUBSCRIPTIONS_PER_CLIENT: Rate = Rate::per(10, HOUR);
/// Back-in-stock alerts asked from one address: a shopper asks for a few variants, not dozens.
pub const STOCK_ALERTS_PER_CLIENT: Rate = Rate::per(20, HOUR);
/// Alerts asked for one e-mail address from anywhere: nobody fills someone else's inbox.
pub const STOCK_ALERTS_PER_ADDRESS: Rate = Rate::per(10, HOUR);

/// Login codes sent to one phone (NIST SP 800-63B, OWASP): one a minute, five an hour.
pub const CODES_PER_PHONE_MINUTE: Rate = Rate::per(1, Duration::from_secs(60));
pub const CODES_PER_PHONE: Rate = Rate::per(5, HOUR);
/// Codes asked from one address: generous, as many shoppers share their operator's address.
pub const CODES_PER_CLIENT: Rate = Rate::per(20, HOUR);
/// Codes to the numbers of one block (the number less its last two digits): a pumper walks a
/// block of premium numbers, a shop's customers hardly share one.
pub const CODES_PER_BLOCK: Rate = Rate::per(20, HOUR);
/// Codes tried from one address: a code dies at its fifth wrong try, this stops one address
/// from walking through many phones' codes (generous: an operator's address is many shoppers').
pub const CODE_TRIES_PER_CLIENT: Rate = Rate::per(60, QUARTER_HOUR);
const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// One count an action is held to: a key and its rate.
#[derive(Debug, Clone)]
struct Count {
    key: String,
    rate: Rate,
}

impl Count {
    fn new(rate: Rate, key: String) -> Self {
        Self { key, rate }
    }
}

/// The brakes of one worker, around the shared limiter.
#[derive(Clone)]
pub struct Limits {
    limiter: Arc<dyn RateLimiter>,
    /// Login codes sent a day to the phones of one country (`LOGIN_CODE_DAILY_PER_COUNTRY`).
    codes_per_country: Rate,
}

/// `LOGIN_CODE_DAILY_PER_COUNTRY`'s default: far more than a Dakar shop's customers log in in a
/// day, far fewer than a pumping run sends.
pub const DEFAULT_DAILY_CODES_PER_COUNTRY: u32 = 2000;

impl Limits {
    pub fn new(limiter: Arc<dyn RateLimiter>) -> Self {
        Self { limiter, codes_per_country: Rate::per(DEFAULT_DAILY_CODES_PER_COUNTRY, DAY) }
    }

    pub fn with_daily_codes_per_country(self, codes: u32) -> Self {
        Self { codes_per_country: Rate::per(codes.max(1), DAY), ..self }
    }

    /// A login code sent to `phone`: per phone (a minute, an hour), per address, per block of
    /// numbers, per country and day. Counted whether or not the phone has an account.
    pub async fn login_code(&self, phone: &Phone, client: &str) -> Result<Reserved<'_>, ApiError> {
        let number = phone.as_str();
        let block = &number[..number.len().saturating_sub(2)];
        let country = phone.country().unwrap_or_default();
        self.reserve(vec![
            Count::new(CODES_PER_PHONE_MINUTE, format!("code:phone-minute:{number}")),
            Count::new(CODES_PER_PHONE, format!("code:phone:{number}")),
            Count::new(CODES_PER_CLIENT, format!("code:client:{client}")),
            Count::new(CODES_PER_BLOCK, format!("code:block:{block}")),
            Count::new(self.codes_per_country, format!("code:country:{country}")),
        ])
        .await
    }

    /// A login code typed, from `client`.
    pub async fn code_try(&self, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![Count::new(CODE_TRIES_PER_CLIENT, format!("code-try:client:{client}"))]).await
    }

    /// Reserves a login attempt, before the password is checked: per account and client, per
    /// client, per account, in that order, so that a refused guess costs nothing else.
    pub async fn login(&self, email: &str, client: &str) -> Result<LoginAttempt<'_>, ApiError> {
        let account = email_key(email);
        // The client's length first: neither an address nor an e-mail can then pose as the other.
        let pair = format!("login:pair:{}:{client}:{account}", client.len());
        let reserved = self
            .reserve(vec![
                Count::new(LOGIN_PER_ACCOUNT_AND_CLIENT, pair),
                Count::new(LOGIN_PER_CLIENT, format!("login:client:{client}")),
                Count::new(LOGIN_PER_ACCOUNT, format!("login:account:{account}")),
            ])
            .await?;
        Ok(LoginAttempt(reserved))
    }

    pub async fn registration(&self, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![Count::new(REGISTRATIONS_PER_CLIENT, format!("register:client:{client}"))]).await
    }

    pub async fn password_change(&self, account: Uuid, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![
            Count::new(PASSWORD_CHANGES_PER_ACCOUNT, format!("password:account:{account}")),
            Count::new(PASSWORD_CHANGES_PER_CLIENT, format!("password:client:{client}")),
        ])
        .await
    }

    pub async fn password_reset(&self, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![Count::new(RESETS_PER_CLIENT, format!("reset:client:{client}"))]).await
    }

    /// A reset link sent by e-mail: the client's allowance for resets, and a few per address, so
    /// that nobody fills an inbox with them (counted for any address, account or not).
    pub async fn reset_by_email(&self, client: &str, email: &str) -> Result<Reserved<'_>, ApiError> {
        let address = email.trim().to_lowercase();
        self.reserve(vec![
            Count::new(RESETS_PER_CLIENT, format!("reset:client:{client}")),
            Count::new(RESET_MAILS_PER_ADDRESS, format!("reset:mail:{address}")),
        ])
        .await
    }

    pub async fn order(&self, account: Uuid, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![
            Count::new(ORDERS_PER_ACCOUNT, format!("order:account:{account}")),
            Count::new(ORDERS_PER_CLIENT, format!("order:client:{client}")),
        ])
        .await
    }

    pub async fn subscription(&self, client: &str) -> Result<Reserved<'_>, ApiError> {
        self.reserve(vec![Count::new(SUBSCRIPTIONS_PER_CLIENT, format!("newsletter:client:{client}"))]).await
    }

    /// A back-in-stock alert: per client, then per e-mail address (counted for any address).
    pub async fn stock_alert(&self, client: &str, email: &str) -> Result<Reserved<'_>, ApiError> {
        let address = email_key(email);
        self.reserve(vec![
            Count::new(STOCK_ALERTS_PER_CLIENT, format!("alert:client:{client}")),
            Count::new(STOCK_ALERTS_PER_ADDRESS, format!("alert:mail:{address}")),
        ])
        .await
    }

    /// Forgets the keys whose whole allowance is free again (the server's minute sweep).
    pub async fn forget_rested(&self) -> Result<u64, BoxError> {
        self.limiter.forget_rested().await
    }

    /// Takes one action from every count, in order. At the first refusal, what was taken is
    /// given back and the refusal is answered.
    async fn reserve(&self, counts: Vec<Count>) -> Result<Reserved<'_>, ApiError> {
        let mut taken = Reserved { limits: self, counts: Vec::with_capacity(counts.len()) };
        for count in counts {
            let reserved = self.limiter.reserve(&count.key, count.rate).await;
            let reserved =
                reserved.map_err(|e| ApiError::internal(anyhow::Error::from_boxed(e).context("rate limit")))?;
            match reserved {
                Ok(()) => taken.counts.push(count),
                Err(refused) => {
                    taken.give_back().await;
                    return Err(too_many(refused.retry_after));
                }
            }
        }
        Ok(taken)
    }

    /// Best effort: the request's own outcome does not depend on it.
    async fn give_back(&self, count: &Count) {
        if let Err(error) = self.limiter.give_back(&count.key, count.rate).await {
            tracing::warn!(error = %error, key = count.key, "a rate-limit reservation could not be given back");
        }
    }
}

/// Actions reserved for one request.
#[must_use = "a reservation counts whether or not it is looked at again"]
pub struct Reserved<'a> {
    limits: &'a Limits,
    counts: Vec<Count>,
}

impl Reserved<'_> {
    /// The action was not done after all: it does not count.
    pub async fn give_back(self) {
        for count in &self.counts {
            self.limits.give_back(count).await;
        }
    }

    /// What was never tried does not count against anyone's allowance: password work the
    /// server turned away as too busy, and a form refused for its content (a missing field, an
    /// invalid e-mail) before any account was looked at. Many shoppers share one public address
    /// behind their operator's NAT: ten mistyped forms must not lock a right one out.
    pub async fn unless_untried<T>(self, outcome: Result<T, IdentityError>) -> Result<T, IdentityError> {
        if matches!(outcome, Err(IdentityError::Busy | IdentityError::Validation { .. })) {
            self.give_back().await;
        }
        outcome
    }
}

/// A reserved login attempt.
#[must_use = "a login attempt counts as failed unless it is said to have succeeded"]
pub struct LoginAttempt<'a>(Reserved<'a>);

impl LoginAttempt<'_> {
    /// The right password: the owner's failures from this address are forgotten, and the attempt
    /// does not count against the address nor the account.
    pub async fn succeeded(self) {
        let Reserved { limits, counts } = self.0;
        let mut counts = counts.iter();
        if let Some(pair) = counts.next()
            && let Err(error) = limits.limiter.forget(&pair.key).await
        {
            tracing::warn!(error = %error, "a login's failures could not be forgotten");
        }
        for count in counts {
            limits.give_back(count).await;
        }
    }

    /// The right password of an account that logs in in two steps: the attempt does not count,
    /// but the failures before it are not forgotten until the code is right too (else a thief
    /// holding the password could wipe the count of their wrong codes with it).
    pub async fn halfway(self) {
        self.0.give_back().await;
    }

    /// A wrong password or code counts; password work the server turned away, or a form
    /// missing its e-mail or password, does not.
    pub async fn failed(self, error: IdentityError) -> IdentityError {
        match self.0.unless_untried::<()>(Err(error)).await {
            Err(error) => error,
            Ok(()) => unreachable!("a failure stays one"),
        }
    }
}

/// 429 in French, with `Retry-After` in whole seconds rounded up: a client that waits that long
/// is not refused again.
pub fn too_many(wait: Duration) -> ApiError {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let minutes = seconds.div_ceil(60).max(1);
    let message =
        format!("Trop de tentatives. Veuillez réessayer dans {minutes} minute{}.", if minutes > 1 { "s" } else { "" });
    ApiError::new(Code::TooManyRequests, message).with_retry_after(Duration::from_secs(seconds.max(1)))
}

/// Longest e-mail address there is: a longer login is nobody's.
const MAX_EMAIL_KEY_CHARS: usize = 254;

/// The key a login counts against: the address as typed, trimmed and lowercased, cut to the
/// longest an address can be, so that no request stores more than that.
pub fn email_key(typed: &str) -> String {
    typed.trim().to_lowercase().chars().take(MAX_EMAIL_KEY_CHARS).collect()
}

/// Longest forwarded hop kept when it is not an address (`unknown`, an address with a port).
const MAX_HOP_CHARS: usize = 64;

/// The client a limit counts against. `X-Forwarded-For` is anyone's to write, so it is read only
/// when the connection comes from a configured proxy (`TRUSTED_PROXIES`), and then only its
/// rightmost entry not written by a trusted proxy: the address our own proxy saw. Without a
/// trusted proxy in front, the connection's address is the client. An IPv6 client is its /64:
/// one subscriber usually holds a whole /64, and could otherwise count as 2^64 clients.
pub fn client_key<'a>(
    peer: Option<IpAddr>,
    forwarded_for: impl Iterator<Item = &'a str>,
    trusted: &[IpAddr],
) -> String {
    let Some(peer) = peer else { return String::new() };
    match client_hop(peer, forwarded_for, trusted) {
        None => client_of(peer),
        Some(hop) => match hop.parse::<IpAddr>() {
            Ok(ip) => client_of(ip),
            Err(_) => hop.chars().take(MAX_HOP_CHARS).collect(),
        },
    }
}

/// The client's address as [`client_key`] finds it (the connection's, or the hop a trusted
/// proxy saw), or `None` when there is no connection or the proxy forwarded something that is
/// no address.
pub fn client_address<'a>(
    peer: Option<IpAddr>,
    forwarded_for: impl Iterator<Item = &'a str>,
    trusted: &[IpAddr],
) -> Option<IpAddr> {
    let peer = peer?;
    match client_hop(peer, forwarded_for, trusted) {
        None => Some(peer.to_canonical()),
        Some(hop) => hop.parse::<IpAddr>().ok().map(|ip| ip.to_canonical()),
    }
}

/// The rightmost forwarded hop not written by a trusted proxy, when the connection comes from
/// one; `None`: the connection's address is the client.
fn client_hop<'a>(peer: IpAddr, forwarded_for: impl Iterator<Item = &'a str>, trusted: &[IpAddr]) -> Option<&'a str> {
    if !trusted.contains(&peer) {
        return None;
    }
    let hops: Vec<&str> = forwarded_for.flat_map(|value| value.split(',')).map(str::trim).collect();
    hops.into_iter().rev().find(|hop| hop.parse::<IpAddr>().map_or(true, |ip| !trusted.contains(&ip)))
}

/// An IPv4 client as itself (an IPv4 address written as IPv6 too), an IPv6 client as its /64.
fn client_of(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !(u128::MAX >> 64);
            format!("{}/64", Ipv6Addr::from(network))
        }
    }
}

#[cfg(test)]
mod tests {
    use bitik_common::rate::{MockRateLimiter, Refused};
    use mockall::Sequence;
    use mockall::predicate::eq;

    use super::*;

    #[test]
    fn a_login_counts_against_its_address_never_longer_than_an_address() {
        assert_eq!(email_key("  Awa@Example.SN "), "awa@example.sn");
        assert_eq!(email_key(&"a".repeat(300_000)).len(), 254);
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let stranger: IpAddr = "198.51.100.9".parse().unwrap();
        let spoofed = || ["1.2.3.4, 203.0.113.7"].into_iter();
        assert_eq!(client_key(Some(stranger), spoofed(), &[]), "198.51.100.9", "no proxy configured");
        assert_eq!(client_key(Some(stranger), spoofed(), &[proxy]), "198.51.100.9", "not from the proxy");
        assert_eq!(client_key(Some(proxy), spoofed(), &[proxy]), "203.0.113.7", "the hop the proxy saw");
        let chained = ["1.2.3.4", "203.0.113.7, 10.0.0.3"].into_iter();
        let second: IpAddr = "10.0.0.3".parse().unwrap();
        assert_eq!(client_key(Some(proxy), chained, &[proxy, second]), "203.0.113.7", "proxies skipped");
        assert_eq!(client_key(Some(proxy), std::iter::empty(), &[proxy]), "10.0.0.2", "no header: the proxy");
        assert_eq!(client_key(None, spoofed(), &[proxy]), "");
        let odd = "x".repeat(1_000);
        assert_eq!(client_key(Some(proxy), [odd.as_str()].into_iter(), &[proxy]).len(), MAX_HOP_CHARS);
    }

    #[test]
    fn the_client_address_is_the_connection_or_the_hop_a_trusted_proxy_saw() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let outside: IpAddr = "203.0.113.7".parse().unwrap();
        let forwarded = || ["203.0.113.7"].into_iter();
        assert_eq!(client_address(Some(proxy), forwarded(), &[]), Some(proxy), "no proxy trusted");
        assert_eq!(client_address(Some(proxy), forwarded(), &[proxy]), Some(outside), "behind the proxy");
        assert_eq!(client_address(Some(proxy), std::iter::empty(), &[proxy]), Some(proxy));
        assert_eq!(client_address(Some(proxy), ["unknown"].into_iter(), &[proxy]), None, "no address");
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(client_address(Some(mapped), std::iter::empty(), &[]), Some(proxy));
        assert_eq!(client_address(None, forwarded(), &[proxy]), None);
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_an_ipv4_one_itself_however_written() {
        let none = std::iter::empty;
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff:ffff:ffff:ffff".parse().unwrap();
        let next: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(Some(a), none(), &[]), "2001:db8:1:2::/64");
        assert_eq!(client_key(Some(b), none(), &[]), "2001:db8:1:2::/64");
        assert_eq!(client_key(Some(next), none(), &[]), "2001:db8:1:3::/64");
        let mapped: IpAddr = "::ffff:198.51.100.9".parse().unwrap();
        assert_eq!(client_key(Some(mapped), none(), &[]), "198.51.100.9");
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let forwarded = ["2001:db8:1:2::77"].into_iter();
        assert_eq!(client_key(Some(proxy), forwarded, &[proxy]), "2001:db8:1:2::/64");
    }

    #[test]
    fn a_refusal_says_when_to_come_back_never_too_early() {
        let refusal = too_many(Duration::from_millis(44_200));
        assert_eq!(refusal.body().message, "Trop de tentatives. Veuillez réessayer dans 1 minute.");
        let response = actix_web::ResponseError::error_response(&refusal);
        assert_eq!(response.status(), 429);
        assert_eq!(response.headers().get("retry-after").unwrap(), "45");
        let longer = too_many(Duration::from_secs(179));
        assert_eq!(longer.body().message, "Trop de tentatives. Veuillez réessayer dans 3 minutes.");
    }

    const PAIR: &str = "login:pair:11:203.0.113.7:awa@example.sn";
    const CLIENT: &str = "login:client:203.0.113.7";
    const ACCOUNT: &str = "login:account:awa@example.sn";

    fn expect_reserve(limiter: &mut MockRateLimiter, seq: &mut Sequence, key: &'static str, rate: Rate, ok: bool) {
        limiter
            .expect_reserve()
            .with(eq(key), eq(rate))
            .times(1)
            .in_sequence(seq)
            .returning(move |_, _| Ok(if ok { Ok(()) } else { Err(Refused { retry_after: Duration::from_secs(90) }) }));
    }

    #[tokio::test]
    async fn a_login_reserves_for_the_pair_the_client_and_the_account_in_turn() {
        let mut limiter = MockRateLimiter::new();
        let mut seq = Sequence::new();
        expect_reserve(&mut limiter, &mut seq, PAIR, LOGIN_PER_ACCOUNT_AND_CLIENT, true);
        expect_reserve(&mut limiter, &mut seq, CLIENT, LOGIN_PER_CLIENT, true);
        expect_reserve(&mut limiter, &mut seq, ACCOUNT, LOGIN_PER_ACCOUNT, true);
        // The right password: the pair's failures are forgotten, the others' attempt given back.
        limiter.expect_forget().with(eq(PAIR)).times(1).in_sequence(&mut seq).returning(|_| Ok(()));
        limiter.expect_give_back().with(eq(CLIENT), eq(LOGIN_PER_CLIENT)).times(1).returning(|_, _| Ok(()));
        limiter.expect_give_back().with(eq(ACCOUNT), eq(LOGIN_PER_ACCOUNT)).times(1).returning(|_, _| Ok(()));
        let limits = Limits::new(Arc::new(limiter));
        let attempt = limits.login(" Awa@Example.sn", "203.0.113.7").await.unwrap();
        attempt.succeeded().await;
    }

    #[tokio::test]
    async fn a_refused_login_gives_back_what_it_took_and_touches_nothing_after() {
        let mut limiter = MockRateLimiter::new();
        let mut seq = Sequence::new();
        expect_reserve(&mut limiter, &mut seq, PAIR, LOGIN_PER_ACCOUNT_AND_CLIENT, true);
        expect_reserve(&mut limiter, &mut seq, CLIENT, LOGIN_PER_CLIENT, false);
        limiter.expect_give_back().with(eq(PAIR), eq(LOGIN_PER_ACCOUNT_AND_CLIENT)).times(1).returning(|_, _| Ok(()));
        let limits = Limits::new(Arc::new(limiter));
        let Err(refusal) = limits.login("awa@example.sn", "203.0.113.7").await else { panic!("refused") };
        assert_eq!(refusal.code(), Code::TooManyRequests);
    }

    #[tokio::test]
    async fn a_failed_login_keeps_its_count_and_a_busy_server_gives_it_back() {
        let mut limiter = MockRateLimiter::new();
        limiter.expect_reserve().times(6).returning(|_, _| Ok(Ok(())));
        limiter.expect_give_back().times(3).returning(|_, _| Ok(()));
        let limits = Limits::new(Arc::new(limiter));
        let wrong = limits.login("awa@example.sn", "203.0.113.7").await.unwrap();
        let wrong = wrong.failed(IdentityError::InvalidCredentials).await;
        assert!(matches!(wrong, IdentityError::InvalidCredentials));
        let turned_away = limits.login("awa@example.sn", "203.0.113.7").await.unwrap();
        assert!(matches!(turned_away.failed(IdentityError::Busy).await, IdentityError::Busy));
    }
}
