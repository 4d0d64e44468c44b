// The listing's state lives in the address: the query string is
// the single source of truth. These pure functions read it into an API query
// (dropping what the server would refuse), write a state back into a query
// string, and derive the heading, the canonical URL and page links.
import {
  categoryLabel,
  CATEGORIES,
  compareSizes,
  isCategorySlug,
  isSubcategorySlug,
  normaliseSize,
  subcategoryLabel,
  type CategorySlug,
} from '@/config/catalog'
import { colorLabel } from '@/config/colors'
import { LISTING_PARAMS, PRODUCTS_PAGE_SIZE } from '@/config/first-paint'
import { formatPrice } from '@/lib/format'
import { SORTS, type ProductQuery, type Sort } from './api/get-products'

/** The server refuses longer searches. */
export const MAX_SEARCH_CHARS = 100
/** Far beyond any real catalogue; larger numbers are typos or probes. */
const MAX_PAGE = 100_000
const MAX_PRICE = 1_000_000_000

function wholeNumber(value: string | null, max: number): number | undefined {
  const text = value?.trim() ?? ''
  if (!/^\d+$/.test(text)) return undefined
  const n = Number(text)
  return n <= max ? n : undefined
}

function list(value: string | null): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)
}

function flag(value: string | null): true | undefined {
  return value === 'true' || value === '1' ? true : undefined
}

function parentCategory(subcategory: string): CategorySlug | undefined {
  return CATEGORIES.find((c) => c.subcategories.some((s) => s.slug === subcategory))?.slug
}

/** Colour names as the catalogue stores them: lowercase, single spaces. */
export function normaliseColor(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ')
}

function compact(query: ProductQuery): ProductQuery {
  // Drop absent keys so equal listings share one cache entry.
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ProductQuery
}

/**
 * The API query of /products from its address. A value the server would
 * refuse (unknown category or size, a subcategory of another category, a
 * minimum above the maximum, a negative page…) is dropped rather than sent:
 * a hand-edited or outdated link still shows products.
 */
export function parseListingParams(params: URLSearchParams): ProductQuery {
  const page = wholeNumber(params.get('page'), MAX_PAGE)
  const sort = params.get('sort')
  const categoryRaw = params.get('category')?.trim() ?? ''
  const subcategoryRaw = params.get('subcategory')?.trim() ?? ''
  const category = isCategorySlug(categoryRaw) ? categoryRaw : undefined
  let subcategory = isSubcategorySlug(subcategoryRaw) ? subcategoryRaw : undefined
  if (category && subcategory && parentCategory(subcategory) !== category) subcategory = undefined
  const minPrice = wholeNumber(params.get('minPrice'), MAX_PRICE)
  let maxPrice = wholeNumber(params.get('maxPrice'), MAX_PRICE)
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) maxPrice = undefined
  const colors = [...new Set(list(params.get('colors')).map(normaliseColor))]
  const sizes = [...new Set(list(params.get('sizes')).flatMap((s) => normaliseSize(s) ?? []))].sort(compareSizes)
  const search = params.get('search')?.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_CHARS).trim()

  return compact({
    page: page && page > 1 ? page : 1,
    limit: PRODUCTS_PAGE_SIZE,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : undefined,
    category,
    subcategory,
    minPrice,
    maxPrice,
    colors: colors.length > 0 ? colors : undefined,
    sizes: sizes.length > 0 ? sizes : undefined,
    promotion: flag(params.get('promotion')),
    featured: flag(params.get('featured')),
    new: flag(params.get('new')),
    search: search || undefined,
  })
}

/**
 * /category/{category}[/{subcategory}]: the category from the path; page, sort and the other
 * filters (price, colours, sizes, selections) from the query. No search: that is /products'.
 */
export function parseCategoryParams(category: CategorySlug, subcategory: string | undefined, params: URLSearchParams): ProductQuery {
  const { search: _search, category: _category, subcategory: _subcategory, ...filters } = parseListingParams(params)
  return compact({ ...filters, category, subcategory })
}

/** The part of a category page's query written in its address: all but the category, which is its path. */
export function categoryUrlQuery(query: ProductQuery): ProductQuery {
  const { category: _category, subcategory: _subcategory, ...rest } = query
  return rest
}

/**
 * The query string of a listing state (without '?'): defaults left out
 * (page 1, the default sort, the page size), lists comma-separated with the
 * commas kept readable (sizes in standard order), `new=true` style flags.
 */
export function listingSearch(query: ProductQuery): string {
  const parts: string[] = []
  for (const key of LISTING_PARAMS) {
    const value = query[key]
    if (value === undefined || value === false || value === '') continue
    if (key === 'page' && value === 1) continue
    if (Array.isArray(value)) {
      const items = key === 'sizes' ? [...value].sort(compareSizes) : value
      if (items.length > 0) parts.push(`${key}=${items.map(encodeURIComponent).join(',')}`)
    } else {
      parts.push(`${key}=${encodeURIComponent(String(value))}`)
    }
  }
  return parts.join('&')
}

