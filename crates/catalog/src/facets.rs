//! What the listing's filters can still choose among, counted as a shop counts them: each facet
//! over the products matching every other filter, so that choosing a colour does not hide the
//! other colours, and each count is what choosing that value alone would list.

use bitik_common::Money;

use crate::filter::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ProductFilter, ProductSort};
use crate::model::{Category, Color, Size, Subcategory};
use bitik_common::PageRequest;

/// The facets of a listing. Only values some product has are listed (counts above zero).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Facets {
    /// Colours, most products first (then by name). A count is the products in that colour (in
    /// stock in one of the chosen sizes, when sizes are chosen), whatever colours are chosen.
    pub colors: Vec<(Color, u64)>,
    /// Sizes in their standard order: products with that size in stock (in one of the chosen
    /// colours, when colours are chosen), whatever sizes are chosen.
    pub sizes: Vec<(Size, u64)>,
    /// The lowest and highest price paid, whatever price bounds are chosen; `None` when nothing
    /// matches the other filters.
    pub price: Option<(Money, Money)>,
    /// Categories in the shop's order, each with its products and its subcategories' (those
    /// with products), whatever category or subcategory is chosen.
    pub categories: Vec<CategoryCount>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryCount {
    pub category: Category,
    pub count: u64,
    pub subcategories: Vec<(Subcategory, u64)>,
}

impl Facets {
    /// Puts counts read in any order into the shop's: colours by count then name, sizes by size,
    /// categories and subcategories in their declared order; values counted zero are dropped.
    pub fn arrange(
        mut colors: Vec<(Color, u64)>,
        mut sizes: Vec<(Size, u64)>,
        price: Option<(Money, Money)>,
        subcategories: Vec<(Subcategory, u64)>,
    ) -> Self {
        colors.retain(|(_, count)| *count > 0);
        colors.sort_by(|(a, m), (b, n)| n.cmp(m).then_with(|| a.cmp(b)));
        sizes.retain(|(_, count)| *count > 0);
        sizes.sort();
        let categories = Category::ALL
            .into_iter()
            .filter_map(|category| {
                let subcategories: Vec<(Subcategory, u64)> = Subcategory::ALL
                    .into_iter()
                    .filter(|sub| sub.category() == category)
                    .filter_map(|sub| {
                        let count: u64 = subcategories.iter().filter(|(s, _)| *s == sub).map(|(_, n)| n).sum();
                        (count > 0).then_some((sub, count))
                    })
                    .collect();
                let count = subcategories.iter().map(|(_, n)| n).sum();
                (count > 0).then_some(CategoryCount { category, count, subcategories })
            })
            .collect();
        Facets { colors, sizes, price, categories }
    }
}

/// The filter a facet is counted under: the listing's without its page and order, which do not
/// change what matches, so that every page and sort of one listing shares its facets.
pub fn facet_filter(filter: &ProductFilter) -> ProductFilter {
    ProductFilter {
        page: PageRequest::new(1, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
        sort: ProductSort::Newest,
        ..filter.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facets_are_put_in_the_shops_order_without_empty_values() {
        let color = |name: &str| Color::parse(name).unwrap();
        let facets = Facets::arrange(
            vec![(color("rouge"), 2), (color("noir"), 5), (color("blanc"), 2), (color("vert"), 0)],
            vec![(Size::Xl, 1), (Size::S, 3), (Size::M, 0)],
            Some((Money::francs(3_000), Money::francs(9_000))),
            vec![(Subcategory::Chaine, 2), (Subcategory::TShirt, 4), (Subcategory::Pull, 0)],
        );
        let colors: Vec<(&str, u64)> = facets.colors.iter().map(|(c, n)| (c.as_str(), *n)).collect();
        assert_eq!(colors, [("noir", 5), ("blanc", 2), ("rouge", 2)]);
        assert_eq!(facets.sizes, [(Size::S, 3), (Size::Xl, 1)]);
        assert_eq!(
            facets.categories,
            [
                CategoryCount { category: Category::Vetement, count: 4, subcategories: vec![(Subcategory::TShirt, 4)] },
                CategoryCount {
                    category: Category::Accessoire,
                    count: 2,
                    subcategories: vec![(Subcategory::Chaine, 2)]
                },
            ]
        );
    }

    #[test]
    fn every_page_and_sort_of_a_listing_shares_its_facets() {
        let mut filter =
            ProductFilter { page: PageRequest::new(3, 24, 100), sort: ProductSort::PriceAsc, ..Default::default() };
        filter.on_promotion = true;
        let facets = facet_filter(&filter);
        assert_eq!(facets, ProductFilter { on_promotion: true, ..ProductFilter::default() });
    }
}
