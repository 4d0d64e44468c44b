// The delivery zones as the server has them (GET /api/delivery/zones): each
// with its communes, standard fee, express fee where offered, free-delivery
// threshold, delay, and whether cash on delivery is taken. The cart, the
// drawer, checkout, the product page and /delivery all read them from here;
// no fee, threshold or commune is written in the frontend (docs/rules.md#delivery).
// The server charges the same rule again at checkout: what is computed here
// is only what the shopper sees before confirming.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, boolean, int, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from './api-client'
import { formatPrice } from './format'

export const communeSchema = object({ code: string(), name: string() })

export const deliveryZoneSchema = object({
  code: string(),
  name: string(),
  /** Standard delivery, whole francs. */
  fee: int(),
  /** Null: express is not offered in the zone. */
  expressFee: nullable(int()),
  /** Standard delivery is free from this subtotal; null: never. */
  freeFrom: nullable(int()),
  /** As shoppers read it: « 24 h », « 2 à 4 jours ouvrés ». */
  delay: string(),
  /** Express delivery's own delay (« Le jour même »); null exactly when express is not offered. */
  expressDelay: nullable(string()),
  cashOnDelivery: boolean(),
  active: boolean(),
  communes: array(communeSchema),
})

export type Commune = Infer<typeof communeSchema>
export type DeliveryZone = Infer<typeof deliveryZoneSchema>

export const STANDARD_SHIPPING = 'standard'
export const EXPRESS_SHIPPING = 'express'
export const PICKUP = 'pickup'

export async function getDeliveryZones(signal?: AbortSignal): Promise<DeliveryZone[]> {
  const body = await api.get('/delivery/zones', dataOf(array(deliveryZoneSchema)), { signal })
  return body.data
}

export const deliveryZonesKey = ['delivery-zones'] as const

/** The shop changes its zones in the back office: fresh enough within a visit. */
export const deliveryZonesQueryOptions = () =>
  queryOptions({
    queryKey: deliveryZonesKey,
    queryFn: ({ signal }) => getDeliveryZones(signal),
    staleTime: 10 * 60 * 1000,
    gcTime: 24 * 60 * 60 * 1000,
  })

export function useDeliveryZones() {
  return useQuery(deliveryZonesQueryOptions())
}

/** The zone that covers a commune, with the commune; null for an unknown code. */
export function findCommune(zones: readonly DeliveryZone[], code: string | null | undefined): { zone: DeliveryZone; commune: Commune } | null {
  if (!code) return null
  for (const zone of zones) {
    const commune = zone.communes.find((c) => c.code === code)
    if (commune) return { zone, commune }
  }
  return null
}

/** The communes for a select, grouped by zone in the zones' order (the cheapest first). */
export function communeGroups(zones: readonly DeliveryZone[]): { label: string; options: { value: string; label: string }[] }[] {
  return zones.map((zone) => ({
    label: zone.name,
    options: zone.communes.map((commune) => ({ value: commune.code, label: commune.name })),
  }))
}

/** « Livraison à partir de … »: the cheapest standard fee of the zones. Null without zones. */
export function cheapestFee(zones: readonly DeliveryZone[]): number | null {
  return zones.length === 0 ? null : Math.min(...zones.map((zone) => zone.fee))
}

/** The lowest free-delivery threshold of the zones; null when no zone has one. */
export function lowestFreeFrom(zones: readonly DeliveryZone[]): number | null {
  const thresholds = zones.map((zone) => zone.freeFrom).filter((from): from is number => from !== null)
  return thresholds.length === 0 ? null : Math.min(...thresholds)
}

/**
 * What a method costs in a zone for a subtotal, as checkout charges it:
 * pickup free; standard the zone's fee, free from its threshold; express its
 * own fee. Null where the zone does not offer the method.
 */
export function deliveryFee(zone: DeliveryZone | null, method: string, subtotal: number): number | null {
  if (method === PICKUP) return 0
  if (!zone) return null
  if (method === EXPRESS_SHIPPING) return zone.expressFee
  return zone.freeFrom !== null && subtotal >= zone.freeFrom ? 0 : zone.fee
}

/** How long a method takes in a zone: express its own delay, standard the zone's. */
export function deliveryDelay(zone: DeliveryZone, method: string): string {
  return method === EXPRESS_SHIPPING && zone.expressDelay ? zone.expressDelay : zone.delay
}

export interface FreeDelivery {
  threshold: number
  /** What is left to buy; 0 once reached. */
  missing: number
  /** 0 to 100, for a progress bar. */
  percent: number
}

/** How far free standard delivery is; null when it never is. */
export function freeDelivery(threshold: number | null, subtotal: number): FreeDelivery | null {
  if (threshold === null) return null
  const missing = Math.max(0, threshold - subtotal)
  const percent = threshold === 0 ? 100 : Math.min(100, Math.round((subtotal / threshold) * 100))
  return { threshold, missing, percent }
}

/** A zone's terms in one line: « 1 500 FCFA · 24 h · express 2 500 FCFA (Le jour même) · offerte dès 50 000 FCFA ». */
export function zoneTerms(zone: DeliveryZone): string {
  return [
    formatPrice(zone.fee),
    zone.delay,
    zone.expressFee !== null ? `express ${formatPrice(zone.expressFee)} (${deliveryDelay(zone, EXPRESS_SHIPPING)})` : null,
    zone.freeFrom !== null ? `offerte dès ${formatPrice(zone.freeFrom)}` : null,
    zone.cashOnDelivery ? null : 'paiement Wave uniquement',
  ]
    .filter(Boolean)
    .join(' · ')
}
