import { api, dataOf } from '@/lib/api-client'
import { sessionKeyQuery } from '@/lib/order-keys'
import { paymentStatusSchema, type PaymentStatus } from './payment-schema'

/**
 * POST /api/payments/wave/cancel/{sessionId}: Wave expires the session; the
 * order stays pending and unpaid. A session paid meanwhile answers `paid`.
 */
export async function cancelWavePayment(sessionId: string): Promise<PaymentStatus> {
  const body = await api.post(`/payments/wave/cancel/${encodeURIComponent(sessionId)}`, undefined, dataOf(paymentStatusSchema), {
    query: sessionKeyQuery(sessionId),
  })
  return body.data
}
