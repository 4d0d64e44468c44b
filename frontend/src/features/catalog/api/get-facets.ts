import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { array, int, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import type { ProductQuery } from './get-products'
import { productKeys } from './keys'

const countSchema = object({ value: string(), count: int() })

/** GET /api/products/facets: what the listing's filters can choose among, each counted without its own filter. */
export const facetsSchema = object({
  colors: array(countSchema),
  sizes: array(countSchema),
  price: nullable(object({ min: int(), max: int() })),
  categories: array(object({ value: string(), count: int(), subcategories: array(countSchema) })),
})
export type Facets = Infer<typeof facetsSchema>
export type FacetCount = Infer<typeof countSchema>

/** The listing's filters alone: its page and order change no facet, so they share one answer. */
export function facetFilters({ page: _page, limit: _limit, sort: _sort, ...filters }: ProductQuery): ProductQuery {
  return filters
}

export function getFacets(query: ProductQuery, signal?: AbortSignal) {
  const filters = facetFilters(query)
  return api.get('/products/facets', dataOf(facetsSchema), {
    signal,
    query: {
      ...filters,
      promotion: filters.promotion ? true : undefined,
      featured: filters.featured ? true : undefined,
      new: filters.new ? true : undefined,
    },
  })
}

export function facetsQueryOptions(query: ProductQuery) {
  const filters = facetFilters(query)
  return queryOptions({ queryKey: productKeys.facets(filters), queryFn: ({ signal }) => getFacets(filters, signal) })
}

/** The facets of the listing; the previous answer stays shown while the next one loads. */
export function useFacets(query: ProductQuery) {
  return useQuery({ ...facetsQueryOptions(query), placeholderData: keepPreviousData })
}
