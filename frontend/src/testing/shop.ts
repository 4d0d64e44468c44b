// GET /api/shop as the server answers it with its default settings.
import type { ServerShop } from '@/lib/server-shop'

export function shopFixture(overrides: Partial<ServerShop> = {}): ServerShop {
  return {
    name: 'Bitik Dakar',
    phone: '+221 77 000 00 00',
    whatsapp: '221770000000',
    email: 'contact@bitik.sn',
    address: 'Parcelles Assainies, Dakar, Sénégal',
    testMode: false,
    ...overrides,
  }
}
