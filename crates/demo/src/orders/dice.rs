//! The demo's chance: splitmix64 from a fixed seed, so the same moment always gives the same
//! history, whatever version of a random-number crate is around.

pub(crate) struct Dice(u64);

impl Dice {
    pub(crate) fn new(seed: u64) -> Self {
        Dice(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number from `low` to `high`, both included.
    pub(crate) fn between(&mut self, low: i64, high: i64) -> i64 {
        debug_assert!(low <= high);
        let span = (high - low + 1).unsigned_abs();
        low + i64::try_from(self.next() % span).unwrap_or_default()
    }

    /// True `percent` times in a hundred.
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// An index below `count` (0 when there is nothing to count).
    pub(crate) fn below(&mut self, count: usize) -> usize {
        let count = u64::try_from(count).unwrap_or(u64::MAX).max(1);
        usize::try_from(self.next() % count).unwrap_or_default()
    }

    /// One of `items`, `None` when there are none.
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_throws_the_same_numbers_within_bounds() {
        let throws = |seed| {
            let mut dice = Dice::new(seed);
            (0..200).map(|_| dice.between(2, 8)).collect::<Vec<_>>()
        };
        assert_eq!(throws(7), throws(7));
        assert_ne!(throws(7), throws(8));
        let all = throws(7);
        assert!(all.iter().all(|n| (2..=8).contains(n)));
        assert!((2..=8).all(|n| all.contains(&n)), "every face comes up in 200 throws");
    }
}
