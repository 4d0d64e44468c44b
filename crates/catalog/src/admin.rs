//! The back office's view of the catalogue: stock status, the admin listing's extra filters and
//! sorts, the dashboard's product counts (stock levels: docs/rules.md#stock).

use chrono::{DateTime, Utc};

use crate::error::CatalogError;
use crate::filter::{ListParams, ProductFilter, ProductSort, Visibility, given};
use crate::model::StockLevel;

/// Admin pages hold 10 products unless asked otherwise (docs/rules.md#back-office-figures).
pub const ADMIN_PAGE_SIZE: u32 = 10;

/// The admin listing's query string as received: the shop's filters plus `stock`, `status`,
/// `sortBy` and `sortOrder`.
#[derive(Debug, Clone, Default)]
pub struct AdminListParams {
    pub list: ListParams,
    pub stock: Option<String>,
    /// `all` (default), `active` or `inactive`.
    pub status: Option<String>,
    /// `createdAt` (default), `name` or `price` (the price paid).
    pub sort_by: Option<String>,
    /// `desc` (default) or `asc`.
    pub sort_order: Option<String>,
}

impl AdminListParams {
    pub fn into_filter(self, now: DateTime<Utc>) -> Result<ProductFilter, CatalogError> {
        let stock_level = given(&self.stock)
            .map(|raw| {
                StockLevel::parse(raw).ok_or_else(|| {
                    CatalogError::invalid_query("stock", "Filtre de stock inconnu. Valeurs possibles : 0, low, in.")
                })
            })
            .transpose()?;
        let visibility = match given(&self.status) {
            None | Some("all") => Visibility::All,
            Some("active") => Visibility::Active,
            Some("inactive") => Visibility::Inactive,
            Some(_) => {
                return Err(CatalogError::invalid_query(
                    "status",
                    "Statut inconnu. Valeurs possibles : all, active, inactive.",
                ));
            }
        };
        let ascending = match given(&self.sort_order) {
            None | Some("desc") => false,
            Some("asc") => true,
            Some(_) => {
                return Err(CatalogError::invalid_query(
                    "sortOrder",
                    "Ordre de tri inconnu. Valeurs possibles : asc, desc.",
                ));
            }
        };
        let sort_by = given(&self.sort_by);
        let mut filter = self.list.into_filter_with(now, ADMIN_PAGE_SIZE)?;
        let sort = match sort_by {
            // Without a chosen order, a search keeps its best matches first.
            None if filter.search.is_some() && self.sort_order.is_none() => filter.sort,
            None | Some("createdAt") => {
                if ascending {
                    ProductSort::Oldest
                } else {
                    ProductSort::Newest
                }
            }
            Some("name") => {
                if ascending {
                    ProductSort::NameAsc
                } else {
                    ProductSort::NameDesc
                }
            }
            Some("price") => {
                if ascending {
                    ProductSort::PriceAsc
                } else {
                    ProductSort::PriceDesc
                }
            }
            Some(_) => {
                return Err(CatalogError::invalid_query(
                    "sortBy",
                    "Tri inconnu. Valeurs possibles : createdAt, name, price.",
                ));
            }
        };
        filter.sort = sort;
        filter.visibility = visibility;
        filter.stock_level = stock_level;
        filter.exact_total = true;
        Ok(filter)
    }
}

/// The dashboard's counts, over active and inactive products alike (as the admin list shows
/// them by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProductStats {
    pub total: u64,
    pub active: u64,
    pub inactive: u64,
    /// Products whose variants hold nothing at all.
    pub out_of_stock: u64,
    /// Products with 1 to 4 units over all their variants.
    pub low_stock: u64,
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn params(pairs: &[(&str, &str)]) -> AdminListParams {
        let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| (*v).to_owned());
        AdminListParams {
            list: ListParams { search: get("search"), page: get("page"), limit: get("limit"), ..ListParams::default() },
            stock: get("stock"),
            status: get("status"),
            sort_by: get("sortBy"),
            sort_order: get("sortOrder"),
        }
    }

    fn refusal(pairs: &[(&str, &str)]) -> (&'static str, String) {
        match params(pairs).into_filter(now()) {
            Err(CatalogError::InvalidQuery { field, message }) => (field, message),
            other => panic!("expected a refusal for {pairs:?}, got {other:?}"),
        }
    }

    #[test]
    fn stock_levels_follow_the_seed_thresholds() {
        assert_eq!(StockLevel::of(0), StockLevel::Out);
        assert_eq!(StockLevel::of(1), StockLevel::Low);
        assert_eq!(StockLevel::of(4), StockLevel::Low);
        assert_eq!(StockLevel::of(5), StockLevel::In);
        assert_eq!(StockLevel::Low.bounds(), (1, Some(4)));
        assert_eq!(StockLevel::In.bounds(), (5, None));
    }

    #[test]
    fn the_admin_list_shows_every_product_ten_at_a_time_newest_first() {
        let filter = params(&[]).into_filter(now()).unwrap();
        assert_eq!((filter.page.page, filter.page.limit), (1, 10));
        assert_eq!((filter.visibility, filter.stock_level, filter.sort), (Visibility::All, None, ProductSort::Newest));
    }

    #[test]
    fn every_admin_parameter_is_read() {
        let filter = params(&[
            ("stock", "low"),
            ("status", "inactive"),
            ("sortBy", "name"),
            ("sortOrder", "asc"),
            ("limit", "25"),
        ])
        .into_filter(now())
        .unwrap();
        assert_eq!(filter.stock_level, Some(StockLevel::Low));
        assert_eq!(filter.visibility, Visibility::Inactive);
        assert_eq!(filter.sort, ProductSort::NameAsc);
        assert_eq!(filter.page.limit, 25);
        let sorted =
            |by: &str, order: &str| params(&[("sortBy", by), ("sortOrder", order)]).into_filter(now()).unwrap().sort;
        assert_eq!(sorted("price", "desc"), ProductSort::PriceDesc);
        assert_eq!(sorted("price", "asc"), ProductSort::PriceAsc);
        assert_eq!(sorted("createdAt", "asc"), ProductSort::Oldest);
        assert_eq!(sorted("name", ""), ProductSort::NameDesc);
        assert_eq!(params(&[("stock", "0")]).into_filter(now()).unwrap().stock_level, Some(StockLevel::Out));
    }

    #[test]
    fn a_search_keeps_its_best_matches_first_unless_an_order_is_chosen() {
        let sort = |pairs: &[(&str, &str)]| params(pairs).into_filter(now()).unwrap().sort;
        assert_eq!(sort(&[("search", "chaine")]), ProductSort::Relevance);
        assert_eq!(sort(&[("search", "chaine"), ("sortBy", "price")]), ProductSort::PriceDesc);
    }

    #[test]
    fn unknown_values_are_refused_in_french_naming_the_parameter() {
        assert_eq!(
            refusal(&[("stock", "none")]),
            ("stock", "Filtre de stock inconnu. Valeurs possibles : 0, low, in.".into())
        );
        assert_eq!(
            refusal(&[("status", "deleted")]),
            ("status", "Statut inconnu. Valeurs possibles : all, active, inactive.".into())
        );
        assert_eq!(
            refusal(&[("sortBy", "stock")]),
            ("sortBy", "Tri inconnu. Valeurs possibles : createdAt, name, price.".into())
        );
        assert_eq!(
            refusal(&[("sortOrder", "up")]),
            ("sortOrder", "Ordre de tri inconnu. Valeurs possibles : asc, desc.".into())
        );
        assert_eq!(refusal(&[("page", "0")]).0, "page");
    }
}
