// The delivery zones of component tests (GET /api/delivery/zones).
import { http, HttpResponse } from 'msw'
import type { DeliveryZone } from '@/lib/delivery-zones'
import { server } from './server'
import { TEST_ZONES } from './zones'

export { TEST_ZONES }

/** GET /api/delivery/zones answers `zones` (the default handler answers TEST_ZONES). */
export function mockDeliveryZones(zones: DeliveryZone[] = TEST_ZONES) {
  server.use(http.get('/api/delivery/zones', () => HttpResponse.json({ data: zones })))
}

