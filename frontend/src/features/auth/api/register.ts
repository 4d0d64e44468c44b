import { useMutation } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
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

export function useRegister() {
  return useMutation({ mutationFn: postRegister })
}
