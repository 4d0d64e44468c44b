import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { array, boolean, enum as zenum, int, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf, downloadFile } from '@/lib/api-client'
import { adminProductKeys } from './product-schema'

/** GET /api/admin/products.csv: every product, one row per variant. */
export const downloadCatalogCsv = () => downloadFile('/admin/products.csv')

const importReportSchema = object({
  dryRun: boolean(),
  created: int(),
  updated: int(),
  unchanged: int(),
  products: array(object({ slug: string(), name: string(), change: zenum(['created', 'updated', 'unchanged']) })),
})
const importReport = dataOf(importReportSchema)

export type ImportReport = Infer<typeof importReportSchema>

/**
 * POST /api/admin/products/import (text/csv). With `dryRun` the server only
 * says what would change; without, it writes every change or none.
 */
export async function importCatalog({ file, dryRun }: { file: Blob; dryRun: boolean }): Promise<ImportReport> {
  const csv = file.slice(0, file.size, 'text/csv')
  const answer = await api.post('/admin/products/import', csv, importReport, { query: { dryRun }, timeoutMs: 60_000 })
  return answer.data
}

export function useImportCatalog() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importCatalog,
    onSuccess: (report) => {
      if (report.dryRun) return
      void queryClient.invalidateQueries({ queryKey: adminProductKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })
      void queryClient.invalidateQueries({ queryKey: ['products'] })
    },
  })
}

const waitingSchema = dataOf(array(object({ color: string(), size: string(), count: int() })))

/** GET /api/admin/products/{id}/alerts: shoppers waiting per sold-out variant. */
export function useWaitingAlerts(id: string | undefined) {
  return useQuery({
    queryKey: [...adminProductKeys.all, 'alerts', id],
    queryFn: async () => (await api.get(`/admin/products/${encodeURIComponent(id ?? '')}/alerts`, waitingSchema)).data,
    enabled: id !== undefined,
  })
}
