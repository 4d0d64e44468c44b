//! The pages the server writes itself, for crawlers that run no JavaScript (WhatsApp, Facebook,
//! search engines) and for a phone's first paint: the storefront's `index.html` with the page's
//! own title, description, canonical address, share image and, for a product, its schema.org
//! description; and the sitemap and robots files. This crate only writes text; the HTTP crate
//! answers it.
//!
//! Each page's head also names what its first view needs: its largest picture (`preload`), and
//! the page's lazy route chunk with its imports and styles (from Vite's manifest), fetched with
//! the entry script rather than after it has run. The home, product and `/products` pages also
//! carry a first view inside `#root` (the header bar and that picture; for `/products`, its title
//! and its first cards), styled by the entry's render-blocking CSS: the phone paints its largest
//! picture before any script has run. Everything there a shopper can tap is a real link; the
//! storefront's inline tap keeper (`frontend/src/app/painted-taps.js`) holds a tap on the painted
//! header for React to replay once its own header is there. The content security policy allows
//! that script by its hash ([`Shell::policy`]): it is the only inline script a page runs.
//! `/products` paints the listing's first page as the storefront asks for it (page 1, newest
//! first); a filtered address, an empty catalogue or a database that does not answer paint
//! nothing, rather than other products than the storefront's.
//!
//! What the storefront renders there (which route module shows a page, the pictures and their
//! `sizes`, the listing's page size and first cards) is the storefront's own: its build writes it
//! beside Vite's manifest ([`Shell::load`]), and a build that did not paints nothing.
//!
//! The product page (by slug) and that `/products` also carry the API answer of the data they
//! paint, which the storefront's client takes instead of asking again: React's first render shows
//! the product or the cards, not a skeleton, one round trip sooner. It is inside the HTML rather
//! than preloaded: a preload of the API competed with the pictures (docs/benchmarks.md).

mod crawl;
mod first_paint;
mod head;
mod paint;
mod shell;

use bitik_catalog::Product;
use serde_json::json;

pub use crawl::{robots, sitemap};
pub use head::api_address;
pub use shell::{Shell, storefront_policy};

use first_paint::Route;
use head::{Head, absolute, answer, escape, render};
use paint::{hero_first_paint, listing_first_paint, product_first_paint};

/// Who the pages speak for and where they live.
#[derive(Debug, Clone, Copy)]
pub struct Site<'a> {
    pub shop_name: &'a str,
    /// The address shoppers use, without a trailing slash (`PUBLIC_URL`).
    pub public_url: &'a str,
    /// The shop as `GET /api/shop` answers it (its `data`, in JSON): every page carries it in
    /// `<script type="application/json" id="shop">`, which the storefront reads as it starts
    /// (`frontend/src/lib/shop.ts`), so the shop's name and contacts come from the server's
    /// `SHOP_*` with no rebuild and no request.
    pub shop_json: &'a str,
}

/// An API answer a page carries: its address as the storefront's client asks for it
/// ([`api_address`]) and the JSON the API would answer.
#[derive(Clone)]
pub struct Carried {
    pub address: String,
    pub body: serde_json::Value,
}

const SHARE_IMAGE: &str = "/images/og-default.jpg";
const ALL_PRODUCTS: &str = "Tous nos produits";

impl Shell {
    /// `/`: the hero's first slide painted.
    pub fn home(&self, site: Site) -> String {
        let mut head = Head {
            title: format!("{} — Mode urbaine à Dakar", site.shop_name),
            route: Route::Home,
            ..listing_head(site, "", "/")
        };
        if let Some(contract) = self.first_paint.as_ref() {
            let hero = &contract.hero;
            head.lcp_image = Some(format!(
                "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" />\n",
                escape(&hero.first_image)
            ));
            head.first_paint = Some(hero_first_paint(site.shop_name, &contract.header_icons, hero));
        }
        self.page(site, &head)
    }

    /// `/products`: with the listing's first page (`first_page`, asked for with
    /// [`Shell::first_listing_page_size`], and the API's answer of it), its title and first cards
    /// painted; without, the storefront renders it alone.
    pub fn products(&self, site: Site, first_page: Option<(&[Product], Carried)>) -> String {
        let mut head = Head { route: Route::Products, ..listing_head(site, ALL_PRODUCTS, "/products") };
        if let (Some(contract), Some((products, carried))) =
            (self.first_paint.as_ref(), first_page.filter(|(products, _)| !products.is_empty()))
        {
            let listing = &contract.listing;
            head.lcp_image = Some(picture_preload(&products[0].images_or_placeholder()[0], &listing.card_image_sizes));
            head.first_paint =
                Some(listing_first_paint(site.shop_name, &contract.header_icons, ALL_PRODUCTS, products, listing));
            head.answers = answer(carried.address, carried.body);
        }
        self.page(site, &head)
    }

