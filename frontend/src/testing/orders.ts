import type { Order } from '@/features/orders/api/order-schema'

/** An order as GET /api/orders/{id} answers it (crates/api/src/routes/orders.rs OrderDto). */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '7d1c2b9e-3f4a-4c5d-8e9f-0a1b2c3d4e5f',
    orderNumber: 'ORD-4128905123',
    createdAt: '2025-03-05T10:00:00Z',
    status: 'pending',
    items: [
      { productId: 'p1', name: 'T-shirt Yoff Surf Club', image: '/images/placeholder.jpg', size: 'M', color: 'bleu', quantity: 2, price: 8000 },
      { productId: 'p2', name: 'Chaîne Gorée', image: '/images/placeholder.jpg', size: 'unique', color: 'argent', quantity: 1, price: 6500 },
    ],
    subtotal: 22500,
    shippingCost: 1500,
    discount: 0,
    total: 24000,
    shippingInfo: {
      firstName: 'Awa',
      lastName: 'Diop',
      email: 'awa@example.sn',
      phone: '+221771234567',
      address: 'Unité 15, villa 210',
      city: 'Parcelles Assainies',
      country: 'Sénégal',
      zipCode: '',
      commune: 'parcelles-assainies',
      communeName: 'Parcelles Assainies',
      zone: 'dakar-ville',
      zoneName: 'Dakar ville',
      landmark: 'Près du terminus des bus',
      notes: 'Appeler avant de venir',
    },
    shippingMethod: 'standard',
    paymentMethod: 'cash_on_delivery',
    paymentInfo: { status: 'pending', label: 'À payer à la livraison', paymentMethod: 'cash_on_delivery', paidAt: null },
    statusHistory: [{ status: 'pending', date: '2025-03-05T10:00:00Z', by: 'Client', note: '' }],
    cancellable: true,
    ...overrides,
  }
}
