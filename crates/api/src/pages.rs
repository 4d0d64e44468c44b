//! What the server itself answers for crawlers that run no JavaScript (WhatsApp, Facebook,
//! search engines): the storefront's `index.html` with the page's own title, description,
//! canonical address, share image and, for a product, its schema.org description; and the
//! sitemap and robots files.
//!
//! Each page's head also names what its first view needs (issue 10): its largest picture
//! (`preload`), and the page's lazy route chunk with its imports and styles (from Vite's
//! manifest). The home, product and `/products` pages also carry a first view inside `#root` (the
//! header bar and that picture — for `/products`, its title and its first four cards —, styled by
//! the entry's render-blocking CSS): the phone paints its largest picture before any script has
//! run. The scripts wait for it: the route's chunks are named by inert links
//! (`data-after-paint`), as Vite's build names the entry's, and the storefront's inline boot
//! (`frontend/src/app/after-first-paint.js`) fetches them all at once, with the entry script, when
//! those pictures are drawn; React's first render then replaces the painted view (`createRoot`
//! empties the element). The content security policy allows that boot by its hash
//! (`Shell::policy`): it is the only inline script a page runs.
//! `/products` paints the listing's first page as the storefront asks for it (page 1, 12
//! products, newest first); a filtered address, an empty catalogue or a database that does not
//! answer paint nothing, rather than other products than the storefront's.
//!
//! The product page (by slug) and that `/products` also carry the API answer of the data they
//! paint (`Head::answers`), which the storefront's client takes instead of asking again: React's
//! first render shows the product or the cards, not a skeleton, one round trip sooner. It is
//! inside the HTML rather than preloaded: a preload of the API arrived with the pictures,
//! competed with them, and let React replace the painted cards before their pictures were painted
//! (measured: `/products` LCP 2.3-2.6 s with it, 2.0 s without).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse, get, web};
use base64::prelude::{BASE64_STANDARD, Engine as _};
use bitik_catalog::{Category, ListParams, Product, Subcategory};
use bitik_common::Page;
use chrono::SecondsFormat;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::media::variants;
use crate::middleware;
use crate::responses::{Data, Paginated};
use crate::routes::catalog::ProductDto;
use crate::state::AppState;

/// Static pages of the storefront, listed in the sitemap.
const STATIC_PAGES: [&str; 6] = ["/about", "/contact", "/delivery", "/returns", "/privacy", "/terms"];

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(robots).service(sitemap);
}

/// Page paths whose head the server fills in; registered only when a built storefront exists.
pub fn shell_routes(cfg: &mut web::ServiceConfig) {
    cfg.service(home_page)
        .service(products_page)
        .service(product_page)
        .service(category_page)
        .service(subcategory_page);
}

/// The storefront's lazy route modules (`frontend/src/app/routes.tsx`) of the pages answered here.
const HOME_ROUTE: &str = "src/app/routes/home.tsx";
const PRODUCTS_ROUTE: &str = "src/app/routes/products.tsx";
const CATEGORY_ROUTE: &str = "src/app/routes/category.tsx";
const PRODUCT_ROUTE: &str = "src/app/routes/product.tsx";

/// The first slide of the home page's carousel (`SLIDES[0]` in
/// `frontend/src/features/home/components/hero-carousel.tsx`): the home page's largest paint.
const HERO_IMAGE: &str = "/images/hero/hero-1.svg";

/// The product page's main picture widths (`MAIN_IMAGE_SIZES` in
/// `frontend/src/features/catalog/components/product-gallery.tsx`): a preload is used only when
/// its `imagesizes` and `imagesrcset` are those of the `<img>`.
const PRODUCT_IMAGE_SIZES: &str = "(min-width: 1200px) 600px, (min-width: 769px) 50vw, 100vw";

