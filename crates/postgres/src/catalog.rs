//! The catalogue's products in PostgreSQL: `products` and their `product_variants`.
//!
//! Every read is one statement, whatever the number of products: the products' rows with each
//! one's variants gathered into an array column (`with_variants`), and for a listing its total
//! in the same statement. A round trip costs as much as the query itself for a page of 12, so
//! this is what keeps the API close to what PostgreSQL alone can serve.

use std::collections::HashSet;

use async_trait::async_trait;
use bitik_catalog::{
    Color, NewProduct, Product, ProductFilter, ProductKey, ProductRepository, ProductSort, ProductStats, Removal,
    SearchText, Size, Slug, Stock, StockLevel, Subcategory, Visibility,
};
use bitik_common::{BoxError, Money, Page, PageRequest};
use chrono::{DateTime, Utc};
use diesel::dsl::{case_when, exists, sql};
use diesel::expression::functions::declare_sql_function;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Record, Text, Untyped};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::functions::{bitik_search_text, like_pattern};
use crate::schema::{product_variants, products};
use crate::{Database, DbError};

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

/// How many times `create` looks for a free slug when another writer takes the same one first.
const SLUG_ATTEMPTS: u32 = 3;
const SLUG_CONSTRAINT: &str = "products_slug_key";

#[derive(Clone)]
pub struct PgProductRepository {
    db: Database,
}

impl PgProductRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, QueryableByName, Selectable)]
#[diesel(table_name = products, check_for_backend(Pg))]
struct ProductRow {
    id: Uuid,
    slug: String,
    name: String,
    short_description: String,
    description: String,
    price: i64,
    promo_price: Option<i64>,
    on_promotion: bool,
    subcategory: String,
    colors: Vec<String>,
    sizes: Vec<String>,
    images: Vec<String>,
    material: String,
    care_instructions: String,
    featured: bool,
    active: bool,
    created_at: DateTime<Utc>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = product_variants, check_for_backend(Pg))]
struct VariantRow {
    color: String,
    size: String,
    stock: i32,
}

#[derive(Insertable)]
#[diesel(table_name = products)]
struct InsertProduct<'a> {
    slug: &'a str,
    name: &'a str,
    short_description: &'a str,
    description: &'a str,
    price: i64,
    promo_price: Option<i64>,
    on_promotion: bool,
    category: &'a str,
    subcategory: &'a str,
    colors: Vec<&'a str>,
    sizes: Vec<&'a str>,
    images: &'a [String],
    material: &'a str,
    care_instructions: &'a str,
    featured: bool,
    active: bool,
    /// `None` leaves the column's default, now().
    created_at: Option<DateTime<Utc>>,
}

#[derive(Insertable)]
#[diesel(table_name = product_variants)]
struct InsertVariant<'a> {
    product_id: Uuid,
    color: &'a str,
    size: &'a str,
    stock: i32,
}

/// A row the domain cannot read: written around the application, a bug either way.
#[derive(Debug, thiserror::Error)]
#[error("product {id} has an unreadable {what}: {value:?}")]
struct CorruptRow {
    id: Uuid,
    what: &'static str,
    value: String,
}

/// The port's error: what PostgreSQL did, classified (unavailable, inconsistent, a failed query).
fn storage(error: impl Into<DbError>) -> BoxError {
    Box::new(error.into())
}

type ProductQuery = products::BoxedQuery<'static, Pg>;

/// Active products: all a shopper may ever see.
fn active_products() -> ProductQuery {
    products::table.filter(products::active.eq(true)).into_boxed()
}

/// Each product's units over all its variants.
fn total_stock() -> diesel::expression::SqlLiteral<BigInt> {
    sql::<BigInt>("(SELECT COALESCE(SUM(v.stock), 0) FROM product_variants v WHERE v.product_id = products.id)")
}

