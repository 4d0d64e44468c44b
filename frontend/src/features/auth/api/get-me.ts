import { boolean, enum as zEnum, int, nullish, object, string, union, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export const userSchema = object({
  id: union([string(), int()]),
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: nullish(string()),
  address: nullish(string()),
  city: nullish(string()),
  zipCode: nullish(string()),
  country: nullish(string()),
  role: zEnum(['customer', 'admin']),
  active: boolean(),
  createdAt: string(),
})

export type User = Infer<typeof userSchema>

/** GET /api/auth/me → the logged-in user. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const body = await api.get('/auth/me', dataOf(userSchema), { signal })
  return body.data
}
