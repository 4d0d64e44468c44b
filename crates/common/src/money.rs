use serde::{Deserialize, Serialize};

/// An amount of CFA francs (XOF). The currency has no minor unit, so an amount is a whole number
/// of francs: never a float. Arithmetic is checked: an amount past what an `i64` holds is
/// [`AmountTooLarge`], never a wrapped, saturated or zero one (no `+` on amounts for that reason).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Money(i64);

/// A sum or product of amounts that cannot be counted: refused, so that a line or a total is
/// never free or wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Montant trop élevé.")]
pub struct AmountTooLarge;

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn francs(amount: i64) -> Self {
        Money(amount)
    }

    pub const fn as_francs(self) -> i64 {
        self.0
    }

    /// Price of `quantity` units.
    pub fn times(self, quantity: u32) -> Result<Money, AmountTooLarge> {
        self.0.checked_mul(i64::from(quantity)).map(Money).ok_or(AmountTooLarge)
    }

    pub fn plus(self, other: Money) -> Result<Money, AmountTooLarge> {
        self.0.checked_add(other.0).map(Money).ok_or(AmountTooLarge)
    }

    pub fn minus(self, other: Money) -> Result<Money, AmountTooLarge> {
        self.0.checked_sub(other.0).map(Money).ok_or(AmountTooLarge)
    }

    /// The sum of `amounts`, any of which may itself be too large.
    pub fn sum(amounts: impl IntoIterator<Item = Result<Money, AmountTooLarge>>) -> Result<Money, AmountTooLarge> {
        amounts.into_iter().try_fold(Money::ZERO, |sum, amount| sum.plus(amount?))
    }

    /// Whole-percent discount from `self` to `reduced`, rounded, as shown on a promotion badge.
    pub fn percent_off(self, reduced: Money) -> i64 {
        if self.0 <= 0 || reduced.0 >= self.0 {
            return 0;
        }
        // In i128: a difference of prices near the i64 limit times 100 does not fit in i64.
        let (price, reduced) = (i128::from(self.0), i128::from(reduced.0));
        // At most 100 (and more only for a negative reduced price): it fits.
        (((price - reduced) * 100 + price / 2) / price) as i64
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
        assert_eq!(Money::francs(7_500).times(3), Ok(Money::francs(22_500)));
        assert_eq!(Money::francs(i64::MAX).times(2), Err(AmountTooLarge));
    }

    #[test]
    fn an_amount_past_the_limit_is_refused_never_wrapped_or_zero() {
        let max = Money::francs(i64::MAX);
        assert_eq!(max.plus(Money::francs(1)), Err(AmountTooLarge));
        assert_eq!(Money::francs(i64::MIN).minus(Money::francs(1)), Err(AmountTooLarge));
        assert_eq!(Money::francs(4_611_686_018_427_387_904).times(2), Err(AmountTooLarge));
        assert_eq!(Money::sum([Ok(max), Ok(Money::francs(1))]), Err(AmountTooLarge));
        assert_eq!(Money::sum([Ok(Money::francs(1)), Err(AmountTooLarge)]), Err(AmountTooLarge));
        assert_eq!(Money::francs(10_000).minus(Money::francs(2_500)), Ok(Money::francs(7_500)));
        assert_eq!(AmountTooLarge.to_string(), "Montant trop élevé.");
    }

    #[test]
    fn rounds_the_discount_percentage() {
        assert_eq!(Money::francs(15_000).percent_off(Money::francs(12_000)), 20);
        assert_eq!(Money::francs(9_000).percent_off(Money::francs(6_000)), 33);
        assert_eq!(Money::francs(3_000).percent_off(Money::francs(1_000)), 67);
        assert_eq!(Money::francs(3_000).percent_off(Money::francs(3_000)), 0);
        assert_eq!(Money::francs(i64::MAX).percent_off(Money::francs(i64::MAX / 2)), 50);
    }

    #[test]
    fn sums_lines() {
        let total = Money::sum([Money::francs(1_000), Money::francs(2_500)].map(Ok)).unwrap();
        assert_eq!(total, Money::francs(3_500));
    }
}
