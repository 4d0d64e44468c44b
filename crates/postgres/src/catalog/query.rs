//! The statements that read products: a filter's conditions and order, and `WithVariants`, which
//! brings each product's variants along in the same statement.

use bitik_catalog::{Color, Product, ProductFilter, ProductSort, Visibility};
use bitik_common::{BoxError, PageRequest};
use diesel::dsl::{exists, sql};
use diesel::expression::{AppearsOnTable, Expression, ValidGrouping};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Record, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::rows::{ProductRow, into_product_with};
use super::storage;
use crate::functions::bitik_search_text;
use crate::schema::{product_variants, products};
use uuid::Uuid;

pub(super) type ProductQuery = products::BoxedQuery<'static, Pg>;

/// Active products: all a shopper may ever see.
pub(super) fn active_products() -> ProductQuery {
    products::table.filter(products::active.eq(true)).into_boxed()
}

/// Each product's units over all its variants.
fn total_stock() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>("(SELECT COALESCE(SUM(v.stock), 0) FROM product_variants v WHERE v.product_id = products.id)")
}

/// The products whose `document` (a `tsvector` column of migration `2026-11-27-000100_search`)
/// holds every word of `words`, a `tsquery` literal (`search::Words::All`).
fn holds(
    document: &'static str,
    words: &str,
) -> impl AppearsOnTable<products::table, SqlType = Bool>
+ ValidGrouping<(), IsAggregate = diesel::expression::is_aggregate::Never>
+ QueryFragment<Pg>
+ Send
+ 'static {
    sql::<Bool>(&format!("(products.{document} @@ ")).bind::<Text, _>(words.to_owned()).sql("::tsquery)")
}

/// The filter's conditions, without order or paging; `words` is the search as `search::words`
/// read it (`None`: no search, or one of words a search ignores).
pub(super) fn matching(filter: &ProductFilter, words: Option<&str>) -> ProductQuery {
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
    if let Some(words) = words {
        query = query.filter(holds("search_document", words));
    }
    query
}

/// Where a search's words are found, best first: each document holds the previous one's words
/// and more (name; and category, subcategory; and colours; and descriptions).
const TIERS: [&str; 4] = ["search_name", "search_kind", "search_labels", "search_document"];

/// The ids of a page of a search by relevance: the products whose name holds every word first,
/// then those whose name, category and subcategory do, then with their colours, then with their
/// descriptions; newest first within each. The tiers are read one after the other, each newest
/// first and stopping after the rows the page still needs, so a common word reads a page's worth
/// of the newest products in order and the later tiers are not read at all (each tier's own
/// index and statistics tell a common word from a rare one). One statement of the four tiers'
/// union would be ordered by a sort over all of them, which reads every tier.
pub(super) async fn tier_ids(
    conn: &mut AsyncPgConnection,
    filter: &ProductFilter,
    words: &str,
    page: PageRequest,
) -> Result<Vec<Uuid>, BoxError> {
    let wanted = page.offset() + i64::from(page.limit);
    let mut ids: Vec<Uuid> = Vec::new();
    for (tier, document) in TIERS.iter().enumerate() {
        let missing = wanted - i64::try_from(ids.len()).unwrap_or(wanted);
        if missing <= 0 {
            break;
        }
        let mut query = matching(filter, None).filter(holds(document, words));
        if tier > 0 {
            query = query.filter(diesel::dsl::not(holds(TIERS[tier - 1], words)));
        }
        let query = query
            .order_by(products::created_at.desc())
            .then_order_by(products::id.desc())
            .select(products::id)
            .limit(missing);
        let found: Vec<Uuid> = PlannedWithValues(query).load(conn).await.map_err(storage)?;
        ids.extend(found);
    }
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    Ok(ids.into_iter().skip(offset).collect())
}

