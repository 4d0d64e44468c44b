import { useMutation } from '@tanstack/react-query'
import { boolean, object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export interface AlertRequest {
  color: string
  size: string
  email: string
  phone?: string
}

const alertAnswer = dataOf(object({ waiting: boolean(), message: string() }))

/**
 * POST /api/products/{id}/alerts: be told by e-mail when a sold-out variant
 * is back. Asking twice is the same success, so a retry is harmless.
 */
export async function askAlert(productId: string, request: AlertRequest): Promise<string> {
  const answer = await api.post(`/products/${encodeURIComponent(productId)}/alerts`, request, alertAnswer, { retry: true })
  return answer.data.message
}

export function useAskAlert(productId: string) {
  return useMutation({ mutationFn: (request: AlertRequest) => askAlert(productId, request) })
}
