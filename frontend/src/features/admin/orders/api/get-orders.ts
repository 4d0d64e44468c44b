import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, pageOf } from '@/lib/api-client'
import { adminOrderKeys, adminOrderSchema } from './order-schema'

/** GET /api/admin/orders; empty filters are not sent. */
export interface AdminOrdersQuery {
  page: number
  limit: number
  status?: string
  /** awaiting, confirmed, no_answer, wrong_number, or unconfirmed (every state but confirmed). */
  confirmation?: string
  /** web, whatsapp, instagram, facebook, tiktok, phone or boutique. */
  channel?: string
  /** YYYY-MM-DD, Dakar days, both included. */
  fromDate?: string
  toDate?: string
  /** Order number, customer name or phone. */
  search?: string
}

const ordersPageSchema = pageOf(adminOrderSchema)

export function getAdminOrders(query: AdminOrdersQuery, signal?: AbortSignal) {
  return api.get('/admin/orders', ordersPageSchema, { query: { ...query }, signal })
}

export const adminOrdersQueryOptions = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: adminOrderKeys.list(query),
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    // The rows stay while the next page or filter loads: the table does not blink.
    placeholderData: keepPreviousData,
    // Orders arrive while the admin works: a list is never older than 30 s.
    staleTime: 30_000,
  })

export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery(adminOrdersQueryOptions(query))
}
