//! Configuration from environment variables. A wrong value stops the program with one sentence.

use std::path::PathBuf;

use bitik_api::Settings;
use bitik_api::settings::PictureServing;
use bitik_common::{Shop, SocialLinks};
use bitik_identity::TwoFactorPolicy;
use bitik_messages::WhatsAppPrices;
use bitik_orders::cash_on_delivery::CodSettings;
use bitik_storage::StorageSettings;

use crate::whatsapp_settings::{self, LoginCodeSettings, WhatsAppSettings};

const DEV_JWT_SECRET: &str = "bitik-development-secret-do-not-use-in-production";

/// The value `.env.example` shows: copied as it is, it is a published secret.
const EXAMPLE_JWT_SECRET: &str = "change-me-to-a-long-random-string-of-32-chars-or-more";

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub host: String,
    pub port: u16,
    pub jwt_secret: String,
    /// True when no `JWT_SECRET` was given and the development secret is in use.
    pub jwt_secret_is_default: bool,
    /// Whether the storefront's catalogue reads are kept in memory between two changes of the
    /// catalogue (`CATALOG_CACHE`, `on` unless `off`).
    pub catalog_cache: bool,
    /// What the HTTP layer needs: the public address, origins, proxies, files and the shop.
    pub http: Settings,
    pub wave: WaveSettings,
    /// How long a cash-on-delivery order waits for its confirmation (`COD_CONFIRM_HOURS`, 24)
    /// and from how many refusals at the door a phone may no longer pay on delivery
    /// (`COD_MAX_REFUSALS`, 2).
    pub cash_on_delivery: CodSettings,
    /// E-mail through an SMTP relay (`SMTP_URL`, `MAIL_FROM`); without it messages are written
    /// and shown in the back office as not sent, never sent.
    pub mail: Option<MailSettings>,
    /// How long the server keeps serving after SIGTERM, readiness answering 503 meanwhile, before
    /// it stops taking connections and finishes those in flight (`DRAIN_SECONDS`, 5).
    pub drain: std::time::Duration,
    /// Where the product pictures are kept: `UPLOAD_DIR` (no `STORAGE_URL`) or a bucket
    /// (`STORAGE_URL=s3://bucket[/prefix]` and the standard `AWS_*` settings).
    pub storage: StorageSettings,
    /// The length of a slot of the periodic jobs (the expiry sweeps, the limits' cleanup): each
    /// runs once per slot across every instance (`SWEEP_SECONDS`, 60).
    pub sweep_every: std::time::Duration,
    /// `STAFF_2FA` as set (`required` or `optional`), `None` when unset: whether the
    /// administrators and managers must log in in two steps (docs/roles.md#two-step-login).
    pub staff_two_factor: Option<TwoFactorPolicy>,
    /// The shop's number on WhatsApp's Cloud API (`WHATSAPP_*`); without it, messages go by
    /// e-mail and login by code is unavailable.
    pub whatsapp: Option<WhatsAppSettings>,
    /// `LOGIN_CODE_COUNTRIES`, `LOGIN_CODE_DAILY_PER_COUNTRY`.
    pub login_codes: LoginCodeSettings,
    /// `WHATSAPP_PRICE_UTILITY`, `WHATSAPP_PRICE_AUTHENTICATION`: what Meta bills a template
    /// message, for the Messages page's monthly cost.
    pub whatsapp_prices: WhatsAppPrices,
}

/// Where e-mail goes out.
#[derive(Clone)]
pub struct MailSettings {
    /// lettre's URL form: `smtp://user:pass@host:587?tls=required`, `smtps://…`, `smtp://127.0.0.1:2525`.
    pub smtp_url: String,
    /// The sender, `Bitik Dakar <boutique@bitik.sn>` (by default the shop's name and `SHOP_EMAIL`).
    pub from: String,
}

impl std::fmt::Debug for MailSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry the relay's password.
        f.debug_struct("MailSettings").field("from", &self.from).finish_non_exhaustive()
    }
}