/// A `/products` card's picture widths (`CARD_IMAGE_SIZES_WITH_SIDEBAR` in
/// `frontend/src/features/catalog/components/product-card.tsx`, the desktop layout beside the
/// filters). On a phone the listing's cards use `CARD_IMAGE_SIZES`, which also says `50vw` there:
/// at any width the browser picks the file React's `<img>` picks.
const CARD_IMAGE_SIZES: &str = "(min-width: 1200px) 210px, (min-width: 769px) 17vw, 50vw";

/// The storefront's listing page size (`PRODUCTS_PAGE_SIZE` in `get-products.ts`): the painted
/// cards come from the very page its first request asks for (`?page=1&limit=12`).
const PRODUCTS_PAGE_SIZE: &str = "12";

/// Cards painted before the script: React's `aboveFold` in `product-listing.tsx`, the first row
/// of four on a desktop and the two rows of two on a 412×823 phone's first screen.
const FIRST_CARDS: usize = 4;

/// Of those, the ones fetched first (a phone's first row; `priority` in `product-grid.tsx`).
const PRIORITY_CARDS: usize = 2;

/// The query parameters `/products` reads (`ORDER` in `frontend/src/features/catalog/listing-params.ts`);
/// others (`fbclid`, `utm_source`…) leave the listing as it is.
const LISTING_PARAMS: [&str; 12] = [
    "page",
    "sort",
    "category",
    "subcategory",
    "minPrice",
    "maxPrice",
    "colors",
    "sizes",
    "promotion",
    "featured",
    "new",
    "search",
];

/// The built `index.html`, read once at start, the chunks each route needs beyond it, and the
/// content security policy of its pages.
pub struct Shell {
    template: String,
    route_preloads: HashMap<&'static str, String>,
    policy: HeaderValue,
}

impl Shell {
    /// `index` is the built `index.html`; Vite's manifest is read from `.vite/manifest.json`
    /// beside it. Without a manifest, pages name no route chunk.
    pub fn load(index: &Path) -> Option<Self> {
        let template = std::fs::read_to_string(index).ok()?;
        let manifest = index
            .parent()
            .and_then(|dir| std::fs::read_to_string(dir.join(".vite/manifest.json")).ok())
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .unwrap_or_default();
        let route_preloads = [HOME_ROUTE, PRODUCTS_ROUTE, CATEGORY_ROUTE, PRODUCT_ROUTE]
            .into_iter()
            .map(|route| (route, chunk_links(&manifest, route, &template)))
            .collect();
        let policy = HeaderValue::from_str(&middleware::storefront_policy(&inline_script_hashes(&template)))
            .expect("hashes are base64: the policy is ASCII");
        Some(Self { template, route_preloads, policy })
    }

    /// The content security policy of the storefront's pages: its own files, and the inline
    /// scripts of `index.html` (the boot), each by its hash.
    pub fn policy(&self) -> &HeaderValue {
        &self.policy
    }
}

/// `'sha256-…'` of each script of `template` that runs inline: neither a file (`src`) nor data (a
/// `type`). The browser hashes the text between the tags as it is, so must this.
fn inline_script_hashes(template: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("<script") {
        let Some(open_end) = rest[start..].find('>').map(|e| start + e + 1) else { break };
        let Some(close) = rest[open_end..].find("</script>").map(|e| open_end + e) else { break };
        let tag = &rest[start..open_end];
        if !tag.contains(" src=") && !tag.contains(" type=") {
            let digest = Sha256::digest(&rest.as_bytes()[open_end..close]);
            hashes.push(format!("'sha256-{}'", BASE64_STANDARD.encode(digest)));
        }
        rest = &rest[close..];
    }
    hashes
}

