//! WhatsApp's settings (README « WhatsApp ») and login by code's: the shop's number on the
//! Cloud API, the template names Meta approved, and which phones may receive codes.

use bitik_identity::login_code::CodeCountries;
use bitik_messages::templates::whatsapp::{SPECS, WhatsAppTemplates};
use bitik_messages::{UnitPrice, WhatsAppPrices};

/// A setting's refusal, one sentence (`config.rs` stops the program with it).
pub type Refusal = String;

/// The shop's number on the WhatsApp Business Cloud API; `None` without `WHATSAPP_TOKEN`.
#[derive(Clone)]
pub struct WhatsAppSettings {
    pub token: String,
    pub phone_number_id: String,
    /// Graph's address with its version (`WHATSAPP_API_BASE`).
    pub api_base: String,
    /// The approved authentication template that carries login codes
    /// (`WHATSAPP_TEMPLATE_LOGIN_CODE`, default `code_connexion`, docs/messages.md).
    pub login_code_template: String,
    /// The order templates' approved names (`WHATSAPP_TEMPLATE_ORDER_PLACED`…), by setting.
    pub order_templates: Vec<(&'static str, String)>,
    /// The webhook's keys (`WHATSAPP_APP_SECRET`, `WHATSAPP_VERIFY_TOKEN`): without both, no
    /// status nor customer's message comes back, and the webhook refuses everything.
    pub webhook: Option<WebhookKeys>,
}

#[derive(Clone)]
pub struct WebhookKeys {
    pub app_secret: String,
    pub verify_token: String,
}

impl WhatsAppSettings {
    /// The order templates by the names this shop's Meta approved.
    pub fn templates(&self, shop_name: &str) -> WhatsAppTemplates {
        WhatsAppTemplates::new(shop_name, |spec| {
            self.order_templates.iter().find(|(setting, _)| *setting == spec.setting).map(|(_, name)| name.clone())
        })
    }
}

impl std::fmt::Debug for WhatsAppSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token is the shop's key to its number.
        f.debug_struct("WhatsAppSettings")
            .field("phone_number_id", &self.phone_number_id)
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

impl WhatsAppSettings {
    pub fn read(lookup: &impl Fn(&str) -> Option<String>) -> Result<Option<Self>, Refusal> {
        let token = lookup("WHATSAPP_TOKEN").map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
        let Some(token) = token else { return Ok(None) };
        let phone_number_id = lookup("WHATSAPP_PHONE_NUMBER_ID").map(|id| id.trim().to_owned()).unwrap_or_default();
        if phone_number_id.is_empty() || !phone_number_id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(
                "WHATSAPP_PHONE_NUMBER_ID must be the digits of the shop's number id on the Cloud API (WhatsApp Manager, API Setup).".into(),
            );
        }
        let api_base = lookup("WHATSAPP_API_BASE").unwrap_or_else(|| bitik_whatsapp::DEFAULT_API_BASE.to_owned());
        if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
            return Err(format!("WHATSAPP_API_BASE must be an http(s):// address, not \"{api_base}\"."));
        }
        let login_code_template = template(lookup, "WHATSAPP_TEMPLATE_LOGIN_CODE", "code_connexion")?;
        let order_templates = SPECS
            .iter()
            .map(|spec| Ok((spec.setting, template(lookup, spec.setting, spec.default_name)?)))
            .collect::<Result<_, Refusal>>()?;
        let secret = |name: &str| lookup(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let webhook = match (secret("WHATSAPP_APP_SECRET"), secret("WHATSAPP_VERIFY_TOKEN")) {
            (Some(app_secret), Some(verify_token)) => Some(WebhookKeys { app_secret, verify_token }),
            (None, None) => None,
            _ => return Err("WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN go together: the webhook needs both (README « WhatsApp »).".into()),
        };
        Ok(Some(Self { token, phone_number_id, api_base, login_code_template, order_templates, webhook }))
    }
}

