//! The pages the server writes itself (`bitik_pages`): the storefront's pages with their own
//! heads and first views, the sitemap and robots files, and the shop's logo the e-mails show.

use actix_web::{HttpRequest, HttpResponse, get, web};
use bitik_catalog::{Category, ListParams, Product, Subcategory};
use bitik_common::Page;
use bitik_pages::{Carried, Shell, Site, api_address};

use crate::error::ApiError;
use crate::responses::{Data, Paginated};
use crate::routes::products::ProductDto;
use crate::routes::shop::ShopDto;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(robots)
        .service(sitemap)
        .service(old_order_page)
        .service(web::resource(bitik_messages::templates::LOGO_PATH).route(web::get().to(logo)));
}

/// The shop's logo, which the messages' HTML loads from `PUBLIC_URL` (built into the binary:
/// served with or without a built storefront). Kept a day by mail readers' proxies.
async fn logo() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/png")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "public, max-age=86400"))
        .body(bitik_messages::templates::LOGO_PNG)
}

/// Page paths whose head the server fills in; registered only when a built storefront exists.
pub fn shell_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(home_page)
        .service(index_file)
        .service(products_page)
        .service(product_page)
        .service(category_page)
        .service(subcategory_page);
}

/// The shop as `GET /api/shop` answers it, in JSON, for every page to carry.
fn shop_json(state: &AppState) -> String {
    serde_json::to_string(&ShopDto::of(state)).expect("the shop serialises")
}

/// The page `write` makes with the storefront's shell; 404 without a built storefront.
fn html(state: &AppState, write: impl FnOnce(&Shell, Site) -> String) -> HttpResponse {
    match &state.storefront {
        Some(storefront) => {
            let shop = shop_json(state);
            let site =
                Site { shop_name: &state.config.shop.name, public_url: &state.config.public_url, shop_json: &shop };
            HttpResponse::Ok().content_type("text/html; charset=utf-8").body(write(&storefront.shell, site))
        }
        None => HttpResponse::NotFound().finish(),
    }
}

/// `body` as the API answers it at `address`, for the page to carry.
fn carried(address: String, body: impl serde::Serialize) -> Option<Carried> {
    serde_json::to_value(body).ok().map(|body| Carried { address, body })
}

/// The first version's order address, still in old links and bookmarks: moved for good. Only an
/// id of letters, digits and dashes is carried over, so the answer never points elsewhere.
#[get("/order/{id}")]
async fn old_order_page(id: web::Path<String>) -> HttpResponse {
    let id = id.into_inner();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return HttpResponse::NotFound().finish();
    }
    HttpResponse::MovedPermanently()
        .insert_header((actix_web::http::header::LOCATION, format!("/orders/{id}")))
        .finish()
}

#[get("/")]
async fn home_page(state: web::Data<AppState>) -> HttpResponse {
    html(&state, |shell, site| shell.home(site))
}

/// Any other page path of the storefront (the built files' fallback, `frontend::files`): the
/// shell with the shop's default head, for the browser's router to show the page.
pub fn other_page(req: &HttpRequest) -> HttpResponse {
    match req.app_data::<web::Data<AppState>>() {
        Some(state) => html(state, |shell, site| shell.other(site, req.path())),
        None => HttpResponse::NotFound().finish(),
    }
}

/// The build's `index.html` by its name: the home page's shell, unpainted, as any other page.
#[get("/index.html")]
async fn index_file(state: web::Data<AppState>) -> HttpResponse {
    html(&state, |shell, site| shell.other(site, "/"))
}

#[get("/products")]
async fn products_page(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let limit = state.storefront.as_ref().and_then(|storefront| page_size(&storefront.shell, request.query_string()));
    let first = match limit {
        Some(limit) => first_listing_page(&state, &limit).await.and_then(|page| {
            let products = page.items.clone();
            let address = api_address("/products", &[("page", "1"), ("limit", &limit)]);
            carried(address, Paginated::from_page(page, ProductDto::from)).map(|carried| (products, carried))
        }),
        None => None,
    };
    html(&state, |shell, site| shell.products(site, first.as_ref().map(|(p, c)| (p.as_slice(), c.clone()))))
}

/// The size of the storefront's first listing request, when `/products`' address shows its first
/// page (it names no filter, sort or page); an address that cannot be read counts as filtered.
fn page_size(shell: &Shell, query: &str) -> Option<String> {
    let pairs = web::Query::<Vec<(String, String)>>::from_query(query).ok()?;
    shell.first_listing_page_size(pairs.iter().map(|(key, _)| key.as_str())).map(|size| size.to_string())
}

/// The storefront's first listing request (page 1 of a bare `/products`, `limit` products);
/// nothing when the database does not answer: the page then waits for the script.
async fn first_listing_page(state: &AppState, limit: &str) -> Option<Page<Product>> {
    let params = ListParams { page: Some("1".to_owned()), limit: Some(limit.to_owned()), ..ListParams::default() };
    state.catalog.list(params).await.ok()
}

#[get("/product/{key}")]
async fn product_page(state: web::Data<AppState>, key: web::Path<String>) -> HttpResponse {
    match state.catalog.product(&key).await {
        Ok(product) => {
            // Links name products by slug; an address by id is left to the client's own request
            // (its key would need the client's encoding of the id).
            let answer = (key.as_str() == product.slug.as_str()).then(|| {
                let address = api_address(&format!("/products/{}", product.slug.as_str()), &[]);
                carried(address, Data::new(ProductDto::from(product.clone())))
            });
            html(&state, |shell, site| shell.product(site, &product, answer.flatten()))
        }
        // Unknown, inactive, or a database that does not answer.
        Err(_) => html(&state, |shell, site| shell.product_not_found(site)),
    }
}

#[get("/category/{category}")]
async fn category_page(state: web::Data<AppState>, path: web::Path<String>) -> HttpResponse {
    html(&state, |shell, site| match Category::parse(&path) {
        Some(category) => shell.listing(site, category.label(), &format!("/category/{}", category.as_str())),
        None => shell.all_products(site),
    })
}

#[get("/category/{category}/{subcategory}")]
async fn subcategory_page(state: web::Data<AppState>, path: web::Path<(String, String)>) -> HttpResponse {
    let (category, subcategory) = path.into_inner();
    html(&state, |shell, site| match (Category::parse(&category), Subcategory::parse(&subcategory)) {
        (Some(c), Some(s)) if s.category() == c => {
            shell.listing(site, s.label(), &format!("/category/{}/{}", c.as_str(), s.as_str()))
        }
        _ => shell.all_products(site),
    })
}

#[get("/robots.txt")]
async fn robots(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(bitik_pages::robots(&state.config.public_url))
}

#[get("/sitemap.xml")]
async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let products = state.catalog.active_slugs().await?;
    let xml = bitik_pages::sitemap(&state.config.public_url, &products);
    Ok(HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml))
}
