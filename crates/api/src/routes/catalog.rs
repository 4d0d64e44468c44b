//! Browsing the catalogue: the listing with its filters, the home page's lists, a product and
//! its similar products. Query values are read as text and checked by the catalogue, so a
//! malformed one is answered in French naming it, and unknown parameters are ignored.

use actix_web::http::header::ContentType;
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpRequest, HttpResponse, get, web};
use bitik_catalog::{
    AdminListParams, DEFAULT_NEW_ARRIVALS, DEFAULT_PROMOTIONS, DEFAULT_SIMILAR, Facets, ListParams, Product, ShopRead,
    parse_limit, product_key,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::{Staff, can};
use crate::error::{ApiError, ErrorBody};
use crate::responses::{Data, Paginated};
use crate::routes::products::{AdminProductDto, ProductDto};
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    // The fixed paths first: `/products/{idOrSlug}` would otherwise take them. The product page
    // before its similar products: it is read most, and each route tried before it is a regular
    // expression run at every request (`/products/{idOrSlug}` takes no `/`, so never theirs).
    cfg.service(list).service(facets).service(promotions).service(new_arrivals).service(show).service(similar);
}

/// The listing's filters. Every value is optional; unknown parameters are ignored.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// From 1.
    #[param(schema_with = crate::schema::whole_from_one, example = 1)]
    page: Option<String>,
    /// Products per page: 12 by default, at most 100 (more is served 100).
    #[param(schema_with = crate::schema::whole_from_one, example = 12)]
    limit: Option<String>,
    /// `vetement` or `accessoire`.
    #[param(value_type = Option<CategoryCode>, example = "vetement")]
    category: Option<String>,
    /// `t-shirt`, `pull`, `lunette` or `chaine` (of `category`, when both are given).
    #[param(value_type = Option<SubcategoryCode>, example = "t-shirt")]
    subcategory: Option<String>,
    /// Lowest price paid (promotional price when on promotion), whole francs.
    #[param(value_type = Option<i64>, minimum = 0, example = 5000)]
    min_price: Option<String>,
    #[param(value_type = Option<i64>, minimum = 0, example = 20000)]
    max_price: Option<String>,
    /// Comma-separated colours; any of them.
    #[param(example = "noir,blanc")]
    colors: Option<String>,
    /// Comma-separated sizes (XS, S, M, L, XL, XXL or 2XL, XXXL or 3XL, unique; any case); any of
    /// them still in stock (in one of `colors` when given).
    #[param(
        pattern = r"^\s*(?:[Xx]{0,3}[Ll]|[Xx]?[Ss]|[Mm]|[23][Xx][Ll]|[Uu][Nn][Ii][Qq][Uu][Ee])?\s*(?:,\s*(?:[Xx]{0,3}[Ll]|[Xx]?[Ss]|[Mm]|[23][Xx][Ll]|[Uu][Nn][Ii][Qq][Uu][Ee])?\s*)*$",
        example = "M,L"
    )]
    sizes: Option<String>,
    #[param(value_type = Option<bool>)]
    promotion: Option<String>,
    #[param(value_type = Option<bool>)]
    featured: Option<String>,
    /// Created within the last 30 days.
    #[param(value_type = Option<bool>)]
    new: Option<String>,
    /// Ignores case and accents, forgives small typos; best matches first unless `sort` is given.
    #[param(example = "chaine")]
    search: Option<String>,
    /// `newest` (default), `price-asc`, `price-desc` (on the price paid), or `relevance`.
    #[param(value_type = Option<ProductSortCode>, example = "price-asc")]
    sort: Option<String>,
}

/// The back office's part of the listing's parameters, read only with `scope=admin`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AdminListQuery {
    /// `admin`: the back office's listing (administrators only; answers `AdminProductDto`,
    /// inactive products included, 10 a page). The parameters below are read only then.
    #[param(schema_with = crate::schema::admin_scope)]
    scope: Option<String>,
    /// Admin: total stock `0`, `low` (1 to 4) or `in` (5 or more).
    #[param(example = "low")]
    stock: Option<String>,
    /// Admin: `all` (default), `active` or `inactive`.
    #[param(example = "all")]
    status: Option<String>,
    /// Admin: `createdAt` (default), `name` or `price` (the price paid).
    #[param(example = "name")]
    sort_by: Option<String>,
    /// Admin: `desc` (default) or `asc`.
    #[param(example = "asc")]
    sort_order: Option<String>,
}

