import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productKeys } from './keys'
import { productListSchema } from './product-schema'

/** GET /api/products/new-arrivals?limit=n */
export function getNewArrivals(limit: number, signal?: AbortSignal) {
  return api.get('/products/new-arrivals', productListSchema, { query: { limit }, signal })
}

export function newArrivalsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: productKeys.newArrivals(limit),
    queryFn: ({ signal }) => getNewArrivals(limit, signal),
  })
}

export function useNewArrivals(limit: number) {
  return useQuery(newArrivalsQueryOptions(limit))
}
