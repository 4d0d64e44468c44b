//! What the painted pages must agree on with the storefront's own code: its route modules, the
//! hero picture, the pictures' `sizes`, the listing's first request and its parameters.

/// The storefront's lazy route modules (`frontend/src/app/routes.tsx`) of the pages answered here.
pub const HOME_ROUTE: &str = "src/app/routes/home.tsx";
pub const PRODUCTS_ROUTE: &str = "src/app/routes/products.tsx";
pub const CATEGORY_ROUTE: &str = "src/app/routes/category.tsx";
pub const PRODUCT_ROUTE: &str = "src/app/routes/product.tsx";

/// The first slide of the home page's carousel (`SLIDES[0]` in
/// `frontend/src/features/home/components/hero-carousel.tsx`): the home page's largest paint.
pub const HERO_IMAGE: &str = "/images/hero/hero-1.svg";

/// The product page's main picture widths (`MAIN_IMAGE_SIZES` in
/// `frontend/src/features/catalog/components/product-gallery.tsx`): a preload is used only when
/// its `imagesizes` and `imagesrcset` are those of the `<img>`.
pub const PRODUCT_IMAGE_SIZES: &str = "(min-width: 1200px) 600px, (min-width: 769px) 50vw, 100vw";

/// A `/products` card's picture widths (`CARD_IMAGE_SIZES_WITH_SIDEBAR` in
/// `frontend/src/features/catalog/components/product-card.tsx`, the desktop layout beside the
/// filters). On a phone the listing's cards use `CARD_IMAGE_SIZES`, which also says `50vw` there:
/// at any width the browser picks the file React's `<img>` picks.
pub const CARD_IMAGE_SIZES: &str = "(min-width: 1200px) 210px, (min-width: 769px) 17vw, 50vw";

/// The storefront's listing page size (`PRODUCTS_PAGE_SIZE` in `get-products.ts`): the painted
/// cards come from the very page its first request asks for (`?page=1&limit=12`).
pub const PRODUCTS_PAGE_SIZE: &str = "12";

/// Cards painted before the script: React's `aboveFold` in `product-listing.tsx`, the first row
/// of four on a desktop and the two rows of two on a 412×823 phone's first screen.
pub const FIRST_CARDS: usize = 4;

/// Of those, the ones fetched first (a phone's first row; `priority` in `product-grid.tsx`).
pub const PRIORITY_CARDS: usize = 2;

/// The query parameters `/products` reads (`ORDER` in `frontend/src/features/catalog/listing-params.ts`);
/// others (`fbclid`, `utm_source`…) leave the listing as it is.
pub const LISTING_PARAMS: [&str; 12] = [
    "page",
    "sort",
    "category",
    "subcategory",
    "minPrice",
    "maxPrice",
    "colors",
    "sizes",
    "promotion",
    "featured",
    "new",
    "search",
];
