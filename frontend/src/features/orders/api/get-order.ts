import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { orderKeys, orderSchema, type Order } from './order-schema'

/** GET /api/orders/{id} → one of the customer's own orders (another's answers 404). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const body = await api.get(`/orders/${encodeURIComponent(id)}`, dataOf(orderSchema), { signal })
  return body.data
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) })

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id))
}
