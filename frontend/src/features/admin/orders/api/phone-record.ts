// What the shop knows of a phone (docs/rules.md#cash-on-delivery): its orders
// delivered, refused at the door and cancelled unconfirmed, and whether it may
// still pay on delivery, by the rule or by an admin's decision.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { boolean, int, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'

export const phoneRecordSchema = object({
  phone: string(),
  delivered: int(),
  refused: int(),
  cancelledUnconfirmed: int(),
  maxRefusals: int(),
  /** Whether checkout offers cash on delivery to this phone now. */
  cashOnDelivery: boolean(),
  /** The admin's decision: true lifts the rule, false blocks, null lets the rule decide. */
  codAllowed: nullable(boolean()),
  note: string(),
  updatedBy: nullable(string()),
  updatedAt: nullable(string()),
})

export type PhoneRecord = Infer<typeof phoneRecordSchema>

export const phoneRecordKeys = {
  all: ['admin', 'phones'] as const,
  detail: (phone: string) => ['admin', 'phones', phone] as const,
}

/** An E.164 number goes as it is (`+` is safe in a path); anything else is encoded. */
const phonePath = (phone: string) => `/admin/phones/${/^\+\d+$/.test(phone) ? phone : encodeURIComponent(phone)}`

export async function getPhoneRecord(phone: string, signal?: AbortSignal) {
  const body = await api.get(phonePath(phone), dataOf(phoneRecordSchema), { signal })
  return body.data
}

export const phoneRecordQueryOptions = (phone: string) =>
  queryOptions({ queryKey: phoneRecordKeys.detail(phone), queryFn: ({ signal }) => getPhoneRecord(phone, signal), staleTime: 10_000 })

export function usePhoneRecord(phone: string) {
  return useQuery({ ...phoneRecordQueryOptions(phone), enabled: phone !== '' })
}

/** PUT /api/admin/phones/{phone} {codAllowed, note}: the admin's decision and its reason. */
export async function decideForPhone({ phone, codAllowed, note }: { phone: string; codAllowed: boolean | null; note: string }) {
  const body = await api.put(
    phonePath(phone),
    { codAllowed, note: note.trim() },
    dataOf(phoneRecordSchema),
  )
  return body.data
}

export function useDecideForPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideForPhone,
    onSuccess: (record, { phone }) => queryClient.setQueryData(phoneRecordKeys.detail(phone), record),
  })
}
