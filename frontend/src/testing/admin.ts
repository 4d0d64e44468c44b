// Fixtures of the admin area's component tests: an admin session and the
// shapes the admin API answers (orders, products, users, statistics).
import { http, HttpResponse } from 'msw'
import type { OrderStats, ProductStats, UserStats } from '@/features/admin/dashboard/api/get-stats'
import type { AuditEntry } from '@/features/admin/audit/api/audit'
import type { AdminOrder } from '@/features/admin/orders/api/order-schema'
import type { PhoneRecord } from '@/features/admin/orders/api/phone-record'
import type { AdminProduct } from '@/features/admin/products/api/product-schema'
import type { StockMovement } from '@/features/admin/products/api/stock-movements'
import type { AdminUser } from '@/features/admin/users/api/user-schema'
import { PERMISSIONS } from '@/lib/permissions'
import { server } from './server'
import { loggedInAs, makeUser } from './users'

export const ADMIN_ID = '0b5f1c7e-6a2d-4f38-9c41-1d2e3f4a5b6c'

/** The app starts logged in as an administrator (Fatou Sow). */
/** `permissions` as GET /api/auth/me answers them for each staff role (docs/roles.md). */
export const ROLE_PERMISSIONS = {
  admin: Object.values(PERMISSIONS),
  manager: Object.values(PERMISSIONS).filter((p) => p !== PERMISSIONS.manageShop && p !== PERMISSIONS.manageStaff),
  seller: [PERMISSIONS.handleOrders, PERMISSIONS.deliverOwnOrders, PERMISSIONS.adjustStock],
  courier: [PERMISSIONS.deliverOwnOrders],
} as const

export function loggedInAsAdmin() {
  return loggedInAsStaff('admin')
}

/** A member of the team with `role`, with what the server answers for it. */
export function loggedInAsStaff(role: keyof typeof ROLE_PERMISSIONS) {
  const user = makeUser({ id: ADMIN_ID, firstName: 'Fatou', lastName: 'Sow', email: 'fatou@bitik.sn', role, permissions: [...ROLE_PERMISSIONS[role]] })
  return loggedInAs(user, 'admin-token')
}

let seq = 0
const next = () => ++seq

export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const n = next()
  return {
    id: `7c1e0a52-0000-4000-8000-${String(n).padStart(12, '0')}`,
    orderNumber: `ORD-12345${n}-0042`,
    createdAt: '2026-03-10T09:30:00Z',
    status: 'pending',
    items: [
      { productId: 'p-tee', name: 'T-shirt Teranga', image: '/uploads/products/abc/800.jpg', size: 'M', color: 'noir', quantity: 2, price: 9500 },
      { productId: 'p-chain', name: 'Chaîne Cubaine', image: '/uploads/products/def/800.jpg', size: 'unique', color: 'doré', quantity: 1, price: 15000 },
    ],
    subtotal: 34000,
    shippingCost: 1000,
    discount: 0,
    total: 35000,
    channel: 'web',
    channelLabel: 'Site web',
    source: null,
    shippingInfo: {
      firstName: 'Awa',
      lastName: 'Diop',
      email: 'awa@example.sn',
      phone: '+221771234567',
      address: 'Villa 12, Parcelles Assainies U15',
      city: 'Dakar',
      country: 'Sénégal',
      zipCode: '',
    },
    shippingMethod: 'standard',
    paymentMethod: 'cash_on_delivery',
    paymentInfo: { status: 'pending', paymentMethod: 'cash_on_delivery', paidAt: null },
    trackingNote: '',
    statusHistory: [{ status: 'pending', date: '2026-03-10T09:30:00Z', by: 'Client Awa Diop', note: '' }],
    ...overrides,
  }
}

/** A phone's record as GET /api/admin/phones/{phone} answers it: three parcels delivered, one refused. */
export function makePhoneRecord(overrides: Partial<PhoneRecord> = {}): PhoneRecord {
  return {
    phone: '+221771234567',
    delivered: 3,
    refused: 1,
    cancelledUnconfirmed: 0,
    maxRefusals: 2,
    cashOnDelivery: true,
    codAllowed: null,
    note: '',
    updatedBy: null,
    updatedAt: null,
    ...overrides,
  }
}

