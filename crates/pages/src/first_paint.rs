//! What the painted pages must agree on with the storefront's own code, as its build wrote it
//! beside Vite's manifest (`.vite/first-paint.json`, from `frontend/src/config/first-paint.ts`,
//! which the storefront's components import): the route modules of the painted pages, the hero's
//! first slide, the pictures' `sizes`, the listing's first request and its parameters. Read from
//! the build rather than written here too, so that a change on the storefront's side cannot leave
//! the painted picture elsewhere than React's, or a preload unused.

use serde::Deserialize;

/// Where the storefront's build writes the contract, beside `index.html`.
pub(crate) const FILE: &str = ".vite/first-paint.json";

/// The pages painted by the server, each shown by one lazy route module of the storefront.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Route {
    Home,
    Products,
    Category,
    Product,
}

impl Route {
    pub(crate) const ALL: [Route; 4] = [Route::Home, Route::Products, Route::Category, Route::Product];
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FirstPaint {
    routes: Routes,
    pub(crate) header_icons: HeaderIcons,
    pub(crate) hero: Hero,
    /// The product page's main picture widths: a preload is used only when its `imagesizes` and
    /// `imagesrcset` are those of the `<img>`.
    pub(crate) product_image_sizes: String,
    pub(crate) listing: Listing,
}

/// Vite's manifest key of each painted page's route module.
#[derive(Debug, Clone, Deserialize)]
struct Routes {
    home: String,
    products: String,
    category: String,
    product: String,
}

/// The header's icons the painted header shows: each the `d` of its paths in a 24×24 box, drawn
/// as strokes like `frontend/src/components/ui/icons.tsx` draws them.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct HeaderIcons {
    pub(crate) menu: Vec<String>,
    pub(crate) search: Vec<String>,
    pub(crate) cart: Vec<String>,
    pub(crate) account: Vec<String>,
}

/// The home page's largest paint: the carousel's first slide, in the carousel's box.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Hero {
    pub(crate) first_image: String,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Listing {
    /// The storefront's first `/products` request asks for this many products: the painted cards
    /// come from that very page.
    pub(crate) page_size: u32,
    /// Cards painted before the script: those on the first screen.
    pub(crate) first_cards: usize,
    /// Of those, the ones fetched first.
    pub(crate) priority_cards: usize,
    /// A `/products` card's picture widths.
    pub(crate) card_image_sizes: String,
    /// The address parameters the listing reads; others (`fbclid`, `utm_source`…) leave it as
    /// it is.
    pub(crate) params: Vec<String>,
}

impl FirstPaint {
    /// Vite's manifest key of the route module showing `route`.
    pub(crate) fn module(&self, route: Route) -> &str {
        let routes = &self.routes;
        match route {
            Route::Home => &routes.home,
            Route::Products => &routes.products,
            Route::Category => &routes.category,
            Route::Product => &routes.product,
        }
    }
}
