use serde::Serialize;

/// A lowercased, trimmed e-mail address of a plausible shape: something@domain.tld.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid e-mail address")]
pub struct InvalidEmail;

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        let email = raw.trim().to_lowercase();
        let (local, domain) = email.split_once('@').ok_or(InvalidEmail)?;
        let plausible = !local.is_empty()
            && email.len() <= 254
            && !domain.contains('@')
            && domain.split('.').count() >= 2
            && domain.split('.').all(|part| !part.is_empty())
            && !email.chars().any(|c| c.is_whitespace() || c.is_control());
        if plausible { Ok(Email(email)) } else { Err(InvalidEmail) }
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
}
