// What the server must know of the storefront to paint a page's first view before any script
// runs (crates/pages): the components below import these values, and the build writes them to
// dist/.vite/first-paint.json (vite.config.ts), which the server reads at start. Change one here
// and both sides follow; the painted picture keeps landing where React puts it. This module
// imports nothing: vite.config.ts loads it too.

/**
 * The lazy route modules of the pages the server paints, as Vite's manifest names them: the
 * server preloads each page's chunks from there. The build fails when one is not a lazy route
 * chunk (a module renamed or moved without this list).
 */
export const PAINTED_ROUTES = {
  home: 'src/app/routes/home.tsx',
  products: 'src/app/routes/products.tsx',
  category: 'src/app/routes/category.tsx',
  product: 'src/app/routes/product.tsx',
} as const

/** The home page's carousel: its first slide is the page's largest paint. */
export const HERO = { firstImage: '/images/hero/hero-1.svg', width: 1600, height: 1000 } as const

/** A product page's main picture: the full width on phones, about half the container beside the details. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1200px) 600px, (min-width: 769px) 50vw, 100vw'

/**
 * Width of a card's picture in each layout of the grid: two columns on phones, four on wider
 * screens (the container stops at 1200px).
 */
export const CARD_IMAGE_SIZES = '(min-width: 1200px) 280px, (min-width: 769px) 23vw, 50vw'
/**
 * The same beside the /products sidebar (16rem + gap taken from the container). The server paints
 * /products' cards with it at every width: on a phone it says what `CARD_IMAGE_SIZES` says.
 */
export const CARD_IMAGE_SIZES_WITH_SIDEBAR = '(min-width: 1200px) 210px, (min-width: 769px) 17vw, 50vw'

/** Products per listing page: the painted cards come from the page the first request asks for. */
export const PRODUCTS_PAGE_SIZE = 12

/** A listing's cards whose pictures are on the first screen: a desktop's first row, a phone's first two rows. */
export const LISTING_FIRST_CARDS = 4
/** Of those, the ones fetched first: a phone's first row. */
export const LISTING_PRIORITY_CARDS = 2

/**
 * The address parameters a listing reads, in the order they are written; any other
 * (`fbclid`, `utm_source`…) leaves /products as it is, which the server then paints.
 */
export const LISTING_PARAMS = ['page', 'sort', 'category', 'subcategory', 'minPrice', 'maxPrice', 'colors', 'sizes', 'promotion', 'featured', 'new', 'search'] as const

/**
 * The header's icons that the server paints too (the menu, the search, the cart and the account):
 * each the `d` of its paths in a 24×24 box, drawn as strokes (components/ui/icons.tsx).
 */
export const HEADER_ICONS = {
  menu: ['M4 7h16M4 12h16M4 17h16'],
  search: ['M17.5 11a6.5 6.5 0 1 1-13 0a6.5 6.5 0 1 1 13 0', 'M20 20l-4.2-4.2'],
  cart: ['M5 7h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 7z', 'M9 10V6a3 3 0 0 1 6 0v4'],
  account: ['M15.6 8a3.6 3.6 0 1 1-7.2 0a3.6 3.6 0 1 1 7.2 0', 'M4.5 20c1.3-3.6 4.1-5.4 7.5-5.4s6.2 1.8 7.5 5.4'],
} as const

/** dist/.vite/first-paint.json: what `bitik_pages::Shell::load` reads. */
export const FIRST_PAINT = {
  routes: PAINTED_ROUTES,
  headerIcons: HEADER_ICONS,
  hero: HERO,
  productImageSizes: PRODUCT_IMAGE_SIZES,
  listing: {
    pageSize: PRODUCTS_PAGE_SIZE,
    firstCards: LISTING_FIRST_CARDS,
    priorityCards: LISTING_PRIORITY_CARDS,
    cardImageSizes: CARD_IMAGE_SIZES_WITH_SIDEBAR,
    params: LISTING_PARAMS,
  },
} as const