/// Whether payments go to Wave or to the built-in simulator, and who decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaveMode {
    /// Wave itself, with `WAVE_API_KEY`.
    Live,
    /// The simulator, asked for with `WAVE_MODE=test`: the storefront says no payment is real.
    Test,
    /// The simulator because no key is set: development on this machine only.
    Unset,
}

#[derive(Debug, Clone)]
pub struct WaveSettings {
    pub mode: WaveMode,
    /// Set exactly when `mode` is `Live`.
    pub api_key: Option<String>,
    pub webhook_secret: Option<String>,
    pub api_base: String,
    /// How long one call to Wave may take before its outcome counts as unknown.
    pub timeout: std::time::Duration,
}

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(String);

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads every setting through `lookup`, so tests can configure without touching the process.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let port = match lookup("PORT") {
            None => 8080,
            Some(raw) => raw
                .trim()
                .parse::<u16>()
                .map_err(|_| ConfigError(format!("PORT must be a whole number between 0 and 65535, not \"{raw}\".")))?,
        };
        let (jwt_secret, jwt_secret_is_default) = match lookup("JWT_SECRET") {
            None => (DEV_JWT_SECRET.to_owned(), true),
            Some(secret) if secret.len() < 32 => {
                return Err(ConfigError("JWT_SECRET must be at least 32 characters long.".into()));
            }
            Some(secret) => (secret, false),
        };
        let database_url =
            lookup("DATABASE_URL").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/bitik".to_owned());
        if !(database_url.starts_with("postgres://") || database_url.starts_with("postgresql://")) {
            return Err(ConfigError("DATABASE_URL must start with postgres:// or postgresql://.".into()));
        }
        let public_url =
            http_url("PUBLIC_URL", lookup("PUBLIC_URL").unwrap_or_else(|| format!("http://localhost:{port}")))?;
        let cors_origin = lookup("CORS_ORIGIN").map(origin).transpose()?;
        let trusted_proxies = lookup("TRUSTED_PROXIES").map(addresses).transpose()?.unwrap_or_default();
        let api_key = lookup("WAVE_API_KEY");
        let wave = WaveSettings {
            mode: wave_mode(lookup("WAVE_MODE"), api_key.is_some())?,
            api_key,
            webhook_secret: lookup("WAVE_WEBHOOK_SECRET"),
            api_base: http_url(
                "WAVE_API_BASE",
                lookup("WAVE_API_BASE").unwrap_or_else(|| "https://api.wave.com".to_owned()),
            )?,
            timeout: wave_timeout(lookup("WAVE_TIMEOUT_SECONDS"))?,
        };
        if wave.api_key.is_some() && wave.webhook_secret.is_none() {
            return Err(ConfigError(
                "WAVE_WEBHOOK_SECRET is required when WAVE_API_KEY is set, or Wave's webhooks could not be verified."
                    .into(),
            ));
        }
        let cash_on_delivery = CodSettings {
            confirm_hours: whole("COD_CONFIRM_HOURS", lookup("COD_CONFIRM_HOURS"), 24, 1..=720)?,
            max_refusals: whole("COD_MAX_REFUSALS", lookup("COD_MAX_REFUSALS"), 2, 1..=100)?,
        };
        let shop = Shop {
            name: lookup("SHOP_NAME").unwrap_or_else(|| "Bitik Dakar".to_owned()),
            phone: lookup("SHOP_PHONE").unwrap_or_else(|| "+221 77 000 00 00".to_owned()),
            whatsapp: lookup("SHOP_WHATSAPP").unwrap_or_else(|| "221770000000".to_owned()),
            email: lookup("SHOP_EMAIL").unwrap_or_else(|| "contact@bitik.sn".to_owned()),
            address: lookup("SHOP_ADDRESS").unwrap_or_else(|| "Parcelles Assainies, Dakar, Sénégal".to_owned()),
            hours: lookup("SHOP_HOURS").unwrap_or_else(|| "Lundi - Samedi : 9h - 19h".to_owned()),
            legal_id: lookup("SHOP_LEGAL_ID").unwrap_or_default(),
            social: SocialLinks {
                instagram: social("SHOP_INSTAGRAM", lookup("SHOP_INSTAGRAM"), "https://www.instagram.com/bitikdakar")?,
                facebook: social("SHOP_FACEBOOK", lookup("SHOP_FACEBOOK"), "https://www.facebook.com/bitikdakar")?,
                tiktok: social("SHOP_TIKTOK", lookup("SHOP_TIKTOK"), "https://www.tiktok.com/@bitikdakar")?,
            },
        };
        let mail = match lookup("SMTP_URL") {
            None => None,
            Some(url) if url.starts_with("smtp://") || url.starts_with("smtps://") => Some(MailSettings {
                smtp_url: url.trim().to_owned(),
                from: lookup("MAIL_FROM").unwrap_or_else(|| format!("{} <{}>", shop.name, shop.email)),
            }),
            Some(_) => {
                return Err(ConfigError(
                    "SMTP_URL must start with smtp:// or smtps:// (smtp://user:password@host:587?tls=required).".into(),
                ));
            }
        };
        let storage = StorageSettings::read(lookup("STORAGE_URL").as_deref(), &lookup)
            .map_err(|e| ConfigError(format!("{e}.")))?;
        let pictures = match (&storage, lookup("STORAGE_PUBLIC_URL")) {
            (StorageSettings::Local, None) => PictureServing::Files,
            (StorageSettings::Local, Some(_)) => {
                return Err(ConfigError("STORAGE_PUBLIC_URL is the address of a bucket: it needs STORAGE_URL.".into()));
            }
            (StorageSettings::S3(_), None) => PictureServing::Stream,
            (StorageSettings::S3(_), Some(url)) => PictureServing::Redirect(http_url("STORAGE_PUBLIC_URL", url)?),
        };
        Ok(Config {
            database_url,
            host: lookup("HOST").unwrap_or_else(|| "0.0.0.0".to_owned()),
            port,
            jwt_secret,
            jwt_secret_is_default,
            catalog_cache: on_off("CATALOG_CACHE", lookup("CATALOG_CACHE"))?,
            http: Settings {
                public_url,
                cors_origin,
                trusted_proxies,
                metrics_allow: match lookup("METRICS_ALLOW") {
                    Some(value) => networks("METRICS_ALLOW", &value)?,
                    None => networks("METRICS_ALLOW", "127.0.0.0/8, ::1")?,
                },
                upload_dir: PathBuf::from(lookup("UPLOAD_DIR").unwrap_or_else(|| "uploads".to_owned())),
                pictures,
                frontend_dir: PathBuf::from(lookup("FRONTEND_DIR").unwrap_or_else(|| "frontend/dist".to_owned())),
                shop,
                test_payments: wave.mode == WaveMode::Test,
            },
            wave,
            cash_on_delivery,
            mail,
            storage,
            drain: std::time::Duration::from_secs(whole("DRAIN_SECONDS", lookup("DRAIN_SECONDS"), 5, 0..=300)?.into()),
            sweep_every: std::time::Duration::from_secs(
                whole("SWEEP_SECONDS", lookup("SWEEP_SECONDS"), 60, 1..=3600)?.into(),
            ),
            staff_two_factor: lookup("STAFF_2FA").map(|raw| staff_two_factor(&raw)).transpose()?,
            whatsapp: WhatsAppSettings::read(&lookup).map_err(ConfigError)?,
            login_codes: LoginCodeSettings::read(&lookup).map_err(ConfigError)?,
            whatsapp_prices: whatsapp_settings::prices(&lookup).map_err(ConfigError)?,
        })
    }

    /// The two-step login rule in force: `STAFF_2FA`, optional when unset (production refuses
    /// to start unset: `unsafe_for_production`).
    pub fn two_factor_policy(&self) -> TwoFactorPolicy {
        self.staff_two_factor.unwrap_or_default()
    }

    /// A shop whose public address is not this machine's is in production.
    pub fn in_production(&self) -> bool {
        !is_loopback(&self.http.public_url)
    }

    /// Why `bitik serve` must not start as configured, in one sentence naming the setting: in
    /// production, a development or published JWT secret, payments simulated without anyone
    /// having asked for it, or two-step login for the owner and the manager neither required
    /// nor declined on purpose. The demo accounts' passwords are checked against the database
    /// (`production::refuse_unsafe`).
    pub fn unsafe_for_production(&self) -> Option<String> {
        if !self.in_production() {
            return None;
        }
        if self.jwt_secret_is_default || self.jwt_secret == EXAMPLE_JWT_SECRET {
            return Some(format!(
                "JWT_SECRET must be set to a secret of your own (32 characters or more) when PUBLIC_URL is {}.",
                self.http.public_url
            ));
        }
        if self.wave.mode == WaveMode::Unset {
            return Some(format!(
                "WAVE_API_KEY is not set: set it (with WAVE_WEBHOOK_SECRET) to take real payments, or WAVE_MODE=test \
                 to run {} with simulated payments on purpose.",
                self.http.public_url
            ));
        }
        if self.staff_two_factor.is_none() {
            return Some(format!(
                "STAFF_2FA is not set: set STAFF_2FA=required so that the administrators and managers of {} log in \
                 with a code of an authenticator app after their password, or STAFF_2FA=optional to leave it to \
                 each of them.",
                self.http.public_url
            ));
        }
        None
    }
}

