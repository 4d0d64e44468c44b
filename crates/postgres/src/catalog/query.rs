//! The statements that read products: a filter's conditions and order, and `WithVariants`, which
//! brings each product's variants along in the same statement.

use bitik_catalog::{Color, Product, ProductFilter, ProductSort, SearchText, Visibility};
use bitik_common::{BoxError, Page, PageRequest};
use diesel::dsl::{case_when, exists, sql};
use diesel::expression::functions::declare_sql_function;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Record, Text, Untyped};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::rows::{ProductRow, into_product_with};
use super::storage;
use crate::functions::{bitik_search_text, like_pattern};
use crate::schema::{product_variants, products};

#[declare_sql_function]
extern "SQL" {
    /// `search_text` plus its hyphen-less spelling; trigram-indexed (migration 000002).
    fn bitik_search_haystack(search_text: Text) -> Text;
    /// pg_trgm: how well the first text matches the best stretch of the second, 0 to 1.
    fn word_similarity(needle: Text, haystack: Text) -> Float;
}

// pg_trgm's `needle <% haystack`: word_similarity above pg_trgm.word_similarity_threshold (0.6),
// answerable from a gin_trgm_ops index, unlike a comparison on word_similarity() itself.
diesel::infix_operator!(WordSimilar, " <% ", backend: Pg);

pub(super) type ProductQuery = products::BoxedQuery<'static, Pg>;

/// Active products: all a shopper may ever see.
pub(super) fn active_products() -> ProductQuery {
    products::table.filter(products::active.eq(true)).into_boxed()
}

/// Each product's units over all its variants.
fn total_stock() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>("(SELECT COALESCE(SUM(v.stock), 0) FROM product_variants v WHERE v.product_id = products.id)")
}

/// The filter's conditions, without order or paging.
pub(super) fn matching(filter: &ProductFilter) -> ProductQuery {
    let mut query = match filter.visibility {
        Visibility::Active => active_products(),
        Visibility::Inactive => products::table.filter(products::active.eq(false)).into_boxed(),
        Visibility::All => products::table.into_boxed(),
    };
    if let Some(level) = filter.stock_level {
        let (lowest, highest) = level.bounds();
        query = query.filter(total_stock().ge(i64::from(lowest)));
        if let Some(highest) = highest {
            query = query.filter(total_stock().le(i64::from(highest)));
        }
    }
    if let Some(category) = filter.category {
        query = query.filter(products::category.eq(category.as_str()));
    }
    if let Some(subcategory) = filter.subcategory {
        query = query.filter(products::subcategory.eq(subcategory.as_str()));
    }
    if let Some(min) = filter.min_price {
        query = query.filter(products::effective_price.ge(min.as_francs()));
    }
    if let Some(max) = filter.max_price {
        query = query.filter(products::effective_price.le(max.as_francs()));
    }
    if !filter.colors.is_empty() {
        query = query.filter(products::colors.overlaps_with(color_names(&filter.colors)));
    }
    if !filter.sizes.is_empty() {
        // A variant in one of the sizes that can be bought now. With colours asked for too, the
        // size must be in stock in one of them: "noir and M" means a black M.
        let sizes: Vec<&'static str> = filter.sizes.iter().map(|size| size.as_str()).collect();
        let in_stock = product_variants::table
            .filter(product_variants::product_id.eq(products::id))
            .filter(product_variants::stock.gt(0))
            .filter(product_variants::size.eq_any(sizes));
        query = if filter.colors.is_empty() {
            query.filter(exists(in_stock))
        } else {
            query.filter(exists(in_stock.filter(product_variants::color.eq_any(color_names(&filter.colors)))))
        };
    }
    if filter.on_promotion {
        query = query.filter(products::on_promotion.eq(true));
    }
    if filter.featured {
        query = query.filter(products::featured.eq(true));
    }
    if let Some(since) = filter.created_since {
        query = query.filter(products::created_at.ge(since));
    }
    if let Some(search) = &filter.search {
        let needle = bitik_search_text(search.as_str().to_owned());
        query =
            query.filter(contains(search).or(WordSimilar::new(needle, bitik_search_haystack(products::search_text))));
    }
    query
}

/// The filter's conditions with only the products holding the search text as typed: the first
/// tier of a search by relevance.
fn containing(filter: &ProductFilter, search: &SearchText) -> ProductQuery {
    let without_search = ProductFilter { search: None, ..filter.clone() };
    matching(&without_search).filter(contains(search))
}

/// The product's names and categories hold the text as typed, case and accents aside.
fn contains(
    search: &SearchText,
) -> diesel::dsl::Like<bitik_search_haystack<products::search_text>, bitik_search_text<String>> {
    bitik_search_haystack(products::search_text).like(bitik_search_text(like_pattern(search.as_str())))
}

fn color_names(colors: &[Color]) -> Vec<String> {
    colors.iter().map(|color| color.as_str().to_owned()).collect()
}

pub(super) fn ordered(query: ProductQuery, filter: &ProductFilter) -> ProductQuery {
    let query = match (filter.sort, &filter.search) {
        (ProductSort::PriceAsc, _) => query.order_by(products::effective_price.asc()),
        (ProductSort::PriceDesc, _) => query.order_by(products::effective_price.desc()),
        // Products containing the text as typed come first, newest first like the listing, so an
        // index in the shop's order can serve them however many there are (`common_search_page`);
        // only those merely close to the text (typos) are ranked by similarity.
        (ProductSort::Relevance, Some(search)) => query.order_by(contains(search).desc()).then_order_by(
            case_when::<_, _, diesel::sql_types::Float>(contains(search), 1.0_f32)
                .otherwise(word_similarity(
                    bitik_search_text(search.as_str().to_owned()),
                    bitik_search_haystack(products::search_text),
                ))
                .desc(),
        ),
        (ProductSort::NameAsc, _) => query.order_by(bitik_search_text(products::name).asc()),
        (ProductSort::NameDesc, _) => query.order_by(bitik_search_text(products::name).desc()),
        (ProductSort::Oldest, _) => query.order_by(products::created_at.asc()),
        (ProductSort::Newest | ProductSort::Relevance, _) => query.order_by(products::created_at.desc()),
    };
    // Ties broken the same way every time, so consecutive pages neither repeat nor skip.
    query.then_order_by(products::created_at.desc()).then_order_by(products::id.desc())
}

