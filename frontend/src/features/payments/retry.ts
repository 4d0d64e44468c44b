// The time-driven parts of a Wave payment: opening the session with retries,
// verifying a return from Wave, polling while the shopper waits. Pure
// functions of their inputs and timers, so fake timers can drive them.
import { isApiError } from '@/lib/api-client'
import { isAbortError, retry, sleep } from '@/lib/retry'
import { initWavePayment, SessionAnswerError } from './api/init-payment'
import type { PaymentSession } from './api/payment-schema'
import { PAYMENT_MESSAGES } from './messages'
import { INIT_ATTEMPTS, INIT_RETRY_DELAY_MS, POLL_MAX_MS, POLL_START_MS, VERIFY_ATTEMPTS, VERIFY_DELAY_MS } from './payment-config'
import { isFinalCheck, type PaymentCheck } from './payment-status'

/** Why no session could be opened: the sentence to show, and a session to cancel if one came back broken. */
export class InitFailure extends Error {
  readonly code: string
  readonly sessionId: string | null

  constructor(message: string, code: string, sessionId: string | null = null) {
    super(message)
    this.name = 'InitFailure'
    this.code = code
    this.sessionId = sessionId
  }
}

/**
 * Answers a retry cannot change: the order is not payable (already paid, too
 * old, not a Wave order, not this customer's), or the session is over.
 */
function isDefinitive(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408
}

/**
 * Init is tried 3 times, 2 s apart. What the server refuses for
 * good (409 already paid, session expired…) is not tried again and keeps its
 * own message; anything else ends with "Erreur lors de
 * l'initialisation du paiement. Veuillez réessayer.".
 */
export async function initWithRetries(
  orderId: string,
  { signal, onAttempt, init = initWavePayment }: {
    signal?: AbortSignal
    onAttempt?: (attempt: number) => void
    init?: (orderId: string, signal?: AbortSignal) => Promise<PaymentSession>
  } = {},
): Promise<PaymentSession> {
  if (!orderId) throw new InitFailure(PAYMENT_MESSAGES.missingOrderId, 'order_id_missing')
  let brokenSession: string | null = null
  const once = async (attempt: number) => {
    onAttempt?.(attempt)
    try {
      return await init(orderId, signal)
    } catch (error) {
      if (error instanceof SessionAnswerError) brokenSession = error.sessionId ?? brokenSession
      throw error
    }
  }
  try {
    return await retry(once, {
      attempts: INIT_ATTEMPTS,
      delayMs: () => INIT_RETRY_DELAY_MS,
      retryIf: (error) => !isAbortError(error) && !(isApiError(error) && (error.status === 401 || isDefinitive(error))),
      signal,
    })
  } catch (error) {
    // An abort (the shopper left) is no failure to tell.
    if (isAbortError(error) || signal?.aborted) throw error
    // A dead login is the API client's business (it sends the shopper to /login).
    if (isApiError(error) && error.status === 401) throw new InitFailure(error.message, 'session_expired_login')
    if (isApiError(error) && isDefinitive(error)) throw new InitFailure(error.message, error.code)
    throw new InitFailure(PAYMENT_MESSAGES.initFailed, 'init_failed', brokenSession)
  }
}

/**
 * A return from Wave is verified with the server 5 times, 2 s
 * apart, until an answer settles it (paid, cancelled, expired, not found).
 * A 429 waits what the server asked instead. The last answer is returned.
 */
export async function verifyPayment(
  check: (attempt: number) => Promise<PaymentCheck>,
  { signal, attempts = VERIFY_ATTEMPTS, delayMs = VERIFY_DELAY_MS, onAttempt }: {
    signal?: AbortSignal
    attempts?: number
    delayMs?: number
    onAttempt?: (attempt: number, last: PaymentCheck | null) => void
  } = {},
): Promise<PaymentCheck> {
  let last: PaymentCheck | null = null
  for (let attempt = 1; ; attempt++) {
    onAttempt?.(attempt, last)
    last = await check(attempt)
    if (isFinalCheck(last) || attempt >= attempts) return last
    await sleep(last.kind === 'rate_limited' ? Math.max(delayMs, last.retryAfterMs) : delayMs, signal)
  }
}

/** Polling waits 5 s, doubled each time, at most 30 s. `attempt` counts from 1. */
export function pollDelay(attempt: number): number {
  return Math.min(POLL_START_MS * 2 ** Math.max(0, attempt - 1), POLL_MAX_MS)
}
