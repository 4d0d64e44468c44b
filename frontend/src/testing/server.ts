import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { facetsFixture } from './fixtures'
import { shopFixture } from './shop'
import { TEST_ZONES } from './zones'

/**
 * MSW server for component tests; each test adds the handlers it needs.
 * The defaults, read by every storefront page: a logged-in customer's cart
 * (the header badge) is empty unless a test says otherwise (testing/cart.ts),
 * the shop takes real payments (testing/shop.ts), delivers to the test
 * zones (testing/delivery.ts), a customer's address book is empty, the
 * listing's facets are those of testing/fixtures.ts, an admin's order has
 * no messages, the journal (« Journal ») is empty, no stock was ever adjusted by hand and
 * nobody waits for a product's return in stock.
 */
export const server = setupServer(
  http.get('/api/cart', () => HttpResponse.json({ data: { items: [], subtotal: 0, itemCount: 0 } })),
  http.get('/api/shop', () => HttpResponse.json({ data: shopFixture() })),
  http.get('/api/delivery/zones', () => HttpResponse.json({ data: TEST_ZONES })),
  http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })),
  http.get('/api/products/facets', () => HttpResponse.json({ data: facetsFixture() })),
  http.get('/api/admin/orders/:id/messages', () => HttpResponse.json({ data: [] })),
  http.get('/api/admin/audit', () =>
    HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0, totalIsLowerBound: false } }),
  ),
  http.get('/api/admin/products/:id/stock-movements', () => HttpResponse.json({ data: [] })),
  http.get('/api/admin/products/:id/alerts', () => HttpResponse.json({ data: [] })),
)
