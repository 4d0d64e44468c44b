/// How the shop presents itself and how shoppers reach it (`SHOP_*`): on its pages (the server
/// writes it into each page it answers, and `GET /api/shop` answers it), in its messages and on
/// test mode's Wave page. The storefront has no copy of its own: one shop rebrands without a
/// rebuild.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shop {
    pub name: String,
    pub phone: String,
    /// The WhatsApp number, digits only with the country code (`221770000000`), as `wa.me` wants it.
    pub whatsapp: String,
    pub email: String,
    pub address: String,
    /// Opening hours, as shoppers read them (`Lundi - Samedi : 9h - 19h`).
    pub hours: String,
    /// Registration numbers for the legal notice (`RCCM SN-DKR-… · NINEA …`); empty: none shown.
    pub legal_id: String,
    /// The shop's pages on social networks; empty: no link.
    pub social: SocialLinks,
}

/// The addresses of the shop's social pages (`https://…`), empty when it has none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SocialLinks {
    pub instagram: String,
    pub facebook: String,
    pub tiktok: String,
}