/// Inert `<link>`s for a route module's chunk and its static imports (scripts) and their styles,
/// less what `index.html` already names: the boot gives each its `rel` (`modulepreload`,
/// `preload`) once the painted pictures are drawn, so they are fetched with the entry script
/// instead of one after another, but not before the pictures. Styles are preloaded, not applied:
/// Vite's loader applies them when the chunk runs, as it does for any lazy route.
fn chunk_links(manifest: &serde_json::Value, route: &str, template: &str) -> String {
    let (mut scripts, mut styles) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    let mut stack = vec![route.to_owned()];
    while let Some(key) = stack.pop() {
        let Some(chunk) = manifest.get(&key).filter(|_| seen.insert(key.clone())) else { continue };
        let strings = |field: &str| -> Vec<String> {
            chunk
                .get(field)
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str())
                .map(str::to_owned)
                .collect()
        };
        if let Some(file) = chunk.get("file").and_then(|f| f.as_str()) {
            scripts.push(file.to_owned());
        }
        styles.extend(strings("css"));
        stack.extend(strings("imports"));
    }
    let fresh = |file: &String| !template.contains(&format!("/{file}\""));
    let mut links = String::new();
    for file in scripts.iter().filter(|f| fresh(f)) {
        links
            .push_str(&format!("<link data-after-paint=\"modulepreload\" crossorigin href=\"/{}\" />\n", escape(file)));
    }
    for file in styles.iter().filter(|f| fresh(f)) {
        links.push_str(&format!(
            "<link data-after-paint=\"preload\" as=\"style\" crossorigin href=\"/{}\" />\n",
            escape(file)
        ));
    }
    links
}

