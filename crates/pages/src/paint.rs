//! The first view painted inside `#root` before any script has run: the header bar and the
//! page's largest picture (for `/products`, its title and first cards). The classes live in
//! `frontend/src/styles/global.css`, in the boxes React renders instead, so nothing moves when
//! React replaces them.

use bitik_catalog::Product;
use bitik_images::srcset;

use crate::first_paint::{Hero, Listing};
use crate::head::escape;

/// The header bar (shop name) above `picture`, the page's largest paint. The classes live in
/// `frontend/src/styles/global.css`, in the same boxes as the components React renders instead,
/// so the picture does not move and is not painted larger when it does.
pub(crate) fn first_paint(shop_name: &str, picture: &str) -> String {
    format!("<div class=\"container\"><div class=\"first-paint-bar\">{}</div></div>{picture}", escape(shop_name))
}

/// The first slide of the hero carousel, as `hero-carousel.tsx` renders it.
pub(crate) fn hero_first_paint(shop_name: &str, hero: &Hero) -> String {
    first_paint(
        shop_name,
        &format!(
            "<img class=\"first-paint-hero\" src=\"{}\" alt=\"\" width=\"{}\" height=\"{}\" fetchpriority=\"high\" />",
            escape(&hero.first_image),
            hero.width,
            hero.height
        ),
    )
}

/// A product's first picture as `ResponsiveImage` writes it, so that the browser picks the same
/// file as the preload and React: a `<picture>` offering the WebP widths before the `<img>`'s JPEG
/// ones, `sizes` on both; the `<img>` alone for a picture without widths. `attributes` are the
/// `<img>`'s others (class, alt, dimensions, priority).
pub(crate) fn painted_picture(product: &Product, sizes: &str, attributes: &str) -> String {
    let first = product.images_or_placeholder().remove(0);
    match (srcset(&first, "webp"), srcset(&first, "jpg")) {
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

/// A product's main picture, with the sources of `product-gallery.tsx`'s `<img>` (`sizes`), below
/// the room of the page's breadcrumb line so that it is painted where the gallery puts it.
pub(crate) fn product_first_paint(shop_name: &str, product: &Product, sizes: &str) -> String {
    let attributes = format!(
        "class=\"first-paint-picture\" alt=\"{}\" width=\"800\" height=\"800\" fetchpriority=\"high\"",
        escape(&product.name)
    );
    first_paint(
        shop_name,
        &format!(
            "<div class=\"container first-paint-product\"><div class=\"first-paint-trail\">&nbsp;</div>{}</div>",
            painted_picture(product, sizes, &attributes)
        ),
    )
}

/// `/products`' title, the room its count and controls take, and its first cards (picture and
/// name, a link to the product), in the boxes of `product-listing.tsx` and `product-grid.tsx`.
pub(crate) fn listing_first_paint(shop_name: &str, title: &str, products: &[Product], listing: &Listing) -> String {
    let cards: String =
        products.iter().take(listing.first_cards).enumerate().map(|(i, p)| card_first_paint(p, i, listing)).collect();
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
pub(crate) fn card_first_paint(product: &Product, index: usize, listing: &Listing) -> String {
    let priority = if index < listing.priority_cards { " fetchpriority=\"high\"" } else { "" };
    let name = escape(&product.name);
    let attributes =
        format!("class=\"first-paint-card-picture\" alt=\"{name}\" width=\"800\" height=\"800\"{priority}");
    format!(
        "<li><a class=\"first-paint-card\" href=\"/product/{}\">{}<h3 class=\"first-paint-card-name\">{name}</h3>\
         {}</a></li>",
        escape(product.slug.as_str()),
        painted_picture(product, &listing.card_image_sizes, &attributes),
        price_first_paint(product),
    )
}

/// The card's price as `product-price.tsx` writes it: the price paid beside the struck original
/// when a promotion lowers it, else the price.
pub(crate) fn price_first_paint(product: &Product) -> String {
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
