import { useMutation } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { logoutSettled, sessionStore } from '../session-store'
import { sessionSchema, type SessionPayload } from './user-schema'

export interface Registration {
  firstName: string
  lastName: string
  email: string
  password: string
  phone: string
}

/** POST /api/auth/register → 201 {token, user}. Not retried: a second try could meet its own account (409). */
export async function postRegister(registration: Registration): Promise<SessionPayload> {
  const body = await api.post('/auth/register', registration, dataOf(sessionSchema))
  return body.data
}

/**
 * Registers and keeps the session the answer holds, as a login does (localStorage `token` and
 * `user`): the new customer is logged in, and the guest cart joins the account like at a login.
 */
export async function registerWith(registration: Registration): Promise<SessionPayload> {
  await logoutSettled()
  const session = await postRegister(registration)
  sessionStore.logIn(session.token, session.user)
  return session
}

export function useRegister() {
  return useMutation({ mutationFn: registerWith })
}
