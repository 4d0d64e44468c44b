// What the month's WhatsApp messages cost (GET /api/admin/messages/costs?month=YYYY-MM):
// the count per pricing category and the cost at the shop's prices, computed by the server.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, number, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export const costsSchema = object({
  month: string(),
  categories: array(
    object({
      category: string(),
      label: string(),
      count: number(),
      unitPriceHundredths: nullable(number()),
      unitPriceLabel: string(),
      cost: nullable(number()),
    }),
  ),
  total: nullable(number()),
})

export type WhatsAppCosts = Infer<typeof costsSchema>

export function useWhatsAppCosts(month: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'messages', 'costs', month] as const,
      queryFn: async ({ signal }) => {
        const query = month ? `?month=${encodeURIComponent(month)}` : ''
        return (await api.get(`/admin/messages/costs${query}`, dataOf(costsSchema), { signal })).data
      },
    }),
  )
}
