// « Journal », the audit log (`staff.manage`): who changed what in the back office, when, and
// each field before and after (GET /api/admin/audit, its CSV, the team's accounts to filter by).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { array, int, object, string, unknown, type infer as Infer } from 'zod/mini'
import { api, downloadFile, pageOf } from '@/lib/api-client'

export const auditEntrySchema = object({
  id: int(),
  at: string(),
  /** Who acted, as they were then (their role at that moment). */
  actor: object({ id: string(), email: string(), role: string() }),
  /** `order.status`, `stock.adjust`… (audit-labels.ts names them). */
  action: string(),
  /** What was acted on: `order`, `product`, `user`…, its id and a label (an order's number, a product's name). */
  target: object({ type: string(), id: string(), label: string() }),
  /** Each field changed: any JSON before and after (`null` where there was none). */
  changes: array(object({ field: string(), before: unknown(), after: unknown() })),
  ip: string(),
  requestId: string(),
})

export type AuditEntry = Infer<typeof auditEntrySchema>
export type AuditChange = AuditEntry['changes'][number]
export type AuditTarget = AuditEntry['target']

/** GET /api/admin/audit's filters; absent values are not sent. `from` and `to` are Dakar days, both included. */
export interface AuditFilterQuery {
  actor?: string
  action?: string
  targetType?: string
  targetId?: string
  from?: string
  to?: string
}

export interface AuditQuery extends AuditFilterQuery {
  page: number
  limit: number
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: AuditQuery) => ['admin', 'audit', 'list', query] as const,
  staff: ['admin', 'audit', 'staff'] as const,
}

const auditPageSchema = pageOf(auditEntrySchema)

/** Newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return api.get('/admin/audit', auditPageSchema, { query: { ...query }, signal })
}

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
    // The log grows with every change of the team: asked again each time it is shown.
    staleTime: 0,
  })

export function useAudit(query: AuditQuery) {
  return useQuery(auditQueryOptions(query))
}

/** GET /api/admin/audit.csv: the same entries (the same filters) as a file, one row per field changed. */
export const downloadAuditCsv = (filters: AuditFilterQuery) => downloadFile('/admin/audit.csv', { ...filters })

/** The roles of the team, whose accounts the journal can be filtered by (docs/roles.md). */
export const STAFF_ROLES = ['admin', 'manager', 'seller', 'courier'] as const

const staffAccountSchema = object({ id: string(), email: string(), firstName: string(), lastName: string(), role: string() })
export type StaffAccount = Infer<typeof staffAccountSchema>
const staffPageSchema = pageOf(staffAccountSchema)

/** The team's accounts (GET /api/admin/users?role=…, each role's first 100: a shop's team is a few people). */
export async function getStaffAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  const pages = await Promise.all(
    STAFF_ROLES.map((role) => api.get('/admin/users', staffPageSchema, { query: { role, page: 1, limit: 100 }, signal })),
  )
  return pages.flatMap((page) => page.data)
}

export function useStaffAccounts() {
  return useQuery({ queryKey: auditKeys.staff, queryFn: ({ signal }) => getStaffAccounts(signal), staleTime: 5 * 60_000 })
}
