// « Payer avec Wave » (an unpaid Wave order) and « Payer maintenant avec Wave »
// (a cash-on-delivery order not yet shipped, which becomes a Wave order once
// paid), as the server offers them (`payWithWave` of the order). The order page
// also says why Wave refused the last try, and what to do.
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { getOrderPaymentStatus } from '../api/get-payment-status'
import { useResumePayment } from '../use-resume-payment'
import { wavePaymentProblem } from '../wave-errors'
import styles from './payments.module.css'

export const PAY_WITH_WAVE = 'Payer avec Wave'
export const PAY_NOW_WITH_WAVE = 'Payer maintenant avec Wave'
export const SWITCH_HINT = 'Payée avec Wave, votre commande n’aura plus à être réglée ni confirmée à la livraison.'

export interface PayableOrder {
  id: string
  /** `pay`, `switch_from_cash`, or null: the server's offer. */
  payWithWave?: string | null
}

export function PayWithWave({ order, compact = false }: { order: PayableOrder; compact?: boolean }) {
  const { busy, resume } = useResumePayment(order.id)
  if (order.payWithWave !== 'pay' && order.payWithWave !== 'switch_from_cash') return null
  const label = order.payWithWave === 'pay' ? PAY_WITH_WAVE : PAY_NOW_WITH_WAVE
  return (
    <div className={compact ? undefined : styles.payWithWave}>
      {!compact && order.payWithWave === 'pay' ? <LastRefusal orderId={order.id} /> : null}
      {!compact && order.payWithWave === 'switch_from_cash' ? <p className={styles.hint}>{SWITCH_HINT}</p> : null}
      <Button onClick={() => void resume()} disabled={busy} aria-busy={busy || undefined} variant={compact ? 'secondary' : undefined}>
        {busy ? 'Ouverture de Wave…' : label}
      </Button>
    </div>
  )
}

/** Why Wave refused the order's last try, from the server's word on its latest session. */
function LastRefusal({ orderId }: { orderId: string }) {
  const status = useQuery({
    queryKey: ['payments', 'order-status', orderId],
    queryFn: ({ signal }) => getOrderPaymentStatus(orderId, { signal }),
    retry: false,
  })
  const problem = wavePaymentProblem(status.data?.lastError)
  if (!problem) return null
  return (
    <p className={styles.problem} role="status" data-testid="wave-last-error">
      {problem.message} {problem.next}
    </p>
  )
}
