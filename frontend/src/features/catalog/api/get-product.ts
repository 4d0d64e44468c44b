import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { productKeys } from './keys'
import { productSchema } from './product-schema'

const productAnswer = dataOf(productSchema)

/** GET /api/products/{idOrSlug}: 404 `product_not_found` when missing or inactive. */
export async function getProduct(idOrSlug: string, signal?: AbortSignal) {
  const answer = await api.get(`/products/${encodeURIComponent(idOrSlug)}`, productAnswer, { signal })
  return answer.data
}

export function productQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => getProduct(idOrSlug, signal),
  })
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQueryOptions(idOrSlug))
}
