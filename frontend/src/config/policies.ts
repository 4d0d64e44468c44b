// The shop's written rules, in one place for every page that states them
// (contact FAQ, delivery, returns, terms, privacy). ONE returns window
// everywhere (docs/rules.md#returns). Delivery zones, fees, delays and the
// free-delivery thresholds are NOT here: they are the server's (lib/delivery-zones).

/** Returns and refunds (docs/rules.md#returns). */
export const RETURNS = {
  /** Calendar days after receipt to send an item back. */
  windowDays: 14,
  /** Hours after receipt to report a defective or wrong item. */
  defectReportHours: 48,
  /** Working days after we receive the returned item to refund it. */
  refundWorkingDays: 3,
} as const

/** "14 jours" — the same words on every page. */
export const RETURNS_WINDOW = `${RETURNS.windowDays} jours`
export const DEFECT_REPORT_DELAY = `${RETURNS.defectReportHours} heures`
export const REFUND_DELAY = `${RETURNS.refundWorkingDays} jours ouvrables`

/** An unpaid Wave order is cancelled after the payment session's lifetime (docs/rules.md#expiry). */
export const WAVE_PAYMENT_WINDOW = '30 minutes'

/** Support answers WhatsApp and e-mail messages within this time during opening hours. */
export const SUPPORT_REPLY_DELAY = '2 à 4 heures'

/** Legal pages: the legal notice states the share capital. */
export const LEGAL = {
  /** Share capital in FCFA. */
  capital: 1_000_000,
  /**
   * Last update of the returns, privacy and terms pages: the day these texts
   * were rewritten for this version (one returns window, Wave or cash on
   * delivery). Change it whenever one of the three changes.
   */
  updatedAt: '2026-11-22',
} as const

const listFormat = new Intl.ListFormat('fr', { type: 'conjunction' })

/** ['Guédiawaye', 'Mermoz', 'Sacré-Cœur'] → 'Guédiawaye, Mermoz et Sacré-Cœur'. */
export function frenchList(items: readonly string[]): string {
  return listFormat.format(items)
}
