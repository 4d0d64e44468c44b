import type { RefObject } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { CheckIcon } from '@/components/ui/icons'
import { formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { paymentMethodLabel, type Order } from '../api/order-schema'
import styles from './checkout.module.css'

/** After the order is created: its number, as the server made it, and where to go next. */
export function OrderPlaced({ order, headingRef }: { order: Order; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const cashOnDelivery = order.paymentMethod === 'cash_on_delivery'
  return (
    <section className={styles.placed} aria-labelledby="order-placed-title">
      <span className={styles.placedIcon} aria-hidden="true"><CheckIcon size={32} /></span>
      <h2 id="order-placed-title" ref={headingRef} tabIndex={-1} className={styles.placedTitle}>Merci pour votre commande !</h2>
      <p className={styles.placedNumber}>
        Numéro de commande : <strong data-testid="order-number" className="nowrap">{order.orderNumber}</strong>
      </p>
      <dl className={styles.placedFacts}>
        <div>
          <dt>Total</dt>
          <dd data-testid="order-placed-total">{formatPrice(order.total)}</dd>
        </div>
        <div>
          <dt>Paiement</dt>
          <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
        </div>
      </dl>
      {cashOnDelivery ? (
        <p className={styles.placedText}>
          Notre équipe vous appelle au {formatPhone(order.shippingInfo.phone)} pour confirmer la livraison. Vous payez à la réception.
        </p>
      ) : null}
      <div className={styles.placedActions}>
        <ButtonLink to={`/orders/${encodeURIComponent(String(order.id))}`}>Voir ma commande</ButtonLink>
        <ButtonLink to="/orders" variant="secondary">Mes commandes</ButtonLink>
      </div>
      <Link to="/products" className={styles.back}>Continuer mes achats</Link>
    </section>
  )
}