/// The products of `ids`, in that order.
pub(super) fn in_order(ids: Vec<Uuid>) -> Box<dyn QueryFragment<Pg> + Send> {
    let order =
        sql::<Integer>("array_position(").bind::<Array<diesel::sql_types::Uuid>, _>(ids.clone()).sql(", products.id)");
    Box::new(products::table.filter(products::id.eq_any(ids)).order_by(order).select(ProductRow::as_select()))
}

/// A statement planned with its values at each execution (`WithVariants::planned_with_values`).
pub(super) struct PlannedWithValues<Q>(pub(super) Q);

impl<Q> QueryId for PlannedWithValues<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for PlannedWithValues<Q> {
    type SqlType = Q::SqlType;
}

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for PlannedWithValues<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.unsafe_to_cache_prepared();
        self.0.walk_ast(out.reborrow())
    }
}

fn color_names(colors: &[Color]) -> Vec<String> {
    colors.iter().map(|color| color.as_str().to_owned()).collect()
}

/// The matches of a search with few matches, best first as `tier_ids` ranks them, in one
/// statement: every match is read from the documents' index and sorted.
pub(super) fn ranked(query: ProductQuery, words: &str) -> ProductQuery {
    let tier = sql::<Integer>("CASE WHEN products.search_name @@ ")
        .bind::<Text, _>(words.to_owned())
        .sql("::tsquery THEN 0 WHEN products.search_kind @@ ")
        .bind::<Text, _>(words.to_owned())
        .sql("::tsquery THEN 1 WHEN products.search_labels @@ ")
        .bind::<Text, _>(words.to_owned())
        .sql("::tsquery THEN 2 ELSE 3 END");
    query.order_by(tier.asc()).then_order_by(products::created_at.desc()).then_order_by(products::id.desc())
}

