//! The first view painted inside `#root` before any script has run: the header bar and the
//! page's largest picture (for `/products`, its title and first cards). The classes live in
//! `frontend/src/styles/global.css`, in the boxes React renders instead, so nothing moves when
//! React replaces them. Everything a shopper can tap there is a real link: the header's menu and
//! search lead to `/products`, its cart to `/cart`, its account to `/account`, a card to its product. The storefront's inline
//! script (`frontend/src/app/painted-taps.js`) keeps a tap on the header's (`data-tap`) for React
//! to replay on its own control instead.

use bitik_catalog::Product;
use bitik_images::srcset;

use crate::first_paint::{HeaderIcons, Hero, Listing};
use crate::head::escape;

/// The header bar above `picture`, the page's largest paint: on a phone the menu, the shop's name,
/// the search, the cart and the account; on a wider screen the name and the cart (React's header
/// adds its links there). The classes live in `frontend/src/styles/global.css`, in the same boxes as the
/// components React renders instead, so the picture does not move and is not painted larger when
/// it does.
pub(crate) fn first_paint(shop_name: &str, icons: &HeaderIcons, picture: &str) -> String {
    let control = |tap: &str, href: &str, label: &str, paths: &[String], phone_only: bool| {
        let class = if phone_only { "first-paint-icon first-paint-phone" } else { "first-paint-icon" };
        format!("<a class=\"{class}\" href=\"{href}\" aria-label=\"{label}\" data-tap=\"{tap}\">{}</a>", icon(paths))
    };
    format!(
        "<div class=\"container first-paint-bar\">{}<a class=\"first-paint-logo\" href=\"/\" aria-label=\"{name} — accueil\">{name}</a>\
         <div class=\"first-paint-actions\">{}{}{}</div></div>{picture}",
        control("menu", "/products", "Ouvrir le menu", &icons.menu, true),
        control("search", "/products", "Ouvrir la recherche", &icons.search, true),
        control("cart", "/cart", "Panier", &icons.cart, false),
        control("account", "/account", "Mon compte", &icons.account, true),
        name = escape(shop_name),
    )
}

/// An icon as `icons.tsx`'s `Icon` draws it: strokes in a 24×24 box, hidden from screen readers
/// (the link around it carries the name).
fn icon(paths: &[String]) -> String {
    let strokes: String = paths.iter().map(|d| format!("<path d=\"{}\" />", escape(d))).collect();
    format!(
        "<svg width=\"24\" height=\"24\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" \
         stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" \
         focusable=\"false\">{strokes}</svg>"
    )
}

/// The first slide of the hero carousel, as `hero-carousel.tsx` renders it.
pub(crate) fn hero_first_paint(shop_name: &str, icons: &HeaderIcons, hero: &Hero) -> String {
    first_paint(
        shop_name,
        icons,
        &format!(
            "<img class=\"first-paint-hero\" src=\"{}\" alt=\"\" width=\"{}\" height=\"{}\" fetchpriority=\"high\" />",
            escape(&hero.first_image),
            hero.width,
            hero.height
        ),
    )
}

/// A product's picture as `ResponsiveImage` writes it, so that the browser picks the same file as
/// the preload and React: a `<picture>` offering the WebP widths before the `<img>`'s JPEG ones,
/// `sizes` on both; the `<img>` alone for a picture without widths. `attributes` are the `<img>`'s
/// others (class, alt, dimensions, priority).
pub(crate) fn painted_picture(first: &str, sizes: &str, attributes: &str) -> String {
    match (srcset(first, "webp"), srcset(first, "jpg")) {
        (Some(webp), Some(jpg)) => format!(
            "<picture><source type=\"image/webp\" srcset=\"{}\" sizes=\"{sizes}\" />\
             <img {attributes} src=\"{}\" srcset=\"{}\" sizes=\"{sizes}\" /></picture>",
            escape(&webp),
            escape(first),
            escape(&jpg),
            sizes = escape(sizes),
        ),
        _ => format!("<img {attributes} src=\"{}\" />", escape(first)),
    }
}

/// A product's main picture as the page opens (its opening colour's first, as `product-detail.tsx`
/// chooses it), with the sources of `product-gallery.tsx`'s `<img>` (`sizes`), below the room of
/// the page's breadcrumb line so that it is painted where the gallery puts it.
pub(crate) fn product_first_paint(shop_name: &str, icons: &HeaderIcons, product: &Product, sizes: &str) -> String {
    let attributes = format!(
        "class=\"first-paint-picture\" alt=\"{}\" width=\"800\" height=\"800\" fetchpriority=\"high\"",
        escape(&product.name)
    );
    first_paint(
        shop_name,
        icons,
        &format!(
            "<div class=\"container first-paint-product\"><div class=\"first-paint-trail\">&nbsp;</div>{}</div>",
            painted_picture(&product.opening_image(), sizes, &attributes)
        ),
    )
}

/// `/products`' title, the room its count and controls take, and its first cards (picture and
/// name, a link to the product), in the boxes of `product-listing.tsx` and `product-grid.tsx`.
pub(crate) fn listing_first_paint(
    shop_name: &str,
    icons: &HeaderIcons,
    title: &str,
    products: &[Product],
    listing: &Listing,
) -> String {
    let cards: String =
        products.iter().take(listing.first_cards).enumerate().map(|(i, p)| card_first_paint(p, i, listing)).collect();
    first_paint(
        shop_name,
        icons,
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
        painted_picture(&product.images_or_placeholder()[0], &listing.card_image_sizes, &attributes),
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
