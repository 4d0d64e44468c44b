// /payment-success's verification: the server is asked 5 times, 2 s apart; if it has not
// said paid, the shopper is told it is still being checked and it is asked
// once more 3 s later. Only the server's "paid" shows the confirmation.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useToast } from '@/components/ui/toast'
import { isAbortError, sleep } from '@/lib/retry'
import type { PaymentStatus } from './api/payment-schema'
import { PAYMENT_MESSAGES } from './messages'
import { RECHECK_DELAY_MS } from './payment-config'
import { checkPayment, type PaymentCheck } from './payment-status'
import { clearPendingPaymentOf, pendingPaymentOf } from './pending-payment'
import { verifyPayment } from './retry'
import { paymentErrorPath } from './result-paths'
import { useLatestNavigate } from './use-latest-navigate'

export type VerificationState =
  | { phase: 'pending' }
  | { phase: 'verifying'; attempt: number }
  | { phase: 'success'; status: PaymentStatus }
  /** Not confirmed, but the return is trusted (mobile): no error page, no "paid" either. */
  | { phase: 'unconfirmed' }
  | { phase: 'error'; message: string }

export interface VerificationRequest {
  orderId: string
  sessionId: string | null
  /** A trusted return (mobile redirect, trusted=true): an unconfirmed payment stays here, unconfirmed. */
  trusted: boolean
  /** False while the login is still being checked, or for a guest: nothing is asked. */
  enabled: boolean
  onConfirmed?: (status: PaymentStatus) => void
}

/** Where a settled "not paid" answer sends the shopper. */
function errorCodeOf(check: PaymentCheck): string | null {
  if (check.kind === 'cancelled') return 'cancelled_by_user'
  if (check.kind === 'expired') return 'session_expired'
  if (check.kind === 'not_found') return 'no_session_found'
  return null
}

export function usePaymentVerification({ orderId, sessionId, trusted, enabled, onConfirmed }: VerificationRequest) {
  const [state, setState] = useState<VerificationState>({ phase: 'pending' })
  const [round, setRound] = useState(0)
  const toast = useToast()
  const navigate = useLatestNavigate()
  const confirmed = useRef(onConfirmed)
  confirmed.current = onConfirmed

  useEffect(() => {
    if (!enabled || !orderId) return
    const controller = new AbortController()
    const { signal } = controller
    const record = pendingPaymentOf(orderId)
    const target = { orderId, sessionId: sessionId ?? record?.sessionId ?? null, record, refresh: true, signal }

    async function run() {
      let last = await verifyPayment(() => checkPayment(target), {
        signal,
        onAttempt: (attempt) => setState({ phase: 'verifying', attempt }),
      })
      if (last.kind !== 'paid' && !errorCodeOf(last)) {
        toast.warning(PAYMENT_MESSAGES.stillVerifying)
        await sleep(RECHECK_DELAY_MS, signal)
        last = await checkPayment(target)
      }
      if (signal.aborted) return
      if (last.kind === 'paid') {
        clearPendingPaymentOf({ orderId, sessionId: last.status.sessionId })
        setState({ phase: 'success', status: last.status })
        confirmed.current?.(last.status)
        return
      }
      const code = errorCodeOf(last)
      if (!code && trusted) {
        setState({ phase: 'unconfirmed' })
        return
      }
      void navigate(paymentErrorPath({ orderId, sessionId: target.sessionId, errorCode: code ?? 'payment_not_confirmed' }), {
        replace: true,
      })
    }

    run().catch((error: unknown) => {
      if (isAbortError(error) || signal.aborted) return
      setState({ phase: 'error', message: PAYMENT_MESSAGES.verificationError })
    })
    return () => controller.abort()
  }, [enabled, orderId, sessionId, trusted, round, toast, navigate])

  /** Asks again from the start (the shopper's "Vérifier à nouveau"). */
  const retry = useCallback(() => setRound((n) => n + 1), [])
  return { state, retry }
}
