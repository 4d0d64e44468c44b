//! The public addresses of an image's variants, all derived from the one stored on the product.

use crate::{URL_PREFIX, WIDTHS};

/// The URL of another size/format of a stored image, from the URL [`prepare_variants`](crate::prepare_variants) returned:
/// `variant_url("/uploads/products/abc/800.jpg", 400, "webp")` →
/// `Some("/uploads/products/abc/400.webp")`. `None` if the URL does not follow the convention
/// or `width`/`ext` is not one that is written.
pub fn variant_url(main_url: &str, width: u32, ext: &str) -> Option<String> {
    let (collection, dir) = parse_url(main_url)?;
    if !WIDTHS.contains(&width) || !matches!(ext, "jpg" | "webp") {
        return None;
    }
    Some(format!("{URL_PREFIX}/{collection}/{dir}/{width}.{ext}"))
}

/// A `srcset` value for one format (`"jpg"` or `"webp"`):
/// `"/uploads/p/abc/400.webp 400w, /uploads/p/abc/800.webp 800w, /uploads/p/abc/1200.webp 1200w"`.
pub fn srcset(main_url: &str, ext: &str) -> Option<String> {
    let parts: Option<Vec<String>> =
        WIDTHS.iter().map(|&w| variant_url(main_url, w, ext).map(|u| format!("{u} {w}w"))).collect();
    Some(parts?.join(", "))
}

/// `(collection, dir)` of a URL made by [`prepare_variants`](crate::prepare_variants).
pub(crate) fn parse_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix(URL_PREFIX)?.strip_prefix('/')?;
    let mut it = rest.split('/');
    let (collection, dir, file) = (it.next()?, it.next()?, it.next()?);
    if it.next().is_some() || !is_segment(collection) || !is_segment(dir) {
        return None;
    }
    let (w, ext) = file.split_once('.')?;
    let ok = matches!(ext, "jpg" | "webp") && WIDTHS.iter().any(|x| x.to_string() == w);
    ok.then_some((collection, dir))
}

pub(crate) fn is_segment(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}
