import { api, dataOf } from '@/lib/api-client'
import { serverCartSchema, type ServerCart } from './cart-schema'

export interface CartItemInput {
  productId: string
  quantity: number
  size: string
  color: string
}

/**
 * POST /api/cart/add → the cart after the change. The same product, size and
 * colour add to the existing line; beyond the stock (counting the cart) the
 * server answers 409 `insufficient_stock`. Not retried: a POST that timed out
 * may already have added the units.
 */
export async function addCartItem(input: CartItemInput): Promise<ServerCart> {
  const body = await api.post('/cart/add', input, dataOf(serverCartSchema))
  return body.data
}
