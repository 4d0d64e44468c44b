import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { productKeys } from './keys'
import { productSchema } from './product-schema'

const productAnswer = dataOf(productSchema)

const productPath = (idOrSlug: string) => `/products/${encodeURIComponent(idOrSlug)}`

/** GET /api/products/{idOrSlug}: 404 `product_not_found` when missing or inactive. */
export async function getProduct(idOrSlug: string, signal?: AbortSignal) {
  const answer = await api.get(productPath(idOrSlug), productAnswer, { signal })
  return answer.data
}

export function productQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => getProduct(idOrSlug, signal),
    // A product page the server wrote carries the product.
    initialData: () => api.carried(productPath(idOrSlug), productAnswer)?.data,
  })
}

export function useProduct(idOrSlug: string) {
  return useQuery(productQueryOptions(idOrSlug))
}
