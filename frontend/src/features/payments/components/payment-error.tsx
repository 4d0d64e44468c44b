// /payment-error: Wave sends the shopper here when the
// payment did not go through. Before saying so, the server is asked once:
// a payment it finds done after all goes to the success page instead.
import { useEffect, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { AlertIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { isAbortError } from '@/lib/retry'
import { paymentErrorExplanation, RECOVERABLE_ERROR_CODES } from '../error-codes'
import { PAYMENT_MESSAGES } from '../messages'
import type { PaymentStatus } from '../api/payment-schema'
import { checkPayment, type PaymentCheck } from '../payment-status'
import { clearPendingPaymentOf, pendingPaymentOf } from '../pending-payment'
import { paymentSuccessPath } from '../result-paths'
import { useLatestNavigate } from '../use-latest-navigate'
import { useResumePayment } from '../use-resume-payment'
import { wavePaymentProblem } from '../wave-errors'
import type { Viewer } from './payment-success'
import { ErrorLinks } from './result-parts'
import styles from './payments.module.css'

export const ERROR_TITLE = 'Le paiement n’a pas abouti'

/** The server's answer for one order and session (null: it could not be asked). */
interface Checked {
  key: string
  check: PaymentCheck | null
}

function statusOf(check: PaymentCheck | null): PaymentStatus | null {
  return check && 'status' in check && check.status ? check.status : null
}

export function PaymentError({ viewer }: { viewer: Viewer }) {
  const [params] = useSearchParams()
  const errorCode = params.get('errorCode')?.trim() || null
  const errorMessage = params.get('errorMessage')
  const orderId = params.get('orderId')?.trim() || null
  const sessionId = params.get('sessionId')?.trim() || null
  const resultSuccess = params.get('result') === 'success'
  const toast = useToast()
  const navigate = useLatestNavigate()
  // Only the order's owner may ask about its payment.
  const key = viewer === 'customer' && orderId ? `${orderId}|${sessionId ?? ''}` : null
  const [checked, setChecked] = useState<Checked | null>(null)

  // Neither a code nor an order: nothing to explain.
  const unauthorized = !errorCode && !orderId
  useEffect(() => {
    if (!unauthorized) return
    toast.warning(PAYMENT_MESSAGES.errorUnauthorized)
    void navigate('/', { replace: true })
  }, [unauthorized, toast, navigate])

  useEffect(() => {
    if (!key || !orderId) return
    const controller = new AbortController()
    const record = pendingPaymentOf(orderId)
    // These codes keep the pending payment for the recovery watcher; any other clears it.
    if (!errorCode || !RECOVERABLE_ERROR_CODES.has(errorCode)) clearPendingPaymentOf({ orderId })
    checkPayment({ orderId, sessionId: sessionId ?? record?.sessionId, record, refresh: true, signal: controller.signal })
      .then((answer) => {
        if (answer.kind === 'paid') {
          toast.success(PAYMENT_MESSAGES.confirmed)
          void navigate(paymentSuccessPath({ orderId, sessionId: answer.status.sessionId, corrected: true }), { replace: true })
          return
        }
        // The return said success but the server could not be asked: the success page verifies again.
        if (resultSuccess && (answer.kind === 'unknown' || answer.kind === 'error' || answer.kind === 'rate_limited')) {
          void navigate(paymentSuccessPath({ orderId, sessionId, trusted: true }), { replace: true })
          return
        }
        setChecked({ key, check: answer })
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setChecked({ key, check: null })
      })
    return () => controller.abort()
  }, [key, orderId, sessionId, errorCode, resultSuccess, toast, navigate])

  if (unauthorized) return null
  if (viewer === 'loading' || (key !== null && checked?.key !== key)) {
    return <Frame><PageSpinner label="Vérification du paiement…" showLabel /></Frame>
  }

  const status = key !== null ? statusOf(checked?.check ?? null) : null
  // The order still waits for its money: it may be paid again (the same open session or a new one).
  const payable = status !== null && status.status !== 'paid' && status.orderStatus === 'pending'
  const problem = status !== null && status.status !== 'paid' ? wavePaymentProblem(status.lastError) : null
  return (
    <Frame>
      <span className={`${styles.icon} ${styles.iconError}`} aria-hidden="true"><AlertIcon size={30} /></span>
      <h1 className={styles.title}>{ERROR_TITLE}</h1>
      <p className={styles.problem} role="alert" data-testid="payment-error-message">
        {paymentErrorExplanation(errorCode, errorMessage)}
      </p>
      {problem ? (
        <p className={styles.hint} data-testid="wave-last-error">
          {problem.message} {problem.next}
        </p>
      ) : null}
      {payable ? (
        <p>
          Votre commande <strong className="nowrap">{status.orderNumber}</strong> attend toujours son paiement. Sans paiement, elle est
          annulée 30 minutes après sa création.
        </p>
      ) : null}
      {payable && orderId ? <RetryPayment orderId={orderId} /> : null}
      <p className={styles.hint}>Besoin d’aide ? Notre service client répond en 2 à 4 heures.</p>
      <ErrorLinks orderId={orderId} />
    </Frame>
  )
}

/** Opens the order's session again (the server reuses one still open) and goes back to Wave. */
function RetryPayment({ orderId }: { orderId: string }) {
  const { busy, resume } = useResumePayment(orderId)
  return (
    <div className={styles.actions}>
      <Button onClick={() => void resume()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Ouverture de Wave…' : 'Réessayer le paiement'}
      </Button>
    </div>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.center}`}>{children}</section>
    </div>
  )
}