    /// A product's page, its main picture painted; `carried` is the API's answer for it.
    pub fn product(&self, site: Site, product: &Product, carried: Option<Carried>) -> String {
        let mut head = product_head(site, product);
        if let Some(contract) = self.first_paint.as_ref() {
            let sizes = contract.product_image_sizes.as_str();
            head.lcp_image = Some(picture_preload(&product.opening_image(), sizes));
            head.first_paint = Some(product_first_paint(site.shop_name, &contract.header_icons, product, sizes));
        }
        if let Some(carried) = carried {
            head.answers = answer(carried.address, carried.body);
        }
        self.page(site, &head)
    }

    /// A product address that names no product a shopper may see: the storefront shows its own
    /// message; crawlers get the shop's default card.
    pub fn product_not_found(&self, site: Site) -> String {
        let head = Head { route: Route::Product, ..listing_head(site, "Produit non trouvé", "/products") };
        self.page(site, &head)
    }

    /// A category or subcategory listing, `title` its French label, `path` its canonical address.
    pub fn listing(&self, site: Site, title: &str, path: &str) -> String {
        self.page(site, &listing_head(site, title, path))
    }

    /// The listing of every product, where a category address names none.
    pub fn all_products(&self, site: Site) -> String {
        self.listing(site, ALL_PRODUCTS, "/products")
    }

    /// Any other page of the storefront (`path`, its address without the query): the shop's
    /// default head and card; the storefront renders the page alone.
    pub fn other(&self, site: Site, path: &str) -> String {
        let head =
            Head { title: format!("{} — Mode urbaine à Dakar", site.shop_name), ..listing_head(site, "", path) };
        render(&self.template, &head, site, "")
    }

    fn page(&self, site: Site, head: &Head) -> String {
        let preloads = self.route_preloads.get(&head.route).map(String::as_str).unwrap_or_default();
        render(&self.template, head, site, preloads)
    }
}

fn shop_title(site: Site, title: &str) -> String {
    format!("{title} | {}", site.shop_name)
}

fn default_description(site: Site) -> String {
    format!(
        "{} : t-shirts, pulls, lunettes et chaînes au style urbain, créés à Dakar. \
         Livraison à Dakar, paiement Wave ou à la livraison.",
        site.shop_name
    )
}

fn listing_head(site: Site, title: &str, path: &str) -> Head {
    Head {
        title: shop_title(site, title),
        description: default_description(site),
        path: path.to_owned(),
        image: SHARE_IMAGE.to_owned(),
        kind: "website",
        structured: None,
        route: Route::Category,
        lcp_image: None,
        first_paint: None,
        answers: serde_json::Map::new(),
    }
}

/// The 1 200-px picture of a product, for share cards.
fn share_image(product: &Product) -> String {
    let first = product.images_or_placeholder().remove(0);
    match first.strip_suffix("/800.jpg") {
        Some(base) => format!("{base}/1200.jpg"),
        None => first,
    }
}

/// The preload of a product's picture in the widths its `<picture>` offers (`sizes`), in WebP: a
/// browser that does not read WebP skips it (`type`), as its `<picture>` skips the source.
fn picture_preload(first: &str, sizes: &str) -> String {
    match bitik_images::srcset(first, "webp") {
        Some(srcset) => format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" fetchpriority=\"high\" imagesrcset=\"{}\" \
             imagesizes=\"{}\" />\n",
            escape(&srcset),
            escape(sizes)
        ),
        None => format!("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" />\n", escape(first)),
    }
}

fn product_head(site: Site, product: &Product) -> Head {
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
        "image": product.images_or_placeholder().iter().map(|i| absolute(site.public_url, i)).collect::<Vec<_>>(),
        "sku": product.slug.as_str(),
        "category": product.subcategory.label(),
        "brand": { "@type": "Brand", "name": site.shop_name },
        "offers": {
            "@type": "Offer",
            "url": absolute(site.public_url, &path),
            "priceCurrency": "XOF",
            "price": product.price_paid().as_francs(),
            "availability": if in_stock { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        },
    });
    Head {
        title: shop_title(site, &product.name),
        description,
        image: share_image(product),
        path,
        kind: "product",
        structured: Some(structured),
        route: Route::Product,
        lcp_image: None,
        first_paint: None,
        answers: serde_json::Map::new(),
    }
}

#[cfg(test)]
mod tests;
