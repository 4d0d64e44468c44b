// « Payer avec Wave » (an unpaid Wave order), « Payer maintenant avec Wave »
// (a cash-on-delivery order not yet shipped, which becomes a Wave order once
// paid) and « Payer le reste avec Wave » (what a correction added to a paid
// order), as the server offers them (`payWithWave` of the order). The order page
// also says why Wave refused the last try, and what to do.
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { getOrderPaymentStatus } from '../api/get-payment-status'
import { useResumePayment } from '../use-resume-payment'
import { wavePaymentProblem } from '../wave-errors'
import styles from './payments.module.css'

export const PAY_WITH_WAVE = 'Payer avec Wave'
export const PAY_NOW_WITH_WAVE = 'Payer maintenant avec Wave'
export const PAY_BALANCE_WITH_WAVE = 'Payer le reste avec Wave'
export const SWITCH_HINT = 'Payée avec Wave, votre commande n’aura plus à être réglée ni confirmée à la livraison.'

export interface PayableOrder {
  id: string
  /** `pay`, `switch_from_cash`, `pay_balance` or null: the server's offer. */
  payWithWave?: string | null
}

const LABELS: Record<string, string> = {
  pay: PAY_WITH_WAVE,
  switch_from_cash: PAY_NOW_WITH_WAVE,
  // What a correction added to an order already paid: the link is for the rest only.
  pay_balance: PAY_BALANCE_WITH_WAVE,
}

export function PayWithWave({ order, compact = false }: { order: PayableOrder; compact?: boolean }) {
  const { busy, resume } = useResumePayment(order.id)
  const label = order.payWithWave ? LABELS[order.payWithWave] : undefined
  if (!label) return null
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
