// The filters of /admin/users live in the address (?role=admin&search=…).
import { ADMIN_PAGE_SIZE, pageOf } from '../common/list-params'
import type { AdminUsersQuery } from './api/get-users'
import { ROLES, type Role } from './api/user-schema'

export interface UserFilters {
  page: number
  search: string
  role: Role | ''
  status: 'active' | 'inactive' | ''
}

export function userFiltersOf(params: URLSearchParams): UserFilters {
  const role = params.get('role') ?? ''
  const status = params.get('status') ?? ''
  return {
    page: pageOf(params),
    search: params.get('search')?.trim() ?? '',
    role: (ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    status: status === 'active' || status === 'inactive' ? status : '',
  }
}

export function usersQueryOf(filters: UserFilters): AdminUsersQuery {
  const query: AdminUsersQuery = { page: filters.page, limit: ADMIN_PAGE_SIZE }
  if (filters.search) query.search = filters.search
  if (filters.role) query.role = filters.role
  if (filters.status) query.status = filters.status
  return query
}
