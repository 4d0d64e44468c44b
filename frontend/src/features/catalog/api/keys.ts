// Query keys of the catalogue: every variable of a fetcher is in its key.
import type { ProductStrip } from './get-product-strip'
import type { ProductQuery } from './get-products'

export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductQuery) => ['products', 'list', query] as const,
  facets: (filters: ProductQuery) => ['products', 'facets', filters] as const,
  strip: (strip: ProductStrip, limit: number) => ['products', strip, limit] as const,
  detail: (idOrSlug: string) => ['products', 'detail', idOrSlug] as const,
  similar: (idOrSlug: string, limit: number) => ['products', 'similar', idOrSlug, limit] as const,
}
