import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { adminProductKeys, adminProductSchema } from './product-schema'

/** GET /api/products/{id}?scope=admin: the product even when inactive, for the edit form. */
export async function getAdminProduct(id: string, signal?: AbortSignal) {
  const body = await api.get(`/products/${encodeURIComponent(id)}`, dataOf(adminProductSchema), { query: { scope: 'admin' }, signal })
  return body.data
}

export const adminProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminProductKeys.detail(id),
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    // The form starts from what the server has now, not from a minute ago.
    staleTime: 0,
  })

export function useAdminProduct(id: string) {
  return useQuery(adminProductQueryOptions(id))
}
