import { useMutation } from '@tanstack/react-query'
import { literal, object, string, union, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { logoutSettled, sessionStore } from '../session-store'
import { sessionSchema, type SessionPayload } from './user-schema'

export interface Credentials {
  email: string
  password: string
}

/**
 * The right password of an account that logs in in two steps: no session yet,
 * but the challenge to send back with the code (POST /api/auth/2fa), within
 * five minutes.
 */
export const challengeSchema = object({ twoFactorRequired: literal(true), challenge: string() })

export type LoginAnswer = SessionPayload | Infer<typeof challengeSchema>

/**
 * POST /api/auth/login. Safe to send again after a network failure (it
 * changes nothing on the server but failure counters), so it is retried like
 * a GET.
 */
export async function postLogin(credentials: Credentials): Promise<LoginAnswer> {
  const body = await api.post('/auth/login', credentials, dataOf(union([sessionSchema, challengeSchema])), { retry: true })
  return body.data
}

/** Logs in and keeps the session (localStorage `token` and `user`), or answers the code's challenge. */
export async function logInWith(credentials: Credentials): Promise<LoginAnswer> {
  await logoutSettled()
  const answer = await postLogin(credentials)
  if ('token' in answer) sessionStore.logIn(answer.token, answer.user)
  return answer
}

export function useLogin() {
  return useMutation({ mutationFn: logInWith })
}

export interface SecondStep {
  challenge: string
  /** Six digits of the app, or a recovery code. */
  code: string
}

/**
 * POST /api/auth/2fa → the session, kept. Never sent twice on its own: a code
 * serves once, so a retry after a lost answer would be refused.
 */
export async function verifySecondStep(step: SecondStep): Promise<SessionPayload> {
  const body = await api.post('/auth/2fa', step, dataOf(sessionSchema), { retry: false })
  sessionStore.logIn(body.data.token, body.data.user)
  return body.data
}

export function useSecondStep() {
  return useMutation({ mutationFn: verifySecondStep })
}