/// The categories' codes.
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum CategoryCode {
    #[schema(rename = "vetement")]
    Vetement,
    #[schema(rename = "accessoire")]
    Accessoire,
}

/// The subcategories' codes.
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum SubcategoryCode {
    #[schema(rename = "t-shirt")]
    TShirt,
    #[schema(rename = "pull")]
    Pull,
    #[schema(rename = "lunette")]
    Lunette,
    #[schema(rename = "chaine")]
    Chaine,
}

/// The shop window's sorts.
#[derive(ToSchema)]
#[allow(dead_code)]
pub enum ProductSortCode {
    #[schema(rename = "newest")]
    Newest,
    #[schema(rename = "price-asc")]
    PriceAsc,
    #[schema(rename = "price-desc")]
    PriceDesc,
    #[schema(rename = "relevance")]
    Relevance,
}

/// Ascending or descending.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum SortOrder {
    Asc,
    Desc,
}

/// Whether a request asks for the back office's view (`?scope=admin`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    /// `admin`: the product whether active or not, as `AdminProductDto` (administrators only).
    #[param(schema_with = crate::schema::admin_scope)]
    scope: Option<String>,
}

/// `true` for `scope=admin`, `false` without a scope; anything else is refused.
fn admin_scope(scope: Option<&str>) -> Result<bool, ApiError> {
    match scope.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(false),
        Some("admin") => Ok(true),
        Some(_) => Err(bitik_catalog::CatalogError::invalid_query(
            "scope",
            "Valeur de scope inconnue. Valeur possible : admin.",
        )
        .into()),
    }
}

fn admin_list_params(shop: ListQuery, admin: AdminListQuery) -> AdminListParams {
    AdminListParams {
        stock: admin.stock,
        status: admin.status,
        sort_by: admin.sort_by,
        sort_order: admin.sort_order,
        list: shop.into(),
    }
}

impl From<ListQuery> for ListParams {
    fn from(query: ListQuery) -> Self {
        ListParams {
            page: query.page,
            limit: query.limit,
            category: query.category,
            subcategory: query.subcategory,
            min_price: query.min_price,
            max_price: query.max_price,
            colors: query.colors,
            sizes: query.sizes,
            promotion: query.promotion,
            featured: query.featured,
            new: query.new,
            search: query.search,
            sort: query.sort,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LimitQuery {
    /// How many products, at most 100.
    #[param(schema_with = crate::schema::whole_from_one, example = 4)]
    limit: Option<String>,
}

fn product_list(products: Vec<Product>) -> Data<Vec<ProductDto>> {
    Data::new(products.into_iter().map(ProductDto::from).collect())
}

/// A storefront read answered as JSON: the bytes made the first time it was asked, until the
/// catalogue changes (`CatalogCache::rendered`). Serialising a page of products costs more than
/// the rest of the request when the products come from memory. Kept under `question`, the
/// parameters as the catalogue read them, never the address: an address's junk, order or
/// spelling cannot make another entry.
async fn shop_json<T: Serialize>(
    state: &AppState,
    question: ShopRead,
    read: impl Future<Output = Result<T, ApiError>>,
) -> Result<HttpResponse, ApiError> {
    let body = state
        .catalog_cache
        .rendered(&question, async {
            // A product is about 1 KB of JSON: one allocation for it, where `to_vec`'s 128 bytes
            // grew three times (a page of products grows from there).
            let mut json = Vec::with_capacity(1024);
            serde_json::to_writer(&mut json, &read.await?).map_err(ApiError::internal)?;
            Ok::<_, ApiError>(Bytes::from(json))
        })
        .await?;
    Ok(HttpResponse::Ok().content_type(ContentType::json()).body(body))
}

/// Active products matching the filters, one page at a time. With `scope=admin` (administrators
/// only): every product, with the back office's filters, sorts and fields.
#[utoipa::path(
    tag = "catalog",
    params(ListQuery, AdminListQuery),
    responses(
        (status = 200, description = "A page of products (`AdminProductDto` with `scope=admin`)", body = Paginated<ProductDto>),
        (status = 400, description = "A malformed parameter, named in `fields`", body = ErrorBody),
        (status = 401, description = "`scope=admin` without being logged in", body = ErrorBody),
        (status = 403, description = "`scope=admin` for someone not an administrator", body = ErrorBody),
    )
)]
#[get("/products")]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: web::Query<AdminListQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    if admin_scope(admin.scope.as_deref())? {
        Staff::<can::AdjustStock>::extract(&req).await?;
        let page = state.catalog.admin_list(admin_list_params(query, admin.into_inner())).await?;
        return Ok(HttpResponse::Ok().json(Paginated::from_page(page, AdminProductDto::from)));
    }
    let filter = state.catalog.list_filter(query.into())?;
    shop_json(&state, ShopRead::list(&filter), async {
        Ok(Paginated::from_page(state.catalog.list_by(&filter).await?, ProductDto::from))
    })
    .await
}

