import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productKeys } from './keys'
import { productListSchema } from './product-schema'

/** GET /api/products/promotions?limit=n */
export function getPromotions(limit: number, signal?: AbortSignal) {
  return api.get('/products/promotions', productListSchema, { query: { limit }, signal })
}

export function promotionsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: productKeys.promotions(limit),
    queryFn: ({ signal }) => getPromotions(limit, signal),
  })
}

export function usePromotions(limit: number) {
  return useQuery(promotionsQueryOptions(limit))
}
