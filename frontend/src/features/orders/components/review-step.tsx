import type { RefObject } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-field'
import { paymentMethodLabel } from '../api/order-schema'
import { deliveryDelay, type Commune, type DeliveryZone } from '@/lib/delivery-zones'
import type { CheckoutEstimate, CheckoutLine, CheckoutStep, DeliveryValues } from '../checkout-model'
import { OrderLines, OrderTotals } from './order-summary'
import { WAVE_COMING_NOTE } from './payment-step'
import styles from './checkout.module.css'

interface ReviewStepProps {
  lines: CheckoutLine[]
  delivery: DeliveryValues
  /** The commune and its zone, for a delivery; null for pickup at the shop. */
  destination: { zone: DeliveryZone; commune: Commune } | null
  shippingLabel: string
  paymentMethod: string
  estimate: CheckoutEstimate
  promoCode: string | null
  /** Why the last attempt failed (the server's message or the checkout's). */
  failure: string | null
  waveUnavailable: boolean
  placing: boolean
  headingRef: RefObject<HTMLHeadingElement | null>
  onEdit: (step: CheckoutStep) => void
  onBack: () => void
  onConfirm: () => void
}

/** Step 3: everything the order will be, and the button that makes it. */
export function ReviewStep(props: ReviewStepProps) {
  const { lines, delivery, destination, shippingLabel, paymentMethod, estimate, failure, waveUnavailable, placing, headingRef } = props
  const delivered = delivery.shippingMethod !== 'pickup'
  return (
    <div className={styles.review}>
      <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>Récapitulatif de la commande</h2>

      <div className={styles.recapGrid}>
        <section className={styles.recapBlock} aria-labelledby="recap-delivery">
          <div className={styles.recapHead}>
            <h3 id="recap-delivery">Livraison</h3>
            <button type="button" className={styles.edit} onClick={() => props.onEdit('delivery')}>Modifier</button>
          </div>
          <address className={styles.address}>
            {delivery.firstName} {delivery.lastName}
            <br />
            {delivered ? (
              <>
                {delivery.address}
                <br />
                {destination ? `${destination.commune.name} (${destination.zone.name})` : delivery.commune}
                <br />
                Point de repère : {delivery.landmark}
                <br />
              </>
            ) : null}
            {delivery.phone} · {delivery.email}
          </address>
          <p className={styles.recapLine}>
            {shippingLabel}
            {delivered && destination ? ` · ${deliveryDelay(destination.zone, delivery.shippingMethod)}` : ''}
          </p>
          {delivery.notes.trim() ? <p className={styles.recapLine}>Instructions : {delivery.notes.trim()}</p> : null}
        </section>
        <section className={styles.recapBlock} aria-labelledby="recap-payment">
          <div className={styles.recapHead}>
            <h3 id="recap-payment">Paiement</h3>
            <button type="button" className={styles.edit} onClick={() => props.onEdit('payment')}>Modifier</button>
          </div>
          <p className={styles.recapLine}>{paymentMethodLabel(paymentMethod)}</p>
        </section>
      </div>

      <OrderLines lines={lines} />
      <OrderTotals
        subtotal={estimate.subtotal}
        shipping={{ label: shippingLabel, cost: estimate.shippingCost }}
        discount={estimate.discount}
        promoCode={props.promoCode}
        total={estimate.total}
        totalLabel="Total à payer"
      />

      {waveUnavailable ? <p className={styles.note} role="status">{WAVE_COMING_NOTE}</p> : null}
      <FormAlert>{failure}</FormAlert>
      {failure ? (
        <p className={styles.fix}>
          <ButtonLink to="/cart" variant="ghost">Modifier mon panier</ButtonLink>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={props.onBack} disabled={placing}>Retour</Button>
        <Button onClick={props.onConfirm} disabled={placing || waveUnavailable} aria-busy={placing || undefined}>
          {placing ? 'Création de la commande…' : 'Confirmer la commande'}
        </Button>
      </div>
    </div>
  )
}
