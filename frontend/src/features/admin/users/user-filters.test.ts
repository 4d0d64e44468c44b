import { describe, expect, it } from 'vitest'
import { userFiltersOf, usersQueryOf } from './user-filters'

const query = (search: string) => usersQueryOf(userFiltersOf(new URLSearchParams(search)))

describe('user filters → GET /api/admin/users', () => {
  it('asks for 10 users by default', () => {
    expect(query('')).toEqual({ page: 1, limit: 10 })
  })

  it('passes search, role and status; drops unknown values', () => {
    expect(query('search=awa&role=admin&status=inactive&page=2')).toEqual({ page: 2, limit: 10, search: 'awa', role: 'admin', status: 'inactive' })
    expect(query('role=owner&status=banned')).toEqual({ page: 1, limit: 10 })
  })
})
