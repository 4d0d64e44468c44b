//! The listing's facets: four statements, each over the products matching every filter but the
//! facet's own (`Facets`).

use bitik_catalog::{Color, Facets, ProductFilter, Size, Subcategory};
use bitik_common::{BoxError, Money};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Nullable, Text, Untyped};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::query::matching;
use super::storage;
use crate::DbError;
use crate::schema::products;

/// `SELECT … FROM (<products>) AS p …`, with names bound as one text array where `sql` says `$names`.
struct Counted {
    products: Box<dyn QueryFragment<Pg> + Send>,
    before: &'static str,
    after: &'static str,
    names: Vec<String>,
}

impl QueryId for Counted {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Counted {
    type SqlType = Untyped;
}

impl QueryFragment<Pg> for Counted {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // Planned with its values: the search's words and the filters decide the plan.
        out.unsafe_to_cache_prepared();
        out.push_sql(self.before);
        out.push_sql(" FROM (");
        self.products.walk_ast(out.reborrow())?;
        out.push_sql(") AS p ");
        let mut parts = self.after.split("$names");
        out.push_sql(parts.next().unwrap_or_default());
        for part in parts {
            out.push_bind_param::<Array<Text>, _>(&self.names)?;
            out.push_sql(part);
        }
        Ok(())
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = Text)]
    value: String,
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[derive(QueryableByName)]
struct Range {
    #[diesel(sql_type = Nullable<BigInt>)]
    low: Option<i64>,
    #[diesel(sql_type = Nullable<BigInt>)]
    high: Option<i64>,
}

fn names<T>(values: &[T], name: impl Fn(&T) -> &str) -> Vec<String> {
    values.iter().map(|value| name(value).to_owned()).collect()
}

fn stored<T>(value: &str, parse: impl Fn(&str) -> Option<T>) -> Result<T, BoxError> {
    parse(value).ok_or_else(|| storage(DbError::inconsistent(format!("unknown stored facet value {value:?}"))))
}

fn whole(n: i64) -> u64 {
    u64::try_from(n).unwrap_or_default()
}

pub(super) async fn count(
    conn: &mut AsyncPgConnection,
    filter: &ProductFilter,
    words: Option<&str>,
) -> Result<Facets, BoxError> {
    // A colour's count is what choosing it alone would list: the product has it, and with sizes
    // chosen, one of them in stock in it.
    let other_than_colors = ProductFilter { colors: Vec::new(), sizes: Vec::new(), ..filter.clone() };
    let colors = Counted {
        products: Box::new(matching(&other_than_colors, words).select((products::id, products::colors))),
        before: "SELECT c.color AS value, count(*) AS count",
        after: if filter.sizes.is_empty() {
            "CROSS JOIN LATERAL unnest(p.colors) AS c(color) GROUP BY c.color"
        } else {
            "CROSS JOIN LATERAL unnest(p.colors) AS c(color) WHERE EXISTS (SELECT 1 FROM product_variants v \
             WHERE v.product_id = p.id AND v.color = c.color AND v.stock > 0 AND v.size = ANY($names)) \
             GROUP BY c.color"
        },
        names: names(&filter.sizes, |size| size.as_str()),
    };
    let colors: Vec<Count> = colors.load(conn).await.map_err(storage)?;
    // A size's count: products with it in stock, in one of the chosen colours when there are.
    let other_than_sizes = ProductFilter { sizes: Vec::new(), ..filter.clone() };
    let sizes = Counted {
        products: Box::new(matching(&other_than_sizes, words).select(products::id)),
        before: "SELECT v.size AS value, count(DISTINCT p.id) AS count",
        after: if filter.colors.is_empty() {
            "JOIN product_variants v ON v.product_id = p.id AND v.stock > 0 GROUP BY v.size"
        } else {
            "JOIN product_variants v ON v.product_id = p.id AND v.stock > 0 AND v.color = ANY($names) GROUP BY v.size"
        },
        names: names(&filter.colors, Color::as_str),
    };
    let sizes: Vec<Count> = sizes.load(conn).await.map_err(storage)?;
    let other_than_prices = ProductFilter { min_price: None, max_price: None, ..filter.clone() };
    let prices = Counted {
        products: Box::new(matching(&other_than_prices, words).select(products::effective_price)),
        before: "SELECT min(p.effective_price) AS low, max(p.effective_price) AS high",
        after: "",
        names: Vec::new(),
    };
    let prices: Vec<Range> = prices.load(conn).await.map_err(storage)?;
    let other_than_categories = ProductFilter { category: None, subcategory: None, ..filter.clone() };
    let subcategories = Counted {
        products: Box::new(matching(&other_than_categories, words).select(products::subcategory)),
        before: "SELECT p.subcategory AS value, count(*) AS count",
        after: "GROUP BY p.subcategory",
        names: Vec::new(),
    };
    let subcategories: Vec<Count> = subcategories.load(conn).await.map_err(storage)?;

    let colors = colors
        .into_iter()
        .map(|row| Ok((stored(&row.value, Color::parse)?, whole(row.count))))
        .collect::<Result<_, BoxError>>()?;
    let sizes = sizes
        .into_iter()
        .map(|row| Ok((stored(&row.value, Size::parse)?, whole(row.count))))
        .collect::<Result<_, BoxError>>()?;
    let price =
        prices.as_slice().first().and_then(|range| Some((Money::francs(range.low?), Money::francs(range.high?))));
    let subcategories = subcategories
        .into_iter()
        .map(|row| Ok((stored(&row.value, Subcategory::parse)?, whole(row.count))))
        .collect::<Result<_, BoxError>>()?;
    Ok(Facets::arrange(colors, sizes, price, subcategories))
}
