//! Back-in-stock alerts (docs/rules.md#back-in-stock): a shopper leaves an e-mail address (and
//! a phone, if they like) on a sold-out variant; when the variant has stock again, each waiting
//! alert gets one message and is spent. No account is needed; one alert waits per address and
//! variant.

use std::sync::Arc;

use async_trait::async_trait;
use bitik_common::{BoxError, Email, FieldErrors, Phone};
use uuid::Uuid;

use crate::error::CatalogError;
use crate::model::{Color, Size};
use crate::ports::ProductRepository;
use crate::service::product_key;

const MSG_EMAIL: &str = "Veuillez entrer une adresse email valide";
const MSG_VARIANT: &str = "Cette taille ou cette couleur n'existe pas pour ce produit.";

/// The « Me prévenir » form as sent: every field may be missing or wrong.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AlertRequest {
    pub color: Option<String>,
    pub size: Option<String>,
    pub email: Option<String>,
    /// Optional: blank is none.
    pub phone: Option<String>,
}

/// An alert whose fields follow the rules, on a variant the product has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockAlert {
    pub product_id: Uuid,
    pub color: Color,
    pub size: Size,
    pub email: Email,
    pub phone: Option<Phone>,
}

/// How many alerts wait on one variant: the back office's demand signal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub color: String,
    pub size: String,
    pub count: u64,
}

/// Where alerts are kept, and the one unit of work that tells their shoppers.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait StockAlertRepository: Send + Sync {
    /// Records the alert, unless the same address already waits on that variant (then nothing
    /// changes: asking twice is asking once).
    async fn ask(&self, alert: &StockAlert) -> Result<(), BoxError>;

    /// The alerts waiting on each variant of the product (variants nobody waits on left out).
    async fn waiting(&self, product_id: Uuid) -> Result<Vec<Waiting>, BoxError>;

    /// Ends every alert still waiting for the address of the alert `token` names; `false` when
    /// no alert has that token.
    async fn unsubscribe(&self, token: Uuid) -> Result<bool, BoxError>;

    /// For every waiting alert whose variant has stock again (and whose product is for sale),
    /// writes its message to the outbox and marks it spent, in one transaction: however many
    /// servers release at once, each alert is told once. Answers how many were told.
    async fn release(&self) -> Result<u64, BoxError>;
}

/// The alerts' use cases. The product is read from the plain repository, never the storefront's
/// cache: whether a variant is sold out decides whether an alert makes sense.
#[derive(Clone)]
pub struct AlertService {
    products: Arc<dyn ProductRepository>,
    alerts: Arc<dyn StockAlertRepository>,
}

impl AlertService {
    pub fn new(products: Arc<dyn ProductRepository>, alerts: Arc<dyn StockAlertRepository>) -> Self {
        Self { products, alerts }
    }

