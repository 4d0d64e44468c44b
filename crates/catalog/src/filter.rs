//! What a shopper asks the listing for, read from the raw query values into a checked filter.
//!
//! Every value arrives as text so that a malformed one is answered with a French sentence naming
//! it, rather than a generic rejection of the whole query string.

use bitik_common::{Money, PageRequest};
use chrono::{DateTime, Duration, Utc};

use crate::error::CatalogError;
use crate::model::{Category, Color, Size, StockLevel, Subcategory};

pub const DEFAULT_PAGE_SIZE: u32 = 12;
/// Larger requests are served this many, not refused: a client asking for "everything" still works.
pub const MAX_PAGE_SIZE: u32 = 100;
/// `new=true` means created within this many days. A fixed window rather than "the newest N" so
/// the Nouveautés listing can be paged and counted like any other filter.
pub const NEW_ARRIVAL_DAYS: i64 = 30;
/// Longer searches are refused: nobody types more, and the trigram comparison cost grows with it.
pub const MAX_SEARCH_CHARS: usize = 100;

/// How a listing is ordered. Every order ends on the id so pages never overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ProductSort {
    /// Created last first.
    #[default]
    Newest,
    /// Created first first (back office).
    Oldest,
    /// By name, ignoring case and accents (back office).
    NameAsc,
    NameDesc,
    /// By the price the shopper pays.
    PriceAsc,
    PriceDesc,
    /// Best search match first; the default when searching.
    Relevance,
}

impl ProductSort {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "newest" => Some(ProductSort::Newest),
            "price-asc" => Some(ProductSort::PriceAsc),
            "price-desc" => Some(ProductSort::PriceDesc),
            "relevance" => Some(ProductSort::Relevance),
            _ => None,
        }
    }
}

/// Search text as typed, trimmed, the shop's common spellings in the catalogue's words
/// (`spellings`); the database folds case and accents itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchText(String);

