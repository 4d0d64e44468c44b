import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, pageOf } from '@/lib/api-client'
import { adminProductKeys, adminProductSchema } from './product-schema'

export const STOCK_FILTERS = ['0', 'low', 'in'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]
export const SORT_FIELDS = ['createdAt', 'name', 'price'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export type SortOrder = 'asc' | 'desc'

/** GET /api/products?scope=admin; absent values are not sent. */
export interface AdminProductsQuery {
  page: number
  limit: number
  search?: string
  category?: string
  stock?: StockFilter
  status?: 'active' | 'inactive'
  sortBy?: SortField
  sortOrder?: SortOrder
}

const productsPageSchema = pageOf(adminProductSchema)

export function getAdminProducts(query: AdminProductsQuery, signal?: AbortSignal) {
  // `scope=admin`: inactive products too, with their stock totals (the storefront never asks for it).
  return api.get('/products', productsPageSchema, { query: { scope: 'admin', ...query }, signal })
}

export const adminProductsQueryOptions = (query: AdminProductsQuery) =>
  queryOptions({
    queryKey: adminProductKeys.list(query),
    queryFn: ({ signal }) => getAdminProducts(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export function useAdminProducts(query: AdminProductsQuery) {
  return useQuery(adminProductsQueryOptions(query))
}
