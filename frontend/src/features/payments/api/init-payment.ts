import type { infer as Infer } from 'zod/mini'
import { api } from '@/lib/api-client'
import { orderKeyQuery, rememberSessionOrder } from '@/lib/order-keys'
import { PAYMENT_MESSAGES } from '../messages'
import { openedSessionSchema, type PaymentSession } from './payment-schema'

/** The server answered, but not with a session the shopper can pay: one of the payment's sentences says what is missing. */
export class SessionAnswerError extends Error {
  /** The session that came back, if any: it is cancelled rather than left open. */
  readonly sessionId: string | null

  constructor(message: string, sessionId: string | null = null) {
    super(message)
    this.name = 'SessionAnswerError'
    this.sessionId = sessionId
  }
}

type OpenedSession = NonNullable<Infer<typeof openedSessionSchema>['data']>

/** Checks the answer of init: empty, no URL, no id. */
export function toPaymentSession(data: OpenedSession | null | undefined, orderId: string): PaymentSession {
  if (!data) throw new SessionAnswerError(PAYMENT_MESSAGES.emptyResponse)
  const sessionId = data.sessionId?.trim() || null
  if (!data.checkoutUrl?.trim()) throw new SessionAnswerError(PAYMENT_MESSAGES.noCheckoutUrl, sessionId)
  if (!sessionId || typeof data.amount !== 'number') throw new SessionAnswerError(PAYMENT_MESSAGES.incompleteSession, sessionId)
  return {
    sessionId,
    orderId: data.orderId ?? orderId,
    checkoutUrl: data.checkoutUrl.trim(),
    amount: data.amount,
    currency: data.currency ?? 'XOF',
    expiresAt: data.expiresAt ?? null,
    businessName: data.businessName ?? null,
    isMock: data.isMock === true,
  }
}

/**
 * POST /api/payments/wave/init {orderId}: opens (or reuses) the order's Wave
 * session for the total the server computed. The server reuses an open
 * session of the order, so sending it again is safe; retries are the
 * caller's (initWithRetries), not the client's.
 */
export async function initWavePayment(orderId: string, signal?: AbortSignal): Promise<PaymentSession> {
  const body = await api.post('/payments/wave/init', { orderId }, openedSessionSchema, { signal, retry: false, query: orderKeyQuery(orderId) })
  const session = toPaymentSession(body.data, orderId)
  rememberSessionOrder(session.sessionId, orderId)
  return session
}
