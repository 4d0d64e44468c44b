// One shape of cart for the whole storefront, whoever keeps it: the guest's
// browser (`localCart`) or the server (logged-in customers). Components only
// ever see this.
import { LINE_LIMIT_MESSAGE, MAX_LINE_QUANTITY, lineLimit } from '@/config/cart'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-client'
import type { ServerCart } from './api/cart-schema'

export const UNIQUE_SIZE = 'unique'

export const ADDED_MESSAGE = 'Produit ajouté au panier'
export const ADD_ERROR_MESSAGE = "Erreur lors de l'ajout au panier"
export const FETCH_ERROR_MESSAGE = 'Erreur lors de la récupération du panier'
export const UPDATE_ERROR_MESSAGE = 'Erreur lors de la mise à jour du panier'
export const MIN_QUANTITY_MESSAGE = 'La quantité doit être au moins de 1'
export const MERGE_DROPPED_MESSAGE = "Certains articles de votre panier n'étaient plus disponibles."
export const MERGE_CAPPED_MESSAGE = `Certaines quantités de votre panier ont été réduites au stock disponible (${MAX_LINE_QUANTITY} par article au plus).`
export const CLEAR_CONFIRM = {
  title: 'Vider le panier',
  text: 'Êtes-vous sûr de vouloir vider votre panier ?',
}

export const insufficientStockMessage = (available: number) =>
  `Stock insuffisant. Seulement ${available} disponible(s).`

/** Why a line could not hold what was asked: the stock, or the units a line holds when the stock has more. */
export const cappedMessage = (stock: number) =>
  stock > MAX_LINE_QUANTITY ? LINE_LIMIT_MESSAGE : insufficientStockMessage(Math.max(0, stock))

export interface CartLine {
  /** Stable key of the line: the server's item id, or `productId|size|color` for a guest. */
  key: string
  /** The server's item id (customers only). */
  id?: string
  productId: string | number
  name: string
  /** For the link to the product page, when known. */
  slug?: string
  image?: string
  price: number
  /** Only while the product is on promotion: the price then paid. */
  promoPrice?: number | null
  quantity: number
  size: string
  color?: string
  /** Units of this variant on hand, when known: the quantity never goes above it (nor above MAX_LINE_QUANTITY). */
  stock?: number
}

export interface CartView {
  items: CartLine[]
  /** Sum of the lines at the prices paid, in FCFA. */
  subtotal: number
  /** Units in the cart (the header badge). */
  itemCount: number
}

export const EMPTY_CART: CartView = { items: [], subtotal: 0, itemCount: 0 }

/** Line price = promo price when there is one, else price (docs/rules.md#money). */
export function linePrice(line: Pick<CartLine, 'price' | 'promoPrice'>): number {
  return line.promoPrice ?? line.price
}

/** The struck-through original is shown only when the promo really is lower. */
export function hasPromotion(line: Pick<CartLine, 'price' | 'promoPrice'>): boolean {
  return line.promoPrice != null && line.promoPrice < line.price
}

export function summarize(items: CartLine[]): CartView {
  return {
    items,
    subtotal: items.reduce((sum, line) => sum + linePrice(line) * line.quantity, 0),
    itemCount: items.reduce((sum, line) => sum + line.quantity, 0),
  }
}

export function fromServerCart(cart: ServerCart): CartView {
  return {
    items: cart.items.map((item) => ({ ...item, key: item.id })),
    subtotal: cart.subtotal,
    itemCount: cart.itemCount,
  }
}

const sameText = (a: string | undefined, b: string | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()

/** Same product, size and colour: one line. */
export function sameVariant(line: Pick<CartLine, 'productId' | 'size' | 'color'>, other: Pick<CartLine, 'productId' | 'size' | 'color'>): boolean {
  return String(line.productId) === String(other.productId) && sameText(line.size, other.size) && sameText(line.color, other.color)
}

/** The bounds of a line's quantity: 1 to the stock when known, and to MAX_LINE_QUANTITY. */
export function boundQuantity(quantity: number, stock: number | undefined): number {
  const whole = Math.trunc(quantity)
  const atLeastOne = Number.isFinite(whole) ? Math.max(1, whole) : 1
  return Math.min(atLeastOne, lineLimit(stock !== undefined && stock >= 1 ? stock : undefined))
}

/** What the product page (or any "add" button) hands to the cart. */
export interface AddToCartItem {
  productId: string | number
  name: string
  slug?: string
  image: string
  price: number
  /** Only while the product is on promotion. */
  promoPrice?: number | null
  quantity: number
  /** Defaults: a clothing product's size when it has only one, else `unique` outside clothing; never one of several. */
  size?: string
  /** Defaults to the first colour of `colors`. */
  color?: string
  /** Units of this (colour, size) on hand: the line never goes above it. */
  stock: number
  /** Only used for the default size and colour when none was chosen. */
  category?: string
  sizes?: readonly string[]
  colors?: readonly string[]
}

export type AddToCartResult =
  /** `quantity` is the line's quantity now, `added` what this call added to it. */
  | { status: 'added'; quantity: number; added: number }
  /** Part or none of the quantity fitted: the line holds `quantity` (= the stock, or MAX_LINE_QUANTITY). */
  | { status: 'capped'; quantity: number; added: number }
  | { status: 'invalid' }
  | { status: 'error'; message: string }

/**
 * Default size: a `vetement`'s only size, `unique` outside clothing; among several sizes none is
 * taken for the shopper (the shop's rule: a size nobody chose is never ordered), so the add is
 * refused with MISSING_CHOICE_MESSAGE. Default colour the first.
 */
export function withDefaultChoice(item: AddToCartItem): AddToCartItem & { size: string; color: string } {
  const clothingSize = item.sizes?.length === 1 ? item.sizes[0]! : ''
  const defaultSize = item.category === undefined ? '' : item.category === 'vetement' ? clothingSize : UNIQUE_SIZE
  const size = item.size?.trim() || defaultSize
  const color = item.color?.trim() || item.colors?.[0] || ''
  return { ...item, size, color }
}

/** The server's French message (or the network one); the cart's own fallback when there is none. */
export function cartErrorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message !== GENERIC_ERROR_MESSAGE ? error.message : fallback
}