/// A value of a facet and the products a listing would show with it chosen.
#[derive(Serialize, ToSchema)]
pub struct FacetCount {
    #[schema(example = "noir")]
    value: String,
    #[schema(example = 12)]
    count: u64,
}

/// The lowest and highest price paid among the products, whole francs.
#[derive(Serialize, ToSchema)]
pub struct PriceRange {
    #[schema(example = 3000)]
    min: i64,
    #[schema(example = 60000)]
    max: i64,
}

/// A category, its products and its subcategories' (those with products).
#[derive(Serialize, ToSchema)]
pub struct CategoryFacet {
    #[schema(example = "vetement")]
    value: &'static str,
    #[schema(example = 30)]
    count: u64,
    subcategories: Vec<FacetCount>,
}

/// What the listing's filters can choose among. Each facet is counted over the products matching
/// every other filter: the colours whatever colours are chosen, the sizes whatever sizes, the
/// price range whatever bounds, the categories whatever category or subcategory.
#[derive(Serialize, ToSchema)]
pub struct FacetsDto {
    /// Colours some product has, most products first. With sizes chosen, a colour counts the
    /// products with one of them in stock in it.
    colors: Vec<FacetCount>,
    /// Sizes some product has in stock (in one of the chosen colours), in standard order.
    sizes: Vec<FacetCount>,
    /// `null` when no product matches the other filters.
    price: Option<PriceRange>,
    categories: Vec<CategoryFacet>,
}

impl From<Facets> for FacetsDto {
    fn from(found: Facets) -> Self {
        let count = |value: &str, count: u64| FacetCount { value: value.to_owned(), count };
        FacetsDto {
            colors: found.colors.iter().map(|(color, n)| count(color.as_str(), *n)).collect(),
            sizes: found.sizes.iter().map(|(size, n)| count(size.as_str(), *n)).collect(),
            price: found.price.map(|(min, max)| PriceRange { min: min.as_francs(), max: max.as_francs() }),
            categories: found
                .categories
                .into_iter()
                .map(|category| CategoryFacet {
                    value: category.category.as_str(),
                    count: category.count,
                    subcategories: category.subcategories.iter().map(|(sub, n)| count(sub.as_str(), *n)).collect(),
                })
                .collect(),
        }
    }
}

/// The facets of the listing with these filters (the listing's own parameters; `page`, `limit`
/// and `sort` change nothing), from the catalogue's read cache like the listing.
#[utoipa::path(
    tag = "catalog",
    params(ListQuery),
    responses(
        (status = 200, description = "The listing's facets", body = Data<FacetsDto>),
        (status = 400, description = "A malformed parameter, named in `fields`", body = ErrorBody),
    )
)]
#[get("/products/facets")]
async fn facets(state: web::Data<AppState>, query: web::Query<ListQuery>) -> Result<HttpResponse, ApiError> {
    let filter = state.catalog.list_filter(query.into_inner().into())?;
    shop_json(&state, ShopRead::facets(&filter), async {
        Ok(Data::new(FacetsDto::from(state.catalog.facets_by(&filter).await?)))
    })
    .await
}

