//! One page's head: its title, description, canonical address, share tags and structured data,
//! written into the storefront's `index.html` in place of the defaults, with the page's first
//! view and the API answers it carries.

use crate::Site;
use crate::first_paint::Route;
pub(crate) use bitik_common::escape_html as escape;

/// The head of one page.
pub(crate) struct Head {
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) path: String,
    pub(crate) image: String,
    pub(crate) kind: &'static str,
    pub(crate) structured: Option<serde_json::Value>,
    /// The storefront's route showing the page, whose chunks the page names.
    pub(crate) route: Route,
    /// `<link rel="preload">` of the picture likely to be the page's largest paint.
    pub(crate) lcp_image: Option<String>,
    /// HTML painted inside `#root` until React renders.
    pub(crate) first_paint: Option<String>,
    /// The API answers the first render asks for, by their address (`api_address`): the
    /// storefront's API client takes each once instead of asking the server again.
    pub(crate) answers: serde_json::Map<String, serde_json::Value>,
}

/// Tags of the template the page's own replace.
fn is_replaced(tag: &str) -> bool {
    const KEYS: [&str; 14] = [
        "name=\"description\"",
        "property=\"og:site_name\"",
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
pub(crate) fn render(template: &str, head: &Head, site: Site, preloads: &str) -> String {
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
            html.push_str(&head_tags(head, site));
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

/// The page's API answers for `frontend/src/lib/api-client.ts` (`ANSWERS_ELEMENT_ID`).
fn api_answers(answers: &serde_json::Map<String, serde_json::Value>) -> String {
    let json = inline_json(&serde_json::Value::Object(answers.clone()));
    format!("<script type=\"application/json\" id=\"api-answers\">{json}</script>")
}

/// JSON to write inside a `<script>` element, with no `<` or `>` left. A browser ends the element
/// at the first `</script`, whatever JSON thinks, and after a `<!--` followed by `<script` it
/// ignores even that one until a `-->`: the rest of the page would be swallowed. Both characters
/// only occur inside JSON strings, where `\u003c` and `\u003e` read the same to a JSON reader.
/// (`&` means nothing inside a script element and is left as it is, in the carried addresses too.)
pub(crate) fn inline_json(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            _ => out.push(c),
        }
    }
    out
}

/// An API address as the storefront's client builds it (`buildUrl`), its parameters sorted by
/// name, the form `lib/api-client.ts` looks answers up by.
pub fn api_address(path: &str, query: &[(&str, &str)]) -> String {
    let mut query = query.to_vec();
    query.sort_unstable();
    let search: Vec<String> = query.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if search.is_empty() { format!("/api{path}") } else { format!("/api{path}?{}", search.join("&")) }
}

/// `body` as the API serialises it, for `Head::answers`.
pub(crate) fn answer(address: String, body: impl serde::Serialize) -> serde_json::Map<String, serde_json::Value> {
    serde_json::to_value(body).map(|value| serde_json::Map::from_iter([(address, value)])).unwrap_or_default()
}

/// The empty mount point of the storefront's `index.html`.
const ROOT: &str = "<div id=\"root\"></div>";

pub(crate) fn absolute(public_url: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        path.to_owned()
    } else {
        format!("{public_url}{path}")
    }
}

/// The shop for `frontend/src/lib/shop.ts` (`SHOP_ELEMENT_ID`): JSON text written inside a
/// `<script>` element, `<` and `>` written as JSON escapes, as [`inline_json`] does.
fn shop_script(shop_json: &str) -> String {
    let json = shop_json.replace('<', "\\u003c").replace('>', "\\u003e");
    format!("<script type=\"application/json\" id=\"shop\">{json}</script>\n")
}

fn head_tags(head: &Head, site: Site) -> String {
    let public_url = site.public_url;
    let (title, description) = (escape(&head.title), escape(&head.description));
    let url = escape(&absolute(public_url, &head.path));
    let image = escape(&absolute(public_url, &head.image));
    let mut tags = format!(
        "<title>{title}</title>\n<meta name=\"description\" content=\"{description}\" />\n\
         <link rel=\"canonical\" href=\"{url}\" />\n<meta property=\"og:type\" content=\"{}\" />\n\
         <meta property=\"og:title\" content=\"{title}\" />\n<meta property=\"og:description\" content=\"{description}\" />\n\
         <meta property=\"og:url\" content=\"{url}\" />\n<meta property=\"og:image\" content=\"{image}\" />\n\
         <meta name=\"twitter:title\" content=\"{title}\" />\n<meta name=\"twitter:description\" content=\"{description}\" />\n\
         <meta name=\"twitter:image\" content=\"{image}\" />\n<meta property=\"og:site_name\" content=\"{}\" />\n",
        head.kind,
        escape(site.shop_name),
    );
    tags.push_str(&shop_script(site.shop_json));
    if let Some(data) = &head.structured {
        tags.push_str(&format!("<script type=\"application/ld+json\">{}</script>\n", inline_json(data)));
    }
    tags
}
