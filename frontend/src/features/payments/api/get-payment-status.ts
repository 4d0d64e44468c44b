import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery, sessionKeyQuery } from '@/lib/order-keys'
import { paymentStatusSchema, type PaymentStatus } from './payment-schema'

export interface StatusOptions {
  /** The shopper is back from Wave: the server asks Wave again (at most every 3 s) instead of its 60 s cache. */
  refresh?: boolean
  signal?: AbortSignal
}

// No retries in the client: every caller has its own schedule (5 tries 2 s
// apart, polling), which a hidden 1 s + 2 s would only stretch.

/** GET /api/payments/wave/status/{sessionId}: the server's word on one of the customer's sessions. */
export async function getPaymentStatus(sessionId: string, { refresh, signal }: StatusOptions = {}): Promise<PaymentStatus> {
  const body = await api.get(`/payments/wave/status/${encodeURIComponent(sessionId)}`, dataOf(paymentStatusSchema), {
    query: { refresh: refresh ? 'true' : undefined, ...sessionKeyQuery(sessionId) },
    signal,
    retry: false,
  })
  return body.data
}

/** GET /api/payments/wave/orders/{orderId}/status: the same for the order's latest session (Wave's return address names only the order). */
export async function getOrderPaymentStatus(orderId: string, { refresh, signal }: StatusOptions = {}): Promise<PaymentStatus> {
  const body = await api.get(`/payments/wave/orders/${encodeURIComponent(orderId)}/status`, dataOf(paymentStatusSchema), {
    query: { refresh: refresh ? 'true' : undefined, ...orderKeyQuery(orderId) },
    signal,
    retry: false,
  })
  return body.data
}
