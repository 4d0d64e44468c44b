import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

/**
 * MSW server for component tests; each test adds the handlers it needs.
 * The one default: a logged-in customer's cart (read by the header badge on
 * every page) is empty unless a test says otherwise (testing/cart.ts).
 */
export const server = setupServer(
  http.get('/api/cart', () => HttpResponse.json({ data: { items: [], subtotal: 0, itemCount: 0 } })),
)