impl SearchText {
    /// `None` for text with no letter or digit: like a blank search box, it asks for nothing.
    pub fn parse(raw: &str) -> Result<Option<Self>, CatalogError> {
        let text = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.chars().any(char::is_alphanumeric) {
            return Ok(None);
        }
        if text.chars().count() > MAX_SEARCH_CHARS {
            return Err(CatalogError::invalid_query(
                "search",
                format!("La recherche ne peut pas dépasser {MAX_SEARCH_CHARS} caractères."),
            ));
        }
        Ok(Some(SearchText(crate::spellings::with_shop_spellings(&text))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A checked listing request. Shoppers only ever see active products; `visibility` and
/// `stock_level` are set by the back office's listing only. Hashable: it keys the read cache of
/// the PostgreSQL adapter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProductFilter {
    pub page: PageRequest,
    pub category: Option<Category>,
    pub subcategory: Option<Subcategory>,
    /// Bounds on the price the shopper pays, inclusive.
    pub min_price: Option<Money>,
    pub max_price: Option<Money>,
    /// Any of these colours.
    pub colors: Vec<Color>,
    /// Any of these sizes with stock left (in one of `colors` when colours are asked for too).
    pub sizes: Vec<Size>,
    pub on_promotion: bool,
    pub featured: bool,
    pub created_since: Option<DateTime<Utc>>,
    pub search: Option<SearchText>,
    pub sort: ProductSort,
    pub visibility: Visibility,
    /// Products whose total stock is of this level.
    pub stock_level: Option<StockLevel>,
    /// Count every match (the back office). Otherwise the repository may stop counting some way
    /// past the page, making `Page::total_items` a lower bound for very large results.
    pub exact_total: bool,
}

impl Default for ProductFilter {
    fn default() -> Self {
        Self {
            page: PageRequest::new(1, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
            category: None,
            subcategory: None,
            min_price: None,
            max_price: None,
            colors: Vec::new(),
            sizes: Vec::new(),
            on_promotion: false,
            featured: false,
            created_since: None,
            search: None,
            sort: ProductSort::Newest,
            visibility: Visibility::Active,
            stock_level: None,
            exact_total: false,
        }
    }
}

/// The listing's query string as received. Parameters not named here are ignored by the caller.
#[derive(Debug, Clone, Default)]
pub struct ListParams {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub category: Option<String>,
    pub subcategory: Option<String>,
    pub min_price: Option<String>,
    pub max_price: Option<String>,
    pub colors: Option<String>,
    pub sizes: Option<String>,
    pub promotion: Option<String>,
    pub featured: Option<String>,
    pub new: Option<String>,
    pub search: Option<String>,
    pub sort: Option<String>,
}

impl ListParams {
    /// Checks every value; `now` anchors the `new=true` window.
    pub fn into_filter(self, now: DateTime<Utc>) -> Result<ProductFilter, CatalogError> {
        self.into_filter_with(now, DEFAULT_PAGE_SIZE)
    }

    /// The same, with pages of `default_limit` products unless `limit` says otherwise.
    pub(crate) fn into_filter_with(
        self,
        now: DateTime<Utc>,
        default_limit: u32,
    ) -> Result<ProductFilter, CatalogError> {
        let page = parse_page(given(&self.page))?;
        let limit = parse_limit(given(&self.limit), default_limit)?;
        let (category, subcategory) = parse_categories(given(&self.category), given(&self.subcategory))?;
        let min_price = parse_price("minPrice", "minimum", given(&self.min_price))?;
        let max_price = parse_price("maxPrice", "maximum", given(&self.max_price))?;
        if matches!((min_price, max_price), (Some(min), Some(max)) if min > max) {
            return Err(CatalogError::invalid_query(
                "minPrice",
                "Le prix minimum ne peut pas dépasser le prix maximum.",
            ));
        }
        let search = given(&self.search).map(SearchText::parse).transpose()?.flatten();
        let sort = match given(&self.sort) {
            None if search.is_some() => ProductSort::Relevance,
            None => ProductSort::Newest,
            Some(raw) => ProductSort::parse(raw).ok_or_else(|| {
                CatalogError::invalid_query("sort", "Tri inconnu. Valeurs possibles : newest, price-asc, price-desc.")
            })?,
        };
        let new_only = parse_flag("new", given(&self.new))?;
        Ok(ProductFilter {
            page: PageRequest::new(page, limit, MAX_PAGE_SIZE),
            category,
            subcategory,
            min_price,
            max_price,
            colors: parse_colors(given(&self.colors)),
            sizes: parse_sizes(given(&self.sizes))?,
            on_promotion: parse_flag("promotion", given(&self.promotion))?,
            featured: parse_flag("featured", given(&self.featured))?,
            created_since: new_only.then(|| now - Duration::days(NEW_ARRIVAL_DAYS)),
            search,
            sort,
            visibility: Visibility::Active,
            stock_level: None,
            exact_total: false,
        })
    }
}

/// A blank value is treated as absent: forms and links often send `?category=`.
pub(crate) fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn parse_page(raw: Option<&str>) -> Result<u32, CatalogError> {
    match raw {
        None => Ok(1),
        Some(raw) => raw.parse::<u32>().ok().filter(|&page| page >= 1).ok_or_else(|| {
            CatalogError::invalid_query("page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1.")
        }),
    }
}

/// How many items a list may hold: a whole number from 1; above the maximum it is served the
/// maximum. Shared by the listing and the home page's short lists.
pub fn parse_limit(raw: Option<&str>, default: u32) -> Result<u32, CatalogError> {
    let Some(raw) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(default);
    };
    match raw.parse::<u32>() {
        Ok(limit) if limit >= 1 => Ok(limit.min(MAX_PAGE_SIZE)),
        // Digits beyond u32 are still a (huge) whole number: clamp rather than refuse.
        Err(_) if raw.bytes().all(|b| b.is_ascii_digit()) => Ok(MAX_PAGE_SIZE),
        _ => Err(CatalogError::invalid_query(
            "limit",
            "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1.",
        )),
    }
}

fn parse_categories(
    category: Option<&str>,
    subcategory: Option<&str>,
) -> Result<(Option<Category>, Option<Subcategory>), CatalogError> {
    let category = category
        .map(|raw| Category::parse(raw).ok_or_else(|| CatalogError::invalid_query("category", "Catégorie inconnue.")))
        .transpose()?;
    let subcategory = subcategory
        .map(|raw| {
            Subcategory::parse(raw)
                .ok_or_else(|| CatalogError::invalid_query("subcategory", "Sous-catégorie inconnue."))
        })
        .transpose()?;
    if matches!((category, subcategory), (Some(category), Some(sub)) if sub.category() != category) {
        return Err(CatalogError::invalid_query(
            "subcategory",
            "Cette sous-catégorie n'appartient pas à la catégorie choisie.",
        ));
    }
    Ok((category, subcategory))
}

fn parse_price(field: &'static str, bound: &str, raw: Option<&str>) -> Result<Option<Money>, CatalogError> {
    raw.map(|raw| {
        raw.parse::<i64>().ok().filter(|&francs| francs >= 0).map(Money::francs).ok_or_else(|| {
            CatalogError::invalid_query(
                field,
                format!("Le prix {bound} doit être un nombre entier de francs, positif ou nul."),
            )
        })
    })
    .transpose()
}

fn parse_flag(field: &'static str, raw: Option<&str>) -> Result<bool, CatalogError> {
    match raw.map(str::to_ascii_lowercase).as_deref() {
        None | Some("false" | "0") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(_) => Err(CatalogError::invalid_query(field, format!("Le filtre {field} doit valoir true ou false."))),
    }
}

/// Comma-separated; unknown colour names are not an error, they simply match nothing.
fn parse_colors(raw: Option<&str>) -> Vec<Color> {
    let mut colors: Vec<Color> = raw.unwrap_or_default().split(',').filter_map(Color::parse).collect();
    colors.sort();
    colors.dedup();
    colors
}

fn parse_sizes(raw: Option<&str>) -> Result<Vec<Size>, CatalogError> {
    let mut sizes = Vec::new();
    for part in raw.unwrap_or_default().split(',').map(str::trim).filter(|part| !part.is_empty()) {
        let size = Size::parse(part)
            .ok_or_else(|| CatalogError::invalid_query("sizes", format!("Taille inconnue : {part}.")))?;
        sizes.push(size);
    }
    sizes.sort();
    sizes.dedup();
    Ok(sizes)
}

/// Which products a listing shows. Shoppers only ever get [`Visibility::Active`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Visibility {
    #[default]
    Active,
    Inactive,
    All,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn params(pairs: &[(&str, &str)]) -> ListParams {
        let mut params = ListParams::default();
        for &(key, value) in pairs {
            let slot = match key {
                "page" => &mut params.page,
                "limit" => &mut params.limit,
                "category" => &mut params.category,
                "subcategory" => &mut params.subcategory,
                "minPrice" => &mut params.min_price,
                "maxPrice" => &mut params.max_price,
                "colors" => &mut params.colors,
                "sizes" => &mut params.sizes,
                "promotion" => &mut params.promotion,
                "featured" => &mut params.featured,
                "new" => &mut params.new,
                "search" => &mut params.search,
                "sort" => &mut params.sort,
                other => panic!("no parameter {other}"),
            };
            *slot = Some(value.to_owned());
        }
        params
    }

    fn filter(pairs: &[(&str, &str)]) -> ProductFilter {
        params(pairs).into_filter(now()).expect("a valid query")
    }

    /// The field and message of the refusal.
    fn refusal(pairs: &[(&str, &str)]) -> (&'static str, String) {
        match params(pairs).into_filter(now()) {
            Err(CatalogError::InvalidQuery { field, message }) => (field, message),
            other => panic!("expected an invalid query for {pairs:?}, got {other:?}"),
        }
    }

    #[test]
    fn no_parameters_ask_for_the_first_twelve_newest() {
        let filter = filter(&[]);
        assert_eq!(filter, ProductFilter::default());
        assert_eq!((filter.page.page, filter.page.limit), (1, 12));
        assert_eq!(filter.sort, ProductSort::Newest);
    }

    #[test]
    fn every_parameter_is_read() {
        let filter = filter(&[
            ("page", "3"),
            ("limit", "24"),
            ("category", "vetement"),
            ("subcategory", "pull"),
            ("minPrice", "5000"),
            ("maxPrice", "20000"),
            ("colors", "Noir, blanc,,noir"),
            ("sizes", "xl,M,2XL"),
            ("promotion", "true"),
            ("featured", "1"),
            ("new", "true"),
            ("search", "  pull   laine "),
            ("sort", "price-desc"),
        ]);
        assert_eq!((filter.page.page, filter.page.limit), (3, 24));
        assert_eq!(filter.category, Some(Category::Vetement));
        assert_eq!(filter.subcategory, Some(Subcategory::Pull));
        assert_eq!((filter.min_price, filter.max_price), (Some(Money::francs(5000)), Some(Money::francs(20000))));
        let colors: Vec<&str> = filter.colors.iter().map(Color::as_str).collect();
        assert_eq!(colors, ["blanc", "noir"]);
        assert_eq!(filter.sizes, [Size::M, Size::Xl, Size::Xxl]);
        assert!(filter.on_promotion && filter.featured);
        assert_eq!(filter.created_since, Some(now() - Duration::days(30)));
        assert_eq!(filter.search.as_ref().map(SearchText::as_str), Some("pull laine"));
        assert_eq!(filter.sort, ProductSort::PriceDesc);
    }

    #[test]
    fn blank_values_count_as_absent() {
        let filter = filter(&[("category", ""), ("page", " "), ("search", "   "), ("promotion", ""), ("sort", "")]);
        assert_eq!(filter, ProductFilter::default());
    }

    #[test]
    fn searching_orders_by_relevance_unless_a_sort_is_asked() {
        assert_eq!(filter(&[("search", "chaine")]).sort, ProductSort::Relevance);
        assert_eq!(filter(&[("search", "chaine"), ("sort", "price-asc")]).sort, ProductSort::PriceAsc);
        assert_eq!(filter(&[("search", "!!!")]).search, None);
    }

    #[test]
    fn huge_limits_are_served_the_maximum() {
        assert_eq!(filter(&[("limit", "1000")]).page.limit, MAX_PAGE_SIZE);
        assert_eq!(filter(&[("limit", "99999999999999999999")]).page.limit, MAX_PAGE_SIZE);
    }

    #[test]
    fn malformed_values_are_refused_in_french_naming_the_parameter() {
        type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
        let cases: &[Case] = &[
            (
                &[("limit", "abc")],
                "limit",
                "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1.",
            ),
            (
                &[("limit", "0")],
                "limit",
                "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1.",
            ),
            (
                &[("limit", "-5")],
                "limit",
                "Le nombre de produits par page doit être un nombre entier supérieur ou égal à 1.",
            ),
            (&[("page", "-1")], "page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1."),
            (&[("page", "0")], "page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1."),
            (&[("page", "2.5")], "page", "Le numéro de page doit être un nombre entier supérieur ou égal à 1."),
            (
                &[("minPrice", "abc")],
                "minPrice",
                "Le prix minimum doit être un nombre entier de francs, positif ou nul.",
            ),
            (
                &[("maxPrice", "-1")],
                "maxPrice",
                "Le prix maximum doit être un nombre entier de francs, positif ou nul.",
            ),
            (
                &[("minPrice", "9000"), ("maxPrice", "5000")],
                "minPrice",
                "Le prix minimum ne peut pas dépasser le prix maximum.",
            ),
            (&[("sort", "bogus")], "sort", "Tri inconnu. Valeurs possibles : newest, price-asc, price-desc."),
            (&[("category", "chaussures")], "category", "Catégorie inconnue."),
            (&[("subcategory", "casquette")], "subcategory", "Sous-catégorie inconnue."),
            (
                &[("category", "accessoire"), ("subcategory", "pull")],
                "subcategory",
                "Cette sous-catégorie n'appartient pas à la catégorie choisie.",
            ),
            (&[("sizes", "M,XXXXL")], "sizes", "Taille inconnue : XXXXL."),
            (&[("promotion", "oui")], "promotion", "Le filtre promotion doit valoir true ou false."),
            (&[("new", "yes")], "new", "Le filtre new doit valoir true ou false."),
        ];
        for &(pairs, field, message) in cases {
            assert_eq!(refusal(pairs), (field, message.to_owned()), "{pairs:?}");
        }
    }

    #[test]
    fn overlong_searches_are_refused() {
        let long = "a".repeat(MAX_SEARCH_CHARS + 1);
        assert_eq!(refusal(&[("search", &long)]).0, "search");
        assert!(filter(&[("search", &"a".repeat(MAX_SEARCH_CHARS))]).search.is_some());
    }

    #[test]
    fn short_list_limits_default_and_clamp() {
        assert_eq!(parse_limit(None, 4).unwrap(), 4);
        assert_eq!(parse_limit(Some(""), 8).unwrap(), 8);
        assert_eq!(parse_limit(Some("500"), 8).unwrap(), MAX_PAGE_SIZE);
        assert!(parse_limit(Some("0"), 8).is_err());
        assert!(parse_limit(Some("00000000000000000000"), 8).is_err());
    }
}
