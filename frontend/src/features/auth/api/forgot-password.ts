import { object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

/**
 * POST /api/auth/forgot-password {email}: the server notes the request for
 * support. Its answer is the same whether or not the address has an account.
 * Not retried (a POST); the page goes on to WhatsApp whatever happens, except
 * when the server says there were too many requests (429).
 */
export async function requestPasswordHelp(email: string, signal?: AbortSignal): Promise<string> {
  const body = await api.post('/auth/forgot-password', { email }, dataOf(object({ message: string() })), { signal })
  return body.data.message
}

/**
 * POST /api/auth/forgot-password {email, byEmail: true}: the server e-mails a
 * one-time reset link when the address has an account; the answer is the same
 * either way.
 */
export async function requestResetByEmail(email: string, signal?: AbortSignal): Promise<string> {
  const body = await api.post('/auth/forgot-password', { email, byEmail: true }, dataOf(object({ message: string() })), { signal })
  return body.data.message
}
