import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, pageOf } from '@/lib/api-client'
import { adminUserKeys, adminUserSchema, type Role } from './user-schema'

/** GET /api/admin/users; absent values are not sent. */
export interface AdminUsersQuery {
  page: number
  limit: number
  search?: string
  role?: Role
  status?: 'active' | 'inactive'
}

const usersPageSchema = pageOf(adminUserSchema)

export function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal) {
  return api.get('/admin/users', usersPageSchema, { query: { ...query }, signal })
}

export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query))
}
