//! Counting failures per key (an e-mail, a client address) over a sliding window, in memory:
//! the shop runs as one process, so one map is the whole truth.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    window: Duration,
    max_hits: usize,
    hits: Mutex<HashMap<String, Vec<Instant>>>,
}

/// Keys kept before old entries are swept, so an attacker cycling keys cannot grow the map forever.
const SWEEP_ABOVE: usize = 10_000;

impl RateLimiter {
    pub fn new(max_hits: usize, window: Duration) -> Self {
        Self { window, max_hits, hits: Mutex::new(HashMap::new()) }
    }

    /// `Err(wait)` when `key` already had `max_hits` within the window.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut hits = self.hits.lock().expect("rate limiter lock");
        let Some(times) = hits.get_mut(key) else { return Ok(()) };
        times.retain(|t| now.duration_since(*t) < self.window);
        if times.len() < self.max_hits {
            return Ok(());
        }
        let oldest = times.first().copied().unwrap_or(now);
        Err(self.window.saturating_sub(now.duration_since(oldest)))
    }

    pub fn hit(&self, key: &str) {
        let now = Instant::now();
        let mut hits = self.hits.lock().expect("rate limiter lock");
        if hits.len() > SWEEP_ABOVE {
            hits.retain(|_, times| times.last().is_some_and(|t| now.duration_since(*t) < self.window));
        }
        hits.entry(key.to_owned()).or_default().push(now);
    }

    pub fn forget(&self, key: &str) {
        self.hits.lock().expect("rate limiter lock").remove(key);
    }
}

/// Longest e-mail address there is: a longer login is nobody's.
const MAX_EMAIL_KEY_CHARS: usize = 254;

/// The key a login's failures count against: the address as typed, trimmed and lowercased, cut
/// to the longest an address can be, so that no request grows the map by more than that.
pub fn email_key(typed: &str) -> String {
    typed.trim().to_lowercase().chars().take(MAX_EMAIL_KEY_CHARS).collect()
}

/// The client a limit counts against. `X-Forwarded-For` is anyone's to write, so it is read only
/// when the connection comes from a configured proxy (`TRUSTED_PROXIES`), and then only its
/// rightmost entry not written by a trusted proxy: the address our own proxy saw. Without a
/// trusted proxy in front, the connection's address is the client.
pub fn client_key<'a>(
    peer: Option<IpAddr>,
    forwarded_for: impl Iterator<Item = &'a str>,
    trusted: &[IpAddr],
) -> String {
    let Some(peer) = peer else { return String::new() };
    if !trusted.contains(&peer) {
        return peer.to_string();
    }
    let hops: Vec<&str> = forwarded_for.flat_map(|value| value.split(',')).map(str::trim).collect();
    hops.into_iter()
        .rev()
        .find(|hop| hop.parse::<IpAddr>().map_or(true, |ip| !trusted.contains(&ip)))
        .map_or_else(|| peer.to_string(), str::to_owned)
}

#[cfg(test)]
mod tests {
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
    }

    #[test]
    fn refuses_after_the_maximum_and_forgets_on_request() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        assert!(limiter.check("a").is_ok());
        limiter.hit("a");
        limiter.hit("a");
        let wait = limiter.check("a").unwrap_err();
        assert!(wait > Duration::from_secs(55) && wait <= Duration::from_secs(60));
        assert!(limiter.check("b").is_ok(), "other keys are not affected");
        limiter.forget("a");
        assert!(limiter.check("a").is_ok());
    }

    #[test]
    fn hits_leave_the_window() {
        let limiter = RateLimiter::new(1, Duration::from_millis(30));
        limiter.hit("a");
        assert!(limiter.check("a").is_err());
        std::thread::sleep(Duration::from_millis(40));
        assert!(limiter.check("a").is_ok());
    }
}