/// A template's name as Meta spells them: lowercase letters, digits and underscores.
fn template(lookup: &impl Fn(&str) -> Option<String>, name: &str, default: &str) -> Result<String, Refusal> {
    let value = lookup(name).map(|v| v.trim().to_owned()).unwrap_or_else(|| default.to_owned());
    let valid = !value.is_empty() && value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if valid {
        Ok(value)
    } else {
        Err(format!("{name} must be a template's name as Meta approved it (a-z, 0-9, _), not \"{value}\"."))
    }
}

/// What Meta bills one template message of each category (`WHATSAPP_PRICE_UTILITY`,
/// `WHATSAPP_PRICE_AUTHENTICATION`, FCFA with up to two decimals); unset, the Messages page says
/// « prix non renseigné ».
pub fn prices(lookup: &impl Fn(&str) -> Option<String>) -> Result<WhatsAppPrices, Refusal> {
    let price = |name: &str| match lookup(name).filter(|raw| !raw.trim().is_empty()) {
        None => Ok(None),
        Some(raw) => UnitPrice::parse(&raw).map(Some).ok_or_else(|| {
            format!(
                "{name} must be a price in FCFA from 0 to 1000 with at most two decimals (2,4 or 2.4), not \"{raw}\"."
            )
        }),
    };
    Ok(WhatsAppPrices {
        utility: price("WHATSAPP_PRICE_UTILITY")?,
        authentication: price("WHATSAPP_PRICE_AUTHENTICATION")?,
    })
}

/// Login by code (docs/rules.md#login-by-code).
#[derive(Debug, Clone)]
pub struct LoginCodeSettings {
    /// `LOGIN_CODE_COUNTRIES`: the countries whose phones may receive codes (default `SN`).
    pub countries: CodeCountries,
    /// `LOGIN_CODE_DAILY_PER_COUNTRY`: codes sent a day to one country's phones.
    pub daily_per_country: u32,
}

impl LoginCodeSettings {
    pub fn read(lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, Refusal> {
        let countries = match lookup("LOGIN_CODE_COUNTRIES") {
            None => CodeCountries::senegal(),
            Some(list) => CodeCountries::parse(&list).map_err(|e| format!("{e}."))?,
        };
        let daily_per_country = match lookup("LOGIN_CODE_DAILY_PER_COUNTRY") {
            None => bitik_api::rate_limit::DEFAULT_DAILY_CODES_PER_COUNTRY,
            Some(raw) => match raw.trim().parse::<u32>() {
                Ok(codes @ 1..=1_000_000) => codes,
                _ => {
                    return Err(format!(
                        "LOGIN_CODE_DAILY_PER_COUNTRY must be a whole number from 1 to 1000000, not \"{raw}\"."
                    ));
                }
            },
        };
        Ok(Self { countries, daily_per_country })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<Option<WhatsAppSettings>, Refusal> {
        WhatsAppSettings::read(&|name: &str| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned()))
    }

    #[test]
    fn prices_are_unknown_until_set_and_a_wrong_one_stops_the_server_naming_its_setting() {
        let read = |vars: &[(&str, &str)]| {
            prices(&|name: &str| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned()))
        };
        assert_eq!(read(&[]).unwrap(), WhatsAppPrices::default());
        let set = read(&[("WHATSAPP_PRICE_UTILITY", "2,4"), ("WHATSAPP_PRICE_AUTHENTICATION", " ")]).unwrap();
        assert_eq!((set.utility.map(UnitPrice::hundredths), set.authentication), (Some(240), None));
        let refused = read(&[("WHATSAPP_PRICE_AUTHENTICATION", "0,004 USD")]).unwrap_err();
        assert!(refused.starts_with("WHATSAPP_PRICE_AUTHENTICATION must be a price in FCFA"), "{refused}");
    }

