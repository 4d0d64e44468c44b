// Delivery promises shown to shoppers (seed 000 §2, decisions.md). The server
// computes every fee; these are the texts' figures.

/** Standard delivery is free from this subtotal, in FCFA. */
export const FREE_SHIPPING_THRESHOLD = 50_000

export const DELIVERY_DAYS = {
  dakar: '2 à 5 jours ouvrables',
  regions: '3 à 7 jours ouvrables',
} as const
