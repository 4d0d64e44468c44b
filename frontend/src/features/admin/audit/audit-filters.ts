// The filters of /admin/journal live in the address (?actor=…&action=order.status&from=…).
import { listQueryOf, pageOf } from '../common/list-params'
import type { AuditFilterQuery, AuditQuery } from './api/audit'

export interface AuditFilters {
  page: number
  actor: string
  action: string
  targetType: string
  targetId: string
  /** A Dakar day, `YYYY-MM-DD`, or ''. */
  from: string
  to: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() ?? ''
const day = (params: URLSearchParams, name: string) => {
  const value = text(params, name)
  return DAY.test(value) ? value : ''
}

/** The address's filters; the server says what it refuses (an unknown person, a period upside down). */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  return {
    page: pageOf(params),
    actor: text(params, 'actor'),
    action: text(params, 'action'),
    targetType: text(params, 'targetType'),
    targetId: text(params, 'targetId'),
    from: day(params, 'from'),
    to: day(params, 'to'),
  }
}

/** GET /api/admin/audit parameters: 10 a page, empty filters left out. */
export const auditQueryOf = (filters: AuditFilters): AuditQuery => listQueryOf(filters)

/** The same filters for the CSV: every entry they keep, no page. */
export function csvQueryOf(filters: AuditFilters): AuditFilterQuery {
  const { page: _page, limit: _limit, ...rest } = auditQueryOf(filters)
  return rest
}
