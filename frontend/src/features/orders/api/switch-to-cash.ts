import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery } from '@/lib/order-keys'
import { orderKeys, orderSchema, type Order } from './order-schema'

/**
 * POST /api/orders/{id}/cash-on-delivery → the order, now paid at the door (409 once it is paid
 * or no longer pending, or when this phone may not pay at the door; 400 where the zone takes no cash).
 */
export async function switchToCash(id: string): Promise<Order> {
  const body = await api.post(`/orders/${encodeURIComponent(id)}/cash-on-delivery`, undefined, dataOf(orderSchema), {
    retry: false,
    query: orderKeyQuery(id),
  })
  return body.data
}

export function useSwitchToCash() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => switchToCash(id),
    onSuccess: (order, id) => {
      queryClient.setQueryData(orderKeys.detail(id), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
    },
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  })
}
