// The daily reconciliation of Wave and cash (docs/rules.md#reconciliation): the
// report of a period of Dakar days, and the cash of a courier's round recorded
// at once. Every figure is the server's.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { array, boolean, int, nullable, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf, downloadFile } from '@/lib/api-client'

const method = object({
  ordersPaid: int(),
  expected: int(),
  received: int(),
  unverified: int(),
  refunds: int(),
  net: int(),
})

const waveReported = nullable(object({ payments: int(), fees: int(), net: int() }))

export const paymentReportSchema = object({
  from: string(),
  to: string(),
  generatedAt: string(),
  days: array(object({ date: string(), wave: method, cash: method, waveReported })),
  totals: object({ wave: method, cash: method, waveReported }),
  wave: object({
    source: string(),
    checked: int(),
    unchecked: int(),
    notes: array(string()),
    simulated: boolean(),
  }),
  attention: object({
    waveNotConfirmed: array(
      object({
        orderId: string(),
        orderNumber: string(),
        total: int(),
        paidAt: string(),
        sessionId: nullable(string()),
        reason: string(),
      }),
    ),
    waveNotMarked: array(
      object({
        orderId: string(),
        orderNumber: string(),
        orderStatus: string(),
        total: int(),
        sessionId: string(),
        amount: int(),
        completedAt: nullable(string()),
      }),
    ),
    cashNotRecorded: array(
      object({
        orderId: string(),
        orderNumber: string(),
        total: int(),
        deliveredAt: string(),
        ageDays: int(),
        courierName: nullable(string()),
        courierPhone: nullable(string()),
      }),
    ),
  }),
})

export type PaymentReport = Infer<typeof paymentReportSchema>
export type ReportDay = PaymentReport['days'][number]
export type MethodFigures = ReportDay['wave']
export type CashOwed = PaymentReport['attention']['cashNotRecorded'][number]

export const cashKeys = {
  all: ['admin', 'cash'] as const,
  report: (from: string, to: string) => ['admin', 'cash', 'report', from, to] as const,
}

export const paymentReportQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: cashKeys.report(from, to),
    queryFn: async ({ signal }) =>
      (await api.get('/admin/reports/payments', dataOf(paymentReportSchema), { query: { from, to }, signal })).data,
    // Wave is asked about every order of the period: not again at each focus.
    staleTime: 60_000,
  })

export const usePaymentReport = (from: string, to: string) => useQuery(paymentReportQueryOptions(from, to))

/** GET /api/admin/reports/payments.csv: the same report as a file. */
export const downloadReportCsv = (from: string, to: string) => downloadFile('/admin/reports/payments.csv', { from, to })

const paidOrdersSchema = dataOf(array(object({ id: string(), orderNumber: string() })))

/**
 * POST /api/admin/orders/cash-received {orderIds}: all the orders paid, or
 * none (the refusal names the order that cannot be). Never retried silently.
 */
export async function recordCashReceived(orderIds: string[]) {
  return (await api.post('/admin/orders/cash-received', { orderIds }, paidOrdersSchema, { retry: false })).data
}

export function useRecordCashReceived() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: recordCashReceived,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  })
}
