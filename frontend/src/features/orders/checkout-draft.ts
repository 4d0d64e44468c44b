// The checkout form's draft, kept in sessionStorage while the shopper types:
// a reload (a phone that dropped the page, a tap on « actualiser ») gives back
// the address and landmark typed. Only the delivery form's fields, none of
// them secret; the tab's storage alone, for the customer who typed them, and
// forgotten once the order is placed.
import type { DeliveryValues } from './checkout-model'

export const CHECKOUT_DRAFT_KEY = 'checkoutDraft'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'commune', 'landmark', 'notes', 'shippingMethod'] as const

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** `defaults` with what `owner` typed in this tab, when there is a draft of theirs. */
export function withCheckoutDraft(defaults: DeliveryValues, owner: string): DeliveryValues {
  try {
    const draft: unknown = JSON.parse(storage()?.getItem(CHECKOUT_DRAFT_KEY) ?? 'null')
    if (!draft || typeof draft !== 'object') return defaults
    const { owner: savedBy, values } = draft as { owner?: unknown; values?: Record<string, unknown> }
    if (savedBy !== owner || !values || typeof values !== 'object') return defaults
    const restored = { ...defaults }
    for (const field of FIELDS) if (typeof values[field] === 'string') restored[field] = values[field]
    return restored
  } catch {
    return defaults
  }
}

export function saveCheckoutDraft(values: DeliveryValues, owner: string): void {
  const kept = Object.fromEntries(FIELDS.map((field) => [field, values[field]]))
  try {
    storage()?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ owner, values: kept }))
  } catch {
    // Full or blocked storage: a reload then starts from the account's details.
  }
}

export function clearCheckoutDraft(): void {
  storage()?.removeItem(CHECKOUT_DRAFT_KEY)
}
