// The delivery rules, as the server applies them at checkout (one source of
// truth: docs/rules.md#delivery). Cart, checkout and the product page all read them
// from here: no fee or threshold is written in the frontend.
//
// GET /api/cart/shipping-info (public) → the methods with their fees and the
// subtotal from which the methods marked `freeFromThreshold` are free.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, boolean, int, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from './api-client'

export const shippingMethodSchema = object({
  /** `standard`, `express`, `pickup` today; any new code is accepted and shown with its label. */
  code: string(),
  label: string(),
  description: string(),
  /** Whole francs. */
  fee: int(),
  freeFromThreshold: boolean(),
})

export const shippingInfoSchema = object({
  methods: array(shippingMethodSchema),
  freeDeliveryThreshold: int(),
})

export type ShippingMethod = Infer<typeof shippingMethodSchema>
export type ShippingInfo = Infer<typeof shippingInfoSchema>

export const STANDARD_SHIPPING = 'standard'

export async function getShippingInfo(signal?: AbortSignal): Promise<ShippingInfo> {
  const body = await api.get('/cart/shipping-info', dataOf(shippingInfoSchema), { signal })
  return body.data
}

export const shippingInfoKey = ['shipping-info'] as const

/** Changes with a release of the server, not during a visit. */
export const shippingInfoQueryOptions = () =>
  queryOptions({
    queryKey: shippingInfoKey,
    queryFn: ({ signal }) => getShippingInfo(signal),
    staleTime: 60 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
  })

export function useShippingInfo() {
  return useQuery(shippingInfoQueryOptions())
}

/** What a method costs for a subtotal: free from the threshold when the method says so. */
export function shippingFee(method: ShippingMethod, subtotal: number, info: Pick<ShippingInfo, 'freeDeliveryThreshold'>): number {
  return method.freeFromThreshold && subtotal >= info.freeDeliveryThreshold ? 0 : method.fee
}

export interface ShippingEstimate {
  method: ShippingMethod
  /** The fee for this subtotal (0 when free). */
  fee: number
  /** The method is free from the threshold and the subtotal reaches it. */
  free: boolean
  /** What is left to buy for free delivery; 0 once reached, null when the method is never free. */
  missingForFree: number | null
}

/**
 * The cart's delivery estimate: standard delivery (the checkout's default),
 * free from the threshold. Null when the server lists no standard method.
 */
export function estimateShipping(info: ShippingInfo, subtotal: number): ShippingEstimate | null {
  const method = info.methods.find((m) => m.code === STANDARD_SHIPPING) ?? info.methods[0]
  if (!method) return null
  const fee = shippingFee(method, subtotal, info)
  const free = method.freeFromThreshold && subtotal >= info.freeDeliveryThreshold
  return {
    method,
    fee,
    free,
    missingForFree: method.freeFromThreshold ? Math.max(0, info.freeDeliveryThreshold - subtotal) : null,
  }
}
