// The guest cart, in localStorage under `localCart` (docs/rules.md#cart): an array of
// {productId, name, image, price, promoPrice?, quantity, size, color, stock?, slug?}.
// Pure storage work (no toast, no React state) plus a hook that follows it,
// across tabs too.
import { useSyncExternalStore } from 'react'
import { int, nullish, number, object, optional, safeParse, string, union, type infer as Infer } from 'zod/mini'
import { lineLimit } from '@/config/cart'
import { boundQuantity, sameVariant, summarize, type AddToCartItem, type AddToCartResult, type CartLine, type CartView } from './cart-model'

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
  /** Units of the variant when the line was last written (the line never goes above it). */
  stock: optional(int()),
  slug: optional(string()),
})

export type LocalCartItem = Infer<typeof localCartItemSchema>

const listeners = new Set<() => void>()

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
    if (items.length === 0) window.localStorage.removeItem(LOCAL_CART_KEY)
    else window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(items))
  } catch {
    // Full or unavailable storage: the cart simply does not change.
  }
  notify()
}

export function clearLocalCart(): void {
  writeLocalCart([])
}

/** The key of a guest line: product, size and colour. */
export function localLineKey(line: Pick<LocalCartItem, 'productId' | 'size' | 'color'>): string {
  return [String(line.productId), line.size, line.color ?? ''].join('|')
}

export function toCartLine(item: LocalCartItem): CartLine {
  return { ...item, key: localLineKey(item) }
}

export function localCartView(items: LocalCartItem[]): CartView {
  return summarize(items.map(toCartLine))
}

/**
 * Adds to the guest cart: the same product, size and colour add up to one
 * line, capped at the stock and at MAX_LINE_QUANTITY (the line keeps the
 * latest name, picture, prices and stock).
 */
export function addToLocalCart(item: AddToCartItem & { size: string; color: string }): AddToCartResult {
  const quantity = Math.trunc(item.quantity)
  if (!item.size || !item.color || !(quantity >= 1)) return { status: 'invalid' }
  const stock = Math.max(0, Math.trunc(item.stock))
  const lines = readLocalCart()
  const existing = lines.find((line) => sameVariant(line, item))
  const before = existing?.quantity ?? 0
  const wanted = before + quantity
  const after = Math.min(wanted, lineLimit(stock))
  if (after <= before) return { status: 'capped', quantity: before, added: 0 }

  const line: LocalCartItem = {
    productId: item.productId,
    name: item.name,
    image: item.image,
    price: item.price,
    ...(item.promoPrice != null ? { promoPrice: item.promoPrice } : {}),
    quantity: after,
    size: item.size,
    color: item.color,
    stock,
    ...(item.slug ? { slug: item.slug } : {}),
  }
  writeLocalCart(existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line])
  return { status: after < wanted ? 'capped' : 'added', quantity: after, added: after - before }
}

/** Sets a guest line's quantity within 1..stock (10 at most); returns the quantity kept (undefined: no such line). */
export function setLocalQuantity(key: string, quantity: number): number | undefined {
  const lines = readLocalCart()
  const line = lines.find((l) => localLineKey(l) === key)
  if (!line) return undefined
  const bounded = boundQuantity(quantity, line.stock)
  if (bounded !== line.quantity) writeLocalCart(lines.map((l) => (l === line ? { ...l, quantity: bounded } : l)))
  return bounded
}

export function removeLocalLine(key: string): void {
  const lines = readLocalCart()
  const rest = lines.filter((l) => localLineKey(l) !== key)
  if (rest.length !== lines.length) writeLocalCart(rest)
}

/**
 * Puts lines back (a merge that could not reach the server): added to what
 * the cart holds now, the same variant adding up.
 */
export function restoreLocalLines(restored: LocalCartItem[]): void {
  const lines = readLocalCart()
  for (const line of restored) {
    const index = lines.findIndex((l) => sameVariant(l, line))
    if (index === -1) lines.push(line)
    else lines[index] = { ...lines[index]!, quantity: lines[index]!.quantity + line.quantity }
  }
  writeLocalCart(lines)
}

// --- React -------------------------------------------------------------------

// Parsed again only when the stored text changes (useSyncExternalStore needs a stable snapshot).
let cached: { raw: string | null; items: LocalCartItem[] } = { raw: null, items: [] }

function snapshot(): LocalCartItem[] {
  const raw = readRaw()
  if (raw !== cached.raw) cached = { raw, items: readLocalCart(raw) }
  return cached.items
}

const EMPTY: LocalCartItem[] = []

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_CART_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The guest cart's lines, following every write. */
export function useLocalCart(): LocalCartItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY)
}