export type ListingFilters = Omit<ProductQuery, 'page' | 'limit'>

/** A filter change: the new state, back on page 1. `undefined` in `patch` removes a filter. */
export function withFilters(query: ProductQuery, patch: Partial<ListingFilters>): ProductQuery {
  return compact({ ...query, ...patch, page: 1 })
}

/** Everything the sidebar sets, cleared; the search text and the sort stay. */
export function withoutFilters(query: ProductQuery): ProductQuery {
  return compact({ page: 1, limit: query.limit, sort: query.sort, search: query.search })
}

/** An active filter, shown above the results as a chip that removes it. */
export interface FilterChip {
  key: string
  /** What it says: « Taille : M », « Couleur : Noir »… */
  label: string
  /** The filter change that removes it. */
  remove: Partial<ListingFilters>
}

function priceChipLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Prix : ${formatPrice(min)} – ${formatPrice(max)}`
  return min !== undefined ? `Prix : dès ${formatPrice(min)}` : `Prix : jusqu’à ${formatPrice(max)}`
}

const others = (values: string[] | undefined, value: string) => {
  const rest = (values ?? []).filter((v) => v !== value)
  return rest.length > 0 ? rest : undefined
}

/**
 * The active filters in the order the filters list them. `withCategory` false on a category
 * page, whose category is its address and not a filter to remove.
 */
export function filterChips(query: ProductQuery, withCategory = true): FilterChip[] {
  const chips: FilterChip[] = []
  const category = query.subcategory ? subcategoryLabel(query.subcategory) : query.category ? categoryLabel(query.category) : undefined
  if (withCategory && category) {
    chips.push({ key: 'category', label: `Catégorie : ${category}`, remove: { category: undefined, subcategory: undefined } })
  }
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    chips.push({ key: 'price', label: priceChipLabel(query.minPrice, query.maxPrice), remove: { minPrice: undefined, maxPrice: undefined } })
  }
  for (const color of query.colors ?? []) {
    chips.push({ key: `color-${color}`, label: `Couleur : ${colorLabel(color)}`, remove: { colors: others(query.colors, color) } })
  }
  for (const size of query.sizes ?? []) {
    chips.push({ key: `size-${size}`, label: `Taille : ${size}`, remove: { sizes: others(query.sizes, size) } })
  }
  if (query.promotion) chips.push({ key: 'promotion', label: 'En promotion', remove: { promotion: undefined } })
  if (query.featured) chips.push({ key: 'featured', label: 'Produits à la une', remove: { featured: undefined } })
  if (query.new) chips.push({ key: 'new', label: 'Nouveautés', remove: { new: undefined } })
  return chips
}

/** How many sidebar filters are on (the phone's Filtres button shows it). */
export function activeFilterCount(query: ProductQuery): number {
  return (
    (query.category || query.subcategory ? 1 : 0) +
    (query.minPrice !== undefined || query.maxPrice !== undefined ? 1 : 0) +
    (query.colors?.length ?? 0) +
    (query.sizes?.length ?? 0) +
    (query.promotion ? 1 : 0) +
    (query.featured ? 1 : 0) +
    (query.new ? 1 : 0)
  )
}

/** Heading by active filter, in this order of precedence. */
export function listingHeading(query: ProductQuery): string {
  if (query.search) return `Résultats pour « ${query.search} »`
  if (query.new) return 'Nouveautés'
  if (query.promotion) return 'Promotions'
  if (query.featured) return 'Produits à la une'
  if (query.subcategory) return subcategoryLabel(query.subcategory) ?? 'Tous nos produits'
  if (query.category) return categoryLabel(query.category) ?? 'Tous nos produits'
  return 'Tous nos produits'
}

/**
 * Canonical URL of a listing: the filters that make a distinct page worth
 * indexing (collection, category, page); sort, price, colours, sizes and
 * search are views of the same page.
 */
export function listingCanonicalPath(query: ProductQuery): string {
  const params = new URLSearchParams()
  if (query.category) params.set('category', query.category)
  if (query.subcategory) params.set('subcategory', query.subcategory)
  if (query.new) params.set('new', 'true')
  if (query.promotion) params.set('promotion', 'true')
  if (query.featured) params.set('featured', 'true')
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return `/products${search ? `?${search}` : ''}`
}

/** Address of a listing state at `path`. */
export function listingHref(query: ProductQuery, path = '/products'): string {
  const search = listingSearch(query)
  return `${path}${search ? `?${search}` : ''}`
}

/** The same listing at another page (page 1 is the bare address). */
export function pageHref(query: ProductQuery, page: number, path = '/products'): string {
  return listingHref({ ...query, page }, path)
}

export function resultCountLabel(total: number, atLeast = false): string {
  const formatted = new Intl.NumberFormat('fr-FR').format(total).replace(/[\u202f\u00a0]/g, ' ')
  const count = `${formatted} produit${total > 1 ? 's' : ''}`
  return atLeast ? `Plus de ${count}` : count
}

