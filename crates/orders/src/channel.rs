//! Where an order came from: the storefront (`web`), or a conversation a seller turned into an
//! order (WhatsApp, Instagram…, issue 43); and, for the storefront's, the campaign that brought
//! the shopper (`utm_source`, the feeds'), kept as the order's `source`.

/// The channel an order was taken on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SalesChannel {
    /// The storefront.
    Web,
    WhatsApp,
    Instagram,
    Facebook,
    TikTok,
    /// A call.
    Phone,
    /// At the shop's counter.
    Boutique,
}

impl SalesChannel {
    pub const ALL: [SalesChannel; 7] = [
        SalesChannel::Web,
        SalesChannel::WhatsApp,
        SalesChannel::Instagram,
        SalesChannel::Facebook,
        SalesChannel::TikTok,
        SalesChannel::Phone,
        SalesChannel::Boutique,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SalesChannel::Web => "web",
            SalesChannel::WhatsApp => "whatsapp",
            SalesChannel::Instagram => "instagram",
            SalesChannel::Facebook => "facebook",
            SalesChannel::TikTok => "tiktok",
            SalesChannel::Phone => "phone",
            SalesChannel::Boutique => "boutique",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|channel| channel.as_str() == code)
    }

    /// As the back office names it.
    pub fn label(self) -> &'static str {
        match self {
            SalesChannel::Web => "Site web",
            SalesChannel::WhatsApp => "WhatsApp",
            SalesChannel::Instagram => "Instagram",
            SalesChannel::Facebook => "Facebook",
            SalesChannel::TikTok => "TikTok",
            SalesChannel::Phone => "Téléphone",
            SalesChannel::Boutique => "Boutique",
        }
    }
}

/// The longest source kept.
const MAX_SOURCE: usize = 50;

/// The campaign source a storefront visit arrived with (`utm_source`), as the order keeps it:
/// lowercase letters, digits, `.`, `_` and `-`, 50 at most. Anything else is not a campaign's
/// name (a mistyped or forged link) and is left out rather than refusing the shopper's order.
pub fn source(raw: Option<&str>) -> Option<String> {
    let source = raw?.trim().to_ascii_lowercase();
    let allowed = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'-');
    let kept = !source.is_empty() && source.len() <= MAX_SOURCE && source.bytes().all(allowed);
    kept.then_some(source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_channel_reads_back_from_its_code() {
        for channel in SalesChannel::ALL {
            assert_eq!(SalesChannel::parse(channel.as_str()), Some(channel));
        }
        assert_eq!(SalesChannel::parse("WhatsApp"), None, "codes are lowercase");
        assert_eq!(SalesChannel::parse("email"), None);
    }

    #[test]
    fn a_campaign_source_is_kept_in_lowercase_and_anything_else_is_left_out() {
        assert_eq!(source(Some(" Instagram ")), Some("instagram".to_owned()));
        assert_eq!(source(Some("meta_feed-2026.12")), Some("meta_feed-2026.12".to_owned()));
        for dropped in [None, Some(""), Some("   "), Some("<script>"), Some("a b"), Some("été")] {
            assert_eq!(source(dropped), None, "{dropped:?}");
        }
        assert_eq!(source(Some(&"a".repeat(51))), None);
        assert_eq!(source(Some(&"a".repeat(50))).map(|s| s.len()), Some(50));
    }
}
