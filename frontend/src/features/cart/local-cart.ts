// Guest cart in localStorage under `localCart` (seed 000 §3). For now the
// header only needs the item count; the cart issue adds the operations.
import { useSyncExternalStore } from 'react'
import { int, nullish, number, object, optional, safeParse, string, union, type infer as Infer } from 'zod/mini'

export const LOCAL_CART_KEY = 'localCart'

export const localCartItemSchema = object({
  productId: union([string(), int()]),
  name: string(),
  image: optional(string()),
  price: number(),
  promoPrice: nullish(number()),
  quantity: int(),
  size: string(),
  color: optional(string()),
})

export type LocalCartItem = Infer<typeof localCartItemSchema>

const listeners = new Set<() => void>()
// The count is recomputed only when the stored text changes.
let cached: { raw: string | null; count: number } = { raw: null, count: 0 }

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(LOCAL_CART_KEY)
  } catch {
    return null
  }
}

/** Lines that do not match the shape (old versions, hand edits) are dropped, not fatal. */
export function readLocalCart(raw: string | null = readRaw()): LocalCartItem[] {
  if (!raw) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  return value.flatMap((line) => {
    const parsed = safeParse(localCartItemSchema, line)
    return parsed.success && parsed.data.quantity > 0 ? [parsed.data] : []
  })
}

function notify() {
  listeners.forEach((listener) => listener())
}

export function writeLocalCart(items: LocalCartItem[]): void {
  try {
    window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(items))
  } catch {
    // Full or unavailable storage: the count simply does not change.
  }
  notify()
}

export function cartCount(items: LocalCartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_CART_KEY || event.key === null) notify()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function getCount(): number {
  const raw = readRaw()
  if (raw !== cached.raw) cached = { raw, count: cartCount(readLocalCart(raw)) }
  return cached.count
}

/** Number of items (sum of quantities) for the header badge. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, getCount, () => 0)
}