/// The filter's conditions, without order or paging.
fn matching(filter: &ProductFilter) -> ProductQuery {
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

fn ordered(query: ProductQuery, filter: &ProductFilter) -> ProductQuery {
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
pub const COUNTED_PAGES_AHEAD: i64 = 10;

/// `SELECT page.*, total, variants FROM (<page>) page`: the products of `page` (a query selecting
/// `ProductRow`'s columns, in its own order) with each one's variants as an array of
/// (colour, size, stock) records and, when `count` is given, the number of rows `count` yields,
/// computed once for the statement.
struct WithVariants {
    page: Box<dyn QueryFragment<Pg> + Send>,
    count: Option<Box<dyn QueryFragment<Pg> + Send>>,
    /// Planned with its values at each execution (an unnamed statement) instead of prepared once.
    /// A search's best plan depends on its text: for a text thousands of products hold, reading
    /// the newest in order and stopping after a page; for a rare one, the trigram index. After a
    /// few executions PostgreSQL may switch a prepared statement to one generic plan, which at
    /// 10 000 products scored every match of `chaine` (docs/benchmarks.md).
    planned_with_values: bool,
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
struct ProductWithVariants {
    #[diesel(embed)]
    product: ProductRow,
    #[diesel(sql_type = Nullable<BigInt>)]
    total: Option<i64>,
    #[diesel(sql_type = Array<Record<(Text, Text, Integer)>>)]
    variants: Vec<(String, String, i32)>,
}

impl PgProductRepository {
    /// Products of `query` with their stock, in one statement.
    async fn load(&self, conn: &mut AsyncPgConnection, query: ProductQuery) -> Result<Vec<Product>, BoxError> {
        let statement = WithVariants {
            page: Box::new(query.select(ProductRow::as_select())),
            count: None,
            planned_with_values: false,
        };
        let rows: Vec<ProductWithVariants> = statement.load(conn).await.map_err(storage)?;
        rows.into_iter().map(|row| into_product_with(row.product, row.variants)).collect()
    }
}

/// One page of `ordered` with its products' variants and the number of rows `counted` matches,
/// stopping at `cap` + 1 when there is a cap. A search is planned with its text each time
/// (`WithVariants::planned_with_values`).
async fn page_and_count(
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
async fn common_search_page(
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

fn into_products(rows: Vec<ProductWithVariants>) -> Result<Vec<Product>, BoxError> {
    rows.into_iter().map(|row| into_product_with(row.product, row.variants)).collect()
}

fn into_product_with(row: ProductRow, variants: Vec<(String, String, i32)>) -> Result<Product, BoxError> {
    let variants = variants.into_iter().map(|(color, size, stock)| VariantRow { color, size, stock }).collect();
    into_product(row, variants).map_err(corrupt)
}

fn corrupt(row: CorruptRow) -> BoxError {
    storage(DbError::inconsistent(row))
}

fn into_product(row: ProductRow, variants: Vec<VariantRow>) -> Result<Product, CorruptRow> {
    let corrupt = |what, value: &str| CorruptRow { id: row.id, what, value: value.to_owned() };
    let subcategory = Subcategory::parse(&row.subcategory).ok_or_else(|| corrupt("subcategory", &row.subcategory))?;
    let color = |name: &String| Color::parse(name).ok_or_else(|| corrupt("colour", name));
    let size = |name: &String| Size::parse(name).ok_or_else(|| corrupt("size", name));
    let colors = row.colors.iter().map(color).collect::<Result<Vec<_>, _>>()?;
    let mut sizes = row.sizes.iter().map(size).collect::<Result<Vec<_>, _>>()?;
    sizes.sort();
    let mut stock = Stock::default();
    for variant in &variants {
        let quantity = u32::try_from(variant.stock).map_err(|_| corrupt("stock", &variant.stock.to_string()))?;
        stock.set(color(&variant.color)?, size(&variant.size)?, quantity);
    }
    Ok(Product {
        slug: Slug::parse(&row.slug).ok_or_else(|| corrupt("slug", &row.slug))?,
        id: row.id,
        name: row.name,
        short_description: row.short_description,
        description: row.description,
        price: Money::francs(row.price),
        promo_price: row.promo_price.map(Money::francs),
        on_promotion: row.on_promotion,
        subcategory,
        colors,
        sizes,
        images: row.images,
        stock,
        material: row.material,
        care_instructions: row.care_instructions,
        featured: row.featured,
        active: row.active,
        created_at: row.created_at,
    })
}

#[async_trait]
impl ProductRepository for PgProductRepository {
    async fn list(&self, filter: &ProductFilter) -> Result<Page<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let page = filter.page;
        // One row past the cap tells "more than the cap" from "exactly the cap".
        let cap = (!filter.exact_total).then(|| page.offset() + i64::from(page.limit) * (1 + COUNTED_PAGES_AHEAD));
        if let Some(found) = common_search_page(&mut conn, filter, cap).await? {
            return Ok(found);
        }
        let searched = filter.search.is_some();
        let rows =
            page_and_count(&mut conn, ordered(matching(filter), filter), matching(filter), page, cap, searched).await?;
        let total_items = match rows.as_slice().first() {
            Some(row) => row.total.unwrap_or_default(),
            // Past the last page no row carries the total: count on its own.
            None if page.page > 1 => matching(filter).count().get_result(&mut conn).await.map_err(storage)?,
            None => 0,
        };
        let items = into_products(rows)?;
        let total_is_lower_bound = cap.is_some_and(|cap| total_items > cap);
        let total_items = cap.map_or(total_items, |cap| total_items.min(cap));
        Ok(Page {
            items,
            request: page,
            total_items: u64::try_from(total_items).unwrap_or_default(),
            total_is_lower_bound,
        })
    }

    async fn find_active(&self, key: &ProductKey) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = match key {
            ProductKey::Id(id) => active_products().filter(products::id.eq(*id)),
            ProductKey::Slug(slug) => active_products().filter(products::slug.eq(slug.as_str().to_owned())),
        };
        Ok(self.load(&mut conn, query).await?.pop())
    }

    async fn find_active_by_ids(&self, ids: &[Uuid]) -> Result<Vec<Product>, BoxError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = self.db.conn().await.map_err(storage)?;
        self.load(&mut conn, active_products().filter(products::id.eq_any(ids.to_vec()))).await
    }

    async fn active_slugs(&self) -> Result<Vec<(Slug, DateTime<Utc>)>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let rows: Vec<(String, DateTime<Utc>)> = products::table
            .filter(products::active)
            .order(products::updated_at.desc())
            .select((products::slug, products::updated_at))
            .load(&mut conn)
            .await
            .map_err(storage)?;
        rows.into_iter()
            .map(|(slug, at)| {
                let parsed = Slug::parse(&slug)
                    .ok_or_else(|| storage(DbError::inconsistent(format!("invalid stored slug {slug:?}"))))?;
                Ok((parsed, at))
            })
            .collect()
    }

    async fn find_by_slug(&self, slug: &Slug) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = products::table.filter(products::slug.eq(slug.as_str().to_owned())).into_boxed();
        Ok(self.load(&mut conn, query).await?.pop())
    }

    async fn promotions(&self, limit: u32) -> Result<Vec<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = active_products()
            .filter(products::on_promotion.eq(true))
            .order_by(products::created_at.desc())
            .then_order_by(products::id.desc())
            .limit(i64::from(limit));
        self.load(&mut conn, query).await
    }

    async fn new_arrivals(&self, limit: u32) -> Result<Vec<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = active_products()
            .order_by(products::created_at.desc())
            .then_order_by(products::id.desc())
            .limit(i64::from(limit));
        self.load(&mut conn, query).await
    }

    async fn similar(&self, product: &Product, limit: u32) -> Result<Vec<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = active_products()
            .filter(products::id.ne(product.id))
            .order_by(products::subcategory.eq(product.subcategory.as_str()).desc())
            .then_order_by(products::category.eq(product.category().as_str()).desc())
            .then_order_by(products::created_at.desc())
            .then_order_by(products::id.desc())
            .limit(i64::from(limit));
        self.load(&mut conn, query).await
    }

    async fn find_any(&self, id: Uuid) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        Ok(self.load(&mut conn, products::table.filter(products::id.eq(id)).into_boxed()).await?.pop())
    }

    async fn update(&self, id: Uuid, product: NewProduct) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let updated = conn
            .transaction::<_, DbError, _>(async |conn| {
                let changed = diesel::update(products::table.find(id))
                    .set((
                        products::name.eq(&product.name),
                        products::short_description.eq(&product.short_description),
                        products::description.eq(&product.description),
                        products::price.eq(product.price.as_francs()),
                        products::promo_price.eq(product.promo_price.map(Money::as_francs)),
                        products::on_promotion.eq(product.on_promotion),
                        products::category.eq(product.subcategory.category().as_str()),
                        products::subcategory.eq(product.subcategory.as_str()),
                        products::colors.eq(product.colors.iter().map(Color::as_str).collect::<Vec<_>>()),
                        products::sizes.eq(product.sizes.iter().map(|size| size.as_str()).collect::<Vec<_>>()),
                        products::images.eq(&product.images),
                        products::material.eq(&product.material),
                        products::care_instructions.eq(&product.care_instructions),
                        products::featured.eq(product.featured),
                        products::active.eq(product.active),
                        products::updated_at.eq(diesel::dsl::now),
                    ))
                    .execute(conn)
                    .await?;
                if changed == 0 {
                    return Ok(false);
                }
                replace_stock(conn, id, &product.stock).await?;
                Ok(true)
            })
            .await
            .map_err(storage)?;
        if !updated {
            return Ok(None);
        }
        self.find_any(id).await
    }

    async fn set_stock(&self, id: Uuid, stock: Stock) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let exists = conn
            .transaction::<_, DbError, _>(async |conn| {
                let found: Option<Uuid> =
                    products::table.find(id).select(products::id).for_update().first(conn).await.optional()?;
                if found.is_none() {
                    return Ok(false);
                }
                replace_stock(conn, id, &stock).await?;
                diesel::update(products::table.find(id))
                    .set(products::updated_at.eq(diesel::dsl::now))
                    .execute(conn)
                    .await?;
                Ok(true)
            })
            .await
            .map_err(storage)?;
        if !exists {
            return Ok(None);
        }
        self.find_any(id).await
    }

    async fn remove(&self, id: Uuid) -> Result<Removal, BoxError> {
        use crate::schema::order_items;
        let mut conn = self.db.conn().await.map_err(storage)?;
        conn.transaction::<_, DbError, _>(async |conn| {
            let ordered: bool = diesel::select(exists(order_items::table.filter(order_items::product_id.eq(id))))
                .get_result(conn)
                .await?;
            if ordered {
                let changed = diesel::update(products::table.find(id))
                    .set((products::active.eq(false), products::updated_at.eq(diesel::dsl::now)))
                    .execute(conn)
                    .await?;
                return Ok(if changed == 0 { Removal::NotFound } else { Removal::Deactivated });
            }
            let deleted = diesel::delete(products::table.find(id)).execute(conn).await?;
            Ok(if deleted == 0 { Removal::NotFound } else { Removal::Deleted })
        })
        .await
        .map_err(storage)
    }

    async fn stats(&self) -> Result<ProductStats, BoxError> {
        #[derive(QueryableByName)]
        struct Counts {
            #[diesel(sql_type = BigInt)]
            total: i64,
            #[diesel(sql_type = BigInt)]
            active: i64,
            #[diesel(sql_type = BigInt)]
            out_of_stock: i64,
            #[diesel(sql_type = BigInt)]
            low_stock: i64,
        }
        let (low_from, low_to) = StockLevel::Low.bounds();
        let mut conn = self.db.conn().await.map_err(storage)?;
        let counts: Counts = diesel::sql_query(
            "SELECT count(*) AS total,
                    count(*) FILTER (WHERE active) AS active,
                    count(*) FILTER (WHERE units = 0) AS out_of_stock,
                    count(*) FILTER (WHERE units BETWEEN $1 AND $2) AS low_stock
             FROM (SELECT p.active, COALESCE(SUM(v.stock), 0) AS units
                   FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
                   GROUP BY p.id) per_product",
        )
        .bind::<BigInt, _>(i64::from(low_from))
        .bind::<BigInt, _>(i64::from(low_to.unwrap_or(low_from)))
        .get_result(&mut conn)
        .await
        .map_err(storage)?;
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        Ok(ProductStats {
            total: count(counts.total),
            active: count(counts.active),
            inactive: count(counts.total - counts.active),
            out_of_stock: count(counts.out_of_stock),
            low_stock: count(counts.low_stock),
        })
    }

    async fn create(&self, product: NewProduct) -> Result<Product, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let mut attempt = 1;
        loop {
            match insert_product(&mut conn, &product).await {
                Err(DbError::Duplicate(constraint)) if constraint == SLUG_CONSTRAINT && attempt < SLUG_ATTEMPTS => {
                    attempt += 1;
                }
                Err(error) => return Err(storage(error)),
                Ok((row, variants)) => return into_product(row, variants).map_err(corrupt),
            }
        }
    }
}

