// The delivery zones in the back office: every zone (inactive ones too), and
// their changes. A change reaches the storefront's list (lib/delivery-zones) at once.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { array } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { deliveryZoneSchema, deliveryZonesKey } from '@/lib/delivery-zones'
import { removalSchema } from '../../common/removal'

export const adminZoneKeys = {
  all: ['admin', 'delivery-zones'] as const,
}

/** What POST and PUT /api/admin/delivery/zones take (the server checks it again). */
export interface ZoneBody {
  /** Read on creation only; made from the name when blank. */
  code?: string
  name: string
  fee: number | null
  expressFee: number | null
  freeFrom: number | null
  delay: string
  /** Required with an express fee. */
  expressDelay: string | null
  cashOnDelivery: boolean
  active: boolean
  communes: { code?: string; name: string }[]
}

/** GET /api/admin/delivery/zones: every zone, the cheapest first. */
export async function getAdminZones(signal?: AbortSignal) {
  return (await api.get('/admin/delivery/zones', dataOf(array(deliveryZoneSchema)), { signal })).data
}

export const adminZonesQueryOptions = () => queryOptions({ queryKey: adminZoneKeys.all, queryFn: ({ signal }) => getAdminZones(signal) })

export function useAdminZones() {
  return useQuery(adminZonesQueryOptions())
}

function afterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminZoneKeys.all })
  void queryClient.invalidateQueries({ queryKey: deliveryZonesKey })
}

/** POST /api/admin/delivery/zones (201). */
export async function createZone(body: ZoneBody) {
  return (await api.post('/admin/delivery/zones', body, dataOf(deliveryZoneSchema))).data
}

/** PUT /api/admin/delivery/zones/{code}: its fields and exactly its communes. */
export async function updateZone({ code, body }: { code: string; body: ZoneBody }) {
  return (await api.put(`/admin/delivery/zones/${encodeURIComponent(code)}`, body, dataOf(deliveryZoneSchema))).data
}

/** DELETE /api/admin/delivery/zones/{code}: a zone that orders name is deactivated instead (the server says so). */
export async function deleteZone(code: string) {
  return (await api.delete(`/admin/delivery/zones/${encodeURIComponent(code)}`, dataOf(removalSchema), { retry: false })).data
}

export function useCreateZone() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createZone, onSuccess: () => afterChange(queryClient) })
}

export function useUpdateZone() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateZone, onSuccess: () => afterChange(queryClient) })
}

export function useDeleteZone() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deleteZone, onSuccess: () => afterChange(queryClient) })
}
