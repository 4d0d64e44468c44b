import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { adminUserKeys, adminUserSchema } from './user-schema'

export async function getAdminUser(id: string, signal?: AbortSignal) {
  const body = await api.get(`/admin/users/${encodeURIComponent(id)}`, dataOf(adminUserSchema), { signal })
  return body.data
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
    staleTime: 0,
  })

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id))
}
