// The server cart as the API sends it (logged-in customers), and its query keys.
import { array, int, object, optional, string, type infer as Infer } from 'zod/mini'

export const cartItemSchema = object({
  id: string(),
  productId: string(),
  name: string(),
  slug: string(),
  image: string(),
  /** Whole francs, from the catalogue at the time of reading. */
  price: int(),
  /** Present only while the product is on promotion: the price then paid. */
  promoPrice: optional(int()),
  quantity: int(),
  size: string(),
  color: string(),
  /** Units of this variant left in stock. */
  stock: int(),
})

export const serverCartSchema = object({
  items: array(cartItemSchema),
  subtotal: int(),
  itemCount: int(),
})

export const mergeResultSchema = object({
  cart: serverCartSchema,
  /** Lines added to the server cart. */
  merged: int(),
  /** Lines lowered to the stock left. */
  capped: int(),
  dropped: array(object({ productId: string(), reason: string() })),
})

export type ServerCartItem = Infer<typeof cartItemSchema>
export type ServerCart = Infer<typeof serverCartSchema>
export type MergeResult = Infer<typeof mergeResultSchema>

/** One cart per customer: the user id is in the key, so one user never sees another's cart. */
export const cartKeys = {
  all: ['cart'] as const,
  detail: (userId: string) => ['cart', userId] as const,
}
