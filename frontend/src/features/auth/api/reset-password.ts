import { useMutation } from '@tanstack/react-query'
import { object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

/** POST /api/auth/reset-password/{token} {password} → {message}. Single use: not retried. */
export async function postResetPassword({ token, password }: { token: string; password: string }): Promise<string> {
  const body = await api.post(`/auth/reset-password/${encodeURIComponent(token)}`, { password }, dataOf(object({ message: string() })))
  return body.data.message
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword })
}