/// The head of one page.
struct Head {
    title: String,
    description: String,
    path: String,
    image: String,
    kind: &'static str,
    structured: Option<serde_json::Value>,
    /// The lazy route module the page shows.
    route: &'static str,
    /// `<link rel="preload">` of the picture likely to be the page's largest paint.
    lcp_image: Option<String>,
    /// HTML painted inside `#root` until React renders.
    first_paint: Option<String>,
    /// The API answers the first render asks for, by their address (`api_address`): the
    /// storefront's API client takes each once instead of asking the server again.
    answers: serde_json::Map<String, serde_json::Value>,
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Tags of the template the page's own replace.
fn is_replaced(tag: &str) -> bool {
    const KEYS: [&str; 13] = [
        "name=\"description\"",
        "property=\"og:title\"",
        "property=\"og:description\"",
        "property=\"og:image\"",
        "property=\"og:image:width\"",
        "property=\"og:image:height\"",
        "property=\"og:url\"",
        "property=\"og:type\"",
        "name=\"twitter:title\"",
        "name=\"twitter:description\"",
        "name=\"twitter:image\"",
        "rel=\"canonical\"",
        "type=\"application/ld+json\"",
    ];
    KEYS.iter().any(|key| tag.contains(key))
}

/// The template with the default title and share tags swapped for the page's, and the page's
/// preloads added.
fn render(template: &str, head: &Head, public_url: &str, preloads: &str) -> String {
    let mut html = String::with_capacity(template.len() + 2048);
    let mut rest = template;
    while let Some(start) = rest.find('<') {
        html.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = if rest.starts_with("<title>") {
            rest.find("</title>").map(|e| e + "</title>".len())
        } else if rest.starts_with("<script type=\"application/ld+json\"") {
            rest.find("</script>").map(|e| e + "</script>".len())
        } else {
            rest.find('>').map(|e| e + 1)
        };
        let Some(end) = end else { break };
        let tag = &rest[..end];
        let replaced = tag.starts_with("<title>")
            || ((tag.starts_with("<meta") || tag.starts_with("<link") || tag.starts_with("<script"))
                && is_replaced(tag));
        if tag.starts_with("</head>") {
            html.push_str(&head_tags(head, public_url));
            html.push_str(head.lcp_image.as_deref().unwrap_or_default());
            html.push_str(preloads);
        }
        if !replaced {
            html.push_str(tag);
        }
        rest = &rest[end..];
    }
    html.push_str(rest);
    let answers = if head.answers.is_empty() { String::new() } else { api_answers(&head.answers) };
    match &head.first_paint {
        Some(first_paint) => html.replacen(ROOT, &format!("<div id=\"root\">{first_paint}</div>{answers}"), 1),
        None if !answers.is_empty() => html.replacen(ROOT, &format!("{ROOT}{answers}"), 1),
        None => html,
    }
}

/// The page's API answers for `frontend/src/lib/api-client.ts` (`ANSWERS_ELEMENT_ID`). A `<` only
/// occurs inside JSON strings, where `\u003c` reads the same: no `</script>` can end the element.
fn api_answers(answers: &serde_json::Map<String, serde_json::Value>) -> String {
    let json = serde_json::Value::Object(answers.clone()).to_string().replace('<', "\\u003c");
    format!("<script type=\"application/json\" id=\"api-answers\">{json}</script>")
}

/// An API address as the storefront's client builds it (`buildUrl`), its parameters sorted by
/// name, the form `lib/api-client.ts` looks answers up by.
fn api_address(path: &str, query: &[(&str, &str)]) -> String {
    let mut query = query.to_vec();
    query.sort_unstable();
    let search: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if search.is_empty() { format!("/api{path}") } else { format!("/api{path}?{}", search.join("&")) }
}

/// `body` as the API serialises it, for `Head::answers`.
fn answer(address: String, body: impl serde::Serialize) -> serde_json::Map<String, serde_json::Value> {
    serde_json::to_value(body).map(|value| serde_json::Map::from_iter([(address, value)])).unwrap_or_default()
}

/// The empty mount point of the storefront's `index.html`.
const ROOT: &str = "<div id=\"root\"></div>";

/// The header bar (shop name) above `picture`, the page's largest paint. The classes live in
/// `frontend/src/styles/global.css`, in the same boxes as the components React renders instead,
/// so the picture does not move and is not painted larger when it does.
fn first_paint(shop_name: &str, picture: &str) -> String {
    format!("<div class=\"container\"><div class=\"first-paint-bar\">{}</div></div>{picture}", escape(shop_name))
}

/// The first slide of the hero carousel, as `hero-carousel.tsx` renders it.
fn hero_first_paint(shop_name: &str) -> String {
    first_paint(
        shop_name,
        &format!(
            "<img class=\"first-paint-hero\" src=\"{HERO_IMAGE}\" alt=\"\" width=\"1600\" height=\"1000\" \
             fetchpriority=\"high\" />"
        ),
    )
}

/// A product's first picture as `ResponsiveImage` writes it, so that the browser picks the same
/// file as the preload and React: a `<picture>` offering the WebP widths before the `<img>`'s JPEG
/// ones, `sizes` on both; the `<img>` alone for a picture without widths. `attributes` are the
/// `<img>`'s others (class, alt, dimensions, priority).
fn painted_picture(product: &Product, sizes: &str, attributes: &str) -> String {
    let first = product.images_or_placeholder().remove(0);
    match (variants::srcset(&first, "webp"), variants::srcset(&first, "jpg")) {
        (Some(webp), Some(jpg)) => format!(
            "<picture><source type=\"image/webp\" srcset=\"{}\" sizes=\"{sizes}\" />\
             <img {attributes} src=\"{}\" srcset=\"{}\" sizes=\"{sizes}\" /></picture>",
            escape(&webp),
            escape(&first),
            escape(&jpg),
            sizes = escape(sizes),
        ),
        _ => format!("<img {attributes} src=\"{}\" />", escape(&first)),
    }
}

/// A product's main picture, with the sources of `product-gallery.tsx`'s `<img>`, below the room
/// of the page's breadcrumb line so that it is painted where the gallery puts it.
fn product_first_paint(shop_name: &str, product: &Product) -> String {
    let attributes = format!(
        "class=\"first-paint-picture\" alt=\"{}\" width=\"800\" height=\"800\" fetchpriority=\"high\"",
        escape(&product.name)
    );
    first_paint(
        shop_name,
        &format!(
            "<div class=\"container first-paint-product\"><div class=\"first-paint-trail\">&nbsp;</div>{}</div>",
            painted_picture(product, PRODUCT_IMAGE_SIZES, &attributes)
        ),
    )
}

/// `/products`' title, the room its count and controls take, and its first cards (picture and
/// name, a link to the product), in the boxes of `product-listing.tsx` and `product-grid.tsx`.
fn listing_first_paint(shop_name: &str, title: &str, products: &[Product]) -> String {
    let cards: String = products.iter().take(FIRST_CARDS).enumerate().map(|(i, p)| card_first_paint(p, i)).collect();
    first_paint(
        shop_name,
        &format!(
            "<div class=\"container first-paint-listing\"><div class=\"first-paint-results\">\
             <h1 class=\"first-paint-title\">{}</h1><div class=\"first-paint-toolbar\"></div>\
             <ul class=\"first-paint-grid\">{cards}</ul></div></div>",
            escape(title)
        ),
    )
}

/// One card as `product-card.tsx` lays it out (picture, name, price: the name's and the price's
/// lines set where the next row starts); the first ones' pictures are fetched first.
fn card_first_paint(product: &Product, index: usize) -> String {
    let priority = if index < PRIORITY_CARDS { " fetchpriority=\"high\"" } else { "" };
    let name = escape(&product.name);
    let attributes =
        format!("class=\"first-paint-card-picture\" alt=\"{name}\" width=\"800\" height=\"800\"{priority}");
    format!(
        "<li><a class=\"first-paint-card\" href=\"/product/{}\">{}<h3 class=\"first-paint-card-name\">{name}</h3>\
         {}</a></li>",
        escape(product.slug.as_str()),
        painted_picture(product, CARD_IMAGE_SIZES, &attributes),
        price_first_paint(product),
    )
}

/// The card's price as `product-price.tsx` writes it: the price paid beside the struck original
/// when a promotion lowers it, else the price.
fn price_first_paint(product: &Product) -> String {
    match product.price_paid() {
        promo if promo < product.price => format!(
            "<p class=\"first-paint-prices\"><span class=\"visually-hidden\">Prix promotionnel :</span>\
             <span class=\"first-paint-promo\">{promo}</span><span class=\"visually-hidden\">au lieu de</span>\
             <s class=\"first-paint-original\">{}</s></p>",
            product.price
        ),
        _ => format!("<p class=\"first-paint-prices\"><span class=\"first-paint-price\">{}</span></p>", product.price),
    }
}

fn absolute(public_url: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        path.to_owned()
    } else {
        format!("{public_url}{path}")
    }
}