/// The product and all its variants in one transaction, under the first free slug.
async fn insert_product(
    conn: &mut AsyncPgConnection,
    product: &NewProduct,
) -> Result<(ProductRow, Vec<VariantRow>), DbError> {
    conn.transaction::<_, DbError, _>(async |conn| {
        let slug = free_slug(conn, &product.slug()).await?;
        let row = diesel::insert_into(products::table)
            .values(InsertProduct {
                slug: slug.as_str(),
                name: &product.name,
                short_description: &product.short_description,
                description: &product.description,
                price: product.price.as_francs(),
                promo_price: product.promo_price.map(Money::as_francs),
                on_promotion: product.on_promotion,
                category: product.subcategory.category().as_str(),
                subcategory: product.subcategory.as_str(),
                colors: product.colors.iter().map(Color::as_str).collect(),
                sizes: product.sizes.iter().map(|size| size.as_str()).collect(),
                images: &product.images,
                material: &product.material,
                care_instructions: &product.care_instructions,
                featured: product.featured,
                active: product.active,
                created_at: product.created_at,
            })
            .returning(ProductRow::as_returning())
            .get_result(conn)
            .await?;
        let variants: Vec<InsertVariant> = product
            .stock
            .variants()
            .map(|(color, size, quantity)| InsertVariant {
                product_id: row.id,
                color: color.as_str(),
                size: size.as_str(),
                // The form refuses quantities beyond i32; saturate rather than wrap if one slips by.
                stock: i32::try_from(quantity).unwrap_or(i32::MAX),
            })
            .collect();
        let variants = if variants.is_empty() {
            Vec::new()
        } else {
            diesel::insert_into(product_variants::table)
                .values(&variants)
                .returning(VariantRow::as_returning())
                .get_results(conn)
                .await?
        };
        Ok((row, variants))
    })
    .await
}

