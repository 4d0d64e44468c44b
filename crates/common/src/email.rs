use serde::Serialize;

use validator::ValidateEmail;

/// Longest address a mail server takes (RFC 5321's path limit, less its brackets).
const MAX_EMAIL_CHARS: usize = 254;

/// A lowercased, trimmed e-mail address that a browser's `type=email` field accepts (the HTML
/// standard's rule), whose domain has a dot: something@domain.tld.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid e-mail address")]
pub struct InvalidEmail;

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        let email = raw.trim().to_lowercase();
        // The HTML rule takes a domain without a dot (`awa@localhost`), which no shopper has.
        let dotted = email.rsplit_once('@').is_some_and(|(_, domain)| domain.contains('.'));
        let plausible = email.chars().count() <= MAX_EMAIL_CHARS && dotted && email.validate_email();
        if plausible { Ok(Email(email)) } else { Err(InvalidEmail) }
    }

    /// An address the shop stored, or one typed to find an account: normalised as [`Email::parse`]
    /// does, not checked. An address stored under an earlier, looser rule is still read, and
    /// still logs its owner in. Never for an address a form gives to be stored.
    pub fn known(raw: &str) -> Self {
        Email(raw.trim().to_lowercase())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercases_and_trims() {
        assert_eq!(Email::parse("  Awa.Diop@Example.SN ").unwrap().as_str(), "awa.diop@example.sn");
    }

    #[test]
    fn refuses_what_cannot_be_an_address() {
        for bad in
            ["", "awa", "awa@", "@example.sn", "awa@example", "awa@@example.sn", "a wa@example.sn", "awa@example..sn"]
        {
            assert_eq!(Email::parse(bad), Err(InvalidEmail), "{bad:?}");
        }
    }

    #[test]
    fn follows_the_html_rule_for_what_a_browser_accepts() {
        for good in ["awa+boutique@example.sn", "o'neil@mail.example.co.uk", "awa@xn--exmple-cua.sn"] {
            assert!(Email::parse(good).is_ok(), "{good:?}");
        }
        for bad in ["\"awa\"@example.sn", "awa,diop@example.sn", "awa@-example.sn", "awa@exa_mple.sn"] {
            assert_eq!(Email::parse(bad), Err(InvalidEmail), "{bad:?}");
        }
        let long_local = format!("{}@example.sn", "a".repeat(65));
        assert_eq!(Email::parse(&long_local), Err(InvalidEmail), "64 characters at most before the @");
        let long = format!("awa@{}.sn", "a".repeat(250));
        assert_eq!(Email::parse(&long), Err(InvalidEmail));
    }
}
