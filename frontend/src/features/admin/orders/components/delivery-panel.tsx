// What happens at the door (docs/rules.md#cash-on-delivery): the courier of a
// shipped parcel, and a refused parcel marked back at the shop.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { editablePhone } from '@/lib/phone'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import type { AdminOrder } from '../api/order-schema'
import { useMarkReturned, useUpdateCourier } from '../api/update-order'
import own from './order-detail.module.css'

export const COURIER_SAVED = 'Livreur enregistré'
export const COURIER_SAVE_FAILED = "Erreur lors de l'enregistrement du livreur"
export const RETURN_RECORDED = 'Colis retourné : articles remis en stock'
export const RETURN_FAILED = "Erreur lors de l'enregistrement du retour"

/** Shown once the order is shipped, or refused at the door. */
export function DeliveryPanel({ order }: { order: AdminOrder }) {
  if (order.status !== 'shipped' && order.status !== 'refused') return null
  return (
    <section className={styles.panel} aria-labelledby="order-delivery-outcome">
      <h2 id="order-delivery-outcome" className={styles.panelTitle}>Livraison</h2>
      {order.status === 'shipped' ? (
        <CourierForm key={`${order.courier?.name ?? ''}|${order.courier?.phone ?? ''}`} order={order} />
      ) : (
        <Refused order={order} />
      )}
    </section>
  )
}

function CourierForm({ order }: { order: AdminOrder }) {
  const update = useUpdateCourier()
  const toast = useToast()
  const [name, setName] = useState(order.courier?.name ?? '')
  const [phone, setPhone] = useState(order.courier ? editablePhone(order.courier.phone) : '')
  const ids = { name: useId(), phone: useId() }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      { id: order.id, name, phone },
      {
        onSuccess: () => toast.success(COURIER_SAVED),
        onError: (error) => toast.error(adminErrorMessage(error, COURIER_SAVE_FAILED)),
      },
    )
  }

  return (
    <form className={own.stack} onSubmit={submit} aria-label="Livreur">
      <label className={styles.control} htmlFor={ids.name}>
        Nom du livreur
        <input id={ids.name} className={styles.input} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className={styles.control} htmlFor={ids.phone}>
        Téléphone du livreur
        <input id={ids.phone} type="tel" className={styles.input} maxLength={30} value={phone} onChange={(e) => setPhone(e.target.value)} />
      </label>
      <p className={styles.muted}>Le client les voit sur sa commande.</p>
      <Button type="submit" variant="secondary" disabled={update.isPending}>Enregistrer le livreur</Button>
    </form>
  )
}

function Refused({ order }: { order: AdminOrder }) {
  const returned = useMarkReturned()
  const confirm = useConfirm()
  const toast = useToast()
  if (order.returnedAt) {
    return <p>Colis revenu à la boutique le {formatDate(order.returnedAt, { withTime: true })} : articles remis en stock.</p>
  }
  const markReturned = async () => {
    const ok = await confirm({
      title: 'Colis retourné',
      text: <>Le colis de la commande <span className="nowrap">{order.orderNumber}</span> est-il revenu à la boutique ? Ses articles seront remis en stock.</>,
      confirmLabel: 'Remettre en stock',
    })
    if (!ok) return
    returned.mutate(order.id, {
      onSuccess: () => toast.success(RETURN_RECORDED),
      onError: (error) => toast.error(adminErrorMessage(error, RETURN_FAILED)),
    })
  }
  return (
    <>
      <p>Refusée à la livraison : le colis est encore chez le livreur.</p>
      <Button variant="secondary" block onClick={() => void markReturned()} disabled={returned.isPending}>
        Colis retourné à la boutique
      </Button>
    </>
  )
}
