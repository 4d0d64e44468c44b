// The dashboard's three calls (docs/rules.md#back-office-figures). Every figure is
// computed by the server from the orders, accounts and products; a trend is
// null when the previous period had nothing to compare with.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, boolean, int, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

const trend = nullable(int())

export const orderStatsSchema = object({
  todayOrders: int(),
  yesterdayOrders: int(),
  todayRevenue: int(),
  yesterdayRevenue: int(),
  pendingOrders: int(),
  /** Pending cash-on-delivery orders not confirmed yet (docs/rules.md#cash-on-delivery). */
  awaitingConfirmation: int(),
  monthOrders: int(),
  previousMonthOrders: int(),
  monthRevenue: int(),
  previousMonthRevenue: int(),
  trends: object({ todayOrders: trend, todayRevenue: trend, monthOrders: trend, monthRevenue: trend }),
  recentOrders: array(
    object({
      id: string(),
      orderNumber: string(),
      customerName: string(),
      total: int(),
      status: string(),
      paymentStatus: string(),
      paymentMethod: string(),
      createdAt: string(),
    }),
  ),
  topProducts: array(
    object({
      productId: string(),
      name: string(),
      slug: string(),
      image: nullable(string()),
      unitsSold: int(),
      salesAmount: int(),
      active: boolean(),
    }),
  ),
  salesByDay: array(object({ date: string(), orders: int(), revenue: int() })),
})

export const userStatsSchema = object({
  totalUsers: int(),
  totalCustomers: int(),
  newUsers: int(),
  previousMonthNewUsers: int(),
  trends: object({ newUsers: trend }),
})

export const productStatsSchema = object({
  totalProducts: int(),
  activeProducts: int(),
  inactiveProducts: int(),
  outOfStock: int(),
  lowStock: int(),
})

export type OrderStats = Infer<typeof orderStatsSchema>
export type UserStats = Infer<typeof userStatsSchema>
export type ProductStats = Infer<typeof productStatsSchema>
export type DaySales = OrderStats['salesByDay'][number]

export const statsKeys = {
  all: ['admin', 'stats'] as const,
  orders: ['admin', 'stats', 'orders'] as const,
  users: ['admin', 'stats', 'users'] as const,
  products: ['admin', 'stats', 'products'] as const,
}

// Figures of the day move with every order: kept 30 s, not a minute.
const STATS_STALE_MS = 30_000

export const orderStatsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.orders,
    queryFn: async ({ signal }) => (await api.get('/admin/orders/stats', dataOf(orderStatsSchema), { signal })).data,
    staleTime: STATS_STALE_MS,
  })

export const userStatsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.users,
    queryFn: async ({ signal }) => (await api.get('/admin/users/stats', dataOf(userStatsSchema), { signal })).data,
    staleTime: STATS_STALE_MS,
  })

export const productStatsQueryOptions = () =>
  queryOptions({
    queryKey: statsKeys.products,
    queryFn: async ({ signal }) => (await api.get('/admin/products/stats', dataOf(productStatsSchema), { signal })).data,
    staleTime: STATS_STALE_MS,
  })

export const useOrderStats = () => useQuery(orderStatsQueryOptions())
export const useUserStats = () => useQuery(userStatsQueryOptions())
export const useProductStats = () => useQuery(productStatsQueryOptions())