fn head_tags(head: &Head, public_url: &str) -> String {
    let (title, description) = (escape(&head.title), escape(&head.description));
    let url = escape(&absolute(public_url, &head.path));
    let image = escape(&absolute(public_url, &head.image));
    let mut tags = format!(
        "<title>{title}</title>\n<meta name=\"description\" content=\"{description}\" />\n\
         <link rel=\"canonical\" href=\"{url}\" />\n<meta property=\"og:type\" content=\"{}\" />\n\
         <meta property=\"og:title\" content=\"{title}\" />\n<meta property=\"og:description\" content=\"{description}\" />\n\
         <meta property=\"og:url\" content=\"{url}\" />\n<meta property=\"og:image\" content=\"{image}\" />\n\
         <meta name=\"twitter:title\" content=\"{title}\" />\n<meta name=\"twitter:description\" content=\"{description}\" />\n\
         <meta name=\"twitter:image\" content=\"{image}\" />\n",
        head.kind
    );
    if let Some(data) = &head.structured {
        // `</` inside JSON would end the script element early.
        let json = data.to_string().replace("</", "<\\/");
        tags.push_str(&format!("<script type=\"application/ld+json\">{json}</script>\n"));
    }
    tags
}

fn page(state: &AppState, head: &Head) -> HttpResponse {
    match &state.shell {
        Some(shell) => HttpResponse::Ok().content_type("text/html; charset=utf-8").body(render(
            &shell.template,
            head,
            &state.config.public_url,
            shell.route_preloads.get(head.route).map(String::as_str).unwrap_or_default(),
        )),
        None => HttpResponse::NotFound().finish(),
    }
}

fn shop_title(state: &AppState, title: &str) -> String {
    format!("{title} | {}", state.config.shop.name)
}

