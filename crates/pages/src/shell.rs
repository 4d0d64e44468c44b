//! The built storefront: its `index.html`, what each route's first view needs beyond it (from
//! Vite's manifest), what its pages paint (the build's first-paint contract) and the content
//! security policy of its pages.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use base64::prelude::{BASE64_STANDARD, Engine as _};
use sha2::{Digest, Sha256};

use crate::first_paint::{self, FirstPaint, Route};
use crate::head::escape;

/// Where Vite's build writes its manifest, beside `index.html`.
const MANIFEST: &str = ".vite/manifest.json";

/// The built `index.html`, read once at start, what the storefront's build says its pages paint,
/// the chunks each route needs beyond `index.html`, and the content security policy of its pages.
pub struct Shell {
    pub(crate) template: String,
    /// `None` for a build that wrote no contract: its pages are then served without a first view
    /// or preloads, rather than with ones React would not use.
    pub(crate) first_paint: Option<FirstPaint>,
    pub(crate) route_preloads: HashMap<Route, String>,
    policy: String,
}

impl Shell {
    /// `index` is the built `index.html`; Vite's manifest and the first-paint contract are read
    /// from `.vite/` beside it. A build lacking either is served all the same, as far as it can
    /// be read, and one warning says so: without the contract, pages name no route chunk and
    /// paint or preload nothing before the script; without the manifest, they name no chunk.
    pub fn load(index: &Path) -> Option<Self> {
        let template = std::fs::read_to_string(index).ok()?;
        let dir = index.parent().unwrap_or(Path::new("."));
        let mut missing = Vec::new();
        let manifest = read_json::<serde_json::Value>(dir, MANIFEST).unwrap_or_else(|why| {
            missing.push(why);
            serde_json::Value::Null
        });
        let first_paint = read_json::<FirstPaint>(dir, first_paint::FILE).map_err(|why| missing.push(why)).ok();
        if !missing.is_empty() {
            tracing::warn!(
                "the built storefront is incomplete ({}): its pages are served without what it lacks \
                 (route chunks, first views, preloads); build the storefront again",
                missing.join("; ")
            );
        }
        let route_preloads = first_paint
            .iter()
            .flat_map(|contract| {
                Route::ALL.map(|route| (route, chunk_links(&manifest, contract.module(route), &template)))
            })
            .collect();
        let policy = storefront_policy(&inline_script_hashes(&template));
        Some(Self { template, first_paint, route_preloads, policy })
    }

    /// The content security policy of the storefront's pages: its own files, and the inline
    /// scripts of `index.html` (the painted view's tap keeper), each by its hash.
    pub fn policy(&self) -> &str {
        &self.policy
    }

    /// How many products the storefront's first `/products` request asks for, when an address
    /// with these query parameters shows that first page (none names a filter, a sort or a page):
    /// the page the server may paint. `None` otherwise, or when the build did not say.
    pub fn first_listing_page_size<'a>(&self, mut query_keys: impl Iterator<Item = &'a str>) -> Option<u32> {
        let listing = &self.first_paint.as_ref()?.listing;
        (!query_keys.any(|key| listing.params.iter().any(|param| param == key))).then_some(listing.page_size)
    }
}

/// The JSON file `name` of the build in `dir`; why not, for the log.
fn read_json<T: serde::de::DeserializeOwned>(dir: &Path, name: &str) -> Result<T, String> {
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `'sha256-…'` of each script of `template` that runs inline: neither a file (`src`) nor data (a
/// `type`). The browser hashes the text between the tags as it is, so must this; a `<script`
/// written inside a comment is no element.
pub(crate) fn inline_script_hashes(template: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("<script") {
        if let Some(comment) = rest.find("<!--").filter(|&comment| comment < start) {
            let Some(end) = rest[comment..].find("-->") else { break };
            rest = &rest[comment + end + 3..];
            continue;
        }
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

/// `<link>`s for a route module's chunk and its static imports (scripts) and their styles, less
/// what `index.html` already names: the browser fetches them with the entry script, which names
/// them only once it runs (a lazy route), instead of one after another. Styles are preloaded, not
/// applied: Vite's loader applies them when the chunk runs, as it does for any lazy route.
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
        links.push_str(&format!("<link rel=\"modulepreload\" crossorigin href=\"/{}\" />\n", escape(file)));
    }
    for file in styles.iter().filter(|f| fresh(f)) {
        links.push_str(&format!("<link rel=\"preload\" as=\"style\" crossorigin href=\"/{}\" />\n", escape(file)));
    }
    links
}

/// The storefront runs only its own scripts and styles: its files, and the inline scripts of its
/// `index.html` named by their hashes (`'sha256-…'`: the painted view's tap keeper); the JSON-LD and API answers the
/// server writes into pages are data, which `script-src` does not govern. Images may also be
/// `data:` (CSS icons) and `blob:` (previews of a picture being uploaded).
pub fn storefront_policy(inline_scripts: &[String]) -> String {
    let scripts: String = inline_scripts.iter().map(|hash| format!(" {hash}")).collect();
    format!(
        "default-src 'self'; script-src 'self'{scripts}; style-src 'self'; img-src 'self' data: blob:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}