/// `STAFF_2FA`: `required` or `optional`.
fn staff_two_factor(raw: &str) -> Result<TwoFactorPolicy, ConfigError> {
    TwoFactorPolicy::parse(raw)
        .ok_or_else(|| ConfigError(format!("STAFF_2FA must be required or optional, not \"{}\".", raw.trim())))
}

/// `WAVE_MODE`: `live` needs a key; `test` refuses one, so that nobody believes a key is used;
/// unset follows the key.
fn wave_mode(raw: Option<String>, has_key: bool) -> Result<WaveMode, ConfigError> {
    match (raw.as_deref().map(str::trim), has_key) {
        (None, true) | (Some("live"), true) => Ok(WaveMode::Live),
        (None, false) => Ok(WaveMode::Unset),
        (Some("test"), false) => Ok(WaveMode::Test),
        (Some("live"), false) => Err(ConfigError("WAVE_MODE=live needs WAVE_API_KEY.".into())),
        (Some("test"), true) => Err(ConfigError(
            "WAVE_MODE=test runs the payment simulator: unset WAVE_API_KEY, or set WAVE_MODE=live.".into(),
        )),
        (Some(other), _) => Err(ConfigError(format!("WAVE_MODE must be live or test, not \"{other}\"."))),
    }
}

/// Whether an `http(s)://` address names this machine: `localhost`, `127.0.0.1` or `[::1]`.
fn is_loopback(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().map(|h| format!("[{h}]")).unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default().to_owned(),
    };
    matches!(host.to_ascii_lowercase().as_str(), "localhost" | "127.0.0.1" | "[::1]")
}

