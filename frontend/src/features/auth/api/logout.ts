import { unknown } from 'zod/mini'
import { api } from '@/lib/api-client'

/** The server answers fast or not at all: a shopper is not kept waiting to leave. */
export const LOGOUT_TIMEOUT_MS = 5_000

/**
 * POST /api/auth/logout with the token being ended (the local copy is removed
 * at once): every session of the user stops working on the server.
 */
export async function postLogout(token: string): Promise<void> {
  await api.post('/auth/logout', undefined, unknown(), { token, timeoutMs: LOGOUT_TIMEOUT_MS })
}
