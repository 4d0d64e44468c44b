// Delivery fees as the server applies them at checkout (GET /api/cart/shipping-info):
// no fee or threshold is written here (one source of truth: docs/rules.md#delivery).
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { DELIVERY, frenchList } from '@/config/policies'
import { formatPrice } from '@/lib/format'
import { shippingInfoQueryOptions, type ShippingInfo, type ShippingMethod } from '@/lib/shipping-info'
import { shop } from '@/lib/shop'
import styles from './info-page.module.css'
import rates from './delivery-rates.module.css'

/** Where and when, per method code; an unknown code shows the server's description. */
const METHOD_DETAILS: Record<string, { where: string; whereLabel: string; when: string; whenLabel: string }> = {
  standard: { where: frenchList(DELIVERY.standardZones), whereLabel: 'Zone', when: DELIVERY.delay, whenLabel: 'Délai' },
  express: { where: frenchList(DELIVERY.expressZones), whereLabel: 'Zones', when: DELIVERY.delay, whenLabel: 'Délai' },
  pickup: { where: shop.address, whereLabel: 'Adresse', when: shop.hours, whenLabel: 'Horaires' },
}

export function feeLabel(fee: number, inSentence = false): string {
  if (fee > 0) return formatPrice(fee)
  return inSentence ? 'gratuit' : 'Gratuit'
}

function MethodCard({ method, info }: { method: ShippingMethod; info: ShippingInfo }) {
  const details = METHOD_DETAILS[method.code]
  return (
    <li className={styles.card} data-method={method.code}>
      <h3>{method.label}</h3>
      <p className={rates.fee}>{feeLabel(method.fee)}</p>
      {method.freeFromThreshold && method.fee > 0 ? (
        <p className={rates.free}>Offerte dès {formatPrice(info.freeDeliveryThreshold)} d’achat</p>
      ) : null}
      <dl className={rates.details}>
        <dt>{details?.whereLabel ?? 'Zone'}</dt>
        <dd>{details?.where ?? method.description}</dd>
        {details ? (
          <>
            <dt>{details.whenLabel}</dt>
            <dd>{details.when}</dd>
          </>
        ) : null}
      </dl>
    </li>
  )
}

/** The fee cards of /delivery, plus the areas on quote. */
export function DeliveryRates() {
  const query = useQuery(shippingInfoQueryOptions())
  return (
    <>
      {query.isPending ? (
        <p className={rates.status} role="status">Chargement des tarifs…</p>
      ) : query.isError ? (
        <div className={rates.status} role="alert">
          <p>Les tarifs de livraison n’ont pas pu être chargés. Ils restent affichés avant la validation de chaque commande.</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>Réessayer</Button>
        </div>
      ) : (
        <ul className={`${styles.cards} ${styles.cards3}`} aria-label="Modes de livraison et tarifs">
          {query.data.methods.map((method) => (
            <MethodCard key={method.code} method={method} info={query.data} />
          ))}
        </ul>
      )}
      <ul className={`${styles.cards} ${rates.quote}`} aria-label="Zones sur devis">
        <li className={styles.card}>
          <h3>Zones plus éloignées</h3>
          <p className={rates.fee}>Sur devis</p>
          <p className={styles.muted}>
            {frenchList(DELIVERY.fartherZones)} et au-delà : nous vous conseillons le retrait en boutique (gratuit), ou nous
            vous proposons un devis de livraison avant la commande.
          </p>
        </li>
        <li className={styles.card}>
          <h3>Autres villes et international</h3>
          <p className={rates.fee}>Sur devis</p>
          <p className={styles.muted}>
            Écrivez-nous avec votre adresse et les articles souhaités : nous vous répondons avec les frais et le délai, avant
            tout paiement. <Link to="/contact">Nous contacter</Link>
          </p>
        </li>
      </ul>
    </>
  )
}

/** One sentence per method for the contact FAQ; the page link when the fees are not loaded. */
export function DeliveryFeesSummary() {
  const query = useQuery(shippingInfoQueryOptions())
  if (!query.data) {
    return (
      <p>
        Les frais dépendent de votre zone : ils sont détaillés sur la page <Link to="/delivery">Livraison</Link> et
        affichés avant la validation de votre commande.
      </p>
    )
  }
  const info = query.data
  return (
    <>
      <ul>
        {info.methods.map((method) => (
          <li key={method.code}>
            {method.label}
            {METHOD_DETAILS[method.code] && method.code !== 'pickup' ? ` (${METHOD_DETAILS[method.code]!.where})` : ''} :{' '}
            {feeLabel(method.fee, true)}
            {method.freeFromThreshold && method.fee > 0 ? `, offerte dès ${formatPrice(info.freeDeliveryThreshold)} d’achat` : ''}.
          </li>
        ))}
      </ul>
      <p>
        Zones plus éloignées et international : sur devis. Tous les détails sur la page <Link to="/delivery">Livraison</Link>.
      </p>
    </>
  )
}