fn default_description(state: &AppState) -> String {
    format!(
        "{} : t-shirts, pulls, lunettes et chaînes au style urbain, créés à Dakar. \
         Livraison à Dakar, paiement Wave ou à la livraison.",
        state.config.shop.name
    )
}

/// The 1 200-px picture of a product, for share cards.
fn share_image(product: &Product) -> String {
    let first = product.images_or_placeholder().remove(0);
    match first.strip_suffix("/800.jpg") {
        Some(base) => format!("{base}/1200.jpg"),
        None => first,
    }
}

/// The preload of a product's first picture in the widths its `<picture>` offers (`sizes`), in
/// WebP: a browser that does not read WebP skips it (`type`), as its `<picture>` skips the source.
fn product_image_preload(product: &Product, sizes: &str) -> String {
    let first = product.images_or_placeholder().remove(0);
    match variants::srcset(&first, "webp") {
        Some(srcset) => format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" fetchpriority=\"high\" imagesrcset=\"{}\" \
             imagesizes=\"{}\" />\n",
            escape(&srcset),
            escape(sizes)
        ),
        None => format!("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" />\n", escape(&first)),
    }
}

fn product_head(state: &AppState, product: &Product) -> Head {
    let path = format!("/product/{}", product.slug.as_str());
    let in_stock = product.stock.total() > 0;
    let description = if product.short_description.is_empty() {
        product.description.clone()
    } else {
        product.short_description.clone()
    };
    let structured = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": description,
        "image": product.images_or_placeholder().iter().map(|i| absolute(&state.config.public_url, i)).collect::<Vec<_>>(),
        "sku": product.slug.as_str(),
        "category": product.subcategory.label(),
        "brand": { "@type": "Brand", "name": state.config.shop.name },
        "offers": {
            "@type": "Offer",
            "url": absolute(&state.config.public_url, &path),
            "priceCurrency": "XOF",
            "price": product.price_paid().as_francs(),
            "availability": if in_stock { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        },
    });
    Head {
        title: shop_title(state, &product.name),
        description,
        image: share_image(product),
        path,
        kind: "product",
        structured: Some(structured),
        route: PRODUCT_ROUTE,
        lcp_image: Some(product_image_preload(product, PRODUCT_IMAGE_SIZES)),
        first_paint: Some(product_first_paint(&state.config.shop.name, product)),
        answers: serde_json::Map::new(),
    }
}

#[get("/")]
async fn home_page(state: web::Data<AppState>) -> HttpResponse {
    let head = Head {
        title: format!("{} — Mode urbaine à Dakar", state.config.shop.name),
        description: default_description(&state),
        path: "/".to_owned(),
        image: "/images/og-default.jpg".to_owned(),
        kind: "website",
        structured: None,
        route: HOME_ROUTE,
        lcp_image: Some(format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{HERO_IMAGE}\" />\n"
        )),
        first_paint: Some(hero_first_paint(&state.config.shop.name)),
        answers: serde_json::Map::new(),
    };
    page(&state, &head)
}

#[get("/products")]
async fn products_page(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    const TITLE: &str = "Tous nos produits";
    let mut head = listing_head(&state, TITLE, "/products");
    head.route = PRODUCTS_ROUTE;
    if !is_filtered(request.query_string())
        && let Some(page) = first_listing_page(&state).await.filter(|page| !page.items.is_empty())
    {
        head.lcp_image = Some(product_image_preload(&page.items[0], CARD_IMAGE_SIZES));
        head.first_paint = Some(listing_first_paint(&state.config.shop.name, TITLE, &page.items));
        let address = api_address("/products", &[("page", "1"), ("limit", PRODUCTS_PAGE_SIZE)]);
        head.answers = answer(address, Paginated::from_page(page, ProductDto::from));
    }
    page(&state, &head)
}

/// Whether `/products`' address names a filter, a sort or a page: the storefront then lists other
/// products than the first page, which the server does not paint. An address it cannot read counts
/// as filtered.
fn is_filtered(query: &str) -> bool {
    match web::Query::<Vec<(String, String)>>::from_query(query) {
        Ok(pairs) => pairs.iter().any(|(key, _)| LISTING_PARAMS.contains(&key.as_str())),
        Err(_) => true,
    }
}

