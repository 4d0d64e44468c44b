import { api, dataOf } from '@/lib/api-client'
import { userSchema, type User } from './user-schema'

/** GET /api/auth/me → the logged-in user. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const body = await api.get('/auth/me', dataOf(userSchema), { signal })
  return body.data
}
