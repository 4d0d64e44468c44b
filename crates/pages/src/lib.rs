//! The pages the server writes itself, for crawlers that run no JavaScript (WhatsApp, Facebook,
//! search engines) and for a phone's first paint: the storefront's `index.html` with the page's
//! own title, description, canonical address, share image and, for a product, its schema.org
//! description; and the sitemap and robots files. This crate only writes text; the HTTP crate
//! answers it.
//!
//! Each page's head also names what its first view needs: its largest picture (`preload`), and
//! the page's lazy route chunk with its imports and styles (from Vite's manifest). The home,
//! product and `/products` pages also carry a first view inside `#root` (the header bar and that
//! picture; for `/products`, its title and its first four cards), styled by the entry's
//! render-blocking CSS: the phone paints its largest picture before any script has run. The
//! scripts wait for it: the route's chunks are named by inert links (`data-after-paint`), as
//! Vite's build names the entry's, and the storefront's inline boot
//! (`frontend/src/app/after-first-paint.js`) fetches them all at once, with the entry script, when
//! those pictures are drawn; React's first render then replaces the painted view. The content
//! security policy allows that boot by its hash ([`Shell::policy`]): it is the only inline script
//! a page runs. `/products` paints the listing's first page as the storefront asks for it (page 1,
//! 12 products, newest first); a filtered address, an empty catalogue or a database that does not
//! answer paint nothing, rather than other products than the storefront's.
//!
//! The product page (by slug) and that `/products` also carry the API answer of the data they
//! paint, which the storefront's client takes instead of asking again: React's first render shows
//! the product or the cards, not a skeleton, one round trip sooner. It is inside the HTML rather
//! than preloaded: a preload of the API competed with the pictures (docs/benchmarks.md).

mod crawl;
mod head;
mod paint;
mod shell;
mod storefront;

use bitik_catalog::Product;
use serde_json::json;

pub use crawl::{robots, sitemap};
pub use head::api_address;
pub use shell::{Shell, storefront_policy};
pub use storefront::{LISTING_PARAMS, PRODUCTS_PAGE_SIZE};

use head::{Head, absolute, answer, render};
use paint::{hero_first_paint, listing_first_paint, product_first_paint};
use storefront::{
    CARD_IMAGE_SIZES, CATEGORY_ROUTE, HERO_IMAGE, HOME_ROUTE, PRODUCT_IMAGE_SIZES, PRODUCT_ROUTE, PRODUCTS_ROUTE,
};

/// Who the pages speak for and where they live.
#[derive(Debug, Clone, Copy)]
pub struct Site<'a> {
    pub shop_name: &'a str,
    /// The address shoppers use, without a trailing slash (`PUBLIC_URL`).
    pub public_url: &'a str,
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
        let head = Head {
            title: format!("{} — Mode urbaine à Dakar", site.shop_name),
            route: HOME_ROUTE,
            lcp_image: Some(format!(
                "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{HERO_IMAGE}\" />\n"
            )),
            first_paint: Some(hero_first_paint(site.shop_name)),
            ..listing_head(site, "", "/")
        };
        self.page(site, &head)
    }

    /// `/products`: with the listing's first page (`first_page` and the API's answer of it), its
    /// title and first cards painted; without, the storefront renders it alone.
    pub fn products(&self, site: Site, first_page: Option<(&[Product], Carried)>) -> String {
        let mut head = Head { route: PRODUCTS_ROUTE, ..listing_head(site, ALL_PRODUCTS, "/products") };
        if let Some((products, carried)) = first_page.filter(|(products, _)| !products.is_empty()) {
            head.lcp_image = Some(product_image_preload(&products[0], CARD_IMAGE_SIZES));
            head.first_paint = Some(listing_first_paint(site.shop_name, ALL_PRODUCTS, products));
            head.answers = answer(carried.address, carried.body);
        }
        self.page(site, &head)
    }

    /// A product's page, its main picture painted; `carried` is the API's answer for it.
    pub fn product(&self, site: Site, product: &Product, carried: Option<Carried>) -> String {
        let mut head = product_head(site, product);
        if let Some(carried) = carried {
            head.answers = answer(carried.address, carried.body);
        }
        self.page(site, &head)
    }

    /// A product address that names no product a shopper may see: the storefront shows its own
    /// message; crawlers get the shop's default card.
    pub fn product_not_found(&self, site: Site) -> String {
        let head = Head { route: PRODUCT_ROUTE, ..listing_head(site, "Produit non trouvé", "/products") };
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

    fn page(&self, site: Site, head: &Head) -> String {
        let preloads = self.route_preloads.get(head.route).map(String::as_str).unwrap_or_default();
        render(&self.template, head, site.public_url, preloads)
    }
}

/// Whether `/products`' query names a filter, a sort or a page: the storefront then lists other
/// products than the first page, which the server does not paint.
pub fn is_filtered<'a>(mut keys: impl Iterator<Item = &'a str>) -> bool {
    keys.any(|key| LISTING_PARAMS.contains(&key))
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
        route: CATEGORY_ROUTE,
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

/// The preload of a product's first picture in the widths its `<picture>` offers (`sizes`), in
/// WebP: a browser that does not read WebP skips it (`type`), as its `<picture>` skips the source.
fn product_image_preload(product: &Product, sizes: &str) -> String {
    let first = product.images_or_placeholder().remove(0);
    match bitik_images::srcset(&first, "webp") {
        Some(srcset) => format!(
            "<link rel=\"preload\" as=\"image\" type=\"image/webp\" fetchpriority=\"high\" imagesrcset=\"{}\" \
             imagesizes=\"{}\" />\n",
            head::escape(&srcset),
            head::escape(sizes)
        ),
        None => {
            format!("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\" />\n", head::escape(&first))
        }
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
        route: PRODUCT_ROUTE,
        lcp_image: Some(product_image_preload(product, PRODUCT_IMAGE_SIZES)),
        first_paint: Some(product_first_paint(site.shop_name, product)),
        answers: serde_json::Map::new(),
    }
}

#[cfg(test)]
mod tests;
