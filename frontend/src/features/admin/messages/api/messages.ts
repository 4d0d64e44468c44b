// The outbox in the back office (GET /api/admin/messages, an order's messages,
// POST …/resend): what was sent to whom, what failed and why, and sending again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { array, boolean, number, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf, pageOf } from '@/lib/api-client'

export const MESSAGE_STATES = ['pending', 'sent', 'failed', 'not_configured'] as const
export type MessageState = (typeof MESSAGE_STATES)[number]

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  pending: "En attente d'envoi",
  sent: 'Envoyé',
  failed: "Échec de l'envoi",
  not_configured: 'Non envoyé : canal non configuré',
}

export const messageSchema = object({
  id: string(),
  kind: string(),
  kindLabel: string(),
  recipient: string(),
  subject: string(),
  text: string(),
  orderId: nullable(string()),
  state: string(),
  stateLabel: string(),
  /** Whether « Renvoyer » may send it again (never while pending, never a login code). */
  resendable: boolean(),
  attempts: number(),
  nextAttemptAt: string(),
  lastError: nullable(string()),
  createdAt: string(),
  sentAt: nullable(string()),
  /** `email` or `whatsapp`. */
  channel: string(),
  /** On WhatsApp, the approved template it went as (none for free text). */
  template: nullable(string()),
  /** On WhatsApp, the last status Meta reported: sent, delivered, read or failed. */
  delivery: nullable(object({ state: string(), label: string(), at: string(), error: nullable(string()) })),
})

export type AdminMessage = Infer<typeof messageSchema>

export const adminMessageKeys = {
  all: ['admin', 'messages'] as const,
  list: (state: string, page: number) => ['admin', 'messages', 'list', state, page] as const,
  ofOrder: (orderId: string) => ['admin', 'messages', 'order', orderId] as const,
}

export const MESSAGES_PAGE_SIZE = 20

export async function getAdminMessages(state: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(MESSAGES_PAGE_SIZE) })
  if (state) query.set('state', state)
  return api.get(`/admin/messages?${query.toString()}`, pageOf(messageSchema), { signal })
}

export function useAdminMessages(state: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: adminMessageKeys.list(state, page),
      queryFn: ({ signal }) => getAdminMessages(state, page, signal),
    }),
  )
}

export async function getOrderMessages(orderId: string, signal?: AbortSignal) {
  const path = `/admin/orders/${encodeURIComponent(orderId)}/messages`
  return (await api.get(path, dataOf(array(messageSchema)), { signal })).data
}

export function useOrderMessages(orderId: string) {
  return useQuery(
    queryOptions({ queryKey: adminMessageKeys.ofOrder(orderId), queryFn: ({ signal }) => getOrderMessages(orderId, signal) }),
  )
}

export function useResendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post(`/admin/messages/${encodeURIComponent(id)}/resend`, {}, dataOf(messageSchema))).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminMessageKeys.all }),
  })
}
