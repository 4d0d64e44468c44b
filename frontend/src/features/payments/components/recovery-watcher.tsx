// The recovery watcher, loaded only when a pending payment is
// in storage: asks the server where it stands, announces a payment found
// paid and goes to its confirmation, reminds of one still pending with a way
// back to its order's page, where it can be paid (and on the home page offers
// to go back to Wave), forgets the rest.
import { useEffect } from 'react'
import { useConfirm } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { isAbortError, sleep } from '@/lib/retry'
import { PAYMENT_MESSAGES } from '../messages'
import { PROMPT_DELAY_MS, PROMPT_THRESHOLD_MS } from '../payment-config'
import { checkPayment, type PaymentCheck } from '../payment-status'
import { clearPendingPaymentOf, pendingAge, type PendingPayment } from '../pending-payment'
import { paymentSuccessPath } from '../result-paths'
import { useLatestNavigate } from '../use-latest-navigate'
import { waveBrowser } from '../wave-browser'

/** The server's answer is reused this long across page changes (it caches Wave's as long). */
const ANSWER_REUSE_MS = 60_000

/** Per pending session, for this page load: what was said and asked already. */
interface Memory {
  check?: PaymentCheck
  checkedAt: number
  told: boolean
  asked: boolean
}
const memories = new Map<string, Memory>()

function memoryOf(sessionId: string): Memory {
  let memory = memories.get(sessionId)
  if (!memory) {
    memory = { checkedAt: 0, told: false, asked: false }
    memories.set(sessionId, memory)
  }
  return memory
}

/** For tests: a new page load. */
export function forgetRecoveryMemory(): void {
  memories.clear()
}

/** `record`'s fields, not the object (read afresh from storage on every render). */
export default function RecoveryWatcher({ orderId, sessionId, timestamp, amount, onHome }: PendingPayment & { onHome: boolean }) {
  const toast = useToast()
  const confirm = useConfirm()
  const navigate = useLatestNavigate()

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const pending: PendingPayment = { orderId, sessionId, timestamp, amount }
    const memory = memoryOf(sessionId)

    async function watch() {
      let check = memory.check
      if (!check || Date.now() - memory.checkedAt > ANSWER_REUSE_MS) {
        check = await checkPayment({ sessionId, orderId, record: pending, signal })
        memory.check = check
        memory.checkedAt = Date.now()
      }
      if (signal.aborted) return
      if (check.kind === 'paid') {
        memories.delete(sessionId)
        toast.success(PAYMENT_MESSAGES.recovered)
        void navigate(paymentSuccessPath({ orderId, sessionId, recovered: true }))
        return
      }
      if (check.kind === 'error' && check.httpStatus === 400) {
        clearPendingPaymentOf({ sessionId })
        return
      }
      if (check.kind === 'unknown' || check.kind === 'error' || check.kind === 'rate_limited') {
        console.warn(`[payments] pending payment ${sessionId} could not be checked: ${check.message}`)
        return
      }
      // Settled answers (cancelled, expired, not found) cleared the record already (checkPayment).
      if (check.kind !== 'pending') return
      if (pendingAge(pending) >= PROMPT_THRESHOLD_MS) {
        clearPendingPaymentOf({ sessionId })
        return
      }
      if (!memory.told) {
        memory.told = true
        toast.info(PAYMENT_MESSAGES.pendingPayment, {
          label: PAYMENT_MESSAGES.resumePayment,
          run: () => void navigate(`/orders/${orderId}`),
        })
      }
      const checkoutUrl = check.status?.checkoutUrl
      if (!onHome || memory.asked || !checkoutUrl) return
      await sleep(PROMPT_DELAY_MS, signal)
      memory.asked = true
      const resume = await confirm({
        title: 'Paiement en attente',
        text: <>Le paiement Wave de votre commande <span className="nowrap">{check.status?.orderNumber ?? ''}</span> n’est pas terminé. Voulez-vous retourner au paiement ?</>,
        confirmLabel: PAYMENT_MESSAGES.resumePayment,
        cancelLabel: 'Plus tard',
      })
      if (resume && !signal.aborted) waveBrowser.open(checkoutUrl)
    }

    watch().catch((error: unknown) => {
      if (!isAbortError(error)) console.warn('[payments] recovery check failed', error)
    })
    return () => controller.abort()
  }, [orderId, sessionId, timestamp, amount, onHome, toast, confirm, navigate])

  return null
}
