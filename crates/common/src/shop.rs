/// How the shop presents itself and how shoppers reach it (`SHOP_*`): on its pages, in its
/// messages and on test mode's Wave page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shop {
    pub name: String,
    pub phone: String,
    /// The WhatsApp number, digits only with the country code (`221770000000`), as `wa.me` wants it.
    pub whatsapp: String,
    pub email: String,
    pub address: String,
}
