// The customer confirms their cash-on-delivery order (docs/rules.md#cash-on-delivery):
// logged in from /orders/{id}, or through the signed link the shop sent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { boolean, nullable, object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery } from '@/lib/order-keys'
import { orderKeys, orderSchema, type Order } from './order-schema'

/** POST /api/orders/{id}/confirm → the confirmed order (409 once it is confirmed or no longer pending). */
export async function confirmMyOrder(id: string): Promise<Order> {
  const body = await api.post(`/orders/${encodeURIComponent(id)}/confirm`, undefined, dataOf(orderSchema), {
    retry: false,
    query: orderKeyQuery(id),
  })
  return body.data
}

export function useConfirmMyOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => confirmMyOrder(id),
    onSuccess: (order, id) => {
      queryClient.setQueryData(orderKeys.detail(id), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() })
    },
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  })
}

const confirmedSchema = object({ orderNumber: string(), confirmation: string() })

/**
 * POST /api/orders/confirm {token}: whoever holds the link confirms, without
 * logging in. A link serves once: the second time is a 409.
 */
export async function confirmWithLink(token: string) {
  const body = await api.post('/orders/confirm', { token }, dataOf(confirmedSchema), { retry: false })
  return body.data
}

export function useConfirmWithLink() {
  return useMutation({ mutationFn: confirmWithLink })
}

const linkStateSchema = object({ orderNumber: string(), confirmation: nullable(string()), confirmable: boolean() })

/**
 * GET /api/orders/confirm/{token}: where the link's order stands, so that its page says an
 * order the shop already confirmed by phone is confirmed rather than asking again. Opening
 * the page changes nothing.
 */
export async function getLinkState(token: string, signal?: AbortSignal) {
  return (await api.get(`/orders/confirm/${encodeURIComponent(token)}`, dataOf(linkStateSchema), { signal })).data
}

export function useLinkState(token: string) {
  return useQuery({ queryKey: ['confirmation-link', token], queryFn: ({ signal }) => getLinkState(token, signal), retry: false })
}
