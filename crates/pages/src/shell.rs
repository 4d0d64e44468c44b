//! The built storefront: its `index.html`, what each route's first view needs beyond it (from
//! Vite's manifest) and the content security policy of its pages.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use base64::prelude::{BASE64_STANDARD, Engine as _};
use sha2::{Digest, Sha256};

use crate::head::escape;
use crate::storefront::{CATEGORY_ROUTE, HOME_ROUTE, PRODUCT_ROUTE, PRODUCTS_ROUTE};

/// The built `index.html`, read once at start, the chunks each route needs beyond it, and the
/// content security policy of its pages.
pub struct Shell {
    pub(crate) template: String,
    pub(crate) route_preloads: HashMap<&'static str, String>,
    policy: String,
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
        let policy = storefront_policy(&inline_script_hashes(&template));
        Some(Self { template, route_preloads, policy })
    }

    /// The content security policy of the storefront's pages: its own files, and the inline
    /// scripts of `index.html` (the boot), each by its hash.
    pub fn policy(&self) -> &str {
        &self.policy
    }
}

/// `'sha256-…'` of each script of `template` that runs inline: neither a file (`src`) nor data (a
/// `type`). The browser hashes the text between the tags as it is, so must this.
pub(crate) fn inline_script_hashes(template: &str) -> Vec<String> {
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

/// The storefront runs only its own scripts and styles: its files, and the inline scripts of its
/// `index.html` named by their hashes (`'sha256-…'`: the boot); the JSON-LD and API answers the
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
