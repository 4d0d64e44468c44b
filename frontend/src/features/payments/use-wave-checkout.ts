// The Wave path of checkout: once the order exists, a session
// is opened for it (3 tries), remembered as the pending payment, and the
// shopper is sent to Wave's page. While they are still here (an in-app
// browser, a slow phone, back from the Wave app) the server is asked now and
// then whether the order is paid; after 30 minutes the checkout gives up.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useToast } from '@/components/ui/toast'
import { errorMessage } from '@/lib/api-client'
import { isAbortError, nap } from '@/lib/retry'
import { cancelWavePayment } from './api/cancel-payment'
import type { PaymentSession } from './api/payment-schema'
import { inAppBrowser, type InAppBrowser } from './in-app-browser'
import { PAYMENT_MESSAGES } from './messages'
import { PAYMENT_START_DELAY_MS, SESSION_TIMEOUT_MS } from './payment-config'
import { checkPayment } from './payment-status'
import { clearPendingPaymentOf, pendingPaymentOf, savePendingPayment } from './pending-payment'
import { InitFailure, initWithRetries, pollDelay } from './retry'
import { paymentSuccessPath } from './result-paths'
import { useLatestNavigate } from './use-latest-navigate'
import { waveBrowser } from './wave-browser'

/** What the payment needs to know of the order the checkout just placed. */
export interface WaveOrder {
  id: string
  orderNumber: string
  total: number
}

export type WaveCheckoutState =
  | { step: 'idle' }
  | { step: 'starting'; order: WaveOrder; attempt: number }
  | { step: 'ready'; order: WaveOrder; session: PaymentSession }
  | { step: 'failed'; order: WaveOrder; message: string }
  | { step: 'expired'; order: WaveOrder }
  | { step: 'cancelled'; order: WaveOrder }

export interface WaveCheckout {
  state: WaveCheckoutState
  /** The in-app browser the shopper is in, if any: Wave's link must open in the real browser. */
  inApp: InAppBrowser | null
  pay: (order: WaveOrder) => Promise<void>
  /** Opens Wave's page now (the button, or after the panel's short pause). */
  open: () => void
  /** The shopper gives the payment up: Wave expires the session, the order stays unpaid. */
  cancel: () => Promise<void>
  cancelling: boolean
}

export function useWaveCheckout(): WaveCheckout {
  const [state, setState] = useState<WaveCheckoutState>({ step: 'idle' })
  const [cancelling, setCancelling] = useState(false)
  const toast = useToast()
  const navigate = useLatestNavigate()
  const inApp = useMemo(() => inAppBrowser(), [])
  const running = useRef<AbortController | null>(null)

  useEffect(() => () => running.current?.abort(), [])

  const pay = useCallback(
    async (order: WaveOrder) => {
      running.current?.abort()
      const controller = new AbortController()
      running.current = controller
      setState({ step: 'starting', order, attempt: 1 })
      try {
        const session = await initWithRetries(order.id, {
          signal: controller.signal,
          onAttempt: (attempt) => setState({ step: 'starting', order, attempt }),
        })
        savePendingPayment({ orderId: order.id, sessionId: session.sessionId, timestamp: Date.now(), amount: session.amount })
        if (session.isMock) toast.warning(PAYMENT_MESSAGES.testMode)
        setState({ step: 'ready', order, session })
      } catch (error) {
        if (isAbortError(error)) return
        const failure = error instanceof InitFailure ? error : new InitFailure(PAYMENT_MESSAGES.initFailed, 'init_failed')
        // The API client is already taking the shopper to /login.
        if (failure.code === 'session_expired_login') return
        // Paid meanwhile (another tab, a late webhook): the result page shows it, from the server.
        if (failure.code === 'already_paid') {
          void navigate(paymentSuccessPath({ orderId: order.id }))
          return
        }
        toast.error(failure.message)
        if (failure.sessionId) void cancelWavePayment(failure.sessionId).catch(() => undefined)
        setState({ step: 'failed', order, message: failure.message })
      }
    },
    [toast, navigate],
  )

  const session = state.step === 'ready' ? state.session : null
  const order = state.step === 'idle' ? null : state.order

  const open = useCallback(() => {
    if (!session) return
    try {
      waveBrowser.open(session.checkoutUrl)
    } catch {
      toast.error(PAYMENT_MESSAGES.openFailed)
    }
  }, [session, toast])

  // Wave's page opens by itself after a short pause, except inside an in-app
  // browser, where the shopper first reads why to leave it.
  useEffect(() => {
    if (!session || inApp) return
    const timer = setTimeout(open, PAYMENT_START_DELAY_MS)
    return () => clearTimeout(timer)
  }, [session, inApp, open])

  // The client's time-out: the session is given up after 30 minutes.
  useEffect(() => {
    if (!session || !order) return
    const timer = setTimeout(() => {
      toast.warning(PAYMENT_MESSAGES.sessionExpired)
      void cancelWavePayment(session.sessionId).catch(() => undefined)
      clearPendingPaymentOf({ sessionId: session.sessionId })
      setState({ step: 'expired', order })
    }, SESSION_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [session, order, toast])

  // While the panel is shown, the server is asked now and then (and at once when the
  // shopper comes back to this tab, e.g. from the Wave app) whether the order is paid.
  useEffect(() => {
    if (!session || !order) return
    const { sessionId } = session
    const orderId = order.id
    const controller = new AbortController()
    let wake: () => void = () => {}
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake()
    }
    document.addEventListener('visibilitychange', onVisible)

    async function poll() {
      for (let attempt = 1; !controller.signal.aborted; attempt++) {
        const wait = nap(pollDelay(attempt), controller.signal)
        wake = wait.wake
        const woken = await wait.done
        if (controller.signal.aborted) return
        if (woken) attempt = 0
        const check = await checkPayment({ sessionId, record: pendingPaymentOf(orderId), signal: controller.signal })
        if (controller.signal.aborted) return
        if (check.kind === 'paid') {
          void navigate(paymentSuccessPath({ orderId, sessionId }))
          return
        }
        if (check.kind === 'expired') {
          toast.warning(PAYMENT_MESSAGES.sessionExpired)
          setState((current) => (current.step === 'ready' ? { step: 'expired', order: current.order } : current))
          return
        }
        if (check.kind === 'cancelled' || check.kind === 'not_found') {
          setState((current) => (current.step === 'ready' ? { step: 'cancelled', order: current.order } : current))
          return
        }
      }
    }
    // checkPayment turns every failure into an answer; only the abort of this effect ends the loop early.
    poll().catch(() => undefined)
    return () => {
      controller.abort()
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [session, order, navigate, toast])

  const cancel = useCallback(async () => {
    if (!session || !order || cancelling) return
    setCancelling(true)
    try {
      const answer = await cancelWavePayment(session.sessionId)
      if (answer.status === 'paid') {
        void navigate(paymentSuccessPath({ orderId: order.id, sessionId: session.sessionId }))
        return
      }
      clearPendingPaymentOf({ sessionId: session.sessionId })
      setState({ step: 'cancelled', order })
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setCancelling(false)
    }
  }, [session, order, cancelling, navigate, toast])

  return { state, inApp, pay, open, cancel, cancelling }
}
