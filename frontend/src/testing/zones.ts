import type { DeliveryZone } from '@/lib/delivery-zones'

/** Delivery zones for tests: deliberately not the shop's real figures, so the UI must read them. */
export const TEST_ZONES: DeliveryZone[] = [
  {
    code: 'ville',
    name: 'Ville test',
    fee: 1200,
    expressFee: 2200,
    freeFrom: 30000,
    delay: '24 h',
    expressDelay: 'Le jour même',
    cashOnDelivery: true,
    active: true,
    communes: [
      { code: 'medina', name: 'Médina' },
      { code: 'yoff', name: 'Yoff' },
    ],
  },
  {
    code: 'banlieue',
    name: 'Banlieue test',
    fee: 1800,
    expressFee: null,
    freeFrom: null,
    delay: '48 h',
    expressDelay: null,
    cashOnDelivery: true,
    active: true,
    communes: [{ code: 'pikine-est', name: 'Pikine Est' }],
  },
  {
    code: 'loin',
    name: 'Régions test',
    fee: 3000,
    expressFee: null,
    freeFrom: 40000,
    delay: '3 jours',
    expressDelay: null,
    cashOnDelivery: false,
    active: true,
    communes: [{ code: 'thies', name: 'Thiès' }],
  },
]
