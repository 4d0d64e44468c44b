import { placeLine } from '@/components/ui/address-lines'
import { isCashOnDelivery, paymentMethodLabel, shippingMethodLabel } from '@/config/orders'
import { formatDate, formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { shop } from '@/lib/shop'
import type { AdminOrder } from '../api/order-schema'
import styles from './order-detail.module.css'

/**
 * The packing slip: what goes in the parcel and to whom, nothing of the admin
 * screen. Hidden on screen, the only thing printed (order-detail.module.css).
 */
export function PackingSlip({ order }: { order: AdminOrder }) {
  const info = order.shippingInfo
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0)
  const toCollect = isCashOnDelivery(order.paymentMethod) && order.paymentInfo.status !== 'paid'
  return (
    <article className={styles.slip} aria-label="Bon de livraison" data-testid="packing-slip">
      <header className={styles.slipHeader}>
        <div>
          <p className={styles.slipShop}>{shop.name}</p>
          <p>{shop.address}</p>
          <p>{shop.phone}</p>
        </div>
        <div className={styles.slipRef}>
          <h1>Bon de livraison</h1>
          <p><strong className="nowrap">{order.orderNumber}</strong></p>
          <p>{formatDate(order.createdAt)}</p>
        </div>
      </header>
      <section className={styles.slipBlocks}>
        <div>
          <h2>Destinataire</h2>
          <p><strong>{info.firstName} {info.lastName}</strong></p>
          <p>{formatPhone(info.phone)}</p>
          {info.address ? <p>{info.address}</p> : null}
          <p>{placeLine(info)}</p>
          {info.landmark ? <p>Repère : {info.landmark}</p> : null}
          {info.notes ? <p>Instructions : {info.notes}</p> : null}
          <p>{info.country}</p>
        </div>
        <div>
          <h2>Livraison</h2>
          <p>{shippingMethodLabel(order.shippingMethod)}</p>
          {order.trackingNote?.trim() ? <p>Suivi : {order.trackingNote.trim()}</p> : null}
          <h2>Paiement</h2>
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
          <p className={styles.slipCollect}>
            {toCollect ? `Montant à encaisser : ${formatPrice(order.total)}` : 'Déjà payée : rien à encaisser'}
          </p>
        </div>
      </section>
      <table className={styles.slipTable}>
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col">Couleur</th>
            <th scope="col">Taille</th>
            <th scope="col">Quantité</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.productId}-${item.color}-${item.size}-${index}`}>
              <td>{item.name}</td>
              <td>{item.color}</td>
              <td>{item.size === 'unique' ? 'Taille unique' : item.size}</td>
              <td>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Total des articles</td>
            <td>{units}</td>
          </tr>
        </tfoot>
      </table>
      <p className={styles.slipThanks}>Merci pour votre commande ! {shop.name} · {shop.phone}</p>
    </article>
  )
}
