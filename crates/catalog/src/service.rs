use std::sync::Arc;

use bitik_common::Page;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::admin::{AdminListParams, ProductStats};
use crate::error::CatalogError;
use crate::facets::{Facets, facet_filter};
use crate::filter::{ListParams, ProductFilter};
use crate::form::ProductForm;
use crate::import::{ImportPlan, ImportRow, export_rows};
use crate::model::{Product, ProductKey, Slug};
use crate::ports::{ProductRepository, Removal};
use crate::stock_adjustment::{Adjuster, RawAdjustment, StockMovement};

/// Home page lists: 4 promotions, 8 new arrivals, 4 similar products.
pub const DEFAULT_PROMOTIONS: u32 = 4;
pub const DEFAULT_NEW_ARRIVALS: u32 = 8;
pub const DEFAULT_SIMILAR: u32 = 4;

/// The catalogue's use cases. Raw request values come in as text and are checked by the
/// catalogue (here, [`crate::parse_limit`], [`product_key`]), so every entry point gets the same rules and
/// the same French messages.
#[derive(Clone)]
pub struct CatalogService {
    products: Arc<dyn ProductRepository>,
    clock: fn() -> DateTime<Utc>,
}

impl CatalogService {
    pub fn new(products: Arc<dyn ProductRepository>) -> Self {
        Self { products, clock: Utc::now }
    }

    /// With a fixed clock, for tests of time-dependent filters.
    pub fn with_clock(products: Arc<dyn ProductRepository>, clock: fn() -> DateTime<Utc>) -> Self {
        Self { products, clock }
    }

    /// The storefront listing.
    pub async fn list(&self, params: ListParams) -> Result<Page<Product>, CatalogError> {
        self.list_by(&self.list_filter(params)?).await
    }

    /// The storefront listing's parameters, checked: what its page depends on.
    pub fn list_filter(&self, params: ListParams) -> Result<ProductFilter, CatalogError> {
        params.into_filter((self.clock)())
    }

    /// The storefront listing of a checked filter ([`Self::list_filter`]).
    pub async fn list_by(&self, filter: &ProductFilter) -> Result<Page<Product>, CatalogError> {
        self.products.list(filter).await.map_err(CatalogError::repository)
    }

    /// The facets of the storefront listing of a checked filter ([`Self::list_filter`]).
    pub async fn facets_by(&self, filter: &ProductFilter) -> Result<Facets, CatalogError> {
        self.products.facets(&facet_filter(filter)).await.map_err(CatalogError::repository)
    }

    /// An active product by id or slug.
    pub async fn product(&self, id_or_slug: &str) -> Result<Product, CatalogError> {
        self.product_by(&product_key(id_or_slug)?).await
    }

    pub async fn product_by(&self, key: &ProductKey) -> Result<Product, CatalogError> {
        self.products.find_active(key).await.map_err(CatalogError::repository)?.ok_or(CatalogError::NotFound)
    }

    /// Products on promotion; `limit` as [`crate::parse_limit`] read it, [`DEFAULT_PROMOTIONS`] by default.
    pub async fn promotions(&self, limit: u32) -> Result<Vec<Product>, CatalogError> {
        self.products.promotions(limit).await.map_err(CatalogError::repository)
    }

    /// The newest products; [`DEFAULT_NEW_ARRIVALS`] unless asked otherwise.
    pub async fn new_arrivals(&self, limit: u32) -> Result<Vec<Product>, CatalogError> {
        self.products.new_arrivals(limit).await.map_err(CatalogError::repository)
    }

    /// Products to suggest beside an active product ([`DEFAULT_SIMILAR`] unless asked
    /// otherwise); `NotFound` when it is missing or inactive.
    pub async fn similar(&self, key: &ProductKey, limit: u32) -> Result<Vec<Product>, CatalogError> {
        let product = self.product_by(key).await?;
        let mut similar = self.products.similar(&product, limit).await.map_err(CatalogError::repository)?;
        // Suggesting the product being looked at would be a visible bug; the rule belongs to the
        // catalogue, not to each adapter's care.
        similar.retain(|other| other.id != product.id);
        Ok(similar)
    }

    /// Every active product's slug and last change, newest first.
    pub async fn active_slugs(&self) -> Result<Vec<(Slug, DateTime<Utc>)>, CatalogError> {
        self.products.active_slugs().await.map_err(CatalogError::repository)
    }

    /// A product by slug, active or not (back office, seed).
    pub async fn find_by_slug(&self, slug: &Slug) -> Result<Option<Product>, CatalogError> {
        self.products.find_by_slug(slug).await.map_err(CatalogError::repository)
    }

