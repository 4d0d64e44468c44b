import { useMutation } from '@tanstack/react-query'
import { unknown } from 'zod/mini'
import { api } from '@/lib/api-client'

/**
 * POST /api/newsletter {email}. The answer's body is not used, so any JSON (or
 * none) is accepted. Not retried: POST is not idempotent for the client (it
 * cannot know whether a timed-out request was stored).
 */
export function subscribeToNewsletter(email: string): Promise<unknown> {
  return api.post('/newsletter', { email }, unknown())
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter })
}
