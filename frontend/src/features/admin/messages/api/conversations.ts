// WhatsApp conversations in the back office (GET /api/admin/conversations, one
// phone's conversation, POST …/reply, an order's customer messages): what
// customers wrote, what the shop sent them, and staff's answer within 24 h.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { array, boolean, nullable, number, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf, pageOf } from '@/lib/api-client'
import { adminMessageKeys, messageSchema } from './messages'

const orderRefSchema = object({ id: string(), orderNumber: string() })

export const receivedSchema = object({
  id: string(),
  phone: string(),
  profileName: string(),
  /** `text`, `button` (a tapped quick reply) or `other` (a photo, a voice note…). */
  kind: string(),
  text: string(),
  orderId: nullable(string()),
  sentAt: string(),
  seen: boolean(),
})

export const conversationSchema = object({
  phone: string(),
  profileName: string(),
  last: receivedSchema,
  unseen: number(),
  latestOrder: nullable(orderRefSchema),
})

export const threadSchema = object({
  phone: string(),
  entries: array(object({ at: string(), received: nullable(receivedSchema), sent: nullable(messageSchema) })),
  windowClosesAt: nullable(string()),
  windowOpen: boolean(),
  latestOrder: nullable(orderRefSchema),
})

export type Received = Infer<typeof receivedSchema>
export type Thread = Infer<typeof threadSchema>

export const conversationKeys = {
  all: ['admin', 'conversations'] as const,
  list: (page: number) => ['admin', 'conversations', 'list', page] as const,
  thread: (phone: string) => ['admin', 'conversations', 'thread', phone] as const,
  ofOrder: (orderId: string) => ['admin', 'conversations', 'order', orderId] as const,
}

export const CONVERSATIONS_PAGE_SIZE = 20

const phonePath = (phone: string) => `/admin/conversations/${encodeURIComponent(phone)}`

export function useConversations(page: number) {
  return useQuery(
    queryOptions({
      queryKey: conversationKeys.list(page),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ page: String(page), limit: String(CONVERSATIONS_PAGE_SIZE) })
        return api.get(`/admin/conversations?${query.toString()}`, pageOf(conversationSchema), { signal })
      },
    }),
  )
}

export function useThread(phone: string) {
  return useQuery(
    queryOptions({
      queryKey: conversationKeys.thread(phone),
      queryFn: async ({ signal }) => (await api.get(phonePath(phone), dataOf(threadSchema), { signal })).data,
    }),
  )
}

export function useOrderWhatsApp(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: conversationKeys.ofOrder(orderId),
      queryFn: async ({ signal }) =>
        (await api.get(`/admin/orders/${encodeURIComponent(orderId)}/whatsapp`, dataOf(array(receivedSchema)), { signal }))
          .data,
    }),
  )
}

export function useReply(phone: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (text: string) => (await api.post(`${phonePath(phone)}/reply`, { text }, dataOf(messageSchema))).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all })
      void queryClient.invalidateQueries({ queryKey: adminMessageKeys.all })
    },
  })
}