    /// A product whether active or not, for the back office.
    pub async fn admin_product(&self, id: Uuid) -> Result<Product, CatalogError> {
        self.products.find_any(id).await.map_err(CatalogError::repository)?.ok_or(CatalogError::NotFound)
    }

    /// A product by id or slug whether active or not, for the back office.
    pub async fn admin_product_by_key(&self, id_or_slug: &str) -> Result<Product, CatalogError> {
        match product_key(id_or_slug)? {
            ProductKey::Id(id) => self.admin_product(id).await,
            ProductKey::Slug(slug) => self.find_by_slug(&slug).await?.ok_or(CatalogError::NotFound),
        }
    }

    /// The back office's listing: inactive products too, stock and sort filters, 10 a page.
    pub async fn admin_list(&self, params: AdminListParams) -> Result<Page<Product>, CatalogError> {
        let filter = params.into_filter((self.clock)())?;
        self.products.list(&filter).await.map_err(CatalogError::repository)
    }

    pub async fn stats(&self) -> Result<ProductStats, CatalogError> {
        self.products.stats().await.map_err(CatalogError::repository)
    }

    /// The product form's rules, then the whole product replaced: its variants those of the
    /// grid, the ones it had keeping their quantities (an adjustment changes those).
    pub async fn update(&self, id: Uuid, form: ProductForm) -> Result<Product, CatalogError> {
        let existing = self.admin_product(id).await?;
        let product = form.validate(Some(existing.created_at))?;
        self.products.update(id, product).await.map_err(CatalogError::repository)?.ok_or(CatalogError::NotFound)
    }

    /// Sets quantities of some of the product's own variants by hand, with the reason
    /// (`stock_adjustment`'s rules), each change kept as a movement.
    pub async fn adjust_stock(&self, id: Uuid, raw: RawAdjustment, by: Adjuster) -> Result<Product, CatalogError> {
        let product = self.admin_product(id).await?;
        let adjustment = raw.check(&product, by)?;
        self.products
            .adjust_stock(id, &adjustment)
            .await
            .map_err(CatalogError::repository)?
            .ok_or(CatalogError::NotFound)
    }

    /// A product's stock set by hand, newest first.
    pub async fn stock_movements(&self, id: Uuid) -> Result<Vec<StockMovement>, CatalogError> {
        self.admin_product(id).await?;
        self.products.stock_movements(id).await.map_err(CatalogError::repository)
    }

    pub async fn remove(&self, id: Uuid) -> Result<Removal, CatalogError> {
        match self.products.remove(id).await.map_err(CatalogError::repository)? {
            Removal::NotFound => Err(CatalogError::NotFound),
            removal => Ok(removal),
        }
    }

    /// The whole catalogue as rows of [`crate::COLUMNS`], one per variant (the CSV export).
    pub async fn export(&self) -> Result<Vec<Vec<String>>, CatalogError> {
        let products = self.products.all().await.map_err(CatalogError::repository)?;
        Ok(export_rows(&products))
    }

    /// Reads a product file (its header and rows) with the product form's rules: every row's
    /// problems (`InvalidImport`), or what would change. Unless `dry_run`, the changes are then
    /// written in one transaction.
    pub async fn import(
        &self,
        header: &[String],
        rows: &[ImportRow],
        dry_run: bool,
    ) -> Result<ImportPlan, CatalogError> {
        let existing = self.products.all().await.map_err(CatalogError::repository)?;
        let plan = ImportPlan::read(header, rows, &existing)?;
        let writes = plan.writes();
        if !dry_run && !writes.is_empty() {
            self.products.import(&writes).await.map_err(CatalogError::repository)?;
        }
        Ok(plan)
    }

    /// Checks the product form's rules and stores the product. `created_at` is `None` for "now".
    pub async fn create(&self, form: ProductForm, created_at: Option<DateTime<Utc>>) -> Result<Product, CatalogError> {
        let product = form.validate(created_at)?;
        self.products.create(product).await.map_err(CatalogError::repository)
    }
}

