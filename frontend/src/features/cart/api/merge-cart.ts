import { api, dataOf } from '@/lib/api-client'
import type { CartItemInput } from './add-cart-item'
import { mergeResultSchema, type MergeResult } from './cart-schema'

/**
 * POST /api/cart/merge: the guest cart joins the customer's cart on login
 * (the same variant adds up, capped at the stock; what cannot be bought any
 * more is dropped and reported). Not retried: sent twice it would add twice.
 */
export async function mergeCart(items: CartItemInput[]): Promise<MergeResult> {
  const body = await api.post('/cart/merge', { items }, dataOf(mergeResultSchema))
  return body.data
}
