//! Amounts as Wave's Checkout API wants them: a string of whole francs, no decimals, no leading
//! zeros (`"12500"`).

use bitik_common::Money;

/// `None` for a negative amount, which no checkout can ask for.
pub fn wave_amount(amount: Money) -> Option<String> {
    let francs = amount.as_francs();
    (francs >= 0).then(|| francs.to_string())
}

/// Reads an amount Wave sent back; only a plain whole number is accepted.
pub fn parse_wave_amount(raw: &str) -> Option<Money> {
    let plain = !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) && (raw == "0" || !raw.starts_with('0'));
    if !plain {
        return None;
    }
    raw.parse::<i64>().ok().map(Money::francs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_francs_without_decimals_or_leading_zeros() {
        assert_eq!(wave_amount(Money::francs(12_500)).as_deref(), Some("12500"));
        assert_eq!(wave_amount(Money::francs(0)).as_deref(), Some("0"));
        assert_eq!(wave_amount(Money::francs(-1)), None);
    }

    #[test]
    fn reads_back_only_plain_whole_numbers() {
        assert_eq!(parse_wave_amount("12500"), Some(Money::francs(12_500)));
        for bad in ["", "012500", "12500.00", "12 500", "-5", "1e3"] {
            assert_eq!(parse_wave_amount(bad), None, "{bad:?}");
        }
    }
}