/// How an address names a product; `NotFound` for text that can be neither an id nor a slug, so
/// that nothing needs to be looked up.
pub fn product_key(id_or_slug: &str) -> Result<ProductKey, CatalogError> {
    ProductKey::parse(id_or_slug).ok_or(CatalogError::NotFound)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use bitik_common::{Money, PageRequest, Unavailable, is_unavailable};
    use chrono::{Duration, TimeZone};
    use mockall::predicate::eq;
    use uuid::Uuid;

    use super::*;
    use crate::StockReason;
    use crate::filter::{ProductSort, parse_limit};
    use crate::model::{Color, Size, Subcategory};
    use crate::ports::MockProductRepository;

    fn fixed_now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
    }

    fn service(repository: MockProductRepository) -> CatalogService {
        CatalogService::with_clock(Arc::new(repository), fixed_now)
    }

    fn product(name: &str, subcategory: Subcategory) -> Product {
        crate::fixtures::product(name, subcategory, fixed_now())
    }

    fn page_of(items: Vec<Product>) -> Page<Product> {
        let total_items = items.len() as u64;
        Page::counted(items, PageRequest::new(1, 12, 100), total_items)
    }

    #[tokio::test]
    async fn listing_hands_the_checked_filter_to_the_repository() {
        let mut repository = MockProductRepository::new();
        repository
            .expect_list()
            .withf(|filter| {
                filter.page.limit == 12
                    && filter.on_promotion
                    && filter.sizes == [Size::L]
                    && filter.created_since == Some(fixed_now() - Duration::days(30))
                    && filter.sort == ProductSort::PriceAsc
            })
            .times(1)
            .returning(|_| Ok(page_of(vec![product("Pull Harmattan", Subcategory::Pull)])));
        let params = ListParams {
            promotion: Some("true".into()),
            sizes: Some("L".into()),
            new: Some("true".into()),
            sort: Some("price-asc".into()),
            ..ListParams::default()
        };
        let page = service(repository).list(params).await.unwrap();
        assert_eq!(page.items[0].name, "Pull Harmattan");
    }

    #[tokio::test]
    async fn the_admin_listing_includes_inactive_products_and_reads_its_filters() {
        let mut repository = MockProductRepository::new();
        repository
            .expect_list()
            .withf(|filter| {
                filter.page.limit == 10
                    && filter.visibility == crate::Visibility::All
                    && filter.stock_level == Some(crate::StockLevel::Out)
                    && filter.sort == ProductSort::NameAsc
            })
            .times(1)
            .returning(|_| Ok(page_of(vec![])));
        let params = AdminListParams {
            stock: Some("0".into()),
            sort_by: Some("name".into()),
            sort_order: Some("asc".into()),
            ..AdminListParams::default()
        };
        service(repository).admin_list(params).await.unwrap();
    }

    #[tokio::test]
    async fn the_back_office_finds_inactive_products_by_id_or_slug() {
        let mut hidden = product("Pull Alizé", Subcategory::Pull);
        hidden.active = false;
        let (by_id, by_slug) = (hidden.clone(), hidden.clone());
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().never();
        repository.expect_find_any().with(eq(hidden.id)).returning(move |_| Ok(Some(by_id.clone())));
        repository.expect_find_by_slug().returning(move |_| Ok(Some(by_slug.clone())));
        let service = service(repository);
        assert!(!service.admin_product_by_key(&hidden.id.to_string()).await.unwrap().active);
        assert_eq!(service.admin_product_by_key("pull-alize").await.unwrap().id, hidden.id);
        assert!(matches!(service.admin_product_by_key("Pas un slug!").await, Err(CatalogError::NotFound)));
    }

    #[tokio::test]
    async fn a_malformed_listing_never_reaches_the_repository() {
        let mut repository = MockProductRepository::new();
        repository.expect_list().never();
        let params = ListParams { limit: Some("abc".into()), ..ListParams::default() };
        let error = service(repository).list(params).await.unwrap_err();
        assert!(matches!(error, CatalogError::InvalidQuery { field: "limit", .. }), "{error:?}");
    }

    #[tokio::test]
    async fn a_product_is_found_by_id_or_slug() {
        let tee = product("T-shirt Teranga", Subcategory::TShirt);
        let (by_id, by_slug) = (tee.clone(), tee.clone());
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().with(eq(ProductKey::Id(tee.id))).returning(move |_| Ok(Some(by_id.clone())));
        repository
            .expect_find_active()
            .with(eq(ProductKey::Slug(Slug::parse("t-shirt-teranga").unwrap())))
            .returning(move |_| Ok(Some(by_slug.clone())));
        let service = service(repository);
        assert_eq!(service.product(&tee.id.to_string()).await.unwrap().id, tee.id);
        assert_eq!(service.product("t-shirt-teranga").await.unwrap().id, tee.id);
    }

    #[tokio::test]
    async fn missing_products_are_not_found_in_french() {
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().times(1).returning(|_| Ok(None));
        let service = service(repository);
        let error = service.product("pull-inconnu").await.unwrap_err();
        assert!(matches!(error, CatalogError::NotFound));
        assert_eq!(error.to_string(), "Produit non trouvé");
        // Not even a slug: answered without a lookup (the mock allows only the one above).
        assert!(matches!(service.product("Pull Inconnu!").await, Err(CatalogError::NotFound)));
    }

    #[tokio::test]
    async fn a_storage_failure_is_the_services_repository_error_with_its_cause_kept() {
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().times(1).returning(|_| Err(Box::new(Unavailable("pool timed out".into()))));
        repository.expect_stats().times(1).returning(|| Err("a row the catalogue cannot read".into()));
        let service = service(repository);
        let gone = service.product("pull-harmattan").await.unwrap_err();
        assert!(matches!(gone, CatalogError::Repository(_)), "{gone:?}");
        assert!(is_unavailable(&gone), "a database that does not answer stays recognisable");
        let bug = service.stats().await.unwrap_err();
        assert!(matches!(bug, CatalogError::Repository(_)), "{bug:?}");
        assert!(!is_unavailable(&bug), "anything else is a bug, never 'unavailable'");
    }

    #[tokio::test]
    async fn similar_products_never_include_the_product_itself() {
        let pull = product("Pull Harmattan", Subcategory::Pull);
        let other = product("Pull Alizé", Subcategory::Pull);
        let (found, returned) = (pull.clone(), vec![pull.clone(), other.clone()]);
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().returning(move |_| Ok(Some(found.clone())));
        let pull_id = pull.id;
        repository
            .expect_similar()
            .withf(move |product, limit| product.id == pull_id && *limit == 4)
            .returning(move |_, _| Ok(returned.clone()));
        let key = product_key("pull-harmattan").unwrap();
        let similar = service(repository).similar(&key, DEFAULT_SIMILAR).await.unwrap();
        let ids: Vec<Uuid> = similar.iter().map(|p| p.id).collect();
        assert_eq!(ids, [other.id]);
    }

    #[tokio::test]
    async fn similar_products_of_a_missing_product_are_not_found() {
        let mut repository = MockProductRepository::new();
        repository.expect_find_active().returning(|_| Ok(None));
        repository.expect_similar().never();
        let error = service(repository).similar(&ProductKey::Id(Uuid::new_v4()), 4).await.unwrap_err();
        assert!(matches!(error, CatalogError::NotFound));
    }

    #[tokio::test]
    async fn home_lists_use_the_seed_sizes_unless_asked_and_clamp_huge_limits() {
        let mut repository = MockProductRepository::new();
        repository.expect_promotions().with(eq(4)).times(1).returning(|_| Ok(vec![]));
        repository.expect_new_arrivals().with(eq(8)).times(1).returning(|_| Ok(vec![]));
        repository.expect_new_arrivals().with(eq(100)).times(1).returning(|_| Ok(vec![]));
        let service = service(repository);
        service.promotions(parse_limit(None, DEFAULT_PROMOTIONS).unwrap()).await.unwrap();
        service.new_arrivals(parse_limit(None, DEFAULT_NEW_ARRIVALS).unwrap()).await.unwrap();
        service.new_arrivals(parse_limit(Some("100000"), DEFAULT_NEW_ARRIVALS).unwrap()).await.unwrap();
        assert!(matches!(
            parse_limit(Some("0"), DEFAULT_PROMOTIONS),
            Err(CatalogError::InvalidQuery { field: "limit", .. })
        ));
    }

    #[tokio::test]
    async fn stock_is_adjusted_only_for_the_products_variants_with_a_reason() {
        let tee = product("T-shirt Teranga", Subcategory::TShirt);
        let id = tee.id;
        let mut repository = MockProductRepository::new();
        let found = tee.clone();
        repository.expect_find_any().returning(move |_| Ok(Some(found.clone())));
        repository
            .expect_adjust_stock()
            .withf(|_, adjustment| {
                adjustment.quantities == vec![(Color::parse("noir").unwrap(), Size::M, 7)]
                    && adjustment.reason == StockReason::Damaged
                    && adjustment.by.name == "Awa Ndiaye"
            })
            .times(1)
            .returning(move |_, _| Ok(Some(tee.clone())));
        let service = service(repository);
        let raw = |color: &str, quantity: i64, reason: Option<&str>| RawAdjustment {
            quantities: BTreeMap::from([(color.to_owned(), BTreeMap::from([("M".to_owned(), quantity)]))]),
            reason: reason.map(str::to_owned),
            note: None,
        };
        let by = || Adjuster { id: Uuid::from_u128(9), name: "Awa Ndiaye".into() };
        let negative = service.adjust_stock(id, raw("noir", -1, Some("damaged")), by()).await.unwrap_err();
        assert_eq!(negative.to_string(), "Le stock doit être un nombre entier positif ou nul.");
        let foreign = service.adjust_stock(id, raw("violet", 1, Some("damaged")), by()).await.unwrap_err();
        assert_eq!(foreign.to_string(), "Cette taille ou cette couleur n'existe pas pour ce produit.");
        let no_reason = service.adjust_stock(id, raw("noir", 7, None), by()).await.unwrap_err();
        assert_eq!(no_reason.to_string(), "Indiquez la raison de l'ajustement.");
        service.adjust_stock(id, raw(" Noir", 7, Some("damaged")), by()).await.unwrap();
    }

    #[tokio::test]
    async fn creating_checks_the_form_before_storing() {
        let mut repository = MockProductRepository::new();
        repository.expect_create().never();
        let form = ProductForm { name: Some("Chaîne".into()), ..ProductForm::default() };
        let error = service(repository).create(form, None).await.unwrap_err();
        assert_eq!(error.to_string(), "Champs requis manquants: description, prix, catégorie, sous-catégorie");
    }

    #[tokio::test]
    async fn creating_stores_the_checked_product_with_its_date() {
        let created_at = fixed_now() - Duration::days(3);
        let mut repository = MockProductRepository::new();
        repository
            .expect_create()
            .withf(move |new| new.slug().as_str() == "chaine-cubaine" && new.created_at == Some(created_at))
            .times(1)
            .returning(|new| {
                let mut stored = product(&new.name, new.subcategory);
                stored.stock = new.stock;
                Ok(stored)
            });
        let form = ProductForm {
            name: Some("Chaîne Cubaine".into()),
            description: Some("Maille cubaine.".into()),
            price: Some(15_000),
            category: Some("accessoire".into()),
            subcategory: Some("chaine".into()),
            colors: vec!["doré".into()],
            stock: BTreeMap::from([("doré".into(), BTreeMap::from([("unique".into(), 3)]))]),
            ..ProductForm::default()
        };
        let stored = service(repository).create(form, Some(created_at)).await.unwrap();
        assert_eq!(stored.stock.quantity(&Color::parse("doré").unwrap(), Size::Unique), 3);
    }

    #[test]
    fn the_shopper_pays_the_promotional_price_only_while_the_promotion_runs() {
        let mut tee = product("T-shirt", Subcategory::TShirt);
        tee.promo_price = Some(Money::francs(7_000));
        assert_eq!(tee.price_paid(), Money::francs(10_000));
        tee.on_promotion = true;
        assert_eq!(tee.price_paid(), Money::francs(7_000));
        tee.promo_price = None;
        assert_eq!(tee.price_paid(), Money::francs(10_000));
        assert_eq!(tee.images_or_placeholder(), ["/images/placeholder.jpg"]);
    }

    fn import_file(stock: &str) -> (Vec<String>, Vec<crate::ImportRow>) {
        let header = crate::COLUMNS.iter().map(|c| (*c).to_owned()).collect();
        let cells = [
            "t-shirt-teranga",
            "T-shirt Teranga",
            "",
            "Coton bio.",
            "9500",
            "",
            "non",
            "vetement",
            "t-shirt",
            "noir",
            "M",
            stock,
            "",
            "",
            "",
            "non",
            "oui",
        ];
        (header, vec![crate::ImportRow { line: 2, cells: cells.iter().map(|c| (*c).to_owned()).collect() }])
    }

    #[tokio::test]
    async fn an_import_writes_its_changes_once_checked_and_a_dry_run_or_a_bad_file_writes_nothing() {
        let mut repository = MockProductRepository::new();
        repository.expect_all().returning(|| Ok(Vec::new()));
        repository
            .expect_import()
            .withf(|products| products.len() == 1 && products[0].0.as_str() == "t-shirt-teranga")
            .times(1)
            .returning(|_| Ok(()));
        let service = service(repository);
        let (header, rows) = import_file("4");
        let preview = service.import(&header, &rows, true).await.unwrap();
        assert_eq!(preview.products[0].change, crate::ImportChange::Created);
        let (_, bad) = import_file("-1");
        assert!(matches!(service.import(&header, &bad, false).await, Err(CatalogError::InvalidImport { .. })));
        service.import(&header, &rows, false).await.unwrap();
    }
}
