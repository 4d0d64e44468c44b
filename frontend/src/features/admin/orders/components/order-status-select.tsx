import { useState } from 'react'
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@/config/orders'
import { useToast } from '@/components/ui/toast'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useUpdateOrderStatus } from '../api/update-order'

export const STATUS_UPDATED = 'Statut de la commande mis à jour'
export const STATUS_UPDATE_FAILED = 'Erreur lors de la mise à jour du statut'

/**
 * The status of an order as a select: any status to any other (docs/rules.md#orders).
 * The server answers with the order and its new history entry.
 */
export function OrderStatusSelect({ orderId, orderNumber, status }: { orderId: string; orderNumber: string; status: string }) {
  const update = useUpdateOrderStatus()
  const toast = useToast()
  // The chosen status is shown until the refreshed list brings the order's new status (or the change fails).
  const [wanted, setWanted] = useState<{ value: string; from: string } | null>(null)
  if (wanted !== null && wanted.from !== status) setWanted(null)
  return (
    <select
      className={`${styles.input} ${styles.small}`}
      aria-label={`Statut de la commande ${orderNumber}`}
      value={wanted?.value ?? status}
      disabled={update.isPending}
      onChange={(event) => {
        setWanted({ value: event.target.value, from: status })
        update.mutate(
          { id: orderId, status: event.target.value },
          {
            onSuccess: () => toast.success(STATUS_UPDATED),
            onError: (error) => {
              setWanted(null)
              toast.error(adminErrorMessage(error, STATUS_UPDATE_FAILED))
            },
          },
        )
      }}
    >
      {ORDER_STATUSES.map((value) => (
        <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>
      ))}
    </select>
  )
}
