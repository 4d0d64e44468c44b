//! Writing the catalogue: create, replace, remove; the whole catalogue as CSV, out and back in.
//! Stock set by hand is `stock.rs`.

use std::collections::BTreeMap;

use actix_web::http::header::CONTENT_TYPE;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use bitik_catalog::{COLUMNS, CatalogError, ImportChange, ImportRow, ProductForm, ProductStats, Removal, RowError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::spreadsheet::{self, CsvFile};
use bitik_api::auth::{Staff, can};
use bitik_api::error::{ApiError, Code, ErrorBody};
use bitik_api::responses::Data;
use bitik_api::routes::products::AdminProductDto;
use bitik_api::routes::whole::Whole;
use bitik_api::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(stats).service(export).service(import).service(create).service(update).service(remove);
}

/// The dashboard's product counts, active and inactive products alike.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductStatsDto {
    total_products: u64,
    active_products: u64,
    inactive_products: u64,
    /// Products with no unit left in any variant.
    out_of_stock: u64,
    /// Products with 1 to 4 units over all their variants.
    low_stock: u64,
}

impl From<ProductStats> for ProductStatsDto {
    fn from(s: ProductStats) -> Self {
        ProductStatsDto {
            total_products: s.total,
            active_products: s.active,
            inactive_products: s.inactive,
            out_of_stock: s.out_of_stock,
            low_stock: s.low_stock,
        }
    }
}

/// How many products, how many on sale, out of stock, low.
#[utoipa::path(tag = "admin", security(("bearer" = ["products.manage"])), responses(
    (status = 200, description = "The counts", body = Data<ProductStatsDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/products/stats")]
async fn stats(state: web::Data<AppState>, _admin: Staff<can::ManageProducts>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(Data::new(ProductStatsDto::from(state.catalog.stats().await?))))
}

/// The product form. The server checks it with the shop's rules (docs/rules.md#catalogue).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ProductBody {
    name: Option<String>,
    short_description: Option<String>,
    description: Option<String>,
    /// Whole francs, 100 000 000 at most.
    #[schema(schema_with = bitik_api::schema::price)]
    price: Option<Whole>,
    #[schema(schema_with = bitik_api::schema::price)]
    promo_price: Option<Whole>,
    on_promotion: bool,
    #[schema(example = "vetement")]
    category: Option<String>,
    #[schema(example = "t-shirt")]
    subcategory: Option<String>,
    colors: Vec<String>,
    sizes: Vec<String>,
    /// colour → size → quantity.
    #[schema(value_type = BTreeMap<String, BTreeMap<String, i64>>)]
    stock: BTreeMap<String, BTreeMap<String, Whole>>,
    /// Picture addresses, as `POST /api/upload/images` answers them.
    images: Vec<String>,
    /// The colour each of `images` shows, in the same order: one of `colors`, or `null` (or
    /// blank, or left out) for a picture shown with every colour. Absent: no picture names one.
    #[schema(example = json!(["noir", null]))]
    image_colors: Vec<Option<String>>,
    material: Option<String>,
    care_instructions: Option<String>,
    featured: bool,
    active: Option<bool>,
}

impl From<ProductBody> for ProductForm {
    fn from(b: ProductBody) -> Self {
        ProductForm {
            name: b.name,
            short_description: b.short_description,
            description: b.description,
            price: b.price.map(|Whole(francs)| francs),
            promo_price: b.promo_price.map(|Whole(francs)| francs),
            on_promotion: b.on_promotion,
            category: b.category,
            subcategory: b.subcategory,
            colors: b.colors,
            sizes: b.sizes,
            stock: wholes(b.stock),
            images: b.images,
            image_colors: b.image_colors,
            material: b.material,
            care_instructions: b.care_instructions,
            featured: b.featured,
            active: b.active,
        }
    }
}

