//! Rate limits: how often one key (a client address, an account, the two together) may do
//! something, and the port that counts it.
//!
//! The count follows the generic cell rate algorithm (GCRA): a key keeps one instant, the
//! theoretical arrival time (TAT) of its next action. An action at `now` is allowed when
//! `max(tat, now) + interval <= now + period`, and moves the TAT to `max(tat, now) + interval`.
//! So `max` actions fit at once from rest, then one every `interval = period / max`; a key whose
//! TAT has passed is at rest and holds nothing worth keeping. One instant per key, one comparison
//! per action: the work and the storage of a request do not grow with its key's history.

use std::time::Duration;

use async_trait::async_trait;

use crate::BoxError;

/// `max` actions per `period`: at most `max` in a burst, then one every `period / max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    max: u32,
    period: Duration,
}

impl Rate {
    /// # Panics
    /// When `max` is 0 or `period` is zero: such a limit allows nothing and is a mistake.
    pub const fn per(max: u32, period: Duration) -> Self {
        assert!(max > 0 && !period.is_zero(), "a rate allows at least one action in some time");
        Self { max, period }
    }

    pub fn max(&self) -> u32 {
        self.max
    }

    pub fn period(&self) -> Duration {
        self.period
    }

    /// The steady pace once a burst is used: one action every `interval`.
    pub fn interval(&self) -> Duration {
        self.period / self.max
    }

    /// How long until one more action fits, for a key whose TAT is `ahead` of now.
    pub fn wait(&self, ahead: Duration) -> Duration {
        (ahead + self.interval()).saturating_sub(self.period)
    }
}

/// The key has used its allowance: one action fits again after `retry_after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub retry_after: Duration,
}

/// Counts actions per key. Implementations are shared by every instance of the shop (a client
/// cannot multiply its allowance by their number) and take O(1) work and storage per action.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait RateLimiter: Send + Sync {
    /// Takes one action from `key`'s allowance under `rate`, or refuses it and says when to come
    /// back. Checking and counting are one atomic step: of N simultaneous calls, no more pass
    /// than the allowance has left, so an action is reserved before the work it guards is done.
    async fn reserve(&self, key: &str, rate: Rate) -> Result<Result<(), Refused>, BoxError>;

    /// Gives back one action reserved under `rate` (an attempt that should not have counted).
    async fn give_back(&self, key: &str, rate: Rate) -> Result<(), BoxError>;

    /// Forgets `key`: its whole allowance is free again.
    async fn forget(&self, key: &str) -> Result<(), BoxError>;

    /// Forgets every key at rest (its whole allowance free), so that keys seen once do not
    /// accumulate. Returns how many were forgotten.
    async fn forget_rested(&self) -> Result<u64, BoxError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: Duration = Duration::from_secs(60);

    #[test]
    fn a_rate_paces_its_actions_evenly_over_the_period() {
        let rate = Rate::per(5, 15 * MINUTE);
        assert_eq!(rate.interval(), 3 * MINUTE);
        assert_eq!(Rate::per(50, 60 * MINUTE).interval(), Duration::from_secs(72));
    }

    #[test]
    fn the_wait_is_until_the_oldest_action_of_the_burst_has_drained() {
        let rate = Rate::per(5, 15 * MINUTE);
        // Five at once from rest: the TAT is a whole period ahead; the sixth waits one interval.
        assert_eq!(rate.wait(15 * MINUTE), 3 * MINUTE);
        // A minute later, two minutes are left.
        assert_eq!(rate.wait(14 * MINUTE), 2 * MINUTE);
        // With room left, nothing to wait.
        assert_eq!(rate.wait(5 * MINUTE), Duration::ZERO);
    }

    #[test]
    #[should_panic(expected = "at least one action")]
    fn a_rate_of_nothing_is_a_mistake() {
        Rate::per(0, MINUTE);
    }
}
