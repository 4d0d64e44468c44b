// What a status answer means for the shopper's browser, and what a failed
// status check means. The server decides (docs/rules.md#payments): `paid`
// comes only from its answer, never from a failure, an address or the
// pending record.
import { isApiError } from '@/lib/api-client'
import { getOrderPaymentStatus, getPaymentStatus } from './api/get-payment-status'
import type { PaymentStatus } from './api/payment-schema'
import { PAYMENT_MESSAGES } from './messages'
import { RATE_LIMIT_DEFAULT_MS, RECENT_PENDING_MS } from './payment-config'
import { clearPendingPaymentOf, pendingAge, type PendingPayment } from './pending-payment'

export type PaymentState = 'paid' | 'pending' | 'cancelled' | 'expired' | 'not_found' | 'unknown'

/** The words a payment service may use, and the server's own (paid, not_found). */
export function interpretStatus(status: string): PaymentState {
  switch (status.trim().toLowerCase()) {
    case 'paid':
    case 'succeeded':
    case 'success':
    case 'completed':
      return 'paid'
    case 'pending':
    case 'processing':
      return 'pending'
    case 'cancelled':
    case 'failed':
    case 'error':
      return 'cancelled'
    case 'expired':
      return 'expired'
    case 'not_found':
      return 'not_found'
    default:
      return 'unknown'
  }
}

export type PaymentCheck =
  /** The server says the order is paid. */
  | { kind: 'paid'; status: PaymentStatus }
  /** Not paid yet. Without `status`: the check failed but the payment is only minutes old. */
  | { kind: 'pending'; status?: PaymentStatus; message?: string }
  /** Given up, failed, or past its time: the pending record is cleared. */
  | { kind: 'cancelled' | 'expired'; status: PaymentStatus }
  | { kind: 'not_found'; message: string }
  | { kind: 'rate_limited'; retryAfterMs: number; message: string }
  /** No answer (network, time-out). */
  | { kind: 'unknown'; message: string }
  /** Any other refusal; `httpStatus` says which (400 and 404 end a recovery). */
  | { kind: 'error'; message: string; httpStatus: number }

/** Settled answers: asking again will not change them. */
export function isFinalCheck(check: PaymentCheck): boolean {
  return check.kind === 'paid' || check.kind === 'cancelled' || check.kind === 'expired' || check.kind === 'not_found'
}

export interface CheckTarget {
  /** Asked by session when known, else by order (the order's latest session). */
  sessionId?: string | null
  orderId?: string | null
  /** The stored record of this payment, if any: its age decides how a failure reads. */
  record?: PendingPayment | null
  refresh?: boolean
  signal?: AbortSignal
  now?: () => number
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function fromAnswer(status: PaymentStatus): PaymentCheck {
  switch (interpretStatus(status.status)) {
    case 'paid':
      return { kind: 'paid', status }
    case 'cancelled':
      return { kind: 'cancelled', status }
    case 'expired':
      return { kind: 'expired', status }
    case 'not_found':
      return { kind: 'not_found', message: PAYMENT_MESSAGES.sessionNotFound }
    default:
      return { kind: 'pending', status }
  }
}

type FailedCheck = Extract<PaymentCheck, { kind: 'not_found' | 'rate_limited' | 'unknown' | 'error' }>

function fromFailure(error: unknown): FailedCheck {
  if (!isApiError(error)) return { kind: 'error', message: PAYMENT_MESSAGES.verificationError, httpStatus: 0 }
  if (error.status === 404) return { kind: 'not_found', message: PAYMENT_MESSAGES.sessionNotFound }
  if (error.status === 429) {
    return { kind: 'rate_limited', retryAfterMs: error.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS, message: error.message }
  }
  if (error.status === 0) return { kind: 'unknown', message: PAYMENT_MESSAGES.networkError }
  return { kind: 'error', message: error.message, httpStatus: error.status }
}

/**
 * Asks the server once and reads its answer. The pending record of the
 * payment is cleared when the answer is final and not paid (paid: the result
 * page clears it once it has shown the confirmation).
 */
export async function checkPayment(target: CheckTarget): Promise<PaymentCheck> {
  const { sessionId, orderId, record, refresh, signal } = target
  const now = target.now ?? Date.now
  let check: PaymentCheck
  try {
    const options = { refresh, signal }
    if (sessionId) check = fromAnswer(await getPaymentStatus(sessionId, options))
    else if (orderId) check = fromAnswer(await getOrderPaymentStatus(orderId, options))
    else return { kind: 'error', message: PAYMENT_MESSAGES.missingParams, httpStatus: 0 }
  } catch (error) {
    if (isAbort(error)) throw error
    const failed = fromFailure(error)
    // A payment opened minutes ago is simply not through yet.
    if (failed.kind !== 'not_found' && record && pendingAge(record, now()) < RECENT_PENDING_MS) {
      return { kind: 'pending', message: failed.message }
    }
    check = failed
  }
  if (check.kind === 'cancelled' || check.kind === 'expired' || check.kind === 'not_found') {
    clearPendingPaymentOf({ sessionId: sessionId ?? record?.sessionId, orderId })
  }
  return check
}
