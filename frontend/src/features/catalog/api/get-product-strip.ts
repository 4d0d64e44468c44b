import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { productKeys } from './keys'
import { productListSchema } from './product-schema'

/** The home page's short lists: GET /api/products/new-arrivals?limit=n, GET /api/products/promotions?limit=n. */
export type ProductStrip = 'new-arrivals' | 'promotions'

export function getProductStrip(strip: ProductStrip, limit: number, signal?: AbortSignal) {
  return api.get(`/products/${strip}`, productListSchema, { query: { limit }, signal })
}

export function productStripQueryOptions(strip: ProductStrip, limit: number) {
  return queryOptions({
    queryKey: productKeys.strip(strip, limit),
    queryFn: ({ signal }) => getProductStrip(strip, limit, signal),
  })
}
