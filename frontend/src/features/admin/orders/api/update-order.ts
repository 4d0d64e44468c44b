import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { adminOrderKeys, adminOrderSchema, type AdminOrder } from './order-schema'
import { phoneRecordKeys } from './phone-record'

/**
 * PUT /api/admin/orders/{id}/status {status, note?, customerVisible?}: the order after the change,
 * its history included. The note is internal unless `customerVisible`.
 */
export async function updateOrderStatus({
  id,
  status,
  note,
  customerVisible = false,
}: {
  id: string
  status: string
  note?: string
  customerVisible?: boolean
}) {
  const trimmed = note?.trim()
  const body = await api.put(
    `/admin/orders/${encodeURIComponent(id)}/status`,
    trimmed ? { status, note: trimmed, customerVisible } : { status },
    dataOf(adminOrderSchema),
    // Setting the same status twice is refused (409), so a retried PUT whose
    // first try did land would read as a failure: no silent retry here.
    { retry: false },
  )
  return body.data
}

/** PUT /api/admin/orders/{id}/payment: the cash of a cash-on-delivery order was received. */
export async function recordCashPayment(id: string) {
  const body = await api.put(`/admin/orders/${encodeURIComponent(id)}/payment`, {}, dataOf(adminOrderSchema), { retry: false })
  return body.data
}

/**
 * PUT /api/admin/orders/{id}/tracking {trackingNote}: the note the admin typed
 * (carrier, parcel reference…); '' removes it. Nothing is ever made up.
 */
export async function updateTrackingNote({ id, trackingNote }: { id: string; trackingNote: string }) {
  const body = await api.put(
    `/admin/orders/${encodeURIComponent(id)}/tracking`,
    { trackingNote: trackingNote.trim() },
    dataOf(adminOrderSchema),
  )
  return body.data
}

/** PUT /api/admin/orders/{id}/confirmation: what the call to the customer gave. */
export async function reportCall({ id, confirmation }: { id: string; confirmation: 'confirmed' | 'no_answer' | 'wrong_number' }) {
  // Each report is an attempt the server keeps: never sent twice by a retry.
  const body = await api.put(
    `/admin/orders/${encodeURIComponent(id)}/confirmation`,
    { confirmation },
    dataOf(adminOrderSchema),
    { retry: false },
  )
  return body.data
}

/** POST /api/admin/orders/{id}/returned: the refused parcel is back, its units go back to stock (once). */
export async function markReturned(id: string) {
  const body = await api.post(`/admin/orders/${encodeURIComponent(id)}/returned`, undefined, dataOf(adminOrderSchema), { retry: false })
  return body.data
}

/** PUT /api/admin/orders/{id}/courier {name, phone}: who carries the shipped parcel; both '' clears it. */
export async function updateCourier({ id, name, phone }: { id: string; name: string; phone: string }) {
  const body = await api.put(
    `/admin/orders/${encodeURIComponent(id)}/courier`,
    { name: name.trim(), phone: phone.trim() },
    dataOf(adminOrderSchema),
  )
  return body.data
}

/** What a refund sends: `{reason}` for a Wave order, `{amount, method, reason}` for a cash-on-delivery one. */
export type RefundRequest = { id: string; reason: string } & ({ method?: undefined; amount?: undefined } | { method: 'cash' | 'wave_transfer'; amount: number })

/**
 * POST /api/admin/orders/{id}/refund. A Wave order is refunded by Wave, in full;
 * when Wave's answer is lost the refund comes back « à vérifier » (202). Never
 * retried: a second request while one is in flight is refused (409).
 */
export async function refundOrder({ id, ...body }: RefundRequest) {
  const sent = body.method ? { amount: body.amount, method: body.method, reason: body.reason.trim() } : { reason: body.reason.trim() }
  const answer = await api.post(`/admin/orders/${encodeURIComponent(id)}/refund`, sent, dataOf(adminOrderSchema), { retry: false })
  return answer.data
}

/** POST /api/admin/orders/{id}/refund/check: Wave says whether the refund « à vérifier » was made. */
export async function checkRefund(id: string) {
  const answer = await api.post(`/admin/orders/${encodeURIComponent(id)}/refund/check`, undefined, dataOf(adminOrderSchema), { retry: false })
  return answer.data
}

/** The checkout's delivery fields, as PUT /api/admin/orders/{id}/delivery takes them. */
export interface DeliveryCorrection {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  city: string
  country: string
  commune: string
  landmark: string
  notes: string
}

/**
 * PUT /api/admin/orders/{id}/delivery: the order's delivery details corrected before it ships;
 * the server recomputes the fee and the total. Never retried: each correction is in the history.
 */
export async function correctDelivery({ id, delivery }: { id: string; delivery: DeliveryCorrection }) {
  const body = await api.put(`/admin/orders/${encodeURIComponent(id)}/delivery`, delivery, dataOf(adminOrderSchema), { retry: false })
  return body.data
}

export interface ItemChoice {
  productId: string
  quantity: number
  size: string
  color: string
}

/** PUT /api/admin/orders/{id}/items {items}: the whole new list, before preparation; stock moves by the difference. */
export async function correctItems({ id, items }: { id: string; items: ItemChoice[] }) {
  const body = await api.put(`/admin/orders/${encodeURIComponent(id)}/items`, { items }, dataOf(adminOrderSchema), { retry: false })
  return body.data
}

/** POST /api/admin/orders/{id}/cash-on-delivery: an unpaid Wave order is paid at the door instead. */
export async function switchToCash(id: string) {
  const body = await api.post(`/admin/orders/${encodeURIComponent(id)}/cash-on-delivery`, undefined, dataOf(adminOrderSchema), { retry: false })
  return body.data
}

/** The changed order replaces the cached one; lists and the dashboard are read again. */
function storeOrder(queryClient: QueryClient, order: AdminOrder) {
  queryClient.setQueryData(adminOrderKeys.detail(order.id), order)
  void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all, predicate: (q) => q.queryKey[2] !== 'detail' })
  void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })
  // A delivery, a refusal or a cancellation changes the phone's record.
  void queryClient.invalidateQueries({ queryKey: phoneRecordKeys.all })
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateOrderStatus, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useRecordCashPayment() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: recordCashPayment, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useUpdateTrackingNote() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateTrackingNote, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useReportCall() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: reportCall, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useMarkReturned() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markReturned,
    onSuccess: (order) => {
      storeOrder(queryClient, order)
      // The parcel's units are back in stock.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
    },
  })
}

export function useUpdateCourier() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateCourier, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: refundOrder, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useCheckRefund() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: checkRefund, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useCorrectDelivery() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: correctDelivery, onSuccess: (order) => storeOrder(queryClient, order) })
}

export function useCorrectItems() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: correctItems,
    onSuccess: (order) => {
      storeOrder(queryClient, order)
      // Units moved between the order and the shelves.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] })
    },
  })
}

export function useSwitchToCash() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: switchToCash, onSuccess: (order) => storeOrder(queryClient, order) })
}
