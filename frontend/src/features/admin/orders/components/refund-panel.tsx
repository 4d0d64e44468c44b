// Money going back (docs/rules.md#refunds): « Rembourser » a paid order (Wave:
// Wave refunds the whole; cash on delivery, or what a correction made a Wave
// order overpay: the amount, cash or Wave transfer),
// its refunds with their state, and « Vérifier auprès de Wave » for one whose
// answer was lost (« à vérifier »).
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { formatDate, formatPrice } from '@/lib/format'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import type { AdminOrder, Refund } from '../api/order-schema'
import { useCheckRefund, useRefundOrder } from '../api/update-order'
import own from './order-detail.module.css'

export const REFUND_DONE = 'Remboursement effectué'
export const REFUND_TO_CHECK = 'Wave n’a pas répondu à temps : le remboursement est à vérifier auprès de Wave.'
export const REFUND_FAILED = 'Erreur lors du remboursement'
export const REFUND_CHECKED = 'Remboursement vérifié auprès de Wave'
export const CHECK_FAILED = 'Erreur lors de la vérification auprès de Wave'
export const REFUND_REASON_MAX = 500

export const REFUND_STATE_LABELS: Record<string, string> = {
  requested: 'En cours',
  unknown: 'À vérifier',
  succeeded: 'Effectué',
  failed: 'Échoué',
}

export const REFUND_METHOD_LABELS: Record<string, string> = {
  wave: 'Wave',
  cash: 'Espèces',
  wave_transfer: 'Transfert Wave',
}

const inFlight = (refund: Refund) => refund.state === 'requested' || refund.state === 'unknown'

/** Shown for a paid order, and for any order that has refunds, to a role handling money. */
export function RefundPanel({ order }: { order: AdminOrder }) {
  const can = useCan()
  const refunds = order.refunds ?? []
  const paid = order.paymentInfo.status === 'paid'
  if (!can(PERMISSIONS.handleMoney) || (!paid && refunds.length === 0)) return null
  const waiting = refunds.some((r) => r.method === 'wave' && inFlight(r))
  const refundable = paid && !waiting && (order.paymentMethod === 'wave' || order.paymentMethod === 'cash_on_delivery')
  const left = order.total - (order.refundedAmount ?? 0)
  return (
    <section className={styles.panel} aria-labelledby="order-refunds">
      <h2 id="order-refunds" className={styles.panelTitle}>Remboursements</h2>
      {refunds.length > 0 ? (
        <ul className={own.stack} aria-label="Remboursements de la commande">
          {refunds.map((refund) => (
            <RefundRow key={refund.id} order={order} refund={refund} />
          ))}
        </ul>
      ) : null}
      {refundable ? <RefundForm order={order} left={left} /> : null}
    </section>
  )
}

function RefundRow({ order, refund }: { order: AdminOrder; refund: Refund }) {
  const check = useCheckRefund()
  const toast = useToast()
  const tone = refund.state === 'succeeded' ? styles.good : refund.state === 'failed' ? styles.bad : styles.warn
  const verify = () =>
    check.mutate(order.id, {
      onSuccess: () => toast.success(REFUND_CHECKED),
      onError: (error) => toast.error(adminErrorMessage(error, CHECK_FAILED)),
    })
  return (
    <li data-testid="refund-row">
      <span className={`${styles.badge} ${tone ?? ''}`}>{REFUND_STATE_LABELS[refund.state] ?? refund.state}</span>{' '}
      {formatPrice(refund.amount)} · {REFUND_METHOD_LABELS[refund.method] ?? refund.method}
      <br />
      <span className={styles.muted}>
        {formatDate(refund.createdAt, { withTime: true })} · {refund.by} · {refund.reason}
        {refund.errorCode ? ` · code Wave : ${refund.errorCode}` : ''}
      </span>
      {refund.method === 'wave' && inFlight(refund) ? (
        <Button variant="secondary" block onClick={verify} disabled={check.isPending}>
          {check.isPending ? 'Vérification…' : 'Vérifier auprès de Wave'}
        </Button>
      ) : null}
    </li>
  )
}

type RefundMethod = 'wave' | 'cash' | 'wave_transfer'

/**
 * A Wave order is refunded by Wave, in full; what a correction made it pay beyond its total
 * (`overpaid`) the shop gives back itself, in cash or by a Wave transfer, as for cash orders.
 */
function RefundForm({ order, left }: { order: AdminOrder; left: number }) {
  const waveOrder = order.paymentMethod === 'wave'
  const overpaid = order.overpaid ?? 0
  const refund = useRefundOrder()
  const confirm = useConfirm()
  const toast = useToast()
  const [reason, setReason] = useState('')
  const [amount, setAmount] = useState(String(overpaid > 0 ? overpaid : left))
  const [method, setMethod] = useState<RefundMethod>(waveOrder && overpaid === 0 ? 'wave' : 'cash')
  const ids = { reason: useId(), amount: useId(), method: useId() }
  const francs = Number.parseInt(amount, 10)
  const wave = method === 'wave'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const ok = await confirm({
      title: 'Rembourser',
      text: wave
        ? <>Demander à Wave de rembourser {formatPrice(order.total)} (la totalité) pour la commande <span className="nowrap">{order.orderNumber}</span> ?</>
        : <>Enregistrer le remboursement de {formatPrice(francs)} ({REFUND_METHOD_LABELS[method]}) pour la commande <span className="nowrap">{order.orderNumber}</span> ?</>,
      confirmLabel: 'Rembourser',
    })
    if (!ok) return
    const request = method === 'wave' ? { id: order.id, reason } : { id: order.id, reason, amount: francs, method }
    refund.mutate(request, {
      onSuccess: (after) => {
        const lost = (after.refunds ?? []).some((r) => r.state === 'unknown')
        if (lost) toast.warning(REFUND_TO_CHECK)
        else toast.success(REFUND_DONE)
        setReason('')
      },
      onError: (error) => toast.error(adminErrorMessage(error, REFUND_FAILED)),
    })
  }

  return (
    <form className={own.stack} onSubmit={(e) => void submit(e)} aria-label="Rembourser">
      <label className={styles.control} htmlFor={ids.method}>
        Remboursé par
        <select id={ids.method} className={styles.input} value={method} onChange={(e) => setMethod(e.target.value as RefundMethod)}>
          {waveOrder ? <option value="wave">Wave (la totalité)</option> : null}
          <option value="cash">Espèces</option>
          <option value="wave_transfer">Transfert Wave</option>
        </select>
      </label>
      {wave ? (
        <p className={styles.muted}>Wave rembourse la totalité payée : {formatPrice(order.total)}.</p>
      ) : (
        <>
          {overpaid > 0 ? <p className={styles.muted}>Trop-perçu après correction : {formatPrice(overpaid)}.</p> : null}
          <label className={styles.control} htmlFor={ids.amount}>
            Montant (FCFA, au plus {formatPrice(left)})
            <input
              id={ids.amount}
              className={styles.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={left}
              step={1}
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
        </>
      )}
      <label className={styles.control} htmlFor={ids.reason}>
        Raison du remboursement
        <textarea id={ids.reason} className={styles.input} maxLength={REFUND_REASON_MAX} required value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" block disabled={refund.isPending || !reason.trim()}>
        {refund.isPending ? 'Remboursement…' : 'Rembourser'}
      </Button>
    </form>
  )
}
