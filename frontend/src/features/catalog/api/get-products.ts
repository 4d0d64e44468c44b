import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, pageOf } from '@/lib/api-client'
import { productKeys } from './keys'
import { productSchema } from './product-schema'

/** `relevance` is the server's default while searching; the others can always be chosen. */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'relevance'] as const
export type Sort = (typeof SORTS)[number]

/** GET /api/products query; absent fields are not sent. */
export interface ProductQuery {
  page?: number
  limit?: number
  sort?: Sort
  category?: string
  subcategory?: string
  minPrice?: number
  maxPrice?: number
  colors?: string[]
  sizes?: string[]
  promotion?: boolean
  featured?: boolean
  new?: boolean
  search?: string
}

const productPageSchema = pageOf(productSchema)

/** The address parameters of `query`. */
function params(query: ProductQuery) {
  return {
    ...query,
    // Flags are sent only when on: `promotion=false` would read as a filter.
    promotion: query.promotion ? true : undefined,
    featured: query.featured ? true : undefined,
    new: query.new ? true : undefined,
  }
}

export function getProducts(query: ProductQuery, signal?: AbortSignal) {
  return api.get('/products', productPageSchema, { signal, query: params(query) })
}

export function productsQueryOptions(query: ProductQuery) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    // The /products page the server wrote carries its first page.
    initialData: () => api.carried('/products', productPageSchema, params(query)),
  })
}

export function useProducts(query: ProductQuery) {
  return useQuery(productsQueryOptions(query))
}
