import { useMutation } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { sessionStore } from '../session-store'
import { sessionSchema, type SessionPayload } from './user-schema'

export interface PasswordChange {
  currentPassword: string
  newPassword: string
}

/**
 * PUT /api/auth/password → a new {token, user}. Every earlier token stops
 * working, this browser's included: the new one is stored at once.
 */
export async function putPassword(change: PasswordChange): Promise<SessionPayload> {
  const body = await api.put('/auth/password', change, dataOf(sessionSchema), { retry: false })
  return body.data
}

export function useChangePassword() {
  return useMutation({
    mutationFn: putPassword,
    onSuccess: ({ token, user }) => sessionStore.logIn(token, user),
  })
}
