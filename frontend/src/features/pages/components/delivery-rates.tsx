// The delivery zones as the server applies them at checkout (GET /api/delivery/zones):
// no fee, threshold, delay or commune is written here (one source of truth:
// docs/rules.md#delivery).
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { deliveryDelay, deliveryZonesQueryOptions, EXPRESS_SHIPPING, zoneTerms, type DeliveryZone } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import { shop } from '@/lib/shop'
import styles from './info-page.module.css'
import rates from './delivery-rates.module.css'

function ZoneCard({ zone }: { zone: DeliveryZone }) {
  return (
    <li className={styles.card} data-zone={zone.code}>
      <h3>{zone.name}</h3>
      <p className={rates.fee}>{formatPrice(zone.fee)}</p>
      {zone.freeFrom !== null ? <p className={rates.free}>Offerte dès {formatPrice(zone.freeFrom)} d’achat</p> : null}
      <dl className={rates.details}>
        <dt>Délai</dt>
        <dd>{zone.delay}</dd>
        <dt>Express</dt>
        <dd>{zone.expressFee !== null ? `${formatPrice(zone.expressFee)} · ${deliveryDelay(zone, EXPRESS_SHIPPING)}` : 'Non proposée'}</dd>
        <dt>Paiement</dt>
        <dd>{zone.cashOnDelivery ? 'Wave ou à la livraison' : 'Wave uniquement'}</dd>
      </dl>
      <details className={rates.communes}>
        <summary>{zone.communes.length} commune{zone.communes.length > 1 ? 's' : ''}</summary>
        <p>{zone.communes.map((commune) => commune.name).join(', ')}.</p>
      </details>
    </li>
  )
}

/** The zone cards of /delivery, pickup in shop, and the rest of the world on quote. */
export function DeliveryRates() {
  const query = useQuery(deliveryZonesQueryOptions())
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
        <ul className={styles.cards} aria-label="Zones de livraison et tarifs">
          {query.data.map((zone) => (
            <ZoneCard key={zone.code} zone={zone} />
          ))}
        </ul>
      )}
      <ul className={`${styles.cards} ${rates.quote}`} aria-label="Retrait et devis">
        <li className={styles.card}>
          <h3>Retrait en boutique</h3>
          <p className={rates.fee}>Gratuit</p>
          <dl className={rates.details}>
            <dt>Adresse</dt>
            <dd>{shop.address}</dd>
            <dt>Horaires</dt>
            <dd>{shop.hours}</dd>
          </dl>
        </li>
        <li className={styles.card}>
          <h3>Ailleurs au Sénégal et à l’étranger</h3>
          <p className={rates.fee}>Sur devis</p>
          <p className={styles.muted}>
            Votre commune n’est pas dans la liste ? Écrivez-nous avec votre adresse et les articles souhaités : nous vous
            répondons avec les frais et le délai, avant tout paiement. <Link to="/contact">Nous contacter</Link>
          </p>
        </li>
      </ul>
    </>
  )
}

/** One sentence per zone for the contact FAQ; the page link when the zones are not loaded. */
export function DeliveryFeesSummary() {
  const query = useQuery(deliveryZonesQueryOptions())
  if (!query.data) {
    return (
      <p>
        Les frais dépendent de votre commune : ils sont détaillés sur la page <Link to="/delivery">Livraison</Link> et
        affichés avant la validation de votre commande.
      </p>
    )
  }
  return (
    <>
      <ul>
        {query.data.map((zone) => (
          <li key={zone.code}>
            {zone.name} : {zoneTerms(zone)}.
          </li>
        ))}
        <li>Retrait en boutique : gratuit.</li>
      </ul>
      <p>
        Ailleurs et à l’étranger : sur devis. Les communes de chaque zone sont sur la page <Link to="/delivery">Livraison</Link>.
      </p>
    </>
  )
}
