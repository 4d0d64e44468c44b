import type { RefObject } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { CheckIcon } from '@/components/ui/icons'
import { formatPrice } from '@/lib/format'
import { orderPath } from '@/lib/order-keys'
import { formatPhone } from '@/lib/phone'
import { paymentMethodLabel, type Order } from '../api/order-schema'
import styles from './checkout.module.css'

/**
 * After the order is created: its number, as the server made it, and where to go next. A shopper
 * who ordered without an account follows it from its own link, which this browser keeps too.
 */
export function OrderPlaced({ order, headingRef, guest = false }: { order: Order; headingRef: RefObject<HTMLHeadingElement | null>; guest?: boolean }) {
  const cashOnDelivery = order.paymentMethod === 'cash_on_delivery'
  const id = String(order.id)
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
      {guest && order.orderUrl ? (
        <p className={styles.placedText}>
          Suivez votre commande à cette adresse, que nous vous envoyons aussi :{' '}
          <a href={order.orderUrl} data-testid="order-link" className={styles.placedLink}>{order.orderUrl}</a>
        </p>
      ) : null}
      <div className={styles.placedActions}>
        <ButtonLink to={guest ? orderPath(id) : `/orders/${encodeURIComponent(id)}`}>Voir ma commande</ButtonLink>
        {guest ? null : <ButtonLink to="/orders" variant="secondary">Mes commandes</ButtonLink>}
      </div>
      <Link to="/products" className={styles.back}>Continuer mes achats</Link>
    </section>
  )
}