/// Pages counted past the requested one in a shop listing. Counting every match of a 100 000-
/// product catalogue costs many times the page itself, and no shopper pages through it: the count
/// stops this many pages ahead, so `total_items` is exact for results up to that size and a lower
/// bound beyond (it grows as the shopper pages on, and the pagination always offers the next
/// pages). The back office (`exact_total`) always counts everything.
pub(super) const COUNTED_PAGES_AHEAD: i64 = 10;

/// `SELECT page.*, total, variants FROM (<page>) page`: the products of `page` (a query selecting
/// `ProductRow`'s columns, in its own order) with each one's variants as an array of
/// (colour, size, stock) records and, when `count` is given, the number of rows `count` yields,
/// computed once for the statement.
pub(super) struct WithVariants {
    pub(super) page: Box<dyn QueryFragment<Pg> + Send>,
    pub(super) count: Option<Box<dyn QueryFragment<Pg> + Send>>,
    /// Planned with its values at each execution (an unnamed statement) instead of prepared once.
    /// A search's best plan depends on its text: for a text thousands of products hold, reading
    /// the newest in order and stopping after a page; for a rare one, the trigram index. After a
    /// few executions PostgreSQL may switch a prepared statement to one generic plan, which at
    /// 10 000 products scored every match of `chaine` (docs/benchmarks.md).
    pub(super) planned_with_values: bool,
}

impl QueryId for WithVariants {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for WithVariants {
    type SqlType = Untyped;
}

impl QueryFragment<Pg> for WithVariants {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        if self.planned_with_values {
            out.unsafe_to_cache_prepared();
        }
        out.push_sql("SELECT page.*, ");
        match &self.count {
            Some(count) => {
                out.push_sql("(SELECT count(*) FROM (");
                count.walk_ast(out.reborrow())?;
                out.push_sql(") AS counted)");
            }
            None => out.push_sql("NULL::int8"),
        }
        out.push_sql(
            " AS total, ARRAY(SELECT ROW(v.color, v.size, v.stock) FROM product_variants v \
             WHERE v.product_id = page.id) AS variants FROM (",
        );
        self.page.walk_ast(out.reborrow())?;
        // PostgreSQL keeps the subquery's order: a scan of it feeds no sort or join here.
        out.push_sql(") AS page");
        Ok(())
    }
}

#[derive(QueryableByName)]
pub(super) struct ProductWithVariants {
    #[diesel(embed)]
    pub(super) product: ProductRow,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub(super) total: Option<i64>,
    #[diesel(sql_type = Array<Record<(Text, Text, Integer)>>)]
    pub(super) variants: Vec<(String, String, i32)>,
}

/// One page of `ordered` with its products' variants and the number of rows `counted` matches,
/// stopping at `cap` + 1 when there is a cap. A search is planned with its text each time
/// (`WithVariants::planned_with_values`).
pub(super) async fn page_and_count(
    conn: &mut AsyncPgConnection,
    ordered: ProductQuery,
    counted: ProductQuery,
    page: PageRequest,
    cap: Option<i64>,
    search: bool,
) -> Result<Vec<ProductWithVariants>, BoxError> {
    let counted = counted.select(products::id);
    let count: Box<dyn QueryFragment<Pg> + Send> = match cap {
        None => Box::new(counted),
        Some(cap) => Box::new(counted.limit(cap + 1)),
    };
    let statement = WithVariants {
        page: Box::new(ordered.select(ProductRow::as_select()).limit(i64::from(page.limit)).offset(page.offset())),
        count: Some(count),
        planned_with_values: search,
    };
    statement.load(conn).await.map_err(storage)
}

/// A shop search by relevance for text that more products contain than the listing counts: the
/// page is then made of those products alone (they rank before any merely similar one), newest
/// first, which an index in that order serves after reading a few pages' worth of rows instead
/// of scoring every match. `None` when fewer contain it: ranking all matches is then cheap.
pub(super) async fn common_search_page(
    conn: &mut AsyncPgConnection,
    filter: &ProductFilter,
    cap: Option<i64>,
) -> Result<Option<Page<Product>>, BoxError> {
    let (Some(search), ProductSort::Relevance, Some(cap)) = (&filter.search, filter.sort, cap) else {
        return Ok(None);
    };
    let newest_first =
        containing(filter, search).order_by(products::created_at.desc()).then_order_by(products::id.desc());
    let rows = page_and_count(conn, newest_first, containing(filter, search), filter.page, Some(cap), true).await?;
    if rows.as_slice().first().and_then(|row| row.total).is_none_or(|containing| containing <= cap) {
        return Ok(None);
    }
    Ok(Some(Page {
        items: into_products(rows)?,
        request: filter.page,
        total_items: u64::try_from(cap).unwrap_or_default(),
        total_is_lower_bound: true,
    }))
}

pub(super) fn into_products(rows: Vec<ProductWithVariants>) -> Result<Vec<Product>, BoxError> {
    rows.into_iter().map(|row| into_product_with(row.product, row.variants)).collect()
}