/// Creates a product; its slug is made from its name and kept unique.
#[utoipa::path(operation_id = "product.create", tag = "admin", security(("bearer" = ["products.manage"])), request_body = ProductBody, responses(
    (status = 201, description = "The product", body = Data<AdminProductDto>),
    (status = 400, description = "The form breaks a rule (French message per field)", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[post("/products")]
async fn create(
    state: web::Data<AppState>,
    _admin: Staff<can::ManageProducts>,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.create(body.into_inner().into(), None).await?;
    Ok(HttpResponse::Created().json(Data::new(AdminProductDto::from(product))))
}

/// Replaces a product and its variants; its slug stays. Variants it already has keep their
/// quantities (they change by `PUT /products/{id}/stock`, with a reason); new ones start with
/// the grid's.
#[utoipa::path(operation_id = "product.update", tag = "admin", security(("bearer" = ["products.manage"])), request_body = ProductBody,
    params(("idOrSlug" = Uuid, Path, description = "Product id (an id: writes take no slug)")),
    responses(
        (status = 200, description = "The product", body = Data<AdminProductDto>),
        (status = 400, description = "The form breaks a rule", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[put("/products/{idOrSlug}")]
async fn update(
    state: web::Data<AppState>,
    // The path first: `PUT /products/new-arrivals` is a method that path lacks (405) before it
    // is anybody's business (403).
    id: web::Path<Uuid>,
    _admin: Staff<can::ManageProducts>,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.update(*id, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminProductDto::from(product))))
}

pub(crate) fn wholes(grid: BTreeMap<String, BTreeMap<String, Whole>>) -> BTreeMap<String, BTreeMap<String, i64>> {
    grid.into_iter()
        .map(|(color, sizes)| (color, sizes.into_iter().map(|(size, Whole(n))| (size, n)).collect()))
        .collect()
}

#[derive(Serialize, ToSchema)]
pub struct RemovalDto {
    deleted: bool,
    deactivated: bool,
    message: &'static str,
}

/// Deletes a product; one that orders name is deactivated instead, and the answer says so.
#[utoipa::path(operation_id = "product.delete", tag = "admin", security(("bearer" = ["products.manage"])),
    params(("idOrSlug" = Uuid, Path, description = "Product id (an id: writes take no slug)")),
    responses(
        (status = 200, description = "Deleted or deactivated", body = Data<RemovalDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[delete("/products/{idOrSlug}")]
async fn remove(
    state: web::Data<AppState>,
    id: web::Path<Uuid>,
    _admin: Staff<can::ManageProducts>,
) -> Result<HttpResponse, ApiError> {
    let dto = match state.catalog.remove(*id).await? {
        Removal::Deleted => RemovalDto { deleted: true, deactivated: false, message: "Produit supprimé avec succès" },
        _ => RemovalDto {
            deleted: false,
            deactivated: true,
            message: "Ce produit figure dans des commandes : il a été désactivé au lieu d'être supprimé.",
        },
    };
    Ok(HttpResponse::Ok().json(Data::new(dto)))
}

/// Every product with its variants and stock as CSV, one row per variant (RFC 4180, cells a
/// spreadsheet would run neutralised), in the columns the import reads back.
#[utoipa::path(operation_id = "catalog.export", tag = "admin", security(("bearer" = ["products.manage"])), responses(
    (status = 200, description = "One row per variant under the import's columns", content_type = "text/csv", body = String),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not allowed for this role", body = ErrorBody),
))]
#[get("/admin/products.csv")]
async fn export(state: web::Data<AppState>, _admin: Staff<can::ManageProducts>) -> Result<HttpResponse, ApiError> {
    let mut csv = CsvFile::new(COLUMNS)?;
    for row in state.catalog.export().await? {
        csv.row(row)?;
    }
    csv.download(&state, "produits.csv").await
}

/// Largest product file taken: far more than the shop's catalogue.
const IMPORT_LIMIT: usize = 8 * 1024 * 1024;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// `true`: only say what would change; nothing is written.
    #[serde(default)]
    dry_run: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedDto {
    slug: String,
    name: String,
    /// `created`, `updated` or `unchanged`.
    #[schema(example = "updated")]
    change: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// Whether this was only a preview (nothing written).
    dry_run: bool,
    created: usize,
    updated: usize,
    unchanged: usize,
    products: Vec<ImportedDto>,
}

fn is_csv(req: &HttpRequest) -> bool {
    let content_type = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    content_type.split(';').next().is_some_and(|mime| mime.trim().eq_ignore_ascii_case("text/csv"))
}

/// Creates or updates products by slug from a CSV file in the export's columns. Every row is
/// checked first with the product form's rules; a single bad row writes nothing and every
/// problem is answered (`rows`: line, column, message). Otherwise every change is written in one
/// transaction. `?dryRun=true` answers what would change and writes nothing.
#[utoipa::path(operation_id = "catalog.import", tag = "admin", security(("bearer" = ["products.manage"])), params(ImportQuery),
    request_body(content = String, content_type = "text/csv", description = "The export's columns, one row per variant"),
    responses(
        (status = 200, description = "Written (or, with dryRun, what would be)", body = Data<ImportReport>),
        (status = 400, description = "Rows breaking the rules (`invalid_import`, with `rows`): nothing written", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not allowed for this role", body = ErrorBody),
        (status = 413, description = "Larger than 8 MiB", body = ErrorBody),
        (status = 415, description = "Not text/csv", body = ErrorBody),
))]
#[post("/admin/products/import")]
async fn import(
    req: HttpRequest,
    state: web::Data<AppState>,
    _admin: Staff<can::ManageProducts>,
    query: web::Query<ImportQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let dry_run = match query.dry_run.as_deref().map(str::trim) {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(ApiError::field("dryRun", Code::InvalidQuery, "dryRun vaut true ou false.")),
    };
    if !is_csv(&req) {
        return Err(ApiError::new(Code::UnsupportedMediaType, "Envoyez un fichier CSV (text/csv)."));
    }
    let bytes = match payload.to_bytes_limited(IMPORT_LIMIT).await {
        Ok(bytes) => bytes.map_err(|_| ApiError::new(Code::BadRequest, "Le fichier n'a pas été reçu en entier."))?,
        Err(_) => return Err(ApiError::new(Code::PayloadTooLarge, "Fichier trop volumineux (8 Mo au plus).")),
    };
    let file = spreadsheet::read(&bytes).map_err(|unreadable| {
        ApiError::from(CatalogError::InvalidImport {
            rows: vec![RowError { row: unreadable.line, column: String::new(), message: unreadable.message }],
        })
    })?;
    let rows: Vec<ImportRow> = file.rows.into_iter().map(|(line, cells)| ImportRow { line, cells }).collect();
    let plan = state.catalog.import(&file.header, &rows, dry_run).await?;
    let count = |change| plan.products.iter().filter(|p| p.change == change).count();
    let report = ImportReport {
        dry_run,
        created: count(ImportChange::Created),
        updated: count(ImportChange::Updated),
        unchanged: count(ImportChange::Unchanged),
        products: plan
            .products
            .iter()
            .map(|p| ImportedDto {
                slug: p.slug.as_str().to_owned(),
                name: p.product.name.clone(),
                change: p.change.as_str(),
            })
            .collect(),
    };
    Ok(HttpResponse::Ok().json(Data::new(report)))
}
