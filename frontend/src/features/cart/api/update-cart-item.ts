import { api, dataOf } from '@/lib/api-client'
import { serverCartSchema, type ServerCart } from './cart-schema'

/** PUT /api/cart/items/{itemId} {quantity} → the cart after the change (below 1: 400; beyond the stock: 409). */
export async function updateCartItem(itemId: string, quantity: number): Promise<ServerCart> {
  const body = await api.put(`/cart/items/${encodeURIComponent(itemId)}`, { quantity }, dataOf(serverCartSchema))
  return body.data
}