/// `query` in `filter`'s order. `few`: a search with few matches, sorted from its matches rather
/// than by reading the price index in order, which PostgreSQL would do for a word it wrongly
/// believes common (`FEW_MATCHES`); `+ 0` is a price no index is ordered by.
pub(super) fn ordered(query: ProductQuery, filter: &ProductFilter, few: bool) -> ProductQuery {
    // A search by relevance is ordered by `tier_ids` or `ranked`; without words, relevance is the
    // listing's order.
    let unindexed_price = || sql::<BigInt>("(products.effective_price + 0)");
    let query = match filter.sort {
        ProductSort::PriceAsc if few => query.order_by(unindexed_price().asc()),
        ProductSort::PriceDesc if few => query.order_by(unindexed_price().desc()),
        ProductSort::PriceAsc => query.order_by(products::effective_price.asc()),
        ProductSort::PriceDesc => query.order_by(products::effective_price.desc()),
        ProductSort::NameAsc => query.order_by(bitik_search_text(products::name).asc()),
        ProductSort::NameDesc => query.order_by(bitik_search_text(products::name).desc()),
        ProductSort::Oldest => query.order_by(products::created_at.asc()),
        ProductSort::Newest | ProductSort::Relevance => query.order_by(products::created_at.desc()),
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
    /// the newest in order and stopping after a page; for a rare one, its documents' index. After a
    /// few executions PostgreSQL may switch a prepared statement to one generic plan, which at
    /// 10 000 products scored every match of `chaine` (docs/benchmarks.md).
    pub(super) planned_with_values: bool,
}

impl QueryId for WithVariants {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

/// What `WithVariants` selects: `ProductRow`'s columns, the count, the variants. Typed, so that
/// diesel reads each row's fields by position; read by name, each of the twenty fields was a
/// search among the row's columns (docs/benchmarks.md).
type WithVariantsRow = (ProductColumns, Nullable<BigInt>, Array<Record<(Text, Text, Integer)>>);
type ProductColumns = <<ProductRow as Selectable<Pg>>::SelectExpression as Expression>::SqlType;

impl Query for WithVariants {
    type SqlType = WithVariantsRow;
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

#[derive(Queryable)]
pub(super) struct ProductWithVariants {
    pub(super) product: ProductRow,
    pub(super) total: Option<i64>,
    pub(super) variants: Vec<(String, String, i32)>,
}

/// A page of `ordered` (the products' columns, in its order).
pub(super) fn ordered_page(ordered: ProductQuery, page: PageRequest) -> Box<dyn QueryFragment<Pg> + Send> {
    Box::new(ordered.select(ProductRow::as_select()).limit(i64::from(page.limit)).offset(page.offset()))
}

/// One page (`ordered_page`, `Tiers`) with its products' variants and the number of rows
/// `counted` matches, stopping at `cap` + 1 when there is a cap. A search is planned with its
/// words each time (`WithVariants::planned_with_values`).
pub(super) async fn page_and_count(
    conn: &mut AsyncPgConnection,
    page: Box<dyn QueryFragment<Pg> + Send>,
    counted: ProductQuery,
    cap: Option<i64>,
    search: bool,
) -> Result<Vec<ProductWithVariants>, BoxError> {
    let counted = counted.select(products::id);
    let count: Box<dyn QueryFragment<Pg> + Send> = match cap {
        None => Box::new(counted),
        Some(cap) => Box::new(counted.limit(cap + 1)),
    };
    let statement = WithVariants { page, count: Some(count), planned_with_values: search };
    statement.load(conn).await.map_err(storage)
}

pub(super) fn into_products(rows: Vec<ProductWithVariants>) -> Result<Vec<Product>, BoxError> {
    rows.into_iter().map(|row| into_product_with(row.product, row.variants)).collect()
}

/// An active product by its id or its slug, with its variants: `WithVariants`' statement for the
/// product page, the read the shop sends most. Its SQL is rendered by diesel once per process and
/// kept, and the connection's statement cache finds it by its type: rendering the boxed query
/// again at every request, and hashing its SQL to find the prepared statement, were a tenth of
/// the server's CPU on this read (docs/benchmarks.md).
pub(super) struct ActiveBy<K>(pub(super) K);

/// The statement's SQL on either side of its one parameter, the key.
type AroundKey = (String, String);

fn rendered_around_key(page: impl QueryFragment<Pg> + Send + 'static) -> AroundKey {
    let statement = WithVariants { page: Box::new(page), count: None, planned_with_values: false };
    let mut builder = diesel::pg::PgQueryBuilder::default();
    statement.to_sql(&mut builder, &Pg).expect("the product statement renders");
    let sql = diesel::query_builder::QueryBuilder::finish(builder);
    let (before, after) = sql.split_once("$1").expect("the product statement has a parameter");
    assert!(!after.contains('$'), "the product statement has one parameter: {sql}");
    (before.to_owned(), after.to_owned())
}

/// `products.active` as a condition, not compared with a parameter: the one parameter is the key.
static BY_ID: std::sync::LazyLock<AroundKey> = std::sync::LazyLock::new(|| {
    rendered_around_key(
        products::table.filter(products::active).filter(products::id.eq(Uuid::nil())).select(ProductRow::as_select()),
    )
});

static BY_SLUG: std::sync::LazyLock<AroundKey> = std::sync::LazyLock::new(|| {
    rendered_around_key(
        products::table
            .filter(products::active)
            .filter(products::slug.eq(String::new()))
            .select(ProductRow::as_select()),
    )
});

impl QueryId for ActiveBy<Uuid> {
    type QueryId = Self;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl QueryId for ActiveBy<&str> {
    type QueryId = ActiveBy<&'static str>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl<K> Query for ActiveBy<K> {
    type SqlType = WithVariantsRow;
}

impl QueryFragment<Pg> for ActiveBy<Uuid> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let (before, after) = &*BY_ID;
        out.push_sql(before);
        out.push_bind_param::<diesel::sql_types::Uuid, _>(&self.0)?;
        out.push_sql(after);
        Ok(())
    }
}

impl QueryFragment<Pg> for ActiveBy<&str> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let (before, after) = &*BY_SLUG;
        out.push_sql(before);
        out.push_bind_param::<Text, _>(&self.0)?;
        out.push_sql(after);
        Ok(())
    }
}
