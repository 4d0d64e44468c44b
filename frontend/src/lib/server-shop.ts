// The shop as the server is configured (GET /api/shop): its name and contacts,
// and whether its payments are simulated on purpose and it sends e-mail. The
// server writes the same answer into the page (lib/shop.ts): the query starts
// from it, and asks the server only when the page has none.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { boolean, nullish, object, optional, safeParse, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from './api-client'
import { pageShopData } from './shop'

export const serverShopSchema = object({
  name: string(),
  phone: string(),
  /** Digits with the country code, as wa.me links want them. */
  whatsapp: string(),
  email: string(),
  address: string(),
  hours: optional(string()),
  legalId: optional(string()),
  social: optional(object({ instagram: string(), facebook: string(), tiktok: string() })),
  /** WAVE_MODE=test: every storefront page says that no payment is real. */
  testMode: boolean(),
  /** SMTP is configured: /forgot-password offers a reset link by e-mail. */
  resetByEmail: optional(boolean()),
  /** WhatsApp is configured: /login offers « Recevoir un code sur WhatsApp ». */
  loginByCode: optional(boolean()),
  /** How login codes go: `whatsapp`, or `email` (to the account the phone names). */
  loginCodeBy: nullish(string()),
})

export type ServerShop = Infer<typeof serverShopSchema>

export async function getServerShop(signal?: AbortSignal): Promise<ServerShop> {
  const body = await api.get('/shop', dataOf(serverShopSchema), { signal })
  return body.data
}

/** The page's copy of the answer, when it has a whole one. */
function fromPage(): ServerShop | undefined {
  const parsed = safeParse(serverShopSchema, pageShopData())
  return parsed.success ? parsed.data : undefined
}

/** Changes with the server's settings, not during a visit. */
export const serverShopQueryOptions = () =>
  queryOptions({
    queryKey: ['shop'] as const,
    queryFn: ({ signal }) => getServerShop(signal),
    initialData: fromPage,
    staleTime: Infinity,
    gcTime: Infinity,
  })

export function useServerShop() {
  return useQuery(serverShopQueryOptions())
}