    #[test]
    fn whatsapp_is_off_without_a_token_and_its_settings_are_checked_with_one() {
        assert!(read(&[]).unwrap().is_none());
        let on = read(&[("WHATSAPP_TOKEN", "EAAG"), ("WHATSAPP_PHONE_NUMBER_ID", "1234567890")]).unwrap().unwrap();
        assert_eq!(
            (on.api_base.as_str(), on.login_code_template.as_str()),
            (bitik_whatsapp::DEFAULT_API_BASE, "code_connexion")
        );
        assert!(!format!("{on:?}").contains("EAAG"), "the token is not printed");
        assert!(on.webhook.is_none());
        let named = read(&[
            ("WHATSAPP_TOKEN", "EAAG"),
            ("WHATSAPP_PHONE_NUMBER_ID", "1234567890"),
            ("WHATSAPP_TEMPLATE_ORDER_SHIPPED", "expedition_v2"),
        ])
        .unwrap()
        .unwrap();
        let names: Vec<&str> = named.order_templates.iter().map(|(_, name)| name.as_str()).collect();
        assert_eq!(
            names,
            [
                "commande_recue",
                "confirmation_commande",
                "paiement_recu",
                "expedition_v2",
                "commande_livree",
                "commande_annulee",
                "colis_refuse",
                "remboursement"
            ]
        );
        for (vars, says) in [
            (vec![("WHATSAPP_TOKEN", "EAAG")], "WHATSAPP_PHONE_NUMBER_ID"),
            (vec![("WHATSAPP_TOKEN", "EAAG"), ("WHATSAPP_PHONE_NUMBER_ID", "12ab")], "WHATSAPP_PHONE_NUMBER_ID"),
            (
                vec![
                    ("WHATSAPP_TOKEN", "EAAG"),
                    ("WHATSAPP_PHONE_NUMBER_ID", "1"),
                    ("WHATSAPP_TEMPLATE_LOGIN_CODE", "Code Connexion"),
                ],
                "WHATSAPP_TEMPLATE_LOGIN_CODE",
            ),
            (
                vec![("WHATSAPP_TOKEN", "EAAG"), ("WHATSAPP_PHONE_NUMBER_ID", "1"), ("WHATSAPP_API_BASE", "graph")],
                "WHATSAPP_API_BASE",
            ),
            (
                vec![
                    ("WHATSAPP_TOKEN", "EAAG"),
                    ("WHATSAPP_PHONE_NUMBER_ID", "1"),
                    ("WHATSAPP_TEMPLATE_REFUNDED", "Remb"),
                ],
                "WHATSAPP_TEMPLATE_REFUNDED",
            ),
            (
                vec![("WHATSAPP_TOKEN", "EAAG"), ("WHATSAPP_PHONE_NUMBER_ID", "1"), ("WHATSAPP_APP_SECRET", "s")],
                "WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN",
            ),
        ] {
            let error = read(&vars).expect_err("refused");
            assert!(error.starts_with(says), "{error}");
        }
    }

    #[test]
    fn codes_go_to_senegal_unless_the_shop_names_its_countries() {
        let none = |_: &str| None;
        assert_eq!(LoginCodeSettings::read(&none).unwrap().countries, CodeCountries::senegal());
        let listed = |name: &str| (name == "LOGIN_CODE_COUNTRIES").then(|| "SN,CI".to_owned());
        assert_eq!(LoginCodeSettings::read(&listed).unwrap().countries, CodeCountries::parse("SN,CI").unwrap());
        let typo = |name: &str| (name == "LOGIN_CODE_COUNTRIES").then(|| "SN,SNG".to_owned());
        assert!(LoginCodeSettings::read(&typo).unwrap_err().contains("SNG"));
        let none_a_day = |name: &str| (name == "LOGIN_CODE_DAILY_PER_COUNTRY").then(|| "0".to_owned());
        assert!(LoginCodeSettings::read(&none_a_day).unwrap_err().starts_with("LOGIN_CODE_DAILY_PER_COUNTRY"));
    }
}
