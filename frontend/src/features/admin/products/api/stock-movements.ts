// Stock set by hand (docs/roles.md, `stock.adjust`): the variants counted, why, and the
// movements each adjustment leaves on its product (GET /api/admin/products/{id}/stock-movements).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, int, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import type { StockGrid } from '../stock-grid'
import { adminProductKeys } from './product-schema'

/** Why a quantity was set by hand, as the server names it. */
export const STOCK_REASONS = ['recount', 'damaged', 'found', 'other'] as const
export type StockReason = (typeof STOCK_REASONS)[number]

/** The reasons as the back office says them (the same as the server's `reasonLabel`). */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  recount: 'Inventaire',
  damaged: 'Article abîmé',
  found: 'Article retrouvé',
  other: 'Autre',
}

/** The longest note the server keeps. */
export const STOCK_NOTE_MAX = 500

/** PUT /api/products/{id}/stock: only the variants named change. */
export interface StockAdjustment {
  id: string
  stock: StockGrid
  reason: StockReason
  /** Required for `other`. */
  note: string
}

export const stockMovementSchema = object({
  id: string(),
  color: string(),
  size: string(),
  before: int(),
  after: int(),
  reason: string(),
  reasonLabel: string(),
  note: string(),
  /** Who set it, by name. */
  by: string(),
  at: string(),
})

export type StockMovement = Infer<typeof stockMovementSchema>

const movementsSchema = dataOf(array(stockMovementSchema))

/** Newest first, the last 100. */
export async function getStockMovements(id: string, signal?: AbortSignal) {
  return (await api.get(`/admin/products/${encodeURIComponent(id)}/stock-movements`, movementsSchema, { signal })).data
}

export const stockMovementsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminProductKeys.movements(id),
    queryFn: ({ signal }) => getStockMovements(id, signal),
    staleTime: 0,
  })

export function useStockMovements(id: string) {
  return useQuery(stockMovementsQueryOptions(id))
}
