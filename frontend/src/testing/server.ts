import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { shopFixture } from './shop'

/**
 * MSW server for component tests; each test adds the handlers it needs.
 * The defaults, read by every storefront page: a logged-in customer's cart
 * (the header badge) is empty unless a test says otherwise (testing/cart.ts),
 * and the shop takes real payments (testing/shop.ts).
 */
export const server = setupServer(
  http.get('/api/cart', () => HttpResponse.json({ data: { items: [], subtotal: 0, itemCount: 0 } })),
  http.get('/api/shop', () => HttpResponse.json({ data: shopFixture() })),
)
