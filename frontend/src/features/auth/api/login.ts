import { useMutation } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { logoutSettled, sessionStore } from '../session-store'
import { sessionSchema, type SessionPayload } from './user-schema'

export interface Credentials {
  email: string
  password: string
}

/**
 * POST /api/auth/login. Safe to send again after a network failure (it
 * changes nothing on the server but failure counters), so it is retried like
 * a GET.
 */
export async function postLogin(credentials: Credentials): Promise<SessionPayload> {
  const body = await api.post('/auth/login', credentials, dataOf(sessionSchema), { retry: true })
  return body.data
}

/** Logs in and keeps the session (localStorage `token` and `user`). */
export async function logInWith(credentials: Credentials): Promise<SessionPayload> {
  await logoutSettled()
  const session = await postLogin(credentials)
  sessionStore.logIn(session.token, session.user)
  return session
}

export function useLogin() {
  return useMutation({ mutationFn: logInWith })
}
