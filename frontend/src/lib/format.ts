// The one money formatter and the one date formatter of the shop.
// XOF has no minor unit: amounts are whole francs.

const moneyFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })

export function formatPrice(amount: unknown): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'Prix non disponible'
  // fr-FR groups with a narrow no-break space (U+202F); a plain space reads the
  // same, copies cleanly and matches the shop's '12 500 FCFA' (docs/rules.md#money).
  const grouped = moneyFormat.format(Math.round(amount)).replace(/[\u202f\u00a0]/g, ' ')
  return `${grouped} FCFA`
}

/** An amount taken off (a promo code's discount): '− 800 FCFA'. */
export function formatDiscount(amount: number): string {
  return `− ${formatPrice(amount)}`
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Dakar',
})

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Dakar',
})

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (typeof value === 'string' && value.trim() !== '') {
    const date = new Date(value)
    return Number.isNaN(date.getTime()) ? null : date
  }
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value)
  return null
}

/** '5 mars 2025' in Dakar time; invalid → 'Date non disponible'. */
export function formatDate(value: unknown, options: { withTime?: boolean } = {}): string {
  const date = toDate(value)
  if (!date) return 'Date non disponible'
  return (options.withTime ? dateTimeFormat : dateFormat).format(date)
}
