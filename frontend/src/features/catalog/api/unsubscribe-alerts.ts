import { useMutation } from '@tanstack/react-query'
import { boolean, object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

const unsubscribed = dataOf(object({ unsubscribed: boolean(), message: string() }))

/** POST /api/alerts/unsubscribe {token}: the same success however often it is sent. */
export async function unsubscribeAlerts(token: string): Promise<string> {
  return (await api.post('/alerts/unsubscribe', { token }, unsubscribed, { retry: true })).data.message
}

export function useUnsubscribeAlerts() {
  return useMutation({ mutationFn: unsubscribeAlerts })
}
