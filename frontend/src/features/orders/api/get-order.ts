import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery } from '@/lib/order-keys'
import { orderKeys, orderSchema, type Order } from './order-schema'

/** GET /api/orders/{id} → one of the customer's own orders, or the one its key opens (another's answers 404). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const body = await api.get(`/orders/${encodeURIComponent(id)}`, dataOf(orderSchema), { signal, query: orderKeyQuery(id) })
  return body.data
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) })

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id))
}
