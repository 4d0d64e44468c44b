import { useState } from 'react'
import { ORDER_STATUSES, ORDER_STATUS_LABELS, orderStatusLabel } from '@/config/orders'
import { useConfirm, type ConfirmOptions } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useUpdateOrderStatus } from '../api/update-order'

export const STATUS_UPDATED = 'Statut de la commande mis à jour'
export const STATUS_UPDATE_FAILED = 'Erreur lors de la mise à jour du statut'

/**
 * The question asked before a status is sent, on the list and on the order's page: a status
 * changed by a slip of the thumb tells the customer and moves the stock.
 */
export const statusChangeQuestion = (orderNumber: string, status: string): ConfirmOptions => ({
  title: 'Changer le statut',
  text: <>Passer la commande <span className="nowrap">{orderNumber}</span> au statut « {orderStatusLabel(status)} » ?</>,
  confirmLabel: 'Changer le statut',
  cancelLabel: 'Ne rien changer',
})

/**
 * The status of an order as a select: any status to any other (docs/rules.md#orders), once
 * confirmed. The server answers with the order and its new history entry.
 */
export function OrderStatusSelect({ orderId, orderNumber, status }: { orderId: string; orderNumber: string; status: string }) {
  const update = useUpdateOrderStatus()
  const toast = useToast()
  const confirm = useConfirm()
  // The chosen status is shown until the refreshed list brings the order's new status (or the change fails).
  const [wanted, setWanted] = useState<{ value: string; from: string } | null>(null)
  if (wanted !== null && wanted.from !== status) setWanted(null)

  async function change(next: string) {
    setWanted({ value: next, from: status })
    if (!(await confirm(statusChangeQuestion(orderNumber, next)))) return setWanted(null)
    update.mutate(
      { id: orderId, status: next },
      {
        onSuccess: () => toast.success(STATUS_UPDATED),
        onError: (error) => {
          setWanted(null)
          toast.error(adminErrorMessage(error, STATUS_UPDATE_FAILED))
        },
      },
    )
  }

  return (
    <select
      className={`${styles.input} ${styles.small}`}
      aria-label={`Statut de la commande ${orderNumber}`}
      value={wanted?.value ?? status}
      disabled={update.isPending}
      onChange={(event) => void change(event.target.value)}
    >
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>
      ))}
    </select>
  )
}
