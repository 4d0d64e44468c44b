import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import type { OrderRequest } from '../checkout-model'
import { orderKeys, orderSchema, type Order } from './order-schema'

/**
 * POST /api/orders with an `Idempotency-Key`: the server answers the first
 * order for a key it has seen, so this POST, unlike others, is safe to retry
 * after a timeout or a 5xx (lib/api-client does, with the same key).
 */
export async function placeOrder(request: OrderRequest, idempotencyKey: string): Promise<Order> {
  const body = await api.post('/orders', request, dataOf(orderSchema), {
    headers: { 'Idempotency-Key': idempotencyKey },
    retry: true,
  })
  return body.data
}

export function usePlaceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: OrderRequest; idempotencyKey: string }) =>
      placeOrder(request, idempotencyKey),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(String(order.id)), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
    },
  })
}