export function makeAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const n = next()
  return {
    id: `3f9c2a7d-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `T-shirt Ngor ${n}`,
    slug: `t-shirt-ngor-${n}`,
    price: 9500,
    promoPrice: null,
    onPromotion: false,
    images: ['/uploads/products/k3j2h1g0f9e8d7c6/800.jpg'],
    shortDescription: '',
    description: 'Coton épais.',
    category: 'vetement',
    subcategory: 't-shirt',
    colors: ['noir', 'blanc'],
    sizes: ['S', 'M'],
    stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } },
    stockTotal: 8,
    stockStatus: 'in',
    featured: false,
    active: true,
    material: '',
    careInstructions: '',
    createdAt: '2026-02-01T10:00:00Z',
    ...overrides,
  }
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const n = next()
  return {
    id: `9a8b7c6d-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: 'Moussa',
    lastName: `Ndiaye ${n}`,
    email: `moussa${n}@example.sn`,
    phone: '+221775554433',
    address: '',
    city: 'Dakar',
    zipCode: '',
    country: 'Sénégal',
    role: 'customer',
    active: true,
    createdAt: '2026-01-15T08:00:00Z',
    passwordResetRequestedAt: null,
    ...overrides,
  }
}

/** A stock movement as GET /api/admin/products/{id}/stock-movements answers it: 3 black M counted down to 1. */
export function makeStockMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  const n = next()
  return {
    id: `5d4c3b2a-0000-4000-8000-${String(n).padStart(12, '0')}`,
    color: 'noir',
    size: 'M',
    before: 3,
    after: 1,
    reason: 'damaged',
    reasonLabel: 'Article abîmé',
    note: 'Deux t-shirts tachés au déballage',
    by: 'Awa Ndiaye',
    at: '2026-03-11T14:05:00Z',
    ...overrides,
  }
}

/** An entry of the journal as GET /api/admin/audit answers it: the owner moved an order on. */
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const n = next()
  return {
    id: n,
    at: '2026-03-11T14:05:00Z',
    actor: { id: ADMIN_ID, email: 'fatou@bitik.sn', role: 'admin' },
    action: 'order.status',
    target: { type: 'order', id: '7c1e0a52-0000-4000-8000-000000000001', label: 'ORD-2603101234' },
    changes: [{ field: 'status', before: 'pending', after: 'processing' }],
    ip: '41.82.10.7',
    requestId: `req-${n}`,
    ...overrides,
  }
}

/** `{data, pagination}` for an admin list (10 a page). */
export function adminPage<T>(items: T[], pagination: Partial<{ page: number; limit: number; totalItems: number; totalPages: number }> = {}) {
  return { data: items, pagination: { page: 1, limit: 10, totalItems: items.length, totalPages: 1, ...pagination } }
}

/** 30 days ending 2026-03-10, with sales on a few days. */
export function makeSalesByDay(): OrderStats['salesByDay'] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10)
    const orders = i % 7 === 0 ? 2 : i === 29 ? 3 : 0
    return { date, orders, revenue: orders * 15000 }
  })
}

export function makeOrderStats(overrides: Partial<OrderStats> = {}): OrderStats {
  return {
    todayOrders: 3,
    yesterdayOrders: 2,
    todayRevenue: 45000,
    yesterdayRevenue: 30000,
    pendingOrders: 4,
    awaitingConfirmation: 2,
    monthOrders: 40,
    previousMonthOrders: 32,
    monthRevenue: 520000,
    previousMonthRevenue: 400000,
    trends: { todayOrders: 50, todayRevenue: 50, monthOrders: 25, monthRevenue: 30 },
    recentOrders: [],
    topProducts: [],
    salesByDay: makeSalesByDay(),
    ...overrides,
  }
}

export const USER_STATS: UserStats = { totalUsers: 120, totalCustomers: 117, newUsers: 14, previousMonthNewUsers: 10, trends: { newUsers: 40 } }
export const PRODUCT_STATS: ProductStats = { totalProducts: 24, activeProducts: 22, inactiveProducts: 2, outOfStock: 3, lowStock: 5 }

/** The three statistics calls of the dashboard. */
export function mockStats(orders: OrderStats = makeOrderStats(), users: UserStats = USER_STATS, products: ProductStats = PRODUCT_STATS) {
  server.use(
    http.get('/api/admin/orders/stats', () => HttpResponse.json({ data: orders })),
    http.get('/api/admin/users/stats', () => HttpResponse.json({ data: users })),
    http.get('/api/admin/products/stats', () => HttpResponse.json({ data: products })),
  )
}

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ code, message, ...(fields ? { fields } : {}) }, { status })