/// The storefront's first listing request (`parseListingParams` of a bare `/products`); nothing
/// when the database does not answer: the page then waits for the script, as before.
async fn first_listing_page(state: &AppState) -> Option<Page<Product>> {
    let params =
        ListParams { page: Some("1".to_owned()), limit: Some(PRODUCTS_PAGE_SIZE.to_owned()), ..ListParams::default() };
    state.catalog.list(params).await.ok()
}

#[get("/product/{key}")]
async fn product_page(state: web::Data<AppState>, key: web::Path<String>) -> HttpResponse {
    match state.catalog.product(&key).await {
        Ok(product) => {
            let mut head = product_head(&state, &product);
            // Links name products by slug; an address by id is left to the client's own request
            // (its key would need the client's encoding of the id).
            if key.as_str() == product.slug.as_str() {
                let address = api_address(&format!("/products/{}", product.slug.as_str()), &[]);
                head.answers = answer(address, Data::new(ProductDto::from(product)));
            }
            page(&state, &head)
        }
        // Unknown, inactive, or a database that does not answer: the storefront shows its own
        // message; crawlers get the shop's default card.
        Err(_) => {
            let mut head = listing_head(&state, "Produit non trouvé", "/products");
            head.route = PRODUCT_ROUTE;
            page(&state, &head)
        }
    }
}

#[get("/category/{category}")]
async fn category_page(state: web::Data<AppState>, path: web::Path<String>) -> HttpResponse {
    let head = match Category::parse(&path) {
        Some(category) => listing_head(&state, category.label(), &format!("/category/{}", category.as_str())),
        None => listing_head(&state, "Tous nos produits", "/products"),
    };
    page(&state, &head)
}

#[get("/category/{category}/{subcategory}")]
async fn subcategory_page(state: web::Data<AppState>, path: web::Path<(String, String)>) -> HttpResponse {
    let (category, subcategory) = path.into_inner();
    let head = match (Category::parse(&category), Subcategory::parse(&subcategory)) {
        (Some(c), Some(s)) if s.category() == c => {
            listing_head(&state, s.label(), &format!("/category/{}/{}", c.as_str(), s.as_str()))
        }
        _ => listing_head(&state, "Tous nos produits", "/products"),
    };
    page(&state, &head)
}

fn listing_head(state: &AppState, title: &str, path: &str) -> Head {
    Head {
        title: shop_title(state, title),
        description: default_description(state),
        path: path.to_owned(),
        image: "/images/og-default.jpg".to_owned(),
        kind: "website",
        structured: None,
        route: CATEGORY_ROUTE,
        lcp_image: None,
        first_paint: None,
        answers: serde_json::Map::new(),
    }
}

#[get("/robots.txt")]
async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /account\nDisallow: /checkout\nDisallow: /cart\n\
         Disallow: /orders\nDisallow: /api/\nDisallow: /payment-success\nDisallow: /payment-error\n\
         Disallow: /mobile-redirect\nDisallow: /reset-password/\n\nSitemap: {}/sitemap.xml\n",
        state.config.public_url
    );
    HttpResponse::Ok().content_type("text/plain; charset=utf-8").body(body)
}

