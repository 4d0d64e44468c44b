import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productKeys } from './keys'
import { productListSchema } from './product-schema'

/** Similar products shown under a product. */
export const SIMILAR_LIMIT = 4

/** GET /api/products/{idOrSlug}/similar?limit=n: same subcategory first, never the product itself. */
export function getSimilarProducts(idOrSlug: string, limit: number, signal?: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(idOrSlug)}/similar`, productListSchema, { query: { limit }, signal })
}

export function similarProductsQueryOptions(idOrSlug: string, limit = SIMILAR_LIMIT) {
  return queryOptions({
    queryKey: productKeys.similar(idOrSlug, limit),
    queryFn: ({ signal }) => getSimilarProducts(idOrSlug, limit, signal),
  })
}

export function useSimilarProducts(idOrSlug: string, limit = SIMILAR_LIMIT) {
  return useQuery(similarProductsQueryOptions(idOrSlug, limit))
}
