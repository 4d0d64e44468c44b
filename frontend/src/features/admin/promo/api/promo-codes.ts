// The promo codes in the back office: every code with its uses and revenue,
// its creation and its changes (docs/rules.md#promo-codes).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { array, boolean, nullable, number, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export const promoCodeSchema = object({
  id: string(),
  code: string(),
  kind: string(),
  value: number(),
  minSubtotal: nullable(number()),
  startsAt: nullable(string()),
  endsAt: nullable(string()),
  usageLimit: nullable(number()),
  oncePerCustomer: boolean(),
  includesPromotions: boolean(),
  active: boolean(),
})

export const promoCodeStatsSchema = object({
  ...promoCodeSchema.def.shape,
  uses: number(),
  revenue: number(),
  discounts: number(),
})

export type PromoCode = Infer<typeof promoCodeStatsSchema>

/** What POST and PUT /api/admin/promo-codes take; null is no limit (the server checks it again). */
export interface PromoCodeBody {
  code: string
  kind: 'percent' | 'fixed'
  value: number | null
  minSubtotal: number | null
  startsAt: string | null
  endsAt: string | null
  usageLimit: number | null
  oncePerCustomer: boolean
  includesPromotions: boolean
  active: boolean
}

const key = ['admin', 'promo-codes'] as const

export function usePromoCodes() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api.get('/admin/promo-codes', dataOf(array(promoCodeStatsSchema)), { signal })).data,
  })
}

/** POST /api/admin/promo-codes, or PUT /api/admin/promo-codes/{id} with an id. */
export function useSavePromoCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: PromoCodeBody }) =>
      id
        ? (await api.put(`/admin/promo-codes/${encodeURIComponent(id)}`, body, dataOf(promoCodeSchema))).data
        : (await api.post('/admin/promo-codes', body, dataOf(promoCodeSchema))).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}
