//! Order numbers: `ORD-` + 6 digits from the time + 4 random digits (docs/rules.md#orders).
//! Uniqueness is the database's; a collision is retried with new random digits.

use chrono::{DateTime, Utc};

pub fn order_number(now: DateTime<Utc>, random: u16) -> String {
    format!("ORD-{:06}{:04}", now.timestamp().rem_euclid(1_000_000), random % 10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_digits_after_the_prefix() {
        let now = DateTime::from_timestamp(1_763_790_123, 0).unwrap();
        assert_eq!(order_number(now, 42), "ORD-7901230042");
        assert_eq!(order_number(now, 12_345), "ORD-7901232345");
    }
}
