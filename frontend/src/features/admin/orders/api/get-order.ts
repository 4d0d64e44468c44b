import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { adminOrderKeys, adminOrderSchema } from './order-schema'

export async function getAdminOrder(id: string, signal?: AbortSignal) {
  const body = await api.get(`/admin/orders/${encodeURIComponent(id)}`, dataOf(adminOrderSchema), { signal })
  return body.data
}

export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
    staleTime: 10_000,
  })

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id))
}