fn on_off(name: &str, raw: Option<String>) -> Result<bool, ConfigError> {
    match raw.as_deref().map(str::trim) {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(ConfigError(format!("{name} must be on or off, not \"{other}\"."))),
    }
}

/// A whole number within `range`, `default` when unset.
fn whole(
    name: &str,
    raw: Option<String>,
    default: u32,
    range: std::ops::RangeInclusive<u32>,
) -> Result<u32, ConfigError> {
    let Some(raw) = raw else { return Ok(default) };
    match raw.trim().parse::<u32>() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ => Err(ConfigError(format!(
            "{name} must be a whole number from {} to {}, not \"{raw}\".",
            range.start(),
            range.end()
        ))),
    }
}

fn wave_timeout(raw: Option<String>) -> Result<std::time::Duration, ConfigError> {
    let Some(raw) = raw else { return Ok(std::time::Duration::from_secs(10)) };
    match raw.trim().parse::<u64>() {
        Ok(seconds @ 1..=60) => Ok(std::time::Duration::from_secs(seconds)),
        _ => Err(ConfigError(format!(
            "WAVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 60, not \"{raw}\"."
        ))),
    }
}

/// A social page of the shop: `default` when unset, none for `off`, else an https:// address.
fn social(name: &str, raw: Option<String>, default: &str) -> Result<String, ConfigError> {
    match raw.as_deref().map(str::trim) {
        None => Ok(default.to_owned()),
        Some("off") => Ok(String::new()),
        Some(value) if value.starts_with("https://") && http_url(name, value.to_owned()).is_ok() => {
            Ok(value.to_owned())
        }
        Some(value) => Err(ConfigError(format!("{name} must be an https:// address or off, not \"{value}\"."))),
    }
}