/// Active products on promotion, newest first (4 unless `limit` says otherwise).
#[utoipa::path(
    tag = "catalog",
    params(LimitQuery),
    responses(
        (status = 200, description = "Products on promotion", body = Data<Vec<ProductDto>>),
        (status = 400, description = "A malformed limit", body = ErrorBody),
    )
)]
#[get("/products/promotions")]
async fn promotions(state: web::Data<AppState>, query: web::Query<LimitQuery>) -> Result<HttpResponse, ApiError> {
    let limit = parse_limit(query.limit.as_deref(), DEFAULT_PROMOTIONS)?;
    shop_json(&state, ShopRead::promotions(limit), async { Ok(product_list(state.catalog.promotions(limit).await?)) })
        .await
}

/// The newest active products (8 unless `limit` says otherwise).
#[utoipa::path(
    tag = "catalog",
    params(LimitQuery),
    responses(
        (status = 200, description = "Newest products", body = Data<Vec<ProductDto>>),
        (status = 400, description = "A malformed limit", body = ErrorBody),
    )
)]
#[get("/products/new-arrivals")]
async fn new_arrivals(state: web::Data<AppState>, query: web::Query<LimitQuery>) -> Result<HttpResponse, ApiError> {
    let limit = parse_limit(query.limit.as_deref(), DEFAULT_NEW_ARRIVALS)?;
    shop_json(&state, ShopRead::new_arrivals(limit), async {
        Ok(product_list(state.catalog.new_arrivals(limit).await?))
    })
    .await
}

/// Products to suggest beside one: same subcategory first, never the product itself (4 unless
/// `limit` says otherwise).
#[utoipa::path(
    tag = "catalog",
    params(("idOrSlug" = String, Path, description = "The product's id or slug"), LimitQuery),
    responses(
        (status = 200, description = "Similar products", body = Data<Vec<ProductDto>>),
        (status = 400, description = "A malformed limit", body = ErrorBody),
        (status = 404, description = "No such active product: `Produit non trouvé`", body = ErrorBody),
    )
)]
#[get("/products/{idOrSlug}/similar")]
async fn similar(
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<LimitQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = parse_limit(query.limit.as_deref(), DEFAULT_SIMILAR)?;
    let key = product_key(&path)?;
    shop_json(&state, ShopRead::similar(&key, limit), async {
        Ok(product_list(state.catalog.similar(&key, limit).await?))
    })
    .await
}

/// An active product by id or slug. With `scope=admin` (administrators only): the product
/// whether active or not, with the back office's fields.
#[utoipa::path(
    tag = "catalog",
    params(("idOrSlug" = String, Path, description = "The product's id or slug"), ScopeQuery),
    responses(
        (status = 200, description = "The product (`AdminProductDto` with `scope=admin`)", body = Data<ProductDto>),
        (status = 401, description = "`scope=admin` without being logged in", body = ErrorBody),
        (status = 403, description = "`scope=admin` for someone not an administrator", body = ErrorBody),
        (status = 404, description = "No such active product: `Produit non trouvé`", body = ErrorBody),
    )
)]
#[get("/products/{idOrSlug}")]
async fn show(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<ScopeQuery>,
) -> Result<HttpResponse, ApiError> {
    if admin_scope(query.scope.as_deref())? {
        Staff::<can::AdjustStock>::extract(&req).await?;
        let product = state.catalog.admin_product_by_key(&path).await?;
        return Ok(HttpResponse::Ok().json(Data::new(AdminProductDto::from(product))));
    }
    let key = product_key(&path)?;
    shop_json(&state, ShopRead::product(&key), async {
        Ok(Data::new(ProductDto::from(state.catalog.product_by(&key).await?)))
    })
    .await
}
