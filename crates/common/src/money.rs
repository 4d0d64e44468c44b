use std::iter::Sum;
use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

/// An amount of CFA francs (XOF). The currency has no minor unit, so an amount is a whole number
/// of francs: never a float.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn francs(amount: i64) -> Self {
        Money(amount)
    }

    pub const fn as_francs(self) -> i64 {
        self.0
    }

    /// Price of `quantity` units; `None` when it would overflow (a quantity no shop has).
    pub fn times(self, quantity: u32) -> Option<Money> {
        self.0.checked_mul(i64::from(quantity)).map(Money)
    }

    /// Whole-percent discount from `self` to `reduced`, rounded, as shown on a promotion badge.
    pub fn percent_off(self, reduced: Money) -> i64 {
        if self.0 <= 0 || reduced.0 >= self.0 {
            return 0;
        }
        ((self.0 - reduced.0) * 100 + self.0 / 2) / self.0
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0 - other.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl std::fmt::Display for Money {
    /// `12 500 FCFA`, grouped by thousands with a space as in fr-FR.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = self.0.unsigned_abs().to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(' ');
            }
            grouped.push(digit);
        }
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{grouped} FCFA")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_francs_grouped_by_thousands() {
        assert_eq!(Money::francs(12_500).to_string(), "12 500 FCFA");
        assert_eq!(Money::francs(500).to_string(), "500 FCFA");
        assert_eq!(Money::francs(1_000_000).to_string(), "1 000 000 FCFA");
        assert_eq!(Money::francs(-2_000).to_string(), "-2 000 FCFA");
    }

    #[test]
    fn multiplies_without_overflowing() {
        assert_eq!(Money::francs(7_500).times(3), Some(Money::francs(22_500)));
        assert_eq!(Money::francs(i64::MAX).times(2), None);
    }

    #[test]
    fn rounds_the_discount_percentage() {
        assert_eq!(Money::francs(15_000).percent_off(Money::francs(12_000)), 20);
        assert_eq!(Money::francs(9_000).percent_off(Money::francs(6_000)), 33);
        assert_eq!(Money::francs(3_000).percent_off(Money::francs(1_000)), 67);
        assert_eq!(Money::francs(3_000).percent_off(Money::francs(3_000)), 0);
    }

    #[test]
    fn sums_lines() {
        let total: Money = [Money::francs(1_000), Money::francs(2_500)].into_iter().sum();
        assert_eq!(total, Money::francs(3_500));
    }
}
