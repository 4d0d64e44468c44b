import { queryOptions } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { cartKeys, serverCartSchema, type ServerCart } from './cart-schema'

/** GET /api/cart → the customer's cart, priced from the catalogue now. */
export async function getCart(signal?: AbortSignal): Promise<ServerCart> {
  const body = await api.get('/cart', dataOf(serverCartSchema), { signal })
  return body.data
}

export const cartQueryOptions = (userId: string) =>
  queryOptions({ queryKey: cartKeys.detail(userId), queryFn: ({ signal }) => getCart(signal) })
