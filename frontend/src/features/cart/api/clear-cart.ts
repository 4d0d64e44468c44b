import { api, dataOf } from '@/lib/api-client'
import { serverCartSchema, type ServerCart } from './cart-schema'

/** DELETE /api/cart/clear → the empty cart. */
export async function clearCart(): Promise<ServerCart> {
  const body = await api.delete('/cart/clear', dataOf(serverCartSchema))
  return body.data
}
