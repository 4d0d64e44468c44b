// The shop as the server is configured (GET /api/shop): its name and contacts,
// and whether its payments are simulated on purpose.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { boolean, object, optional, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from './api-client'

export const serverShopSchema = object({
  name: string(),
  phone: string(),
  /** Digits with the country code, as wa.me links want them. */
  whatsapp: string(),
  email: string(),
  address: string(),
  /** WAVE_MODE=test: every storefront page says that no payment is real. */
  testMode: boolean(),
  /** SMTP is configured: /forgot-password offers a reset link by e-mail. */
  resetByEmail: optional(boolean()),
})

export type ServerShop = Infer<typeof serverShopSchema>

export async function getServerShop(signal?: AbortSignal): Promise<ServerShop> {
  const body = await api.get('/shop', dataOf(serverShopSchema), { signal })
  return body.data
}

/** Changes with the server's settings, not during a visit. */
export const serverShopQueryOptions = () =>
  queryOptions({
    queryKey: ['shop'] as const,
    queryFn: ({ signal }) => getServerShop(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  })

export function useServerShop() {
  return useQuery(serverShopQueryOptions())
}
