//! Writing the catalogue (administrators only): create, replace, stock, remove.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, delete, get, post, put, web};
use bitik_catalog::{ProductForm, ProductStats, Removal};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::auth::AdminUser;
use crate::error::{ApiError, ErrorBody};
use crate::responses::Data;
use crate::routes::products::AdminProductDto;
use crate::routes::whole::Whole;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(stats).service(create).service(update).service(set_stock).service(remove);
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
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, description = "The counts", body = Data<ProductStatsDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an administrator", body = ErrorBody),
))]
#[get("/admin/products/stats")]
async fn stats(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
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
    #[schema(schema_with = crate::schema::price)]
    price: Option<Whole>,
    #[schema(schema_with = crate::schema::price)]
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
    images: Vec<String>,
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
            material: b.material,
            care_instructions: b.care_instructions,
            featured: b.featured,
            active: b.active,
        }
    }
}

/// Creates a product; its slug is made from its name and kept unique.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ProductBody, responses(
    (status = 201, description = "The product", body = Data<AdminProductDto>),
    (status = 400, description = "The form breaks a rule (French message per field)", body = ErrorBody),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an administrator", body = ErrorBody),
))]
#[post("/products")]
async fn create(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.create(body.into_inner().into(), None).await?;
    Ok(HttpResponse::Created().json(Data::new(AdminProductDto::from(product))))
}

/// Replaces a product and its whole stock grid; its slug stays.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ProductBody,
    params(("idOrSlug" = Uuid, Path, description = "Product id (an id: writes take no slug)")),
    responses(
        (status = 200, description = "The product", body = Data<AdminProductDto>),
        (status = 400, description = "The form breaks a rule", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[put("/products/{idOrSlug}")]
async fn update(
    state: web::Data<AppState>,
    // The path first: `PUT /products/new-arrivals` is a method that path lacks (405) before it
    // is anybody's business (403).
    id: web::Path<Uuid>,
    _admin: AdminUser,
    body: web::Json<ProductBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.update(*id, body.into_inner().into()).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminProductDto::from(product))))
}

#[derive(Deserialize, ToSchema)]
pub struct StockBody {
    /// colour → size → quantity, for some or all of the product's variants.
    #[schema(value_type = BTreeMap<String, BTreeMap<String, i64>>)]
    stock: BTreeMap<String, BTreeMap<String, Whole>>,
}

fn wholes(grid: BTreeMap<String, BTreeMap<String, Whole>>) -> BTreeMap<String, BTreeMap<String, i64>> {
    grid.into_iter()
        .map(|(color, sizes)| (color, sizes.into_iter().map(|(size, Whole(n))| (size, n)).collect()))
        .collect()
}

/// Sets the stock of some of the product's variants.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = StockBody,
    params(("id" = Uuid, Path, description = "Product id")),
    responses(
        (status = 200, description = "The product", body = Data<AdminProductDto>),
        (status = 400, description = "A negative quantity or a variant the product lacks", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[put("/products/{id}/stock")]
async fn set_stock(
    state: web::Data<AppState>,
    _admin: AdminUser,
    id: web::Path<Uuid>,
    body: web::Json<StockBody>,
) -> Result<HttpResponse, ApiError> {
    let product = state.catalog.set_stock(*id, wholes(body.into_inner().stock)).await?;
    Ok(HttpResponse::Ok().json(Data::new(AdminProductDto::from(product))))
}

#[derive(Serialize, ToSchema)]
pub struct RemovalDto {
    deleted: bool,
    deactivated: bool,
    message: &'static str,
}

/// Deletes a product; one that orders name is deactivated instead, and the answer says so.
#[utoipa::path(tag = "admin", security(("bearer" = [])),
    params(("idOrSlug" = Uuid, Path, description = "Product id (an id: writes take no slug)")),
    responses(
        (status = 200, description = "Deleted or deactivated", body = Data<RemovalDto>),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
))]
#[delete("/products/{idOrSlug}")]
async fn remove(state: web::Data<AppState>, id: web::Path<Uuid>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
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