#[get("/sitemap.xml")]
async fn sitemap(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let base = &state.config.public_url;
    let mut urls: Vec<(String, Option<String>)> = vec![("/".into(), None), ("/products".into(), None)];
    for category in [Category::parse("vetement"), Category::parse("accessoire")].into_iter().flatten() {
        urls.push((format!("/category/{}", category.as_str()), None));
        for sub in category.subcategories() {
            urls.push((format!("/category/{}/{}", category.as_str(), sub.as_str()), None));
        }
    }
    for (slug, changed) in state.catalog.active_slugs().await? {
        urls.push((format!("/product/{}", slug.as_str()), Some(changed.to_rfc3339_opts(SecondsFormat::Secs, true))));
    }
    urls.extend(STATIC_PAGES.iter().map(|p| (p.to_string(), None)));
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (path, changed) in urls {
        xml.push_str(&format!("  <url><loc>{}</loc>", escape(&format!("{base}{path}"))));
        if let Some(changed) = changed {
            xml.push_str(&format!("<lastmod>{changed}</lastmod>"));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    Ok(HttpResponse::Ok().content_type("application/xml; charset=utf-8").body(xml))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_the_inline_scripts_only_as_the_browser_reads_them() {
        let template = "<head><script type=\"module\" src=\"/assets/index.js\"></script>\
            <script type=\"application/ld+json\">{}</script></head><body><div id=\"root\"></div>\
            <script id=\"after-first-paint\" data-entry=\"/assets/index.js\">(()=>{start()})();</script></body>";
        // `printf '%s' '(()=>{start()})();' | openssl dgst -sha256 -binary | base64`
        assert_eq!(inline_script_hashes(template), ["'sha256-CGMmk7PRRO/pVTobcbx8FpgNrtTdcCChXbv1EgXtJJk='"]);
        assert_eq!(inline_script_hashes("<body><div id=\"root\"></div></body>"), Vec::<String>::new());
    }

    const TEMPLATE: &str = "<html><head>\n<title>Défaut</title>\n<meta name=\"description\" content=\"d\" />\n\
        <meta property=\"og:image\" content=\"/images/og-default.jpg\" />\n<meta charset=\"UTF-8\" />\n\
        <script type=\"module\" src=\"/assets/index.js\"></script>\n</head><body><div id=\"root\"></div></body></html>";

    #[test]
    fn replaces_the_default_tags_keeps_the_rest_and_escapes_text() {
        let head = Head {
            title: "Chaîne <script>alert(1)</script> | Bitik".into(),
            description: "Dorée & \"brillante\"".into(),
            path: "/product/chaine".into(),
            image: "/uploads/products/a/1200.jpg".into(),
            kind: "product",
            structured: Some(json!({"name": "</script><script>alert(1)</script>"})),
            route: PRODUCT_ROUTE,
            lcp_image: None,
            first_paint: Some("<p class=\"x\">Chaîne &lt;b&gt;</p>".into()),
            answers: answer(
                api_address("/products", &[("page", "1"), ("limit", "12")]),
                json!({"data": {"name": "</script><script>alert(1)</script>"}}),
            ),
        };
        let html = render(TEMPLATE, &head, "https://bitik.sn", "");
        assert!(!html.contains("Défaut") && !html.contains("og-default"), "{html}");
        assert!(html.contains("<title>Chaîne &lt;script&gt;alert(1)&lt;/script&gt; | Bitik</title>"));
        assert!(html.contains("content=\"Dorée &amp; &quot;brillante&quot;\""));
        assert!(
            html.contains("<meta property=\"og:image\" content=\"https://bitik.sn/uploads/products/a/1200.jpg\" />")
        );
        assert!(html.contains("<link rel=\"canonical\" href=\"https://bitik.sn/product/chaine\" />"));
        assert!(html.contains("<meta charset=\"UTF-8\" />") && html.contains("src=\"/assets/index.js\""));
        assert!(!html.contains("</script><script>alert"), "JSON-LD cannot close its element");
        assert_eq!(html.matches("<title>").count(), 1);
        assert!(html.contains("<div id=\"root\"><p class=\"x\">Chaîne &lt;b&gt;</p></div>"), "{html}");
        let answers = html
            .split_once("<script type=\"application/json\" id=\"api-answers\">")
            .and_then(|(_, rest)| rest.split_once("</script>"))
            .map(|(json, _)| serde_json::from_str::<serde_json::Value>(json).expect("JSON"))
            .expect("the answers follow the painted view");
        assert_eq!(
            answers,
            json!({"/api/products?limit=12&page=1": {"data": {"name": "</script><script>alert(1)</script>"}}})
        );
    }
}
