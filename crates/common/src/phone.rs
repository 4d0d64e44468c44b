//! Searching by phone number, whatever spacing it was typed or stored with.

/// Shortest run of digits worth matching against phones: fewer would match nearly everyone.
const MIN_PHONE_DIGITS: usize = 3;

/// The digits of a search made only of what people type in phone numbers (digits, spaces,
/// `+ - ( ) .`), when there are enough of them to mean something: `+221 77-123 45 67` →
/// `221771234567`. Matched against the digits of stored phones, so `771234567` finds
/// `77 123 45 67`.
pub fn phone_digits(search: &str) -> Option<String> {
    let phone_like = search.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c));
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    (phone_like && digits.len() >= MIN_PHONE_DIGITS).then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_that_reads_like_a_phone_gives_its_digits() {
        assert_eq!(phone_digits("+221 77-123 45 67"), Some("221771234567".to_owned()));
        assert_eq!(phone_digits("(77) 123"), Some("77123".to_owned()));
        assert_eq!(phone_digits("ORD-1234"), None, "an order number is not a phone");
        assert_eq!(phone_digits("Awa"), None);
        assert_eq!(phone_digits("77"), None, "too short to mean anything");
    }
}
