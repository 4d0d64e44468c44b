// The /products address mirrors the listing state (seed 000 §2): these pure
// functions turn the query string into an API query, a heading and a canonical URL.
import { categoryLabel, isCategorySlug, isSubcategorySlug, subcategoryLabel } from '@/config/catalog'
import { PRODUCTS_PAGE_SIZE, SORTS, type ProductQuery, type Sort } from './api/get-products'

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : undefined
}

function list(value: string | null): string[] | undefined {
  const items = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  return items.length > 0 ? items : undefined
}

export function parseListingParams(params: URLSearchParams): ProductQuery {
  const page = positiveInt(params.get('page'))
  const sort = params.get('sort')
  const category = params.get('category') ?? ''
  const subcategory = params.get('subcategory') ?? ''
  const search = params.get('search')?.trim()
  const query: ProductQuery = {
    page: page && page > 1 ? page : 1,
    limit: PRODUCTS_PAGE_SIZE,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : undefined,
    category: isCategorySlug(category) ? category : undefined,
    subcategory: isSubcategorySlug(subcategory) ? subcategory : undefined,
    minPrice: positiveInt(params.get('minPrice')),
    maxPrice: positiveInt(params.get('maxPrice')),
    colors: list(params.get('colors')),
    sizes: list(params.get('sizes')),
    promotion: params.get('promotion') === 'true' || undefined,
    featured: params.get('featured') === 'true' || undefined,
    new: params.get('new') === 'true' || undefined,
    search: search || undefined,
  }
  // Drop absent keys so equal listings share one cache entry.
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ProductQuery
}

/** Heading by active filter, in the seed's order of precedence. */
export function listingHeading(query: ProductQuery): string {
  if (query.search) return `Résultats pour « ${query.search} »`
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

/** The same address with another page number (page 1 is the bare address). */
export function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params)
  if (page > 1) next.set('page', String(page))
  else next.delete('page')
  const search = next.toString()
  return `/products${search ? `?${search}` : ''}`
}

export function resultCountLabel(total: number): string {
  const formatted = new Intl.NumberFormat('fr-FR').format(total).replace(/[\u202f\u00a0]/g, ' ')
  return `${formatted} produit${total > 1 ? 's' : ''}`
}
