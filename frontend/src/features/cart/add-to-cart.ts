// Adding a product to the cart, as the product page needs it.
//
// PLACEHOLDER until the cart issue: it writes the guest cart in localStorage
// (`localCart`) and says so with a toast. The cart issue replaces the inside
// (server cart for logged-in customers, the cart drawer…) and keeps this
// signature: `const addToCart = useAddToCart(); await addToCart(item)`.
import { useCallback } from 'react'
import { useToast } from '@/components/ui/toast'
import { readLocalCart, writeLocalCart, type LocalCartItem } from './local-cart'

export const ADDED_MESSAGE = 'Produit ajouté au panier'
export const MISSING_CHOICE_MESSAGE = 'Veuillez sélectionner une taille et une couleur'

export const insufficientStockMessage = (available: number) =>
  `Stock insuffisant. Seulement ${available} disponible(s).`

export interface AddToCartItem {
  productId: string | number
  name: string
  image: string
  price: number
  /** Only while the product is on promotion. */
  promoPrice?: number | null
  quantity: number
  size: string
  color: string
  /** Units of this (colour, size) on hand: the line never goes above it. */
  stock: number
}

export type AddToCartResult =
  /** `quantity` is the line's quantity now, `added` what this call added to it. */
  | { status: 'added'; quantity: number; added: number }
  /** Part or none of the quantity fitted: the line holds `quantity` (= the stock). */
  | { status: 'capped'; quantity: number; added: number }
  | { status: 'invalid' }

/**
 * Adds to the guest cart: the same product, size and colour add up to one
 * line, capped at the stock. Pure storage work, no toast.
 */
export function addToLocalCart(item: AddToCartItem): AddToCartResult {
  const quantity = Math.trunc(item.quantity)
  if (!item.size || !item.color || !(quantity >= 1)) return { status: 'invalid' }
  const stock = Math.max(0, Math.trunc(item.stock))
  const lines = readLocalCart()
  const same = (line: LocalCartItem) =>
    String(line.productId) === String(item.productId) && line.size === item.size && (line.color ?? '') === item.color
  const existing = lines.find(same)
  const before = existing?.quantity ?? 0
  const wanted = before + quantity
  const after = Math.min(wanted, stock)
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
  }
  writeLocalCart(existing ? lines.map((l) => (same(l) ? line : l)) : [...lines, line])
  return { status: after < wanted ? 'capped' : 'added', quantity: after, added: after - before }
}

/** `addToCart(item)`: adds, then tells the shopper with a toast. Resolves to what happened. */
export function useAddToCart(): (item: AddToCartItem) => Promise<AddToCartResult> {
  const toast = useToast()
  return useCallback(
    async (item: AddToCartItem) => {
      const result = addToLocalCart(item)
      if (result.status === 'invalid') {
        toast.error(MISSING_CHOICE_MESSAGE)
        return result
      }
      if (result.added > 0) toast.success(ADDED_MESSAGE)
      if (result.status === 'capped') toast.warning(insufficientStockMessage(Math.max(0, Math.trunc(item.stock))))
      return result
    },
    [toast],
  )
}
