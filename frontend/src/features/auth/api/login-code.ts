// Login by a code sent on WhatsApp (docs/rules.md#login-by-code): the code asked for a
// phone, then typed; the session is kept as the password's is.
import { useMutation } from '@tanstack/react-query'
import { object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { logoutSettled, sessionStore } from '../session-store'
import { sessionSchema, type SessionPayload } from './user-schema'

const codeSentSchema = object({ message: string() })

/**
 * POST /api/auth/code → the sentence to show (the same for every phone). Never
 * sent twice on its own: each sending counts against the phone's allowance.
 */
export async function askLoginCode(phone: string): Promise<string> {
  const body = await api.post('/auth/code', { phone }, dataOf(codeSentSchema), { retry: false })
  return body.data.message
}

export function useAskLoginCode() {
  return useMutation({ mutationFn: askLoginCode })
}

export interface TypedCode {
  phone: string
  code: string
}

/** POST /api/auth/code/verify → the session, kept. A code serves once: never retried. */
export async function verifyLoginCode(typed: TypedCode): Promise<SessionPayload> {
  await logoutSettled()
  const body = await api.post('/auth/code/verify', typed, dataOf(sessionSchema), { retry: false })
  sessionStore.logIn(body.data.token, body.data.user)
  return body.data
}

export function useVerifyLoginCode() {
  return useMutation({ mutationFn: verifyLoginCode })
}