fn http_url(name: &str, value: String) -> Result<String, ConfigError> {
    let value = value.trim().trim_end_matches('/').to_owned();
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => Ok(value),
        _ => Err(ConfigError(format!("{name} must be an http:// or https:// address, not \"{value}\"."))),
    }
}

/// `TRUSTED_PROXIES`: IP addresses separated by commas.
fn addresses(value: String) -> Result<Vec<std::net::IpAddr>, ConfigError> {
    value
        .split(',')
        .map(|one| one.trim().parse())
        .collect::<Result<_, _>>()
        .map_err(|_| ConfigError(format!("TRUSTED_PROXIES must be IP addresses separated by commas, not \"{value}\".")))
}

/// Addresses and networks separated by commas: `10.0.0.5, 192.168.1.0/24, ::1`.
fn networks(name: &str, value: &str) -> Result<Vec<ipnet::IpNet>, ConfigError> {
    value
        .split(',')
        .map(str::trim)
        .map(|one| one.parse::<ipnet::IpNet>().or_else(|_| one.parse::<std::net::IpAddr>().map(ipnet::IpNet::from)))
        .collect::<Result<_, _>>()
        .map_err(|_| {
            ConfigError(format!(
                "{name} must be IP addresses or networks (10.0.0.0/8) separated by commas, not \"{value}\"."
            ))
        })
}

