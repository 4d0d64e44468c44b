import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { array, int, nullish, number, object, optional, string, union, type infer as Infer } from 'zod/mini'
import { api, paginationSchema } from '@/lib/api-client'
import { orderKeys } from './order-schema'

/**
 * One order in the customer's list. Only what the list shows is required;
 * the rest of the order (lines, shipping, payment…) may come along and is
 * ignored here (zod drops unknown keys).
 */
export const orderSummarySchema = object({
  id: union([string(), int()]),
  orderNumber: string(),
  createdAt: string(),
  status: string(),
  total: number(),
  items: optional(array(object({ quantity: optional(number()) }))),
  paymentInfo: optional(object({ status: string(), label: string() })),
  /** The server's offer of a Wave payment (see order-schema.ts). */
  payWithWave: nullish(string()),
})

export type OrderSummary = Infer<typeof orderSummarySchema>

const ordersPageSchema = object({
  data: array(orderSummarySchema),
  pagination: optional(paginationSchema),
})

export const ORDERS_PAGE_SIZE = 10

/** GET /api/orders?page=&limit= → the logged-in customer's orders, newest first. */
export async function getOrders(params: { page: number; limit: number }, signal?: AbortSignal) {
  const body = await api.get('/orders', ordersPageSchema, { query: params, signal })
  return {
    orders: body.data,
    pagination: body.pagination ?? { page: params.page, limit: params.limit, totalItems: body.data.length, totalPages: 1 },
  }
}

export const ordersQueryOptions = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  })

export function useOrders(page: number, limit = ORDERS_PAGE_SIZE) {
  return useQuery(ordersQueryOptions({ page, limit }))
}
