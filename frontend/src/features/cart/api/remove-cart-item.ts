import { api, dataOf } from '@/lib/api-client'
import { serverCartSchema, type ServerCart } from './cart-schema'

/** DELETE /api/cart/items/{itemId} → the cart after the change. */
export async function removeCartItem(itemId: string): Promise<ServerCart> {
  const body = await api.delete(`/cart/items/${encodeURIComponent(itemId)}`, dataOf(serverCartSchema))
  return body.data
}