    /// Records an alert on a sold-out variant of an active product. A variant in stock is
    /// refused (`InStock`): the shopper can buy it now.
    pub async fn ask(&self, product: &str, request: AlertRequest) -> Result<(), CatalogError> {
        let key = product_key(product)?;
        let product =
            self.products.find_active(&key).await.map_err(CatalogError::repository)?.ok_or(CatalogError::NotFound)?;
        let mut problems = FieldErrors::default();
        let color = request.color.as_deref().unwrap_or_default();
        let size = request.size.as_deref().unwrap_or_default();
        let variant = product.variant(color, size);
        if variant.is_none() {
            problems.fail("size", MSG_VARIANT);
        }
        let email = Email::parse(request.email.as_deref().unwrap_or_default())
            .map_err(|_| problems.fail("email", MSG_EMAIL))
            .ok();
        let phone = match request.phone.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
            None => None,
            Some(raw) => Phone::parse(raw).map_err(|_| problems.fail("phone", Phone::INVALID)).ok(),
        };
        problems.finish(|errors| CatalogError::Validation {
            message: errors.first_message().unwrap_or_default().to_owned(),
            fields: errors.into_map(),
        })?;
        let (Some(variant), Some(email)) = (variant, email) else { unreachable!("checked above") };
        if variant.stock > 0 {
            return Err(CatalogError::InStock);
        }
        let alert = StockAlert { product_id: product.id, color: variant.color, size: variant.size, email, phone };
        self.alerts.ask(&alert).await.map_err(CatalogError::repository)
    }

    /// How many shoppers wait on each variant of a product (active or not), for the back office.
    pub async fn waiting(&self, product_id: Uuid) -> Result<Vec<Waiting>, CatalogError> {
        self.products.find_any(product_id).await.map_err(CatalogError::repository)?.ok_or(CatalogError::NotFound)?;
        self.alerts.waiting(product_id).await.map_err(CatalogError::repository)
    }

    /// Ends the alerts of the address an unsubscribe link was sent to. Following the link again
    /// is a success too; a token no alert has is `AlertNotFound`.
    pub async fn unsubscribe(&self, token: &str) -> Result<(), CatalogError> {
        let token = Uuid::parse_str(token.trim()).map_err(|_| CatalogError::AlertNotFound)?;
        match self.alerts.unsubscribe(token).await.map_err(CatalogError::repository)? {
            true => Ok(()),
            false => Err(CatalogError::AlertNotFound),
        }
    }

    /// Tells every waiting alert whose variant has stock again (the `stock_alerts` job).
    pub async fn release(&self) -> Result<u64, CatalogError> {
        self.alerts.release().await.map_err(CatalogError::repository)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use mockall::predicate::always;

    use super::*;
    use crate::model::{Product, Subcategory};
    use crate::ports::MockProductRepository;

    fn tee(noir_m: u32) -> Product {
        let mut product = crate::fixtures::product(
            "T-shirt Teranga",
            Subcategory::TShirt,
            Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
        );
        product.stock.set(Color::parse("noir").unwrap(), Size::M, noir_m);
        product
    }

    fn service(product: Option<Product>, alerts: MockStockAlertRepository) -> AlertService {
        let mut products = MockProductRepository::new();
        products.expect_find_active().returning(move |_| Ok(product.clone()));
        AlertService::new(Arc::new(products), Arc::new(alerts))
    }

    fn request(color: &str, size: &str, email: &str, phone: Option<&str>) -> AlertRequest {
        AlertRequest {
            color: Some(color.into()),
            size: Some(size.into()),
            email: Some(email.into()),
            phone: phone.map(Into::into),
        }
    }

    #[tokio::test]
    async fn an_alert_on_a_sold_out_variant_is_recorded_with_its_address_and_phone_normalised() {
        let product = tee(0);
        let id = product.id;
        let mut alerts = MockStockAlertRepository::new();
        alerts
            .expect_ask()
            .withf(move |alert| {
                alert.product_id == id
                    && alert.color.as_str() == "noir"
                    && alert.size == Size::M
                    && alert.email.as_str() == "awa@example.sn"
                    && alert.phone.as_ref().map(Phone::as_str) == Some("+221771234567")
            })
            .times(1)
            .returning(|_| Ok(()));
        let service = service(Some(product), alerts);
        service.ask("t-shirt-teranga", request(" Noir ", "m", " Awa@Example.sn ", Some("77 123 45 67"))).await.unwrap();
    }

    #[tokio::test]
    async fn a_variant_in_stock_is_refused_and_nothing_is_recorded() {
        let mut alerts = MockStockAlertRepository::new();
        alerts.expect_ask().never();
        let service = service(Some(tee(3)), alerts);
        let refused = service.ask("t-shirt-teranga", request("noir", "M", "awa@example.sn", None)).await;
        assert!(matches!(refused, Err(CatalogError::InStock)));
    }

    #[tokio::test]
    async fn bad_fields_are_all_reported_in_french() {
        let mut alerts = MockStockAlertRepository::new();
        alerts.expect_ask().never();
        let service = service(Some(tee(0)), alerts);
        match service.ask("t-shirt-teranga", request("violet", "M", "pas-une-adresse", Some("12"))).await {
            Err(CatalogError::Validation { fields, .. }) => {
                assert_eq!(fields["size"], MSG_VARIANT);
                assert_eq!(fields["email"], "Veuillez entrer une adresse email valide");
                assert_eq!(fields["phone"], "Veuillez entrer un numéro de téléphone valide");
            }
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn an_unknown_or_inactive_product_is_not_found() {
        let mut alerts = MockStockAlertRepository::new();
        alerts.expect_ask().never();
        let service = service(None, alerts);
        let missing = service.ask("t-shirt-teranga", request("noir", "M", "awa@example.sn", None)).await;
        assert!(matches!(missing, Err(CatalogError::NotFound)));
    }

    #[tokio::test]
    async fn unsubscribing_needs_a_token_some_alert_has() {
        let mut alerts = MockStockAlertRepository::new();
        let known = Uuid::from_u128(7);
        alerts.expect_unsubscribe().with(always()).returning(move |token| Ok(token == known));
        let service = service(None, alerts);
        service.unsubscribe(&known.to_string()).await.unwrap();
        assert!(matches!(service.unsubscribe(&Uuid::from_u128(8).to_string()).await, Err(CatalogError::AlertNotFound)));
        assert!(matches!(service.unsubscribe("pas-un-jeton").await, Err(CatalogError::AlertNotFound)));
    }
}