/// Makes the product's variants exactly those of `stock`, with its quantities.
async fn replace_stock(conn: &mut AsyncPgConnection, id: Uuid, stock: &Stock) -> Result<(), DbError> {
    let keep: Vec<(String, String)> =
        stock.variants().map(|(color, size, _)| (color.as_str().to_owned(), size.as_str().to_owned())).collect();
    let existing: Vec<(Uuid, String, String)> = product_variants::table
        .filter(product_variants::product_id.eq(id))
        .select((product_variants::id, product_variants::color, product_variants::size))
        .load(conn)
        .await?;
    let gone: Vec<Uuid> = existing
        .into_iter()
        .filter(|(_, c, s)| !keep.iter().any(|(kc, ks)| kc == c && ks == s))
        .map(|(v, _, _)| v)
        .collect();
    if !gone.is_empty() {
        diesel::delete(product_variants::table.filter(product_variants::id.eq_any(gone))).execute(conn).await?;
    }
    for (color, size, quantity) in stock.variants() {
        let quantity = i32::try_from(quantity).unwrap_or(i32::MAX);
        diesel::insert_into(product_variants::table)
            .values(InsertVariant { product_id: id, color: color.as_str(), size: size.as_str(), stock: quantity })
            .on_conflict((product_variants::product_id, product_variants::color, product_variants::size))
            .do_update()
            .set(product_variants::stock.eq(quantity))
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// `slug`, or the first of `slug-2`, `slug-3`… no product has.
async fn free_slug(conn: &mut AsyncPgConnection, slug: &Slug) -> Result<Slug, DbError> {
    let taken: HashSet<String> = products::table
        .filter(products::slug.eq(slug.as_str()).or(products::slug.like(format!("{slug}-%"))))
        .select(products::slug)
        .load(conn)
        .await?
        .into_iter()
        .collect();
    let free = (1..).map(|n| slug.numbered(n)).find(|candidate| !taken.contains(candidate.as_str()));
    Ok(free.expect("finitely many slugs are taken"))
}