/// `CORS_ORIGIN`: scheme, host and port only, as browsers send it in `Origin`.
fn origin(value: String) -> Result<String, ConfigError> {
    let value = http_url("CORS_ORIGIN", value)?;
    let host = value.split_once("://").map(|(_, host)| host).unwrap_or_default();
    if host.contains(['/', '?', '#', '*']) {
        return Err(ConfigError(format!(
            "CORS_ORIGIN must be one origin such as https://admin.bitik.sn, without a path, not \"{value}\"."
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn defaults_make_a_working_development_shop() {
        let config = config(&[]).unwrap();
        assert_eq!(config.port, 8080);
        assert!(config.jwt_secret_is_default);
        assert_eq!(config.http.public_url, "http://localhost:8080");
        assert_eq!(config.wave.api_base, "https://api.wave.com");
        assert!(config.wave.api_key.is_none());
        assert_eq!(config.wave.timeout, std::time::Duration::from_secs(10));
        assert!(config.http.cors_origin.is_none());
        assert!(config.http.trusted_proxies.is_empty());
        assert_eq!(config.http.shop.name, "Bitik Dakar");
        assert!(config.catalog_cache);
        assert_eq!((config.cash_on_delivery.confirm_hours, config.cash_on_delivery.max_refusals), (24, 2));
    }

    #[test]
    fn pictures_stay_in_upload_dir_unless_a_bucket_is_named() {
        let local = config(&[]).unwrap();
        assert_eq!((local.storage, local.http.pictures), (StorageSettings::Local, PictureServing::Files));
        let bucket = [
            ("STORAGE_URL", "s3://bitik-pictures/shop"),
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:3900"),
            ("AWS_REGION", "garage"),
        ];
        let s3 = config(&bucket).unwrap();
        let StorageSettings::S3(settings) = &s3.storage else { panic!("{:?}", s3.storage) };
        assert_eq!((settings.bucket.as_str(), settings.prefix.as_deref()), ("bitik-pictures", Some("shop")));
        assert_eq!(settings.aws.len(), 2);
        assert_eq!(s3.http.pictures, PictureServing::Stream);
        let public = config(&[bucket[0], ("STORAGE_PUBLIC_URL", "https://images.bitik.sn/")]).unwrap();
        assert_eq!(public.http.pictures, PictureServing::Redirect("https://images.bitik.sn".into()));
        let message = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();
        assert_eq!(
            message(&[("STORAGE_URL", "/var/lib/bitik")]),
            "STORAGE_URL must be s3://bucket or s3://bucket/prefix, not \"/var/lib/bitik\"."
        );
        assert_eq!(
            message(&[("STORAGE_PUBLIC_URL", "https://images.bitik.sn")]),
            "STORAGE_PUBLIC_URL is the address of a bucket: it needs STORAGE_URL."
        );
    }

    #[test]
    fn the_shop_presents_itself_from_its_settings() {
        let shop = config(&[]).unwrap().http.shop;
        assert_eq!((shop.hours.as_str(), shop.legal_id.as_str()), ("Lundi - Samedi : 9h - 19h", ""));
        assert_eq!(shop.social.instagram, "https://www.instagram.com/bitikdakar");
        let shop = config(&[
            ("SHOP_NAME", "Teranga Wear"),
            ("SHOP_HOURS", "Tous les jours : 10h - 20h"),
            ("SHOP_LEGAL_ID", "RCCM SN-DKR-2024-B-1"),
            ("SHOP_INSTAGRAM", "https://instagram.com/teranga"),
            ("SHOP_TIKTOK", "off"),
        ])
        .unwrap()
        .http
        .shop;
        assert_eq!((shop.name.as_str(), shop.hours.as_str()), ("Teranga Wear", "Tous les jours : 10h - 20h"));
        assert_eq!(shop.legal_id, "RCCM SN-DKR-2024-B-1");
        assert_eq!(
            (shop.social.instagram.as_str(), shop.social.facebook.as_str(), shop.social.tiktok.as_str()),
            ("https://instagram.com/teranga", "https://www.facebook.com/bitikdakar", "")
        );
        assert_eq!(
            config(&[("SHOP_FACEBOOK", "facebook.com/x")]).unwrap_err().to_string(),
            "SHOP_FACEBOOK must be an https:// address or off, not \"facebook.com/x\"."
        );
    }

    #[test]
    fn cash_on_delivery_is_set_in_whole_hours_and_refusals() {
        let set = config(&[("COD_CONFIRM_HOURS", "48"), ("COD_MAX_REFUSALS", " 3 ")]).unwrap().cash_on_delivery;
        assert_eq!((set.confirm_hours, set.max_refusals), (48, 3));
        let message = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();
        assert_eq!(
            message(&[("COD_CONFIRM_HOURS", "0")]),
            "COD_CONFIRM_HOURS must be a whole number from 1 to 720, not \"0\"."
        );
        assert_eq!(
            message(&[("COD_MAX_REFUSALS", "deux")]),
            "COD_MAX_REFUSALS must be a whole number from 1 to 100, not \"deux\"."
        );
    }

    #[test]
    fn bad_values_are_explained_in_one_sentence() {
        let message = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();
        assert_eq!(message(&[("PORT", "abc")]), "PORT must be a whole number between 0 and 65535, not \"abc\".");
        assert_eq!(message(&[("JWT_SECRET", "short")]), "JWT_SECRET must be at least 32 characters long.");
        assert!(message(&[("PUBLIC_URL", "shop.sn")]).starts_with("PUBLIC_URL must be an http"));
        assert!(message(&[("DATABASE_URL", "mysql://x")]).starts_with("DATABASE_URL must start"));
        assert!(message(&[("WAVE_API_KEY", "wave_sn_prod_x")]).starts_with("WAVE_WEBHOOK_SECRET is required"));
        assert!(message(&[("WAVE_TIMEOUT_SECONDS", "0")]).starts_with("WAVE_TIMEOUT_SECONDS must be"));
        assert!(message(&[("WAVE_API_BASE", "api.wave.com")]).starts_with("WAVE_API_BASE must be an http"));
        assert_eq!(message(&[("CATALOG_CACHE", "no")]), "CATALOG_CACHE must be on or off, not \"no\".");
        assert!(message(&[("CORS_ORIGIN", "*")]).starts_with("CORS_ORIGIN must be an http"));
        assert!(
            message(&[("CORS_ORIGIN", "https://admin.bitik.sn/app")]).starts_with("CORS_ORIGIN must be one origin")
        );
    }

    #[test]
    fn draining_the_jobs_slots_and_who_reads_the_metrics() {
        let defaults = config(&[]).unwrap();
        assert_eq!(defaults.drain, std::time::Duration::from_secs(5));
        assert_eq!(defaults.sweep_every, std::time::Duration::from_secs(60));
        let loopback = |ip: &str| {
            defaults.http.metrics_allow.iter().any(|net| net.contains(&ip.parse::<std::net::IpAddr>().unwrap()))
        };
        assert!(loopback("127.0.0.1") && loopback("::1") && !loopback("10.0.0.5"));
        let set =
            config(&[("DRAIN_SECONDS", "0"), ("SWEEP_SECONDS", "1"), ("METRICS_ALLOW", "10.0.0.5, 192.168.1.0/24")])
                .unwrap();
        assert_eq!((set.drain.as_secs(), set.sweep_every.as_secs()), (0, 1));
        let allowed: Vec<String> = set.http.metrics_allow.iter().map(ToString::to_string).collect();
        assert_eq!(allowed, ["10.0.0.5/32", "192.168.1.0/24"]);
        let message = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();
        assert_eq!(
            message(&[("METRICS_ALLOW", "prometheus.local")]),
            "METRICS_ALLOW must be IP addresses or networks (10.0.0.0/8) separated by commas, not \"prometheus.local\"."
        );
        assert_eq!(
            message(&[("DRAIN_SECONDS", "-1")]),
            "DRAIN_SECONDS must be a whole number from 0 to 300, not \"-1\"."
        );
        assert_eq!(
            message(&[("SWEEP_SECONDS", "0")]),
            "SWEEP_SECONDS must be a whole number from 1 to 3600, not \"0\"."
        );
    }

    #[test]
    fn trusted_proxies_are_addresses() {
        let parsed = config(&[("TRUSTED_PROXIES", "10.0.0.2, ::1")]).unwrap();
        assert_eq!(
            parsed.http.trusted_proxies,
            ["10.0.0.2".parse::<std::net::IpAddr>().unwrap(), "::1".parse().unwrap()]
        );
        let refused = config(&[("TRUSTED_PROXIES", "10.0.0.0/8")]).unwrap_err().to_string();
        assert_eq!(refused, "TRUSTED_PROXIES must be IP addresses separated by commas, not \"10.0.0.0/8\".");
    }

    #[test]
    fn the_cors_origin_loses_its_trailing_slash() {
        let config = config(&[("CORS_ORIGIN", "https://admin.bitik.sn/")]).unwrap();
        assert_eq!(config.http.cors_origin.as_deref(), Some("https://admin.bitik.sn"));
    }

    #[test]
    fn the_catalogue_cache_can_be_turned_off() {
        assert!(!config(&[("CATALOG_CACHE", "off")]).unwrap().catalog_cache);
        assert!(config(&[("CATALOG_CACHE", "on")]).unwrap().catalog_cache);
    }

    #[test]
    fn only_a_public_address_of_this_machine_is_development() {
        for url in ["http://localhost:8080", "http://127.0.0.1", "http://[::1]:8080/", "http://LOCALHOST"] {
            assert!(!config(&[("PUBLIC_URL", url)]).unwrap().in_production(), "{url}");
        }
        for url in ["https://bitik.sn", "http://localhost.bitik.sn", "http://127.0.0.2", "http://192.168.1.10:8080"] {
            assert!(config(&[("PUBLIC_URL", url)]).unwrap().in_production(), "{url}");
        }
    }

    const SECRET: &str = "a-secret-of-the-shop-that-is-long-enough-0123";

    #[test]
    fn production_refuses_the_development_and_example_secrets() {
        let refused = |vars: &[(&str, &str)]| config(vars).unwrap().unsafe_for_production();
        let site = ("PUBLIC_URL", "https://bitik.sn");
        let live = [("WAVE_API_KEY", "wave_sn_prod_x"), ("WAVE_WEBHOOK_SECRET", "whsec"), ("STAFF_2FA", "required")];
        let no_secret = refused(&[site, live[0], live[1], live[2]]).unwrap();
        assert!(no_secret.starts_with("JWT_SECRET must be set"), "{no_secret}");
        let example = refused(&[site, live[0], live[1], live[2], ("JWT_SECRET", EXAMPLE_JWT_SECRET)]).unwrap();
        assert!(example.starts_with("JWT_SECRET must be set"), "{example}");
        assert_eq!(refused(&[site, live[0], live[1], live[2], ("JWT_SECRET", SECRET)]), None);
        assert_eq!(refused(&[("JWT_SECRET", EXAMPLE_JWT_SECRET)]), None, "development may use anything");
    }

    #[test]
    fn production_refuses_payments_simulated_by_default() {
        let site = ("PUBLIC_URL", "https://bitik.sn");
        let unset = config(&[site, ("JWT_SECRET", SECRET)]).unwrap();
        assert_eq!(unset.wave.mode, WaveMode::Unset);
        assert!(unset.unsafe_for_production().unwrap().starts_with("WAVE_API_KEY is not set"));
        let asked = config(&[site, ("JWT_SECRET", SECRET), ("WAVE_MODE", "test"), ("STAFF_2FA", "optional")]).unwrap();
        assert_eq!((asked.wave.mode, asked.unsafe_for_production()), (WaveMode::Test, None));
        assert_eq!(config(&[]).unwrap().unsafe_for_production(), None, "just run stays as it is");
    }

    #[test]
    fn production_asks_for_two_step_login_to_be_required_or_declined_on_purpose() {
        let public = [("PUBLIC_URL", "https://bitik.sn"), ("JWT_SECRET", SECRET), ("WAVE_MODE", "test")];
        let unset = config(&public).unwrap();
        assert_eq!(unset.two_factor_policy(), TwoFactorPolicy::Optional);
        let refusal = unset.unsafe_for_production().unwrap();
        assert!(refusal.starts_with("STAFF_2FA is not set: set STAFF_2FA=required"), "{refusal}");
        for (value, policy) in [("required", TwoFactorPolicy::Required), (" optional ", TwoFactorPolicy::Optional)] {
            let set = config(&[public.as_slice(), &[("STAFF_2FA", value)]].concat()).unwrap();
            assert_eq!((set.two_factor_policy(), set.unsafe_for_production()), (policy, None), "{value}");
        }
        let development = config(&[]).unwrap();
        assert_eq!(
            (development.two_factor_policy(), development.unsafe_for_production()),
            (TwoFactorPolicy::Optional, None)
        );
        assert_eq!(
            config(&[("STAFF_2FA", "yes")]).unwrap_err().to_string(),
            "STAFF_2FA must be required or optional, not \"yes\"."
        );
    }

    #[test]
    fn wave_mode_agrees_with_the_key() {
        let message = |vars: &[(&str, &str)]| config(vars).unwrap_err().to_string();
        assert_eq!(message(&[("WAVE_MODE", "live")]), "WAVE_MODE=live needs WAVE_API_KEY.");
        let both = [("WAVE_MODE", "test"), ("WAVE_API_KEY", "k"), ("WAVE_WEBHOOK_SECRET", "s")];
        assert!(message(&both).starts_with("WAVE_MODE=test runs the payment simulator"));
        assert_eq!(message(&[("WAVE_MODE", "prod")]), "WAVE_MODE must be live or test, not \"prod\".");
        let live = config(&[("WAVE_API_KEY", "k"), ("WAVE_WEBHOOK_SECRET", "s")]).unwrap();
        assert_eq!(live.wave.mode, WaveMode::Live);
    }

    #[test]
    fn public_url_loses_its_trailing_slash() {
        assert_eq!(config(&[("PUBLIC_URL", "https://bitik.sn/")]).unwrap().http.public_url, "https://bitik.sn");
    }
}
