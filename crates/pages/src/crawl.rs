//! What crawlers read first: `robots.txt` and the sitemap.

use bitik_catalog::{Category, Slug};
use chrono::{DateTime, SecondsFormat, Utc};

use crate::head::escape;

/// Static pages of the storefront, listed in the sitemap.
const STATIC_PAGES: [&str; 6] = ["/about", "/contact", "/delivery", "/returns", "/privacy", "/terms"];

/// Everything but the pages of a session (account, cart, checkout, payment returns) and of a
/// one-time link (a password reset, an order's confirmation) may be crawled.
pub fn robots(public_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /account\nDisallow: /checkout\nDisallow: /cart\n\
         Disallow: /orders\nDisallow: /api/\nDisallow: /payment-success\nDisallow: /payment-error\n\
         Disallow: /mobile-redirect\nDisallow: /reset-password/\nDisallow: /confirm/\n\nSitemap: {public_url}/sitemap.xml\n"
    )
}

/// The home page, the listings, every active product (with when it last changed) and the static
/// pages.
pub fn sitemap(public_url: &str, products: &[(Slug, DateTime<Utc>)]) -> String {
    let mut urls: Vec<(String, Option<String>)> = vec![("/".into(), None), ("/products".into(), None)];
    for category in [Category::parse("vetement"), Category::parse("accessoire")].into_iter().flatten() {
        urls.push((format!("/category/{}", category.as_str()), None));
        for sub in category.subcategories() {
            urls.push((format!("/category/{}/{}", category.as_str(), sub.as_str()), None));
        }
    }
    for (slug, changed) in products {
        urls.push((format!("/product/{}", slug.as_str()), Some(changed.to_rfc3339_opts(SecondsFormat::Secs, true))));
    }
    urls.extend(STATIC_PAGES.iter().map(|p| (p.to_string(), None)));
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (path, changed) in urls {
        xml.push_str(&format!("  <url><loc>{}</loc>", escape(&format!("{public_url}{path}"))));
        if let Some(changed) = changed {
            xml.push_str(&format!("<lastmod>{changed}</lastmod>"));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}
