import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery } from '@/lib/order-keys'
import { orderKeys, orderSchema, type Order } from './order-schema'

/** POST /api/orders/{id}/cancel → the cancelled order (409 once it is no longer cancellable). */
export async function cancelOrder(id: string): Promise<Order> {
  const body = await api.post(`/orders/${encodeURIComponent(id)}/cancel`, undefined, dataOf(orderSchema), { query: orderKeyQuery(id) })
  return body.data
}

/** Cancels, then shows the answer on the detail page and reloads the lists (their statuses changed). */
export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => cancelOrder(id),
    onSuccess: (order, id) => {
      queryClient.setQueryData(orderKeys.detail(id), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
    },
    // Refused (already shipped, cancelled elsewhere…): show what the order is now.
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  })
}
