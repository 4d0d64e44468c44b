// The filters of /admin/users live in the address (?role=admin&search=…).
import { isOneOf } from '@/lib/codes'
import { listQueryOf, pageOf } from '../common/list-params'
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
    role: isOneOf(ROLES, role) ? role : '',
    status: status === 'active' || status === 'inactive' ? status : '',
  }
}

/** GET /api/admin/users parameters: 10 a page, empty filters left out. */
export const usersQueryOf = (filters: UserFilters): AdminUsersQuery => listQueryOf(filters)
