// What delivery will cost, said before checkout (docs/rules.md#delivery): the
// cheapest zone's fee until the shopper's commune is known, then that zone's
// fee and delay; and how far free standard delivery is. The figures are the
// server's zones (lib/delivery-zones); checkout charges the same rule.
import { GroupedSelectField } from '@/components/ui/form-field'
import { chooseCommune } from '@/lib/chosen-commune'
import {
  STANDARD_SHIPPING,
  cheapestFee,
  communeGroups,
  deliveryFee,
  findCommune,
  freeDelivery,
  lowestFreeFrom,
  type DeliveryZone,
} from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import styles from './delivery-estimate.module.css'

export interface DeliveryQuote {
  /** The standard fee for this subtotal in the commune's zone; null while the commune is unknown. */
  fee: number | null
  /** Where and how long, once the commune is known: « Médina · 24 h ». */
  where: string | null
  /** « Livraison à partir de 1 500 FCFA » before the commune is known. */
  from: number | null
}

/** The standard delivery of a subtotal to a commune (or, without one, the cheapest zone's fee). */
export function quoteDelivery(zones: readonly DeliveryZone[], commune: string | null, subtotal: number): DeliveryQuote {
  const found = findCommune(zones, commune)
  if (!found) return { fee: null, where: null, from: cheapestFee(zones) }
  return {
    fee: deliveryFee(found.zone, STANDARD_SHIPPING, subtotal),
    where: `${found.commune.name} · ${found.zone.delay}`,
    from: null,
  }
}

interface DeliveryEstimateProps {
  zones: readonly DeliveryZone[]
  commune: string | null
  subtotal: number
  /** /cart lets the shopper choose their commune; the drawer only says what it costs. */
  picker?: boolean
}

export function DeliveryEstimate({ zones, commune, subtotal, picker = false }: DeliveryEstimateProps) {
  const found = findCommune(zones, commune)
  const quote = quoteDelivery(zones, commune, subtotal)
  const free = freeDelivery(found ? found.zone.freeFrom : lowestFreeFrom(zones), subtotal)
  return (
    <div className={styles.estimate}>
      <p className={styles.line} data-testid="delivery-estimate">
        {found ? (
          <>
            Livraison à {found.commune.name} ({found.zone.name}) :{' '}
            <strong>{quote.fee === 0 ? 'offerte' : formatPrice(quote.fee)}</strong>
            <span className={styles.delay}> · {found.zone.delay}</span>
          </>
        ) : quote.from !== null ? (
          <>Livraison à partir de {formatPrice(quote.from)}</>
        ) : (
          <>Frais de livraison calculés à la commande.</>
        )}
      </p>
      {picker && zones.length > 0 ? (
        <GroupedSelectField
          id="cart-commune"
          label="Votre commune"
          hint="Pour connaître vos frais et le délai de livraison."
          placeholder="Choisissez votre commune"
          groups={communeGroups(zones)}
          value={found ? found.commune.code : ''}
          onChange={(event) => chooseCommune(event.target.value || null)}
        />
      ) : null}
      {free ? (
        <div className={styles.free}>
          <p className={styles.freeText} data-testid="free-delivery">
            {free.missing === 0
              ? `Livraison standard offerte : votre panier atteint ${formatPrice(free.threshold)}.`
              : `Plus que ${formatPrice(free.missing)} d’achat pour la livraison offerte (dès ${formatPrice(free.threshold)}).`}
          </p>
          <div className={styles.progress} aria-hidden="true">
            <span style={{ width: `${free.percent}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
