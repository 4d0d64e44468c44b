//! The catalogue's products in PostgreSQL: `products` and their `product_variants`.
//!
//! Every read is one statement, whatever the number of products: the products' rows with each
//! one's variants gathered into an array column (`with_variants`), and for a listing its total
//! in the same statement. A round trip costs as much as the query itself for a page of 12, so
//! this is what keeps the API close to what PostgreSQL alone can serve.

mod adjustments;
mod facets;
mod query;
mod rows;
mod search;
mod writes;

use async_trait::async_trait;
use bitik_catalog::{
    Facets, NewProduct, Product, ProductFilter, ProductKey, ProductRepository, ProductSort, ProductStats, Removal,
    Slug, StockAdjustment, StockLevel, StockMovement,
};
use bitik_common::{BoxError, Page};
use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use self::query::{
    ActiveBy, COUNTED_PAGES_AHEAD, ProductQuery, ProductWithVariants, WithVariants, active_products, in_order,
    into_products, matching, ordered, ordered_page, page_and_count, ranked, tier_ids,
};
use self::rows::{ProductRow, corrupt, into_product, into_product_with};
use self::search::Words;
use self::writes::{SLUG_ATTEMPTS, SLUG_CONSTRAINT, import_one, insert_product, replace_stock, update_fields, Quantities};
use crate::schema::products;
use crate::{Database, DbError};

#[derive(Clone)]
pub struct PgProductRepository {
    db: Database,
    few_matches: i64,
}

impl PgProductRepository {
    pub fn new(db: Database) -> Self {
        Self { db, few_matches: FEW_MATCHES }
    }

    /// The same, ranking a search in one statement up to `few_matches` products instead of
    /// [`FEW_MATCHES`]: tests compare both ways of ranking on a small catalogue.
    pub fn ranking_in_one_statement_up_to(self, few_matches: i64) -> Self {
        Self { few_matches, ..self }
    }
}

/// The port's error: what PostgreSQL did, classified (unavailable, inconsistent, a failed query).
fn storage(error: impl Into<DbError>) -> BoxError {
    Box::new(error.into())
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

/// The words `filter`'s search asks for (a `tsquery` literal) and at most how many products hold
/// them all: `Ok(None)` without a search or with only words a search ignores, `Err(())` when a
/// word matches no product in any spelling close enough.
async fn search_words(
    conn: &mut AsyncPgConnection,
    filter: &ProductFilter,
) -> Result<Result<Option<(String, i64)>, ()>, BoxError> {
    let Some(search) = &filter.search else { return Ok(Ok(None)) };
    Ok(match search::words(conn, search).await? {
        Words::Any => Ok(None),
        Words::Nothing => Err(()),
        Words::All { query, at_most } => Ok(Some((query, at_most))),
    })
}

/// Up to this many products holding a search's words, its page is ranked in one statement from
/// the documents' index (every match read and sorted); beyond, it is read newest first in the
/// listing's or the sort's index order, stopping after a page. PostgreSQL's own estimate of a
/// rare word is a fraction of the catalogue: on its own it would read the whole index in order
/// for a word two products hold (1.2 s at 100 000 products).
const FEW_MATCHES: i64 = 1_000;

#[async_trait]
impl ProductRepository for PgProductRepository {
    async fn list(&self, filter: &ProductFilter) -> Result<Page<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let page = filter.page;
        // One row past the cap tells "more than the cap" from "exactly the cap".
        let cap = (!filter.exact_total).then(|| page.offset() + i64::from(page.limit) * (1 + COUNTED_PAGES_AHEAD));
        let Ok(words) = search_words(&mut conn, filter).await? else {
            return Ok(Page { items: Vec::new(), request: page, total_items: 0, total_is_lower_bound: false });
        };
        let few = words.as_ref().is_some_and(|(_, at_most)| *at_most <= self.few_matches);
        let words = words.as_ref().map(|(query, _)| query.as_str());
        let page_of = match (words, filter.sort) {
            (Some(words), ProductSort::Relevance) if few => {
                ordered_page(ranked(matching(filter, Some(words)), words), page)
            }
            (Some(words), ProductSort::Relevance) => in_order(tier_ids(&mut conn, filter, words, page).await?),
            _ => ordered_page(ordered(matching(filter, words), filter, few), page),
        };
        let rows = page_and_count(&mut conn, page_of, matching(filter, words), cap, words.is_some()).await?;
        let total_items = match rows.as_slice().first() {
            Some(row) => row.total.unwrap_or_default(),
            // Past the last page no row carries the total: count on its own.
            None if page.page > 1 => matching(filter, words).count().get_result(&mut conn).await.map_err(storage)?,
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

    async fn facets(&self, filter: &ProductFilter) -> Result<Facets, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let Ok(words) = search_words(&mut conn, filter).await? else { return Ok(Facets::default()) };
        facets::count(&mut conn, filter, words.as_ref().map(|(query, _)| query.as_str())).await
    }

    async fn find_active(&self, key: &ProductKey) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let rows: Vec<ProductWithVariants> = match key {
            ProductKey::Id(id) => ActiveBy(*id).load(&mut conn).await,
            ProductKey::Slug(slug) => ActiveBy(slug.as_str()).load(&mut conn).await,
        }
        .map_err(storage)?;
        Ok(into_products(rows)?.pop())
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
        let updated = crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
            let changed = update_fields(conn, id, &product).await?;
            if changed == 0 {
                return Ok(false);
            }
            replace_stock(conn, id, &product.stock, Quantities::Kept).await?;
            Ok(true)
        })
        .await
        .map_err(storage)?;
        if !updated {
            return Ok(None);
        }
        self.find_any(id).await
    }

    async fn adjust_stock(&self, id: Uuid, adjustment: &StockAdjustment) -> Result<Option<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let exists = crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
            adjustments::adjust(conn, id, adjustment).await
        })
        .await
        .map_err(storage)?;
        if !exists {
            return Ok(None);
        }
        self.find_any(id).await
    }

    async fn stock_movements(&self, id: Uuid) -> Result<Vec<StockMovement>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        adjustments::movements(&mut conn, id).await.map_err(storage)
    }

    async fn remove(&self, id: Uuid) -> Result<Removal, BoxError> {
        use crate::schema::order_items;
        let mut conn = self.db.conn().await.map_err(storage)?;
        crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
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

    async fn all(&self) -> Result<Vec<Product>, BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        let query = products::table.order_by(products::created_at.asc()).then_order_by(products::id.asc()).into_boxed();
        self.load(&mut conn, query).await
    }

    async fn import(&self, products: &[(Slug, NewProduct)]) -> Result<(), BoxError> {
        let mut conn = self.db.conn().await.map_err(storage)?;
        crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
            for (slug, product) in products {
                import_one(conn, slug, product).await?;
            }
            Ok(())
        })
        .await
        .map_err(storage)
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
