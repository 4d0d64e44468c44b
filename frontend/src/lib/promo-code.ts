// The promo code the shopper applied in the cart: kept for this tab (sessionStorage)
// until checkout sends it, and what POST /api/cart/promo-code says it takes off the
// server cart now. The server decides again at checkout (docs/rules.md#promo-codes).
import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { number, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export const promoQuoteSchema = object({ code: string(), discount: number(), subtotal: number(), eligibleSubtotal: number() })
export type PromoQuote = Infer<typeof promoQuoteSchema>

/** The refusals of a code at checkout: the shopper may order without it. */
export const PROMO_REFUSALS = ['promo_code_refused', 'promo_code_exhausted']

const KEY = 'bitik.promoCode'
const listeners = new Set<() => void>()

export function appliedPromoCode(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function setAppliedPromoCode(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(KEY, code)
    else sessionStorage.removeItem(KEY)
  } catch {
    // Private browsing without storage: the code lasts as long as the page.
  }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function useAppliedPromoCode(): string | null {
  return useSyncExternalStore(subscribe, appliedPromoCode, () => null)
}

/** POST /api/cart/promo-code: the discount, or the French reason as an ApiError. */
export async function checkPromoCode(code: string): Promise<PromoQuote> {
  return (await api.post('/cart/promo-code', { code }, dataOf(promoQuoteSchema))).data
}

/** What the applied code takes off the cart as it is now (asked again when the subtotal changes). */
export function usePromoQuote(code: string | null, subtotal: number, enabled: boolean) {
  return useQuery({
    queryKey: ['promo-code', code, subtotal],
    queryFn: () => checkPromoCode(code ?? ''),
    enabled: enabled && Boolean(code) && subtotal > 0,
    retry: false,
  })
}
